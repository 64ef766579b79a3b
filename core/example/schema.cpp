#include "example/schema.h"

#include <QJsonObject>

#include <algorithm>

namespace qs {

namespace {

QString countText(const SchemaField &f)
{
    if (f.minCount == f.maxCount)
        return QString::number(f.minCount);
    return QStringLiteral("%1..%2").arg(f.minCount).arg(f.maxCount);
}

QString kindText(const SchemaField &f)
{
    return f.mixedKinds ? featureKindName(f.kind) + QStringLiteral("+other") : featureKindName(f.kind);
}

} // namespace

void Schema::add(const ParsedExample &example)
{
    ++m_records;
    if (example.isSequence)
        ++m_sequenceRecords;
    for (const auto &[key, feature] : example.features)
        addField(key, false, feature.kind, feature.count());
    for (const auto &[key, steps] : example.featureLists) {
        FeatureKind kind = FeatureKind::None;
        for (const Feature &step : steps) {
            if (step.kind != FeatureKind::None) {
                kind = step.kind;
                break;
            }
        }
        addField(key, true, kind, steps.size());
    }
}

void Schema::add(const ExampleShape &shape)
{
    ++m_records;
    if (shape.isSequence)
        ++m_sequenceRecords;
    for (const ExampleShape::Field &f : shape.fields)
        addField(f.key, f.sequence, f.kind, f.count);
}

void Schema::addField(const QString &key, bool sequence, FeatureKind kind, qint64 count)
{
    auto [it, inserted] = m_fields.try_emplace({sequence, key});
    SchemaField &f = it->second;
    if (inserted) {
        f.key = key;
        f.sequence = sequence;
        f.kind = kind;
        f.minCount = count;
        f.maxCount = count;
    } else {
        if (f.kind == FeatureKind::None)
            f.kind = kind;
        else if (kind != FeatureKind::None && kind != f.kind)
            f.mixedKinds = true;
        f.minCount = std::min(f.minCount, count);
        f.maxCount = std::max(f.maxCount, count);
    }
    ++f.recordsPresent;
}

QList<SchemaField> Schema::fields() const
{
    QList<SchemaField> out;
    out.reserve(qsizetype(m_fields.size()));
    for (const auto &entry : m_fields)
        out.append(entry.second);
    return out;
}

QJsonArray Schema::toJson() const
{
    QJsonArray out;
    for (const auto &[id, f] : m_fields) {
        QJsonObject o{{QStringLiteral("key"), f.key},
                      {QStringLiteral("kind"), featureKindName(f.kind)},
                      {QStringLiteral("min_count"), f.minCount},
                      {QStringLiteral("max_count"), f.maxCount},
                      {QStringLiteral("records_present"), f.recordsPresent},
                      {QStringLiteral("sequence"), f.sequence}};
        if (f.mixedKinds)
            o.insert(QStringLiteral("mixed_kinds"), true);
        out.append(o);
    }
    return out;
}

QStringList Schema::toTextLines() const
{
    qsizetype width = 0;
    for (const auto &entry : m_fields)
        width = std::max(width, entry.second.key.size() + (entry.second.sequence ? 2 : 0));
    QStringList lines;
    for (const auto &[id, f] : m_fields) {
        const QString name = f.sequence ? QStringLiteral("[]") + f.key : f.key;
        lines << QStringLiteral("%1  %2  %3  %4/%5")
                     .arg(name, -int(width))
                     .arg(kindText(f), -11)
                     .arg(countText(f), -9)
                     .arg(f.recordsPresent)
                     .arg(m_records);
    }
    return lines;
}

QString Schema::summary() const
{
    QStringList parts;
    for (const auto &[id, f] : m_fields) {
        QString part = QStringLiteral("%1 (%2 x%3").arg(f.key, kindText(f), countText(f));
        if (f.sequence)
            part += QStringLiteral(" steps");
        if (f.recordsPresent < m_records)
            part += QStringLiteral(", in %1 of %2 records").arg(f.recordsPresent).arg(m_records);
        parts << part + QLatin1Char(')');
    }
    return parts.isEmpty() ? QStringLiteral("no features at all") : parts.join(QStringLiteral(", "));
}

} // namespace qs
