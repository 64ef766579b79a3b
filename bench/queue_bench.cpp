// qs-bench-queue: elements per second through the pipeline's queues, with and without a Recorder.
//
//   qs-bench-queue [elements]
//
// Each row moves `elements` ints from P producer threads (enqueue one at a time, as a reader does)
// to one consumer (dequeueUpTo(32) as the trainer does, or dequeue() one at a time) through a
// queue of capacity 1024. Target: FIFOQueue, 1 producer, dequeue one: >= 2 M elements/s.
// The measuring code is in queuebench.h, shared with `queuescope-cli bench`.

#include "bench/machineinfo.h"
#include "bench/queuebench.h"

#include <QCoreApplication>

#include <cstdio>

using namespace qs;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const qint64 elements = argc > 1 ? QString::fromLocal8Bit(argv[1]).toLongLong() : 2000000;
    if (elements < 4) {
        std::fprintf(stderr, "usage: qs-bench-queue [elements >= 4]\n");
        return 2;
    }
    std::printf("%-20s %9s %9s %14s %14s\n", "queue", "producers", "dequeue", "unobserved/s", "observed/s");
    for (QueueKind kind : {QueueKind::Fifo, QueueKind::RandomShuffle}) {
        for (int producers : {1, 4}) {
            for (int many : {1, 32}) {
                QueueBenchOptions o;
                o.kind = kind;
                o.producers = producers;
                o.dequeueMany = many;
                o.elements = elements;
                double rates[2] = {0, 0};
                for (bool observed : {false, true}) {
                    o.observed = observed;
                    const Result<StageRate> r = measureQueue(o);
                    if (!r) {
                        std::fprintf(stderr, "%s\n", qPrintable(r.status().toString()));
                        return 1;
                    }
                    rates[observed] = r->perSecond();
                }
                std::printf("%-20s %9d %9s %14.0f %14.0f\n",
                            kind == QueueKind::Fifo ? "FIFOQueue" : "RandomShuffleQueue", producers,
                            many == 1 ? "one" : "up_to 32", rates[0], rates[1]);
            }
        }
    }
    std::printf("load %s\n", qPrintable(LoadAverage::now().toString()));
    return 0;
}
