#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>
#include <vector>

namespace qs {

// Which list a tf.train.Feature holds. None is a Feature{} with no list set: the key is
// present in the record but carries no values.
enum class FeatureKind : quint8 { None, Bytes, Float, Int64 };

QString featureKindName(FeatureKind kind);                       // "bytes", "float", "int64", "none"
std::optional<FeatureKind> featureKindFromName(const QString &); // inverse; nullopt when unknown

// One feature of a parsed record, independent of the generated protobuf classes. Only the
// vector that matches `kind` is filled.
struct Feature {
    FeatureKind kind = FeatureKind::None;
    QList<QByteArray> bytes;
    std::vector<float> floats;
    std::vector<qint64> ints;

    qsizetype count() const; // number of values in the list of its kind (0 for None)

    static Feature ofBytes(QList<QByteArray> values);
    static Feature ofFloats(std::vector<float> values);
    static Feature ofInts(std::vector<qint64> values);

    friend bool operator==(const Feature &, const Feature &) = default;
};

// For a one-hot feature — an int64 or float list, or one bytes value, of 0s with exactly one
// 1 — the position of the 1 and the width; nullopt for anything else.
struct OneHot {
    qsizetype index = 0;
    qsizetype width = 0;
};
std::optional<OneHot> oneHotIndex(const Feature &feature);

// For a float list of at least two finite scores with one largest value: its position and the
// width (tf.argmax over soft or smoothed one-hot labels); nullopt for a tie, a NaN or an
// infinity, or anything else.
std::optional<OneHot> argmaxIndex(const Feature &feature);

// Whether a bytes value reads as a class name: 1..kMaxClassNameBytes bytes of valid UTF-8
// without control characters ("daisy", "n01440764", "猫").
inline constexpr qsizetype kMaxClassNameBytes = 256;
bool looksLikeClassName(const QByteArray &bytes);

} // namespace qs
