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

// One more record where the field's key is present.
void count(SchemaField &f, FeatureKind kind, qint64 values)
{
    if (f.kind == FeatureKind::None)
        f.kind = kind;
    else if (kind != FeatureKind::None && kind != f.kind)
        f.mixedKinds = true;
    f.minCount = f.recordsPresent == 0 ? values : std::min(f.minCount, values);
    f.maxCount = f.recordsPresent == 0 ? values : std::max(f.maxCount, values);
    ++f.recordsPresent;
}

} // namespace

// The same bytes: a shape's keys are ASCII, which is UTF-8 as it is.
bool Schema::Slot::names(const ExampleShape::Field &f) const
{
    return field.sequence == f.sequence && QByteArrayView(f.key.data(), f.key.size()) == utf8;
}

template<typename Key> qsizetype Schema::slotOf(bool sequence, const Key &key)
{
    if (const auto it = m_index.find(std::pair(sequence, key)); it != m_index.end())
        return it->second;
    const QString k(key);
    const qsizetype at = qsizetype(m_slots.size());
    m_slots.push_back({SchemaField{.key = k, .sequence = sequence}, k.toUtf8()});
    m_index.emplace(std::pair(sequence, k), at);
    return at;
}

void Schema::add(const ParsedExample &example)
{
    ++m_records;
    if (example.isSequence)
        ++m_sequenceRecords;
    for (const auto &[key, feature] : example.features)
        count(m_slots[size_t(slotOf(false, key))].field, feature.kind, feature.count());
    for (const auto &[key, steps] : example.featureLists) {
        FeatureKind kind = FeatureKind::None;
        for (const Feature &step : steps) {
            if (step.kind != FeatureKind::None) {
                kind = step.kind;
                break;
            }
        }
        count(m_slots[size_t(slotOf(true, key))].field, kind, qint64(steps.size()));
    }
}

// Each field is first matched against the last shape's field at its place; only a key that is
// not there is looked up, and the shape's order becomes the one to match the next shape against.
void Schema::add(const ExampleShape &shape)
{
    ++m_records;
    if (shape.isSequence)
        ++m_sequenceRecords;
    const size_t matchable = std::min(m_lastShape.size(), shape.fields.size());
    m_lastShape.resize(shape.fields.size());
    for (size_t i = 0; i < shape.fields.size(); ++i) {
        const ExampleShape::Field &f = shape.fields[i];
        const Slot *last = i < matchable ? &m_slots[size_t(m_lastShape[i])] : nullptr;
        if (!last || !last->names(f))
            m_lastShape[i] = slotOf(f.sequence, f.key);
        count(m_slots[size_t(m_lastShape[i])].field, f.kind, f.count);
    }
}

void Schema::merge(const Schema &later)
{
    m_records += later.m_records;
    m_sequenceRecords += later.m_sequenceRecords;
    for (const Slot &from : later.m_slots) {
        const SchemaField &g = from.field;
        if (g.recordsPresent == 0)
            continue;
        SchemaField &f = m_slots[size_t(slotOf(g.sequence, g.key))].field;
        if (f.kind == FeatureKind::None)
            f.kind = g.kind;
        else if (g.kind != FeatureKind::None && g.kind != f.kind)
            f.mixedKinds = true;
        f.mixedKinds = f.mixedKinds || g.mixedKinds;
        f.minCount = f.recordsPresent == 0 ? g.minCount : std::min(f.minCount, g.minCount);
        f.maxCount = f.recordsPresent == 0 ? g.maxCount : std::max(f.maxCount, g.maxCount);
        f.recordsPresent += g.recordsPresent;
    }
}

QList<SchemaField> Schema::fields() const
{
    QList<SchemaField> out;
    out.reserve(qsizetype(m_index.size()));
    for (const auto &[id, at] : m_index)
        out.append(m_slots[size_t(at)].field);
    return out;
}

QJsonArray Schema::toJson() const
{
    QJsonArray out;
    for (const SchemaField &f : fields()) {
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
    const QList<SchemaField> all = fields();
    qsizetype width = 0;
    for (const SchemaField &f : all)
        width = std::max(width, f.key.size() + (f.sequence ? 2 : 0));
    QStringList lines;
    for (const SchemaField &f : all) {
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
    for (const SchemaField &f : fields()) {
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
