#include "pipeline/queuerunner.h"

#include "pipeline/coordinator.h"
#include "pipeline/queuebase.h"
#include "pipeline/statuserror.h"

#include <QDebug>

#include <mutex>
#include <optional>

namespace qs {

struct QueueRunner::Shared {
    std::shared_ptr<QueueBase> queue;
    Body body;
    Options options;

    std::mutex mu;
    int active = 0;                 // guarded by mu: enqueue threads created and not yet ended
    QList<Status> exceptionsRaised; // guarded by mu: errors of threads run without a coordinator

    // True for the thread whose end brings `active` to zero.
    bool leave()
    {
        std::lock_guard lock(mu);
        return --active == 0;
    }

    // coord is null for threads created without a Coordinator: they run until their body fails.
    Status loop(const Coordinator *coord, int index, const QString &name)
    {
        for (;;) {
            if (coord && coord->shouldStop()) {
                leave();
                return {};
            }
            const Status s = callCatching([&] { return body(index); });
            if (s.isOk())
                continue;
            if (options.queueClosedKinds.contains(s.kind())) {
                // The input ran out: end quietly; the last one out closes the queue. The close
                // waits behind enqueues still pending (another runner's); its failure (already
                // closed, or cancelled by the close-on-stop watcher) is of no concern here.
                if (leave())
                    queue->close(false);
                return {};
            }
            const Status named = s.thread().isEmpty() ? s.withThread(name) : s;
            if (!coord) {
                // As queue_runner_impl.py without a coordinator: log, keep, re-raise in the thread.
                qWarning().noquote() << "Exception in QueueRunner:" << named.toString();
                {
                    std::lock_guard lock(mu);
                    exceptionsRaised.append(named);
                }
                leave();
                return named;
            }
            // As queue_runner_impl.py: request_stop(e) first, then leave. Leaving first would let
            // the last other runner, ending at the end of its input, close the queue as if the
            // data had run out: the consumer's clean stop would come before this error and
            // hide it.
            if (coord->classify(s) == Coordinator::EndClass::Error)
                Coordinator(*coord).requestStop(named);
            leave();
            return named;
        }
    }
};

QueueRunner::QueueRunner(std::shared_ptr<QueueBase> queue, Body body, Options options)
    : d(std::make_shared<Shared>())
{
    d->queue = std::move(queue);
    d->body = std::move(body);
    d->options = std::move(options);
    if (d->options.numThreads < 1)
        d->options.numThreads = 1;
}

QueueRunner::~QueueRunner() = default;

const std::shared_ptr<QueueBase> &QueueRunner::queue() const
{
    return d->queue;
}

QString QueueRunner::name() const
{
    return d->queue->name();
}

const QueueRunner::Options &QueueRunner::options() const
{
    return d->options;
}

QString QueueRunner::threadName(int threadIndex) const
{
    QString op = d->options.enqueueOpName.isEmpty() ? d->queue->name() + QStringLiteral("_enqueue")
                                                    : d->options.enqueueOpName;
    if (threadIndex > 0)
        op += QStringLiteral("_%1").arg(threadIndex);
    return QStringLiteral("QueueRunnerThread-%1-%2").arg(d->queue->name(), op);
}

QString QueueRunner::closeOnStopName() const
{
    return QStringLiteral("QueueRunnerThread-%1-close_on_stop").arg(d->queue->name());
}

int QueueRunner::activeThreads() const
{
    std::lock_guard lock(d->mu);
    return d->active;
}

QList<Status> QueueRunner::exceptionsRaised() const
{
    std::lock_guard lock(d->mu);
    return d->exceptionsRaised;
}

QList<ThreadHandle> QueueRunner::createThreads(const Coordinator &coord, bool start)
{
    return create(&coord, start);
}

QList<ThreadHandle> QueueRunner::createThreads(bool start)
{
    return create(nullptr, start);
}

QList<ThreadHandle> QueueRunner::create(const Coordinator *coord, bool start)
{
    {
        std::lock_guard lock(d->mu);
        if (d->active > 0)
            return {};
        d->active = d->options.numThreads;
        d->exceptionsRaised.clear();
    }
    Recorder *recorder = coord ? coord->recorder() : nullptr;
    std::optional<Coordinator> captured;
    if (coord)
        captured = *coord;
    QList<ThreadHandle> threads;
    for (int i = 0; i < d->options.numThreads; ++i) {
        const QString name = threadName(i);
        threads << std::make_shared<CoordinatedThread>(
            name, d->options.role,
            [shared = d, captured, i, name] {
                return shared->loop(captured ? &*captured : nullptr, i, name);
            },
            recorder);
    }
    if (coord) {
        threads << std::make_shared<CoordinatedThread>(
            closeOnStopName(), ThreadRole::Watcher,
            [queue = d->queue, c = *coord] {
                c.waitForStop();
                queue->close(true);
                return Status::ok();
            },
            recorder);
    }
    for (const ThreadHandle &t : std::as_const(threads)) {
        if (coord)
            Coordinator(*coord).registerThread(t);
        if (start)
            t->start();
    }
    return threads;
}

} // namespace qs
