#include "observe/spanstore.h"

#include <QTest>

#include <random>

using namespace qs;

// SpanStore's searches against a brute-force walk over the spans it was given.
class TestSpanStore : public QObject {
    Q_OBJECT
private slots:
    void firstEndingAfter_data()
    {
        QTest::addColumn<int>("chunk");
        QTest::addColumn<int>("dropped");
        QTest::addRow("chunk of 16 (a power of two)") << 16 << 0;
        QTest::addRow("chunk of 16, 5 chunks dropped") << 16 << 5;
        QTest::addRow("chunk of 10") << 10 << 0;
        QTest::addRow("chunk of 10, 7 chunks dropped") << 10 << 7;
        QTest::addRow("chunk of 2") << 2 << 3;
    }
    void firstEndingAfter()
    {
        QFETCH(int, chunk);
        QFETCH(int, dropped);
        std::mt19937 gen(7);
        SpanStore store(chunk);
        QList<StateSpan> all;
        qint64 t = 100;
        for (int i = 0; i < 300; ++i) {
            // Zero-length spans too: several spans may end at the same instant.
            const qint64 length = gen() % 4 == 0 ? 0 : qint64(gen() % 50);
            const StateSpan s{t, t + length, ThreadState(int(gen() % 3)), Activity::None, {}};
            store.push(s);
            all.append(s);
            t += length;
        }
        for (int i = 0; i < dropped; ++i)
            store.dropOldestChunk();
        const qint64 first = store.firstHeld();
        QCOMPARE(first, qint64(dropped) * chunk);
        // The first held span ending after x, by walking them all.
        auto truth = [&](qint64 x) {
            for (qint64 n = first; n < all.size(); ++n)
                if (all[n].endUs > x)
                    return n;
            return qint64(all.size());
        };
        for (int i = 0; i < 2000; ++i) {
            const qint64 x = qint64(gen() % quint32(t + 40)) - 20;
            const qint64 expected = truth(x);
            QCOMPARE(store.firstEndingAfter(x), expected);
            // From any number at or before the answer (below the oldest held ones too).
            const qint64 from = first - 3 + qint64(gen() % quint32(expected - first + 4));
            QCOMPARE(store.firstEndingAfter(x, from), expected);
            QCOMPARE(store.firstEndingAfter(x, expected), expected);
        }
    }

    void visitFromSumsTheSpans()
    {
        std::mt19937 gen(3);
        SpanStore store(8);
        QList<StateSpan> all;
        qint64 t = 0;
        for (int i = 0; i < 200; ++i) {
            const qint64 length = qint64(gen() % 30);
            const StateSpan s{t, t + length, ThreadState(int(gen() % 4)), Activity::None, {}};
            store.push(s);
            all.append(s);
            t += length;
        }
        store.dropOldestChunk();
        for (int i = 0; i < 500; ++i) {
            const qint64 a = qint64(gen() % quint32(t)), b = a + qint64(gen() % 200);
            std::array<qint64, kThreadStateCount> got{}, want{};
            store.visitFrom(store.firstEndingAfter(a), b, [&](qint64 start, qint64 end, ThreadState s) {
                got[size_t(s)] += std::max<qint64>(0, std::min(end, b) - std::max(start, a));
            });
            for (qint64 n = store.firstHeld(); n < all.size(); ++n) {
                const StateSpan &s = all[n];
                want[size_t(s.state)] += std::max<qint64>(0, std::min(s.endUs, b) - std::max(s.startUs, a));
            }
            QVERIFY(got == want);
        }
    }
};

QTEST_GUILESS_MAIN(TestSpanStore)
#include "tst_spanstore.moc"
