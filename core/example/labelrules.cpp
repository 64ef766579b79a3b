#include "example/detectionrules.h"

#include <algorithm>
#include <set>

namespace qs::detail {

namespace {

Status reject(const QString &why)
{
    return invalidArgument(why);
}

// What a list that is not one-hot holds instead: "170 bytes with 5 ones".
QString contentsOf(const Feature &f)
{
    qsizetype ones = 0;
    qsizetype other = 0;
    qsizetype n = 0;
    auto count = [&](double v) {
        ++n;
        ones += v == 1;
        other += v != 0 && v != 1;
    };
    if (f.kind == FeatureKind::Bytes && f.bytes.size() == 1)
        for (const char c : f.bytes.front())
            count(double(quint8(c)));
    else if (f.kind == FeatureKind::Float)
        for (const float v : f.floats)
            count(double(v));
    else if (f.kind == FeatureKind::Int64)
        for (const qint64 v : f.ints)
            count(double(v));
    else
        return QStringLiteral("%1 %2 value(s)").arg(f.count()).arg(featureKindName(f.kind));
    QString text = QStringLiteral("%1 %2 with %3 ones")
                       .arg(n)
                       .arg(f.kind == FeatureKind::Bytes ? QStringLiteral("bytes") : featureKindName(f.kind))
                       .arg(ones);
    if (other > 0)
        text += QStringLiteral(" and %1 other values").arg(other);
    else if (ones > 1)
        text += QStringLiteral(": several one-hot groups (a multi-part label), not one class");
    return text;
}

using Present = std::vector<std::pair<qsizetype, const Feature *>>;

// The encoding of a label that is not one int64 per record: names, one-hot, else scores.
LabelEncoding guessList(const Present &present)
{
    const auto all = [&](auto pred) {
        return std::all_of(present.begin(), present.end(), [&](const auto &p) { return pred(*p.second); });
    };
    if (all([](const Feature &f) {
            return f.kind == FeatureKind::Bytes && f.bytes.size() == 1 && looksLikeClassName(f.bytes.front());
        }))
        return LabelEncoding::ClassName;
    if (all([](const Feature &f) { return oneHotIndex(f).has_value(); }))
        return LabelEncoding::OneHot;
    if (all([](const Feature &f) { return argmaxIndex(f).has_value(); }))
        return LabelEncoding::Argmax;
    return LabelEncoding::OneHot; // its refusal says what the list holds instead
}

QString shortened(const QString &text)
{
    return text.size() <= 40 ? text : text.left(37) + QStringLiteral("...");
}

// A bytes class name per record: the sorted distinct names of the samples are the class list
// until a scan of the files (DatasetProbe) replaces it.
Result<LabelCandidate> classNameLabel(const QString &key, int nameScore, size_t sampled,
                                      const Present &present, LabelSpec spec)
{
    std::set<QString> names;
    for (const auto &[index, f] : present) {
        if (f->kind != FeatureKind::Bytes || f->bytes.size() != 1)
            return reject(QStringLiteral("it holds %1 %2 value(s) in sampled record %3, not one class name")
                              .arg(f->count())
                              .arg(featureKindName(f->kind))
                              .arg(index));
        if (!looksLikeClassName(f->bytes.front()))
            return reject(QStringLiteral("its %1 bytes in sampled record %2 do not read as a class name")
                              .arg(f->bytes.front().size())
                              .arg(index));
        names.insert(QString::fromUtf8(f->bytes.front()));
    }
    if (spec.numClasses > 0 && qsizetype(names.size()) > spec.numClasses)
        return reject(QStringLiteral("it holds %1 distinct names, more than %2 classes")
                          .arg(names.size())
                          .arg(spec.numClasses));
    spec.classNames = QStringList(names.begin(), names.end());
    spec.classNamesScanned = qint64(sampled);
    spec.classNamesComplete = false;
    spec.classesSeen = int(names.size());
    spec.reason =
        QStringLiteral("'%1' holds one class name per record%2; %3 distinct names in the %4 sampled "
                       "records (%5%6); a name's class is its place in sorted order")
            .arg(key, nameScore > 0 ? QStringLiteral(", named like a label") : QString())
            .arg(names.size())
            .arg(sampled)
            .arg(shortened(spec.classNames.first()))
            .arg(names.size() > 1 ? QStringLiteral(" .. ") + shortened(spec.classNames.last()) : QString());
    return LabelCandidate{spec, nameScore + 5};
}

} // namespace

int labelNameScore(const QString &key)
{
    const QString lower = key.toLower();
    if (lower == QLatin1String("label"))
        return 100;
    static const QStringList exact{
        QStringLiteral("labels"),      QStringLiteral("class"),       QStringLiteral("class_id"),
        QStringLiteral("classid"),     QStringLiteral("class_label"), QStringLiteral("class_index"),
        QStringLiteral("target"),      QStringLiteral("y"),           QStringLiteral("species"),
        QStringLiteral("category"),    QStringLiteral("category_id"), QStringLiteral("digit"),
        QStringLiteral("label_id"),    QStringLiteral("label_index"), QStringLiteral("image/class/label"),
        QStringLiteral("image/label"), QStringLiteral("image_class"), QStringLiteral("image_label"),
        QStringLiteral("img_label"),   QStringLiteral("image/class"), QStringLiteral("class/label"),
    };
    if (exact.contains(lower))
        return 80;
    static const QStringList lastSegments{QStringLiteral("label"),    QStringLiteral("class"),
                                          QStringLiteral("class_id"), QStringLiteral("target"),
                                          QStringLiteral("category"), QStringLiteral("species")};
    if (lastSegments.contains(lower.mid(lower.lastIndexOf(QLatin1Char('/')) + 1)))
        return 60;
    if (lower.contains(QLatin1String("label")) || lower.contains(QLatin1String("class")))
        return 40;
    return 0;
}

Result<LabelCandidate> evaluateLabel(const QString &key, std::span<const ParsedExample> samples,
                                     const LabelOverrides &o, bool chosenByUser)
{
    const int nameScore = labelNameScore(key);
    if (!chosenByUser && nameScore == 0)
        return reject(QStringLiteral("it is not named like a label"));
    Present present;
    for (qsizetype i = 0; i < qsizetype(samples.size()); ++i) {
        if (const Feature *f = samples[size_t(i)].find(key))
            present.emplace_back(i, f);
        else if (!chosenByUser)
            return reject(QStringLiteral("it is missing from sampled record %1").arg(i));
    }
    if (present.empty())
        return reject(QStringLiteral("it is in none of the %1 sampled records").arg(samples.size()));

    const bool allScalarInts = std::all_of(present.begin(), present.end(), [](const auto &p) {
        return p.second->kind == FeatureKind::Int64 && p.second->ints.size() == 1;
    });
    const LabelEncoding encoding =
        o.encoding.value_or(allScalarInts ? LabelEncoding::Int64 : guessList(present));
    LabelSpec spec;
    spec.key = key;
    spec.encoding = encoding;
    spec.numClasses = o.numClasses.value_or(0);

    if (encoding == LabelEncoding::ClassName)
        return classNameLabel(key, nameScore, samples.size(), present, spec);

    if (encoding == LabelEncoding::Int64) {
        qint64 top = -1;
        for (const auto &[index, f] : present) {
            if (f->kind != FeatureKind::Int64 || f->ints.size() != 1)
                return reject(QStringLiteral("it holds %1 %2 value(s) in sampled record %3, not one int64")
                                  .arg(f->count())
                                  .arg(featureKindName(f->kind))
                                  .arg(index));
            const qint64 v = f->ints.front();
            if (v < 0 || v >= kMaxLabel || (spec.numClasses > 0 && v >= spec.numClasses))
                return reject(QStringLiteral("its value %1 in sampled record %2 is no class index%3")
                                  .arg(v)
                                  .arg(index)
                                  .arg(spec.numClasses > 0 ? QStringLiteral(" below %1").arg(spec.numClasses)
                                                           : QString()));
            top = std::max(top, v);
        }
        spec.classesSeen = int(top + 1);
        spec.reason = QStringLiteral("'%1' is one int64 per record%2; values 0..%3 in the %4 sampled records "
                                     "(the first ones: a file sorted by class may hold more)")
                          .arg(key, nameScore == 100 ? QStringLiteral(", the conventional name")
                                    : nameScore > 0  ? QStringLiteral(", named like a label")
                                                     : QString())
                          .arg(top)
                          .arg(samples.size());
        return LabelCandidate{spec, nameScore + 10};
    }

    const bool argmax = encoding == LabelEncoding::Argmax;
    qsizetype width = -1;
    qsizetype top = -1;
    for (const auto &[index, f] : present) {
        const std::optional<OneHot> hot = argmax ? argmaxIndex(*f) : oneHotIndex(*f);
        if (!hot && argmax)
            return reject(
                QStringLiteral("it is no float list with one largest score in sampled record %1 (%2)")
                    .arg(index)
                    .arg(contentsOf(*f)));
        if (!hot)
            return reject(QStringLiteral("it is neither one int64 nor one-hot in sampled record %1 (%2)")
                              .arg(index)
                              .arg(contentsOf(*f)));
        if (width >= 0 && hot->width != width)
            return reject(QStringLiteral("its one-hot width changes from %1 to %2 in sampled record %3")
                              .arg(width)
                              .arg(hot->width)
                              .arg(index));
        width = hot->width;
        top = std::max(top, hot->index);
    }
    if (width > kMaxLabel || (spec.numClasses > 0 && spec.numClasses != width))
        return reject(
            QStringLiteral("its one-hot width %1 does not match %2 classes").arg(width).arg(spec.numClasses));
    spec.numClasses = int(width);
    spec.classesSeen = int(top + 1);
    spec.reason =
        argmax ? QStringLiteral("'%1' holds %2 float scores in every sampled record, not all one-hot: "
                                "the class is the index of the largest (argmax)")
                     .arg(key)
                     .arg(width)
               : QStringLiteral("'%1' is one-hot of width %2 in every sampled record").arg(key).arg(width);
    return LabelCandidate{spec, argmax ? nameScore - 5 : nameScore};
}

} // namespace qs::detail
