// qs-bench-queue: elements per second through the pipeline's queues, with and without a Recorder.
//
//   qs-bench-queue [elements]
//
// Each row moves `elements` ints from P producer threads (enqueue one at a time, as a reader does)
// to one consumer (dequeueMany(32), as the trainer does) through a queue of capacity 256.

#include "observe/recorder.h"
#include "pipeline/coordinatedthread.h"
#include "pipeline/fifoqueue.h"
#include "pipeline/randomshufflequeue.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>
#include <memory>
#include <vector>

using namespace qs;

namespace {

double run(bool shuffle, int producers, bool observed, int elements)
{
    std::unique_ptr<Recorder> recorder;
    if (observed)
        recorder = std::make_unique<Recorder>();
    std::shared_ptr<Queue<int>> q;
    if (shuffle)
        q = *RandomShuffleQueue<int>::create(QStringLiteral("examples"), 256, 64, 1, recorder.get());
    else
        q = *FIFOQueue<int>::create(QStringLiteral("examples"), 256, recorder.get());
    const int perProducer = elements / producers;
    QElapsedTimer timer;
    timer.start();
    std::vector<ThreadHandle> threads;
    for (int p = 0; p < producers; ++p) {
        threads.push_back(std::make_shared<CoordinatedThread>(
            QStringLiteral("reader-%1").arg(p), ThreadRole::Reader,
            [q, perProducer] {
                for (int i = 0; i < perProducer; ++i) {
                    if (Status s = q->enqueue(i); !s.isOk())
                        return s;
                }
                return Status();
            },
            recorder.get()));
        threads.back()->start();
    }
    auto consumer = std::make_shared<CoordinatedThread>(
        QStringLiteral("trainer"), ThreadRole::Trainer,
        [q, total = perProducer * producers] {
            int got = 0;
            while (got < total) {
                auto batch = q->dequeueUpTo(32);
                if (!batch)
                    return batch.status();
                got += int(batch->size());
            }
            return Status();
        },
        recorder.get());
    consumer->start();
    for (const auto &t : threads)
        t->wait();
    q->close();
    consumer->wait();
    return perProducer * producers / (timer.nsecsElapsed() / 1e9);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int elements = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 2000000;
    std::printf("%-20s %9s %14s %14s\n", "queue", "producers", "unobserved/s", "observed/s");
    for (bool shuffle : {false, true}) {
        for (int producers : {1, 4}) {
            const double plain = run(shuffle, producers, false, elements);
            const double observed = run(shuffle, producers, true, elements);
            std::printf("%-20s %9d %14.0f %14.0f\n", shuffle ? "RandomShuffleQueue" : "FIFOQueue", producers,
                        plain, observed);
        }
    }
    return 0;
}
