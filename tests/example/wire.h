#pragma once

// Hand-built protobuf wire bytes for the tests, written independently of the generated code
// so that they check it rather than mirror it.

#include <QByteArray>
#include <QtEndian>

#include <initializer_list>

namespace wire {

inline QByteArray varint(quint64 v)
{
    QByteArray out;
    do {
        uchar b = uchar(v & 0x7F);
        v >>= 7;
        if (v)
            b |= 0x80;
        out.append(char(b));
    } while (v);
    return out;
}

inline QByteArray tag(int field, int wireType)
{
    return varint(quint64(field) << 3 | quint64(wireType));
}
inline QByteArray len(int field, const QByteArray &payload)
{
    return tag(field, 2) + varint(quint64(payload.size())) + payload;
}
inline QByteArray fixed32(int field, float v)
{
    char b[4];
    qToLittleEndian(v, b);
    return tag(field, 5) + QByteArray(b, 4);
}

inline QByteArray packedInts(std::initializer_list<qint64> values)
{
    QByteArray body;
    for (qint64 v : values)
        body += varint(quint64(v));
    return len(1, body);
}
inline QByteArray unpackedInts(std::initializer_list<qint64> values)
{
    QByteArray out;
    for (qint64 v : values)
        out += tag(1, 0) + varint(quint64(v));
    return out;
}
inline QByteArray packedFloats(std::initializer_list<float> values)
{
    QByteArray body;
    for (float v : values) {
        char b[4];
        qToLittleEndian(v, b);
        body += QByteArray(b, 4);
    }
    return len(1, body);
}
inline QByteArray unpackedFloats(std::initializer_list<float> values)
{
    QByteArray out;
    for (float v : values)
        out += fixed32(1, v);
    return out;
}

// Feature{int64_list = 3 {...}}, Feature{float_list = 2 {...}}, Feature{bytes_list = 1 {...}}
inline QByteArray int64Feature(const QByteArray &list)
{
    return len(3, list);
}
inline QByteArray floatFeature(const QByteArray &list)
{
    return len(2, list);
}
inline QByteArray bytesFeature(std::initializer_list<QByteArray> values)
{
    QByteArray list;
    for (const QByteArray &v : values)
        list += len(1, v);
    return len(1, list);
}

// One map<string, Feature> entry: {1: key, 2: value}
inline QByteArray entry(const QByteArray &key, const QByteArray &feature)
{
    return len(1, len(1, key) + len(2, feature));
}
// Example{features = 1 {entries}}
inline QByteArray example(const QByteArray &entries)
{
    return len(1, entries);
}

} // namespace wire
