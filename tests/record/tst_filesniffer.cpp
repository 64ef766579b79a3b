// Files that are not TFRecords, read as TFRecords: the first record's error says what they are.
#include "record/filesniffer.h"
#include "record/recordreader.h"

#include "recordtestutil.h"

#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <opencv2/imgcodecs.hpp>

#include <zlib.h>

using namespace qs;

namespace {

QByteArray encodeImage(const char *ext)
{
    cv::Mat image(8, 8, CV_8UC3, cv::Scalar(10, 120, 240));
    std::vector<uchar> bytes;
    cv::imencode(ext, image, bytes);
    return QByteArray(reinterpret_cast<const char *>(bytes.data()), qsizetype(bytes.size()));
}

// The smallest valid GIF: 1x1, one colour.
QByteArray gif()
{
    return QByteArray("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00\x21\xf9\x04\x01\x00"
                      "\x00\x00\x00\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00\x3b",
                      43);
}

void putLe(QByteArray *b, quint64 v, int bytes) // past the 8th byte, zeros
{
    for (int i = 0; i < bytes; ++i)
        b->append(char(i < 8 ? (v >> (8 * i)) & 0xff : 0));
}

// A ZIP archive holding one stored file, as `zip -0` writes it.
QByteArray zipArchive()
{
    const QByteArray name("a.csv"), data("x,y\n1,2\n");
    const quint32 crc =
        quint32(crc32(0, reinterpret_cast<const Bytef *>(data.constData()), uInt(data.size())));
    QByteArray local("PK\x03\x04", 4);
    putLe(&local, 10, 2); // version
    putLe(&local, 0, 2);  // flags
    putLe(&local, 0, 2);  // stored
    putLe(&local, 0, 4);  // time, date
    putLe(&local, crc, 4);
    putLe(&local, quint32(data.size()), 4);
    putLe(&local, quint32(data.size()), 4);
    putLe(&local, quint32(name.size()), 2);
    putLe(&local, 0, 2);
    local += name + data;
    QByteArray central("PK\x01\x02", 4);
    putLe(&central, 10, 2);
    putLe(&central, 10, 2);
    putLe(&central, 0, 2);
    putLe(&central, 0, 2);
    putLe(&central, 0, 4);
    putLe(&central, crc, 4);
    putLe(&central, quint32(data.size()), 4);
    putLe(&central, quint32(data.size()), 4);
    putLe(&central, quint32(name.size()), 2);
    putLe(&central, 0, 2 * 3 + 2 + 4); // extra, comment, disk, attrs
    putLe(&central, 0, 4);             // offset of the local header
    central += name;
    QByteArray end("PK\x05\x06", 4);
    putLe(&end, 0, 4);
    putLe(&end, 1, 2);
    putLe(&end, 1, 2);
    putLe(&end, quint32(central.size()), 4);
    putLe(&end, quint32(local.size()), 4);
    putLe(&end, 0, 2);
    return local + central + end;
}

// numpy.save(np.zeros((2, 3), np.uint8)) in format 1.0.
QByteArray npy()
{
    QByteArray header("{'descr': '|u1', 'fortran_order': False, 'shape': (2, 3), }");
    while ((10 + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    QByteArray b("\x93NUMPY\x01\x00", 8);
    putLe(&b, quint32(header.size()), 2);
    return b + header + QByteArray(6, '\0');
}

QString readError(const QString &path, Compression compression = Compression::Auto)
{
    RecordReaderOptions options;
    options.compression = compression;
    Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(path, options);
    if (!reader)
        return reader.status().toString();
    QByteArray record;
    return (*reader)->next(&record).toString();
}

} // namespace

class TestFileSniffer : public QObject {
    Q_OBJECT
private slots:
    void namesWhatTheFileIs_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("compression");
        QTest::addColumn<QString>("expected");
        const int autoC = int(Compression::Auto), none = int(Compression::None);
        QTest::addRow("png") << encodeImage(".png") << autoC << "it looks like a PNG image";
        QTest::addRow("jpeg") << encodeImage(".jpg") << autoC << "it looks like a JPEG image";
        QTest::addRow("gif") << gif() << autoC << "it looks like a GIF image";
        QTest::addRow("zip") << zipArchive() << autoC << "it looks like a ZIP archive";
        QTest::addRow("npy") << npy() << autoC << "it looks like a NumPy .npy array";
        // Signature, then what follows it in the format (no writer here for a whole file).
        QTest::addRow("parquet") << QByteArray("PAR1\x15\x04\x15\x10\x15\x14L\x15\x02", 13) +
                                        QByteArray(64, '\0')
                                 << autoC << "it looks like a Parquet file";
        QTest::addRow("hdf5") << QByteArray("\x89HDF\r\n\x1a\n\x00\x00\x00\x00\x00\x08\x08\x00", 16) +
                                     QByteArray(80, '\0')
                              << autoC << "it looks like an HDF5 file";
        QTest::addRow("csv") << QByteArray("label,height,width\n1,28,28\n0,28,28\n") << autoC
                             << "it looks like CSV text";
        QTest::addRow("text") << QByteArray("These are my notes about the dataset.\n") << autoC
                              << "it looks like plain text";
        QTest::addRow("short text") << QByteArray("hi\n") << autoC << "it looks like plain text";
        QTest::addRow("json") << QByteArray("{\"image\": \"a.png\"}\n") << autoC << "it looks like JSON text";
        QTest::addRow("gzip read as none") << test::deflateBytes(test::frame("abc"), true) << none
                                           << "it looks like a gzip-compressed file: use --compression gzip";
        QTest::addRow("zlib read as none") << test::deflateBytes(test::frame("abc"), false) << none
                                           << "it looks like a zlib-compressed file: use --compression zlib";
        QTest::addRow("gzip of csv") << test::deflateBytes("a,b\n1,2\n", true) << autoC
                                     << "it is gzip-compressed, but what it holds looks like CSV text";
        QTest::addRow("plain read as gzip") << test::frame("abc") << int(Compression::Gzip)
                                            << "it is not gzip-compressed: use --compression auto";
    }
    void namesWhatTheFileIs()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, compression);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("data.tfrecord"));
        QVERIFY(test::writeBytes(path, bytes));
        const QString error = readError(path, Compression(compression));
        QVERIFY2(error.contains(QStringLiteral("not a TFRecord file: ") + expected), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("file ") + path), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("record 0")), qPrintable(error));
    }

    void unknownBytesKeepTheReadersMessage()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("noise"));
        QVERIFY(
            test::writeBytes(path, QByteArray("\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d", 13)));
        const QString error = readError(path);
        QVERIFY2(error.startsWith(QStringLiteral("DataLoss: corrupted record at offset 0")),
                 qPrintable(error));
    }

    void laterRecordsAreNotSniffed()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tail"));
        QVERIFY(test::writeBytes(path, test::frame("abc") + QByteArray("\x89PNG\r\n\x1a\n----", 12)));
        RecordReaderOptions options;
        Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(path, options);
        QVERIFY(reader);
        QByteArray record;
        QVERIFY((*reader)->next(&record).isOk());
        const Status s = (*reader)->next(&record);
        QVERIFY2(!s.message().contains(QStringLiteral("not a TFRecord")), qPrintable(s.toString()));
    }

    void bareExampleInGzipFixture()
    {
        const QString path = QStringLiteral(QS_FIXTURES_DIR "/dfalbel_myints_r.tfrecords.gz");
        if (!QFile::exists(path))
            QSKIP("fixtures not present");
        const QString error = readError(path);
        QVERIFY2(
            error.contains(QStringLiteral("not a TFRecord file: it is gzip-compressed, but what it holds "
                                          "looks like a bare serialized tf.train.Example")),
            qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestFileSniffer)
#include "tst_filesniffer.moc"
