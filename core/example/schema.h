#pragma once

#include "example/exampleshape.h"
#include "example/feature.h"
#include "example/parsedexample.h"

#include <QByteArray>
#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <map>
#include <utility>
#include <vector>

namespace qs {

// What one key looked like over the records seen so far. For a SequenceExample feature list
// (`sequence` true) the counts are numbers of time steps, and `kind` is the steps' kind.
struct SchemaField {
    QString key;
    FeatureKind kind = FeatureKind::None; // the first list kind seen; None if never set
    bool mixedKinds = false;              // two different list kinds were seen under this key
    bool sequence = false;
    qint64 minCount = 0; // over the records where the key is present
    qint64 maxCount = 0;
    qint64 recordsPresent = 0;

    friend bool operator==(const SchemaField &, const SchemaField &) = default;
};

// Accumulates SchemaFields over records, for `queuescope-cli inspect` and for the listing in
// "no image found" errors. A plain value: not thread-safe, cheap to copy.
class Schema {
public:
    void add(const ParsedExample &example);
    // The same fields as the parsed record's. A shape whose keys are the last shape's, in the
    // same order (a file written by one program), is counted without a lookup or an allocation.
    void add(const ExampleShape &shape);

    // Adds `later`'s counts, as if its records came after this one's. A key whose kind the two
    // disagree on is mixed; its kind is this one's, the first seen in that order.
    void merge(const Schema &later);

    qint64 records() const { return m_records; }
    qint64 sequenceRecords() const { return m_sequenceRecords; }
    // Context / Example features first, then feature lists; each group sorted by key.
    QList<SchemaField> fields() const;

    // [{"key", "kind", "min_count", "max_count", "records_present", "sequence"[, "mixed_kinds"]}]
    QJsonArray toJson() const;
    // One line per field: "image/encoded  bytes  1  64/64"
    QStringList toTextLines() const;
    // Compact one-line listing: "height (int64 x1), pose (float x2), notes (bytes x1..3)"
    QString summary() const;

private:
    struct Slot {
        SchemaField field;
        QByteArray utf8; // the key's bytes, to match a shape's ASCII key against

        bool names(const ExampleShape::Field &f) const;
    };
    // (sequence, key) in QString order, feature lists last; also takes a shape's key as it is.
    struct KeyLess {
        using is_transparent = void;
        template<typename A, typename B>
        bool operator()(const std::pair<bool, A> &a, const std::pair<bool, B> &b) const
        {
            return a.first != b.first ? a.first < b.first : a.second < b.second;
        }
    };

    template<typename Key> qsizetype slotOf(bool sequence, const Key &key);

    std::map<std::pair<bool, QString>, qsizetype, KeyLess> m_index; // into m_slots, in listing order
    std::vector<Slot> m_slots;                                      // in order of first appearance
    std::vector<qsizetype> m_lastShape; // the slot of each field of the last shape, in its order
    qint64 m_records = 0;
    qint64 m_sequenceRecords = 0;
};

} // namespace qs
