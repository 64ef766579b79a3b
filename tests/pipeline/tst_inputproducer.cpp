#include "pipeline/coordinator.h"
#include "pipeline/inputproducer.h"
#include "pipeline/queuerunner.h"

#include "testsupport.h"

#include <QTest>

using namespace qs;
using namespace qs::test;

namespace {

const QStringList kFiles{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d"),
                         QStringLiteral("e"), QStringLiteral("f"), QStringLiteral("g"), QStringLiteral("h")};

// Runs a producer for `epochs` epochs and returns everything it produced, in order.
QStringList produce(const QStringList &files, int epochs, bool shuffle, quint64 seed,
                    quint64 *usedSeed = nullptr)
{
    InputProducerOptions o;
    o.numEpochs = epochs;
    o.shuffle = shuffle;
    o.seed = seed;
    o.capacity = 3;
    auto p = stringInputProducer(files, o);
    QS_CHECK(p.isOk());
    if (usedSeed)
        *usedSeed = p->seed;
    Coordinator coord;
    const QList<ThreadHandle> threads = p->runner->createThreads(coord);
    QStringList out;
    for (;;) {
        auto f = p->queue->dequeue(kLong);
        if (!f)
            break;
        out << *f;
    }
    coord.requestStop();
    QS_CHECK(coord.join(threads).isOk());
    return out;
}

} // namespace

class TestInputProducer : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { QTRY_COMPARE_WITH_TIMEOUT(CoordinatedThread::liveCount(), 0, kLongMs); }

    void rejectsBadArguments_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<int>("epochs");
        QTest::addColumn<int>("capacity");
        QTest::addColumn<QString>("message");
        QTest::addRow("empty") << QStringList{} << 1 << 32
                               << "string_input_producer requires a non-empty list of files";
        QTest::addRow("epochs") << QStringList{"a"} << -1 << 32
                                << "string_input_producer: num_epochs must be 0 (unlimited) or more (got -1)";
        QTest::addRow("capacity") << QStringList{"a"} << 1 << 0
                                  << "FIFOQueue 'input_producer': capacity must be at least 1 (got 0)";
    }
    void rejectsBadArguments()
    {
        QFETCH(QStringList, files);
        QFETCH(int, epochs);
        QFETCH(int, capacity);
        QFETCH(QString, message);
        InputProducerOptions o;
        o.numEpochs = epochs;
        o.capacity = capacity;
        auto p = stringInputProducer(files, o);
        QVERIFY(!p.isOk());
        QCOMPARE(p.status().kind(), ErrorKind::InvalidArgument);
        QCOMPARE(p.status().message(), message);
    }

    void epochsInOrderThenClosed()
    {
        QCOMPARE(produce({"x", "y", "z"}, 2, false, 0), (QStringList{"x", "y", "z", "x", "y", "z"}));
    }

    void shufflesEachEpochDeterministically()
    {
        quint64 used = 0;
        const QStringList first = produce(kFiles, 3, true, 1234, &used);
        QCOMPARE(used, quint64(1234));
        QCOMPARE(first.size(), 3 * kFiles.size());
        QList<QStringList> epochs;
        for (int e = 0; e < 3; ++e) {
            QStringList epoch = first.mid(e * kFiles.size(), kFiles.size());
            epochs << epoch;
            epoch.sort();
            QCOMPARE(epoch, kFiles); // each epoch has every file exactly once
        }
        QVERIFY(epochs[0] != kFiles || epochs[1] != kFiles);       // shuffled (chance of not: (1/8!)^2)
        QVERIFY(epochs[0] != epochs[1] || epochs[1] != epochs[2]); // a fresh order per epoch
        QCOMPARE(produce(kFiles, 3, true, 1234), first);           // same seed, same sequence
        QVERIFY(produce(kFiles, 3, true, 4321) != first);
    }

    void seedZeroIsRandom()
    {
        quint64 a = 0;
        quint64 b = 0;
        const QStringList x = produce(kFiles, 2, true, 0, &a);
        const QStringList y = produce(kFiles, 2, true, 0, &b);
        QVERIFY(a != 0 && b != 0 && a != b);
        QVERIFY(x != y);                          // chance of equal: (1/8!)^2
        QCOMPARE(produce(kFiles, 2, true, a), x); // the reported seed reproduces the run
    }

    void unlimitedEpochsRunUntilStopped()
    {
        auto p = *stringInputProducer({"a", "b"}, {});
        Coordinator coord;
        const QList<ThreadHandle> threads = p.runner->createThreads(coord);
        QCOMPARE(threads[0]->role(), ThreadRole::Producer);
        QCOMPARE(
            threads[0]->name(),
            QStringLiteral("QueueRunnerThread-input_producer-input_producer/input_producer_EnqueueMany"));
        int a = 0;
        for (int i = 0; i < 100; ++i)
            a += *p.queue->dequeue(kLong) == QStringLiteral("a");
        QCOMPARE(a, 50); // every epoch has each once, and 100 elements are 50 whole epochs
        coord.requestStop();
        QVERIFY(coord.join(threads).isOk());
        QVERIFY(p.queue->isClosed());
        QCOMPARE(p.queue->fillFigureName(), QStringLiteral("fraction_of_32_full"));
    }
};

QTEST_GUILESS_MAIN(TestInputProducer)
#include "tst_inputproducer.moc"
