#pragma once

// Real TFRecord files for the dataset tests, written with the project's RecordWriter: file f's
// record r holds the text "f:r", so a test can tell from an element where it came from.

#include "dataset/dataset.h"
#include "dataset/iterator.h"
#include "record/recordwriter.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <vector>

namespace qs::test {

inline QByteArray recordText(int file, int record)
{
    return QByteArray::number(file) + ':' + QByteArray::number(record);
}

// Writes one file per entry of `counts`; returns the paths in order.
inline QStringList writeTextFiles(const QString &dir, const std::vector<int> &counts)
{
    QStringList paths;
    for (std::size_t f = 0; f < counts.size(); ++f) {
        const QString path =
            QDir(dir).filePath(QStringLiteral("part-%1.tfrecord").arg(f, 3, 10, QLatin1Char('0')));
        auto writer = RecordWriter::create(path);
        if (!writer)
            qFatal("writer: %s", qPrintable(writer.status().toString()));
        for (int r = 0; r < counts[f]; ++r)
            if (Status s = (*writer)->write(recordText(int(f), r)); !s)
                qFatal("write: %s", qPrintable(s.toString()));
        if (Status s = (*writer)->commit(); !s)
            qFatal("commit: %s", qPrintable(s.toString()));
        paths << path;
    }
    return paths;
}

// The byte offset of record `index` in a file of records written by writeTextFiles (each
// framed as 8 + 4 + payload + 4 bytes).
inline qint64 textRecordOffset(int file, int index)
{
    qint64 at = 0;
    for (int r = 0; r < index; ++r)
        at += 16 + recordText(file, r).size();
    return at;
}

// Flips one payload byte of record `index`, so its payload CRC fails.
inline void corruptRecord(const QString &path, int file, int index)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadWrite))
        qFatal("open %s", qPrintable(path));
    const qint64 at = textRecordOffset(file, index) + 12;
    f.seek(at);
    char c = 0;
    f.getChar(&c);
    f.seek(at);
    f.putChar(char(c ^ 0x20));
}

// "f:r" back as a value f * 1000 + r.
inline MapFn parseText()
{
    return [](const Element &in, Element *out) -> Status {
        const QList<QByteArray> parts = in.bytes.split(':');
        if (parts.size() != 2)
            return invalidArgument(QStringLiteral("not a test record"));
        *out = in;
        out->value = parts[0].toLongLong() * 1000 + parts[1].toLongLong();
        return {};
    };
}

// Every element's value until the end; fails the test on any other error.
inline QList<qint64> drain(Iterator &it, qint64 limit = 1 << 20)
{
    QList<qint64> values;
    Element e;
    Status s;
    while (values.size() < limit && (s = it.getNext(&e)).isOk())
        values << e.value;
    if (values.size() < limit && s.kind() != ErrorKind::OutOfRange)
        qWarning("drain: %s", qPrintable(s.toString()));
    return values;
}

inline QList<qint64> drain(const Dataset &d, const IteratorOptions &options = {})
{
    auto it = d.makeIterator(options);
    return drain(*it);
}

} // namespace qs::test
