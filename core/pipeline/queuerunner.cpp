#include "pipeline/queuerunner.h"

#include "pipeline/coordinator.h"
#include "pipeline/queuebase.h"
#include "pipeline/statuserror.h"

#include <mutex>

namespace qs {

struct QueueRunner::Shared {
    std::shared_ptr<QueueBase> queue;
    Body body;
    Options options;

    std::mutex mu;
    int active = 0; // guarded by mu: enqueue threads created and not yet ended

    // True for the thread whose end brings `active` to zero.
    bool leave()
    {
        std::lock_guard lock(mu);
        return --active == 0;
    }

    Status loop(const Coordinator &coord, int index, const QString &name)
    {
        for (;;) {
            if (coord.shouldStop()) {
                leave();
                return {};
            }
            const Status s = callCatching([&] { return body(index); });
            if (s.isOk())
                continue;
            if (options.queueClosedKinds.contains(s.kind())) {
                // The input ran out: end quietly; the last one out closes the queue.
                if (leave())
                    queue->close(false);
                return {};
            }
            leave();
            const Status named = s.thread().isEmpty() ? s.withThread(name) : s;
            if (s.kind() == ErrorKind::Cancelled && coord.shouldStop())
                return named;
            Coordinator(coord).requestStop(named);
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

const QueueRunner::Options &QueueRunner::options() const
{
    return d->options;
}

QString QueueRunner::threadName(int threadIndex) const
{
    return QStringLiteral("QueueRunner-%1-%2").arg(d->queue->name()).arg(threadIndex);
}

int QueueRunner::activeThreads() const
{
    std::lock_guard lock(d->mu);
    return d->active;
}

QList<ThreadHandle> QueueRunner::createThreads(const Coordinator &coord, bool start)
{
    {
        std::lock_guard lock(d->mu);
        if (d->active > 0)
            return {};
        d->active = d->options.numThreads;
    }
    QList<ThreadHandle> threads;
    for (int i = 0; i < d->options.numThreads; ++i) {
        const QString name = threadName(i);
        threads << std::make_shared<CoordinatedThread>(
            name, d->options.role, [shared = d, coord, i, name] { return shared->loop(coord, i, name); },
            coord.recorder());
    }
    threads << std::make_shared<CoordinatedThread>(
        QStringLiteral("QueueRunner-%1-close_on_stop").arg(d->queue->name()), ThreadRole::Watcher,
        [queue = d->queue, coord] {
            coord.waitForStop();
            queue->close(true);
            return Status::ok();
        },
        coord.recorder());
    Coordinator registrar = coord;
    for (const ThreadHandle &t : std::as_const(threads)) {
        registrar.registerThread(t);
        if (start)
            t->start();
    }
    return threads;
}

} // namespace qs
