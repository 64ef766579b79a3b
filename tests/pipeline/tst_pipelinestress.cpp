#include "pipeline/coordinator.h"
#include "pipeline/fifoqueue.h"
#include "pipeline/inputproducer.h"
#include "pipeline/queuerunner.h"
#include "pipeline/queuerunnerregistry.h"
#include "pipeline/randomshufflequeue.h"

#include "testsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTest>

#include <array>
#include <atomic>
#include <random>
#include <stdexcept>

using namespace qs;
using namespace qs::test;

namespace {

// How a cycle ends.
enum class Mode { EndOfData, UserStop, ReaderError, ReaderException, TrainerError, Count };

int osThreadCount()
{
    return int(QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size());
}

struct Cycle {
    Mode mode;
    int files, epochs, recordsPerFile, readers, exampleCapacity, minAfterDequeue, batchSize, failAt;
    bool shuffleQueue, allowSmaller, shuffleFiles;
    quint64 seed;

    static Cycle draw(std::mt19937 &rng)
    {
        auto pick = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
        Cycle c{};
        c.mode = Mode(pick(0, int(Mode::Count) - 1));
        c.files = pick(1, 6);
        c.epochs = c.mode == Mode::EndOfData ? pick(1, 3) : 0;
        c.recordsPerFile = pick(1, 3);
        c.readers = pick(1, 4);
        c.exampleCapacity = pick(2, 10);
        c.shuffleQueue = pick(0, 1);
        c.minAfterDequeue = c.shuffleQueue ? pick(0, c.exampleCapacity - 1) : 0;
        c.batchSize = pick(1, 4);
        c.allowSmaller = pick(0, 1);
        c.shuffleFiles = pick(0, 1);
        c.failAt = pick(1, 30);
        c.seed = quint64(pick(1, 1 << 30));
        return c;
    }

    QString describe() const
    {
        return QStringLiteral(
                   "mode %1 files %2 epochs %3 rpf %4 readers %5 cap %6 mad %7 batch %8 small %9 fail %10")
            .arg(int(mode))
            .arg(files)
            .arg(epochs)
            .arg(recordsPerFile)
            .arg(readers)
            .arg(exampleCapacity)
            .arg(minAfterDequeue)
            .arg(batchSize)
            .arg(allowSmaller)
            .arg(failAt);
    }
};

// One run of producer -> filename queue -> reader runner threads -> example queue -> trainer
// thread, ended the way the cycle says; checks the end and that nothing is left running.
void runCycle(const Cycle &c)
{
    QueueRunnerRegistry registry;
    QStringList files;
    for (int i = 0; i < c.files; ++i)
        files << QStringLiteral("f%1").arg(i);
    InputProducerOptions po;
    po.numEpochs = c.epochs;
    po.shuffle = c.shuffleFiles;
    po.seed = c.seed;
    po.capacity = 1 + int(c.seed % 4);
    po.registry = &registry;
    InputProducer producer = *stringInputProducer(files, po);

    std::shared_ptr<Queue<QString>> examples;
    if (c.shuffleQueue)
        examples = *RandomShuffleQueue<QString>::create(QStringLiteral("examples"), c.exampleCapacity,
                                                        c.minAfterDequeue, c.seed);
    else
        examples = *FIFOQueue<QString>::create(QStringLiteral("examples"), c.exampleCapacity);

    auto calls = std::make_shared<std::atomic<int>>(0);
    registry.addQueueRunner(std::make_shared<QueueRunner>(
        examples,
        [c, calls, filenames = producer.queue, examples](int) -> Status {
            const int call = ++*calls;
            if (c.mode == Mode::ReaderError && call == c.failAt)
                return Status(ErrorKind::DataLoss, QStringLiteral("injected"));
            if (c.mode == Mode::ReaderException && call == c.failAt)
                throw std::runtime_error("injected exception");
            auto file = filenames->dequeue();
            if (!file)
                return file.status();
            std::vector<QString> records;
            for (int r = 0; r < c.recordsPerFile; ++r)
                records.push_back(*file + QLatin1Char('#') + QString::number(r));
            return examples->enqueueMany(std::move(records));
        },
        QueueRunner::Options{c.readers}));

    Coordinator coord;
    QList<ThreadHandle> threads = registry.startQueueRunners(coord);
    QCOMPARE(threads.size(), 2 + c.readers + 1);

    auto consumed = std::make_shared<std::atomic<int>>(0);
    auto enoughBatches = std::make_shared<Flag>(); // shared: the trainer may outlive a failed check
    const int stopAfter = 1 + c.failAt % 5;
    threads << coord.startThread(QStringLiteral("trainer"), ThreadRole::Trainer,
                                 [c, examples, consumed, enoughBatches, stopAfter]() -> Status {
                                     for (int batches = 0;; ++batches) {
                                         if (batches == stopAfter) {
                                             if (c.mode == Mode::TrainerError)
                                                 return Status(ErrorKind::DataLoss,
                                                               QStringLiteral("trainer failed"));
                                             enoughBatches->set();
                                         }
                                         auto b = c.allowSmaller ? examples->dequeueUpTo(c.batchSize)
                                                                 : examples->dequeueMany(c.batchSize);
                                         if (!b)
                                             return b.status(); // OutOfRange: a clean stop
                                         *consumed += int(b->size());
                                     }
                                 });
    if (c.mode == Mode::UserStop) {
        QVERIFY(enoughBatches->wait(kLong));
        coord.requestStop();
    }

    QElapsedTimer timer;
    timer.start();
    constexpr auto kGrace = 10s;
    const Status s = coord.join(threads, kGrace);
    QVERIFY2(timer.elapsed() < std::chrono::milliseconds(kGrace).count(), qPrintable(c.describe()));
    QVERIFY2(coord.lastStragglers().isEmpty(),
             qPrintable(coord.lastStragglers().join(' ') + " | " + c.describe()));
    for (const ThreadHandle &t : threads)
        QVERIFY(!t->isAlive());
    QCOMPARE(CoordinatedThread::liveCount(), 0);
    QVERIFY(producer.queue->isClosed());
    QVERIFY(examples->isClosed());

    switch (c.mode) {
    case Mode::EndOfData: {
        QVERIFY2(s.isOk(), qPrintable(s.toString() + " | " + c.describe()));
        const int total = c.files * c.epochs * c.recordsPerFile;
        const int expected = c.allowSmaller ? total : total - total % c.batchSize;
        QVERIFY2(
            consumed->load() == expected,
            qPrintable(QStringLiteral("%1 of %2 | ").arg(consumed->load()).arg(expected) + c.describe()));
        break;
    }
    case Mode::UserStop:
        QVERIFY2(s.isOk(), qPrintable(s.toString() + " | " + c.describe()));
        break;
    case Mode::ReaderError:
    case Mode::ReaderException:
        QCOMPARE(s.kind(), c.mode == Mode::ReaderError ? ErrorKind::DataLoss : ErrorKind::Unknown);
        QVERIFY(s.thread().startsWith(QStringLiteral("QueueRunnerThread-examples-")));
        break;
    case Mode::TrainerError:
        QCOMPARE(s.message(), QStringLiteral("trainer failed"));
        QCOMPARE(s.thread(), QStringLiteral("trainer"));
        break;
    case Mode::Count:
        break;
    }
}

} // namespace

class TestPipelineStress : public QObject {
    Q_OBJECT
private slots:
    void randomizedStartStopAndErrors()
    {
        const int cycles = qEnvironmentVariableIsSet("QS_STRESS_CYCLES")
                               ? qEnvironmentVariableIntValue("QS_STRESS_CYCLES")
                               : 500;
        const uint seed = qEnvironmentVariableIsSet("QS_STRESS_SEED")
                              ? uint(qEnvironmentVariableIntValue("QS_STRESS_SEED"))
                              : 20240501u;
        const int threadsBefore = osThreadCount();
        std::mt19937 rng(seed);
        QElapsedTimer timer;
        timer.start();
        std::array<int, int(Mode::Count)> perMode{};
        for (int i = 0; i < cycles; ++i) {
            const Cycle c = Cycle::draw(rng);
            ++perMode[int(c.mode)];
            runCycle(c);
            if (QTest::currentTestFailed()) {
                qWarning("cycle %d of seed %u failed: %s", i, seed, qPrintable(c.describe()));
                return;
            }
        }
        qInfo("%d cycles (seed %u; end of data %d, user stop %d, reader error %d, exception %d, trainer "
              "error %d) "
              "in %lld ms",
              cycles, seed, perMode[0], perMode[1], perMode[2], perMode[3], perMode[4], timer.elapsed());
        // Every QThread is gone once Qt has finished tearing it down.
        QTRY_COMPARE_WITH_TIMEOUT(osThreadCount(), threadsBefore, kLongMs);
        QCOMPARE(CoordinatedThread::parkedCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestPipelineStress)
#include "tst_pipelinestress.moc"
