#include "record/crc32c.h"

#include <QRandomGenerator>
#include <QTest>

#include <vector>

using namespace qs;

class TestCrc32c : public QObject {
    Q_OBJECT
private slots:
    void rfc3720Vectors_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<quint32>("crc");
        QTest::addRow("32 zeros") << QByteArray(32, '\0') << 0x8A9136AAu;
        QTest::addRow("32 0xff") << QByteArray(32, '\xff') << 0x62A8AB43u;
        QByteArray ascending(32, '\0');
        for (int i = 0; i < 32; ++i)
            ascending[i] = char(i);
        QTest::addRow("0..31") << ascending << 0x46DD794Eu;
        QByteArray descending(32, '\0');
        for (int i = 0; i < 32; ++i)
            descending[i] = char(31 - i);
        QTest::addRow("31..0") << descending << 0x113FDB5Cu;
        QTest::addRow("123456789") << QByteArray("123456789") << 0xE3069283u;
        QTest::addRow("empty") << QByteArray() << 0u;
    }
    void rfc3720Vectors()
    {
        QFETCH(QByteArray, data);
        QFETCH(quint32, crc);
        QCOMPARE(crc32c::extendPortable(0, data.constData(), size_t(data.size())), crc);
        QCOMPARE(crc32c::value(data.constData(), size_t(data.size())), crc);
        if (!crc32c::hasHardware())
            QSKIP("this CPU has no SSE4.2: only the portable CRC32C was checked");
        QCOMPARE(crc32c::extendHardware(0, data.constData(), size_t(data.size())), crc);
        if (crc32c::hasFolding()) {
            QCOMPARE(crc32c::extendFolding(0, data.constData(), size_t(data.size())), crc);
            // The same vectors at the start of a buffer long enough to be folded.
            QByteArray longer = data + QByteArray(1000, 'q');
            QCOMPARE(crc32c::extendFolding(0, longer.constData(), size_t(longer.size())),
                     crc32c::extendPortable(0, longer.constData(), size_t(longer.size())));
        }
    }

    // Lengths around every block size the hardware path switches on (8, 256 * 3, 8192 * 3), the
    // folding path's (320 to start, then 256- and 64-byte steps), and every alignment of the start.
    void implementationsAgree_data()
    {
        QTest::addColumn<int>("length");
        for (int length : {0,    1,    7,    8,    9,     15,    63,    255,         319,   320,    321,
                           383,  384,  511,  512,  513,   575,   576,   577,         767,   768,    769,
                           1000, 2047, 2048, 4095, 24575, 24576, 24577, 24576 + 768, 50000, 100003, 300001})
            QTest::addRow("%d bytes", length) << length;
    }
    void implementationsAgree()
    {
        if (!crc32c::hasHardware())
            QSKIP("this CPU has no SSE4.2: there is only one implementation to test");
        QFETCH(int, length);
        QRandomGenerator rng(quint32(length) * 2654435761u + 1);
        std::vector<unsigned char> buffer(size_t(length) + 16);
        for (auto &b : buffer)
            b = uchar(rng.generate());
        for (int align = 0; align < 8; ++align) {
            const unsigned char *p = buffer.data() + align;
            const quint32 seed = rng.generate();
            const quint32 portable = crc32c::extendPortable(seed, p, size_t(length));
            QCOMPARE(crc32c::extendHardware(seed, p, size_t(length)), portable);
            if (crc32c::hasFolding())
                QCOMPARE(crc32c::extendFolding(seed, p, size_t(length)), portable);
        }
        if (!crc32c::hasFolding())
            QSKIP("this CPU has no AVX-512 VPCLMULQDQ: the folding path was not checked");
    }

    void extendEqualsWhole()
    {
        QRandomGenerator rng(7);
        QByteArray data(70000, Qt::Uninitialized);
        for (char &c : data)
            c = char(rng.generate());
        const quint32 whole = crc32c::value(data.constData(), size_t(data.size()));
        for (int split : {0, 1, 13, 8192, 24577, 69999, 70000}) {
            const quint32 first = crc32c::value(data.constData(), size_t(split));
            QCOMPARE(crc32c::extend(first, data.constData() + split, size_t(data.size() - split)), whole);
            QCOMPARE(crc32c::extendPortable(first, data.constData() + split, size_t(data.size() - split)),
                     whole);
        }
    }

    void maskRoundTrips_data()
    {
        QTest::addColumn<quint32>("crc");
        for (quint32 crc : {0u, 1u, 0x8A9136AAu, 0xFFFFFFFFu, 0xE3069283u, 0x80000000u})
            QTest::addRow("%08x", crc) << crc;
    }
    void maskRoundTrips()
    {
        QFETCH(quint32, crc);
        QVERIFY(crc32c::mask(crc) != crc);
        QVERIFY(crc32c::mask(crc32c::mask(crc)) != crc);
        QCOMPARE(crc32c::unmask(crc32c::mask(crc)), crc);
        QCOMPARE(crc32c::unmask(crc32c::mask(crc32c::mask(crc))), crc32c::mask(crc));
    }

    // The first frame of a file TensorFlow wrote (magenta's test data): length 11, stored CRC
    // bytes 86 15 f5 04, payload
    // "hello world" with 00 7e d8 6d.
    void masksLikeTensorFlow()
    {
        const char length[8] = {11, 0, 0, 0, 0, 0, 0, 0};
        QCOMPARE(crc32c::mask(crc32c::value(length, 8)), 0x04f51586u);
        QCOMPARE(crc32c::mask(crc32c::value("hello world", 11)), 0x6dd87e00u);
    }
};

QTEST_GUILESS_MAIN(TestCrc32c)
#include "tst_crc32c.moc"
