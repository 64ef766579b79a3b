#include "record/filesniffer.h"

#include "record/bytesource.h"

#include <QFile>
#include <QFileInfo>

#include <memory>

namespace qs {

namespace {

constexpr qsizetype kHeadBytes = 512;

bool startsWith(QByteArrayView head, QByteArrayView magic)
{
    return head.size() >= magic.size() && head.first(magic.size()) == magic;
}

// Text: valid UTF-8 without control characters other than whitespace.
bool isText(QByteArrayView head)
{
    if (head.isEmpty())
        return false;
    // The head may end inside a multi-byte character: drop up to 3 trailing bytes of one.
    qsizetype end = head.size();
    for (int i = 0; i < 3 && end > 0 && (uchar(head[end - 1]) & 0xc0) == 0x80; ++i)
        --end;
    if (end > 0 && uchar(head[end - 1]) >= 0xc0)
        --end;
    const QByteArrayView body = head.first(end);
    if (QString::fromUtf8(body).contains(QChar::ReplacementCharacter))
        return false; // not UTF-8 (or a U+FFFD in it, rare in files meant to be read)
    for (char c : body) {
        const uchar u = uchar(c);
        if (u < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f')
            return false;
        if (u == 0x7f)
            return false;
    }
    return true;
}

QString describeText(QByteArrayView head)
{
    const QByteArray text = head.toByteArray().trimmed();
    if (text.startsWith('{') || text.startsWith('['))
        return QStringLiteral("JSON text");
    const qsizetype eol = text.indexOf('\n');
    const QByteArray firstLine = eol < 0 ? text : text.left(eol);
    if (firstLine.count(',') >= 1 || firstLine.count('\t') >= 1)
        return QStringLiteral("CSV text");
    return QStringLiteral("plain text");
}

bool isZlibHeader(QByteArrayView head)
{
    if (head.size() < 2)
        return false;
    const uchar b0 = uchar(head[0]), b1 = uchar(head[1]);
    return (b0 & 0x0f) == 8 && (b0 >> 4) <= 7 && (b1 & 0x20) == 0 && (b0 * 256 + b1) % 31 == 0;
}

// tf.train.Example{features = 1 (Features{feature = 1 (map entry)})}: 0a <varint> 0a.
bool isBareExample(QByteArrayView head)
{
    if (head.size() < 3 || uchar(head[0]) != 0x0a)
        return false;
    qsizetype i = 1;
    while (i < head.size() && i < 6 && (uchar(head[i]) & 0x80))
        ++i;
    return i + 1 < head.size() && uchar(head[i + 1]) == 0x0a;
}

QByteArray readHead(const QString &path, Compression compression)
{
    if (compression == Compression::None) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.read(kHeadBytes) : QByteArray();
    }
    Result<std::unique_ptr<ByteSource>> source = ByteSource::open(path, compression);
    if (!source)
        return {};
    QByteArray head(kHeadBytes, Qt::Uninitialized);
    qint64 got = 0;
    while (got < kHeadBytes) {
        Result<qint64> n = (*source)->read(head.data() + got, kHeadBytes - got);
        if (!n || *n == 0)
            break;
        got += *n;
    }
    head.truncate(qsizetype(got));
    return head;
}

} // namespace

QString describeFileHead(QByteArrayView head)
{
    struct Magic {
        QByteArrayView bytes;
        const char *what;
    };
    static const Magic magics[] = {
        {QByteArrayView("\x89PNG\r\n\x1a\n", 8), "a PNG image"},
        {QByteArrayView("\xff\xd8\xff", 3), "a JPEG image"},
        {QByteArrayView("GIF87a"), "a GIF image"},
        {QByteArrayView("GIF89a"), "a GIF image"},
        {QByteArrayView("PK\x03\x04", 4), "a ZIP archive (or a NumPy .npz)"},
        {QByteArrayView("PK\x05\x06", 4), "a ZIP archive (or a NumPy .npz)"},
        {QByteArrayView("PAR1"), "a Parquet file"},
        {QByteArrayView("\x89HDF\r\n\x1a\n", 8), "an HDF5 file"},
        {QByteArrayView("\x93NUMPY"), "a NumPy .npy array"},
        {QByteArrayView("\x1f\x8b", 2), "a gzip-compressed file"},
    };
    for (const Magic &m : magics) {
        if (startsWith(head, m.bytes))
            return QLatin1String(m.what);
    }
    if (startsWith(head, "RIFF") && head.size() >= 12 && head.sliced(8, 4) == QByteArrayView("WEBP"))
        return QStringLiteral("a WebP image");
    if (isText(head))
        return describeText(head);
    if (isZlibHeader(head))
        return QStringLiteral("a zlib-compressed file");
    if (isBareExample(head))
        return QStringLiteral("a bare serialized tf.train.Example without TFRecord framing");
    return {};
}

QString notATfrecordReason(const QString &path, Compression used)
{
    if (!QFileInfo(path).isFile())
        return {}; // a pipe cannot be opened twice without losing data
    const QByteArray raw = readHead(path, Compression::None);
    const QString what = describeFileHead(raw);
    const bool gzip = startsWith(raw, "\x1f\x8b");
    const bool zlib = !gzip && !isText(raw) && isZlibHeader(raw);
    if ((gzip && used != Compression::Gzip) || (zlib && used != Compression::Zlib))
        return QStringLiteral("it looks like %1: use --compression %2")
            .arg(what, gzip ? QStringLiteral("gzip") : QStringLiteral("zlib"));
    if (gzip || zlib) {
        const QString inner = describeFileHead(readHead(path, used));
        const QString name = compressionName(used);
        // Nothing recognised inside: the stream itself is damaged, which its own error says.
        return inner.isEmpty()
                   ? QString()
                   : QStringLiteral("it is %1-compressed, but what it holds looks like %2").arg(name, inner);
    }
    if (used == Compression::Gzip || used == Compression::Zlib)
        return QStringLiteral("it is not %1-compressed: use --compression auto").arg(compressionName(used));
    return what.isEmpty() ? QString() : QStringLiteral("it looks like %1").arg(what);
}

} // namespace qs
