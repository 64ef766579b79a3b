// The order and contents of tf.data stages on real TFRecord files and real threads.
//
// Behaviours ported from TensorFlow's dataset kernel tests (python/data/kernel_tests):
//  - interleave_test: testPythonImplementation's element order for cycle/block lengths, with a
//    model of the sequential order (interleaveModel below); testSloppyInterleaveInOrder-like
//    parallel deterministic order equal to the sequential one; testNonDeterministic... (sloppy
//    delivers every element exactly once); empty inputs.
//  - map_test: testParallelMapOrder... (deterministic=True keeps order under uneven work),
//    testMapNonDeterministic (every element once).
//  - shuffle_test: testSeedZero/testDefaultArguments-like reproducibility with a seed,
//    testReshuffleIteratorEpochs / testReshuffleEachIterationFalse, buffer_size 1 is identity.
//  - batch_test: testBatchDataset drop_remainder shapes; parallel batch (num_parallel_calls)
//    gives the same batches.
//  - repeat_test: testFiniteRepeat, testEmptyRepeat (count 0), testInfiniteRepeat with take.
//  - take_test: testTakeTensorDataset (0, n, more than the input, -1).
//  - cache_test (memory): testCacheDatasetPassthrough: the input runs once; later epochs replay.
//  - prefetch_test: testBufferSize (order unchanged for sizes 1, 5 and AUTOTUNE).
//  - iterator end: OutOfRange again on every get_next after the end (testEndOfSequence...).
#include "datasetfiles.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

using namespace qs;
using namespace qs::test;

namespace {

// TensorFlow's interleave order, modelled on plain lists: cycle slots hold the next files, a
// slot gives block_length elements in a row, an exhausted slot moves the cycle on and is
// refilled when the cycle returns to it.
QList<qint64> interleaveModel(const std::vector<int> &counts, int cycle, int block)
{
    QList<qint64> out;
    std::vector<int> file(std::size_t(cycle), -1), next(std::size_t(cycle), 0);
    std::size_t input = 0;
    int open = 0, ci = 0, bi = 0;
    auto advance = [&] {
        bi = 0;
        ci = (ci + 1) % cycle;
    };
    while (input < counts.size() || open > 0) {
        int &f = file[std::size_t(ci)];
        if (f >= 0) {
            if (next[std::size_t(ci)] < counts[std::size_t(f)]) {
                out << qint64(f) * 1000 + next[std::size_t(ci)]++;
                if (++bi == block)
                    advance();
            } else {
                f = -1;
                --open;
                advance();
            }
        } else if (input < counts.size()) {
            f = int(input++);
            next[std::size_t(ci)] = 0;
            ++open;
        } else {
            advance();
        }
    }
    return out;
}

Dataset records(const QStringList &files, int cycle, int block, int parallel, bool deterministic = true)
{
    return Dataset::fromTensorSlices(files)
        .interleave(Dataset::tfRecordOf, cycle, block, parallel, deterministic)
        .map(parseText());
}

QList<qint64> iota(qint64 n, qint64 from = 0)
{
    QList<qint64> v;
    for (qint64 i = 0; i < n; ++i)
        v << from + i;
    return v;
}

MapFn unevenWork()
{
    return [](const Element &in, Element *out) -> Status {
        // Later elements finish first now and then, so an order kept is an order enforced.
        std::this_thread::sleep_for(std::chrono::microseconds((in.value * 7919) % 11 * 60));
        *out = in;
        return {};
    };
}

} // namespace

class TestDatasetOrder : public QObject {
    Q_OBJECT

private slots:
    void interleaveOrder_data()
    {
        QTest::addColumn<std::vector<int>>("counts");
        QTest::addColumn<int>("cycle");
        QTest::addColumn<int>("block");
        QTest::addColumn<QList<qint64>>("expected"); // empty: the model's order
        QTest::addRow("3-2-1 c2 b1 (by hand)")
            << std::vector<int>{3, 2, 1} << 2 << 1 << QList<qint64>{0, 1000, 1, 1001, 2, 2000};
        QTest::addRow("3-2-1 c2 b2 (by hand)")
            << std::vector<int>{3, 2, 1} << 2 << 2 << QList<qint64>{0, 1, 1000, 1001, 2, 2000};
        QTest::addRow("cycle 1 is concatenation")
            << std::vector<int>{2, 3} << 1 << 1 << QList<qint64>{0, 1, 1000, 1001, 1002};
        QTest::addRow("4-5-6 c2 b1") << std::vector<int>{4, 5, 6} << 2 << 1 << QList<qint64>{};
        QTest::addRow("4-5-6 c2 b3") << std::vector<int>{4, 5, 6} << 2 << 3 << QList<qint64>{};
        QTest::addRow("4-5-6 c3 b2") << std::vector<int>{4, 5, 6} << 3 << 2 << QList<qint64>{};
        QTest::addRow("4-5-6 c7 b2 (cycle > files)")
            << std::vector<int>{4, 5, 6} << 7 << 2 << QList<qint64>{};
        QTest::addRow("empty files inside")
            << std::vector<int>{3, 0, 0, 4, 0, 2} << 2 << 1 << QList<qint64>{};
        QTest::addRow("all empty") << std::vector<int>{0, 0, 0} << 2 << 1 << QList<qint64>{};
    }
    void interleaveOrder()
    {
        QFETCH(std::vector<int>, counts);
        QFETCH(int, cycle);
        QFETCH(int, block);
        QFETCH(QList<qint64>, expected);
        const QList<qint64> model = interleaveModel(counts, cycle, block);
        if (!expected.isEmpty())
            QCOMPARE(model, expected);
        QTemporaryDir dir;
        const QStringList files = writeTextFiles(dir.path(), counts);
        QCOMPARE(drain(records(files, cycle, block, 1)), model);
        for (int parallel : {2, 3, Dataset::kAutotune})
            QCOMPARE(drain(records(files, cycle, block, parallel)), model);
    }

    void sloppyInterleaveDeliversAll()
    {
        QTemporaryDir dir;
        const std::vector<int> counts{40, 3, 25, 0, 17, 9};
        const QStringList files = writeTextFiles(dir.path(), counts);
        QList<qint64> want = interleaveModel(counts, 3, 2);
        std::sort(want.begin(), want.end());
        for (int run = 0; run < 3; ++run) {
            QList<qint64> got = drain(records(files, 3, 2, 3, false));
            std::sort(got.begin(), got.end());
            QCOMPARE(got, want);
        }
    }

    void parallelMapKeepsOrder_data()
    {
        QTest::addColumn<int>("parallel");
        QTest::addRow("1") << 1;
        QTest::addRow("2") << 2;
        QTest::addRow("4") << 4;
        QTest::addRow("AUTOTUNE") << int(Dataset::kAutotune);
    }
    void parallelMapKeepsOrder()
    {
        QFETCH(int, parallel);
        QCOMPARE(drain(Dataset::range(300).map(unevenWork(), parallel, true)), iota(300));
        QList<qint64> sloppy = drain(Dataset::range(300).map(unevenWork(), parallel, false));
        std::sort(sloppy.begin(), sloppy.end());
        QCOMPARE(sloppy, iota(300));
    }

    void shuffleSeedReproducible()
    {
        const QList<qint64> a = drain(Dataset::range(100).shuffle(100, 42));
        const QList<qint64> b = drain(Dataset::range(100).shuffle(100, 42));
        QCOMPARE(a, b);
        QVERIFY(a != iota(100));
        QList<qint64> sorted = a;
        std::sort(sorted.begin(), sorted.end());
        QCOMPARE(sorted, iota(100));
        QVERIFY(drain(Dataset::range(100).shuffle(100, 43)) != a);
    }

    void shuffleEachIteration_data()
    {
        QTest::addColumn<bool>("reshuffle");
        QTest::addRow("reshuffle_each_iteration=True") << true;
        QTest::addRow("reshuffle_each_iteration=False") << false;
    }
    void shuffleEachIteration()
    {
        QFETCH(bool, reshuffle);
        const Dataset d = Dataset::range(50).shuffle(50, 7, reshuffle).repeat(3);
        const QList<qint64> all = drain(d);
        QCOMPARE(all.size(), 150);
        const QList<qint64> e0 = all.mid(0, 50), e1 = all.mid(50, 50), e2 = all.mid(100, 50);
        if (reshuffle) {
            QVERIFY(e0 != e1);
            QVERIFY(e1 != e2);
        } else {
            QCOMPARE(e1, e0);
            QCOMPARE(e2, e0);
        }
        // The whole sequence of epochs is reproducible from the seed.
        QCOMPARE(drain(Dataset::range(50).shuffle(50, 7, reshuffle).repeat(3)), all);
    }

    void shuffleBufferOneIsIdentity() { QCOMPARE(drain(Dataset::range(64).shuffle(1, 5)), iota(64)); }

    void smallShuffleBufferStaysLocal()
    {
        // An element can only move as far forward as the buffer allows: element i is handed out
        // no earlier than position i - (buffer - 1).
        const QList<qint64> got = drain(Dataset::range(200).shuffle(4, 9));
        for (int pos = 0; pos < got.size(); ++pos)
            QVERIFY2(got[pos] <= pos + 3, qPrintable(QStringLiteral("%1 at %2").arg(got[pos]).arg(pos)));
    }

    void batchDropRemainder_data()
    {
        QTest::addColumn<bool>("drop");
        QTest::addColumn<int>("parallel");
        QTest::addColumn<QList<int>>("sizes");
        QTest::addRow("keep") << false << 1 << QList<int>{3, 3, 3, 1};
        QTest::addRow("drop") << true << 1 << QList<int>{3, 3, 3};
        QTest::addRow("keep, parallel 2") << false << 2 << QList<int>{3, 3, 3, 1};
        QTest::addRow("drop, parallel AUTOTUNE") << true << int(Dataset::kAutotune) << QList<int>{3, 3, 3};
    }
    void batchDropRemainder()
    {
        QFETCH(bool, drop);
        QFETCH(int, parallel);
        QFETCH(QList<int>, sizes);
        auto it = Dataset::range(10).batch(3, drop, parallel).makeIterator();
        QList<int> got;
        qint64 expectNext = 0;
        Element e;
        while (it->getNext(&e).isOk()) {
            got << int(e.batch.size());
            for (const Element &x : e.batch)
                QCOMPARE(x.value, expectNext++);
        }
        QCOMPARE(got, sizes);
    }

    void repeatTakeCache()
    {
        QCOMPARE(drain(Dataset::range(3).repeat(2)), (QList<qint64>{0, 1, 2, 0, 1, 2}));
        QCOMPARE(drain(Dataset::range(3).repeat(0)), QList<qint64>{});
        QCOMPARE(drain(Dataset::range(3).repeat().take(7)), (QList<qint64>{0, 1, 2, 0, 1, 2, 0}));
        QCOMPARE(drain(Dataset::range(0).repeat()), QList<qint64>{}); // an empty input ends repeat()
        QCOMPARE(drain(Dataset::range(5).take(2)), (QList<qint64>{0, 1}));
        QCOMPARE(drain(Dataset::range(5).take(0)), QList<qint64>{});
        QCOMPARE(drain(Dataset::range(5).take(9)), iota(5));
        QCOMPARE(drain(Dataset::range(5).take(-1)), iota(5));

        auto calls = std::make_shared<std::atomic<int>>(0);
        MapFn counting = [calls](const Element &in, Element *out) {
            calls->fetch_add(1);
            *out = in;
            return Status{};
        };
        const Dataset cached = Dataset::range(5).map(counting).cache();
        QCOMPARE(drain(cached.repeat(3)), iota(5) + iota(5) + iota(5));
        QCOMPARE(calls->load(), 5);
        QCOMPARE(drain(cached), iota(5)); // a new iterator replays the same cache
        QCOMPARE(calls->load(), 5);
    }

    void cacheCutShortStoresNothing()
    {
        auto calls = std::make_shared<std::atomic<int>>(0);
        const Dataset cached = Dataset::range(4)
                                   .map([calls](const Element &in, Element *out) {
                                       calls->fetch_add(1);
                                       *out = in;
                                       return Status{};
                                   })
                                   .cache();
        QCOMPARE(drain(cached.take(2)), (QList<qint64>{0, 1}));
        QCOMPARE(drain(cached), iota(4));
        QCOMPARE(calls->load(), 6);
    }

    void prefetchKeepsOrder_data()
    {
        QTest::addColumn<int>("buffer");
        QTest::addRow("1") << 1;
        QTest::addRow("5") << 5;
        QTest::addRow("AUTOTUNE") << int(Dataset::kAutotune);
    }
    void prefetchKeepsOrder()
    {
        QFETCH(int, buffer);
        QCOMPARE(drain(Dataset::range(500).prefetch(buffer)), iota(500));
        QCOMPARE(drain(Dataset::range(100).map(unevenWork(), 3).prefetch(buffer).batch(7).take(3).repeat(1))
                     .size(),
                 3);
    }

    void outOfRangeRepeatedly_data()
    {
        QTest::addColumn<int>("pipeline");
        QTest::addRow("range") << 0;
        QTest::addRow("parallel map") << 1;
        QTest::addRow("prefetch") << 2;
        QTest::addRow("shuffle + batch") << 3;
        QTest::addRow("parallel interleave") << 4;
        QTest::addRow("take of repeat") << 5;
    }
    void outOfRangeRepeatedly()
    {
        QFETCH(int, pipeline);
        QTemporaryDir dir;
        const QStringList files = writeTextFiles(dir.path(), {3, 2});
        const Dataset r = Dataset::range(5);
        const Dataset d[] = {r,
                             r.map(unevenWork(), 2),
                             r.prefetch(2),
                             r.shuffle(3, 1).batch(2),
                             records(files, 2, 1, 2),
                             r.repeat().take(12)};
        auto it = d[pipeline].makeIterator();
        Element e;
        int n = 0;
        Status s;
        while ((s = it->getNext(&e)).isOk())
            ++n;
        QCOMPARE(s.kind(), ErrorKind::OutOfRange);
        QVERIFY(n > 0);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(it->getNext(&e).kind(), ErrorKind::OutOfRange);
    }

    void invalidArguments()
    {
        Element e;
        QCOMPARE(Dataset::range(3).batch(0).makeIterator()->getNext(&e).kind(), ErrorKind::InvalidArgument);
        QCOMPARE(Dataset::range(3).shuffle(0).makeIterator()->getNext(&e).kind(), ErrorKind::InvalidArgument);
        QCOMPARE(Dataset::range(3).map(parseText(), 0).makeIterator()->getNext(&e).kind(),
                 ErrorKind::InvalidArgument);
        QCOMPARE(Dataset::range(3).prefetch(0).makeIterator()->getNext(&e).kind(),
                 ErrorKind::InvalidArgument);
    }
};

QTEST_GUILESS_MAIN(TestDatasetOrder)
#include "tst_datasetorder.moc"
