#include "example/exampleshape.h"

#include <algorithm>

namespace qs {

namespace {

// A cursor over one message's bytes. Every read checks the bounds; a failed read leaves the
// cursor failed, so callers test ok() once after a sequence of reads.
class Wire {
public:
    Wire(const char *begin, const char *end)
        : m_at(reinterpret_cast<const unsigned char *>(begin))
        , m_end(reinterpret_cast<const unsigned char *>(end))
    {}

    bool atEnd() const { return m_at == m_end; }

    // A varint of at most `maxBytes` bytes (5 for 32-bit values, 10 for 64-bit ones); for ten
    // bytes the last may only carry bit 63.
    bool varint(quint64 *value, int maxBytes = 10)
    {
        quint64 v = 0;
        for (int i = 0; i < maxBytes; ++i) {
            if (m_at == m_end)
                return false;
            const unsigned char b = *m_at++;
            if (i == 9 && b > 1)
                return false;
            v |= quint64(b & 0x7f) << (7 * i);
            if (!(b & 0x80)) {
                *value = v;
                return true;
            }
        }
        return false;
    }

    // A tag: field number and wire type.
    bool tag(quint32 *field, quint32 *type)
    {
        quint64 t = 0;
        if (!varint(&t, 5) || t > 0xffffffffu)
            return false;
        *field = quint32(t >> 3);
        *type = quint32(t & 7);
        return *field != 0;
    }

    // The bytes of a length-delimited field.
    bool delimited(Wire *inner)
    {
        quint64 n = 0;
        if (!varint(&n, 5) || n > 0x7fffffffu || n > quint64(m_end - m_at))
            return false;
        *inner = Wire(reinterpret_cast<const char *>(m_at), reinterpret_cast<const char *>(m_at + n));
        m_at += n;
        return true;
    }

    bool skip(qsizetype n)
    {
        if (n > m_end - m_at)
            return false;
        m_at += n;
        return true;
    }

    // The rest as an ASCII key, viewed in place (protobuf checks a string key's UTF-8; plain
    // ASCII needs none).
    bool asciiKey(QLatin1StringView *key) const
    {
        if (std::any_of(m_at, m_end, [](unsigned char c) { return c >= 0x80; }))
            return false;
        *key = QLatin1StringView(reinterpret_cast<const char *>(m_at), qsizetype(m_end - m_at));
        return true;
    }

    qsizetype size() const { return qsizetype(m_end - m_at); }

private:
    const unsigned char *m_at;
    const unsigned char *m_end;
};

constexpr quint32 kVarint = 0;
constexpr quint32 kFixed32 = 5;
constexpr quint32 kDelimited = 2;

// A map entry: exactly the key (field 1) and then the value (field 2), both delimited.
bool mapEntry(Wire entry, QLatin1StringView *key, Wire *value)
{
    quint32 field = 0, type = 0;
    Wire k(nullptr, nullptr);
    if (!entry.tag(&field, &type) || field != 1 || type != kDelimited || !entry.delimited(&k) ||
        !k.asciiKey(key))
        return false;
    if (!entry.tag(&field, &type) || field != 2 || type != kDelimited || !entry.delimited(value))
        return false;
    return entry.atEnd();
}

// A Feature with exactly one kind set: BytesList (1), FloatList (2) or Int64List (3), each a
// repeated field 1.
bool feature(Wire f, FeatureKind *kind, qint64 *count)
{
    quint32 field = 0, type = 0;
    Wire list(nullptr, nullptr);
    if (!f.tag(&field, &type) || type != kDelimited || field < 1 || field > 3 || !f.delimited(&list) ||
        !f.atEnd())
        return false;
    *count = 0;
    *kind = field == 1 ? FeatureKind::Bytes : field == 2 ? FeatureKind::Float : FeatureKind::Int64;
    while (!list.atEnd()) {
        if (!list.tag(&field, &type) || field != 1)
            return false;
        if (*kind == FeatureKind::Bytes) {
            Wire value(nullptr, nullptr);
            if (type != kDelimited || !list.delimited(&value))
                return false;
            ++*count;
        } else if (*kind == FeatureKind::Float) {
            if (type == kFixed32) {
                if (!list.skip(4))
                    return false;
                ++*count;
            } else {
                Wire packed(nullptr, nullptr);
                if (type != kDelimited || !list.delimited(&packed) || packed.size() % 4 != 0)
                    return false;
                *count += packed.size() / 4;
            }
        } else {
            quint64 v = 0;
            if (type == kVarint) {
                if (!list.varint(&v))
                    return false;
                ++*count;
            } else {
                Wire packed(nullptr, nullptr);
                if (type != kDelimited || !list.delimited(&packed))
                    return false;
                while (!packed.atEnd()) {
                    if (!packed.varint(&v))
                        return false;
                    ++*count;
                }
            }
        }
    }
    return true;
}

// The last field, read just now, has a key that one before it has.
bool repeated(const std::vector<ExampleShape::Field> &fields)
{
    const ExampleShape::Field &last = fields.back();
    return std::any_of(fields.begin(), fields.end() - 1, [&](const ExampleShape::Field &f) {
        return f.sequence == last.sequence && f.key == last.key;
    });
}

// Features: map<string, Feature> feature = 1. At least one entry (an empty one has rules of
// its own about unknown fields that the parser applies).
bool features(Wire w, std::vector<ExampleShape::Field> *out)
{
    quint32 field = 0, type = 0;
    bool any = false;
    while (!w.atEnd()) {
        Wire entry(nullptr, nullptr), value(nullptr, nullptr);
        ExampleShape::Field &f = out->emplace_back(); // filled in place: no copy of it per field
        if (!w.tag(&field, &type) || field != 1 || type != kDelimited || !w.delimited(&entry) ||
            !mapEntry(entry, &f.key, &value) || repeated(*out) || !feature(value, &f.kind, &f.count))
            return false;
        any = true;
    }
    return any;
}

// FeatureLists: map<string, FeatureList> feature_list = 1; FeatureList: repeated Feature
// feature = 1. The kind is the first step's that has one, as Schema counts it.
bool featureLists(Wire w, std::vector<ExampleShape::Field> *out)
{
    quint32 field = 0, type = 0;
    bool any = false;
    while (!w.atEnd()) {
        Wire entry(nullptr, nullptr), list(nullptr, nullptr);
        ExampleShape::Field &f = out->emplace_back();
        f.sequence = true;
        if (!w.tag(&field, &type) || field != 1 || type != kDelimited || !w.delimited(&entry) ||
            !mapEntry(entry, &f.key, &list) || repeated(*out))
            return false;
        while (!list.atEnd()) {
            Wire step(nullptr, nullptr);
            FeatureKind kind = FeatureKind::None;
            qint64 values = 0;
            if (!list.tag(&field, &type) || field != 1 || type != kDelimited || !list.delimited(&step) ||
                !feature(step, &kind, &values))
                return false;
            if (f.kind == FeatureKind::None)
                f.kind = kind;
            ++f.count;
        }
        any = true;
    }
    return any;
}

// The top level: Features (1; a SequenceExample's context) and FeatureLists (2), each at most once.
bool example(Wire w, ExampleShape *shape)
{
    bool sawFeatures = false;
    quint32 field = 0, type = 0;
    while (!w.atEnd()) {
        Wire inner(nullptr, nullptr);
        if (!w.tag(&field, &type) || type != kDelimited || !w.delimited(&inner))
            return false;
        if (field == 1 && !sawFeatures) {
            sawFeatures = true;
            if (!features(inner, &shape->fields))
                return false;
        } else if (field == 2 && !shape->isSequence) {
            shape->isSequence = true;
            if (!featureLists(inner, &shape->fields))
                return false;
        } else {
            return false;
        }
    }
    return sawFeatures || shape->isSequence;
}

} // namespace

bool ExampleShape::read(QByteArrayView bytes)
{
    isSequence = false;
    fields.clear(); // keeps the capacity
    if (example(Wire(bytes.data(), bytes.data() + bytes.size()), this))
        return true;
    isSequence = false;
    fields.clear();
    return false;
}

} // namespace qs
