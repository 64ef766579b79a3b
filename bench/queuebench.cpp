#include "bench/queuebench.h"

#include "feed/sample.h"
#include "observe/recorder.h"
#include "pipeline/coordinatedthread.h"
#include "pipeline/fifoqueue.h"
#include "pipeline/randomshufflequeue.h"

#include <QElapsedTimer>

#include <memory>
#include <vector>

namespace qs {

namespace {

template<typename T> Result<StageRate> run(const QueueBenchOptions &o, const T &item)
{
    std::unique_ptr<Recorder> recorder;
    if (o.observed)
        recorder = std::make_unique<Recorder>();
    std::shared_ptr<Queue<T>> q;
    if (o.kind == QueueKind::RandomShuffle) {
        auto made = RandomShuffleQueue<T>::create(QStringLiteral("examples"), o.capacity, o.minAfterDequeue,
                                                  1, recorder.get());
        if (!made)
            return made.status();
        q = *made;
    } else {
        auto made = FIFOQueue<T>::create(QStringLiteral("examples"), o.capacity, recorder.get());
        if (!made)
            return made.status();
        q = *made;
    }
    const qint64 perProducer = o.elements / o.producers;
    const qint64 total = perProducer * o.producers;
    QElapsedTimer timer;
    timer.start();
    std::vector<ThreadHandle> threads;
    for (int p = 0; p < o.producers; ++p) {
        threads.push_back(std::make_shared<CoordinatedThread>(
            QStringLiteral("producer-%1").arg(p), ThreadRole::Reader,
            [q, perProducer, item] {
                for (qint64 i = 0; i < perProducer; ++i) {
                    if (Status s = q->enqueue(item); !s.isOk())
                        return s;
                }
                return Status();
            },
            recorder.get()));
        threads.back()->start();
    }
    const int many = o.dequeueMany;
    auto consumer = std::make_shared<CoordinatedThread>(
        QStringLiteral("consumer"), ThreadRole::Trainer,
        [q, total, many] {
            qint64 got = 0;
            while (got < total) {
                if (many <= 1) {
                    Result<T> one = q->dequeue();
                    if (!one)
                        return one.status();
                    ++got;
                } else {
                    auto batch = q->dequeueUpTo(many);
                    if (!batch)
                        return batch.status();
                    got += qint64(batch->size());
                }
            }
            return Status();
        },
        recorder.get());
    consumer->start();
    for (const ThreadHandle &t : threads)
        t->wait();
    q->close();
    consumer->wait();
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    for (const ThreadHandle &t : threads) {
        if (Status s = t->exitStatus(); !s.isOk())
            return s;
    }
    if (Status s = consumer->exitStatus(); !s.isOk())
        return s;
    return StageRate{total, seconds};
}

} // namespace

Result<StageRate> measureQueue(const QueueBenchOptions &options)
{
    if (options.producers < 1 || options.elements < options.producers)
        return Status(ErrorKind::InvalidArgument, QStringLiteral("queue bench: %1 producer(s), %2 elements")
                                                      .arg(options.producers)
                                                      .arg(options.elements));
    if (options.payload == QueuePayload::Int)
        return run<int>(options, 7);
    Sample s;
    s.image = cv::Mat(1, 768, CV_32F, cv::Scalar(0.5));
    s.thumbnail = cv::Mat(32, 32, CV_8UC3, cv::Scalar(1, 2, 3));
    s.label = 1;
    s.file = QStringLiteral("/data/train-00000-of-00001.tfrecords");
    s.record = 42;
    return run<Sample>(options, s);
}

} // namespace qs
