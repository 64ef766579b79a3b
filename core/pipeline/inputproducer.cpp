#include "pipeline/inputproducer.h"

#include "pipeline/queuerunner.h"
#include "pipeline/queuerunnerregistry.h"
#include "pipeline/randomshufflequeue.h"

#include <algorithm>
#include <mutex>
#include <random>

namespace qs {

namespace {

// The producer's epoch counter and generator. One thread calls next() at a time, but a runner
// may be restarted on another thread, hence the mutex.
class Epochs {
public:
    Epochs(QStringList strings, int numEpochs, bool shuffle, quint64 seed)
        : m_strings(std::move(strings))
        , m_numEpochs(numEpochs)
        , m_shuffle(shuffle)
        , m_rng(seed)
    {}

    // The next epoch's order, or OutOfRange once numEpochs have been handed out.
    Result<std::vector<QString>> next()
    {
        std::lock_guard lock(m_mu);
        if (m_numEpochs > 0 && m_done >= m_numEpochs)
            return Status(
                ErrorKind::OutOfRange,
                QStringLiteral("string_input_producer reached its limit of %1 epoch(s)").arg(m_numEpochs));
        ++m_done;
        std::vector<QString> order(m_strings.begin(), m_strings.end());
        if (m_shuffle)
            std::shuffle(order.begin(), order.end(), m_rng);
        return order;
    }

private:
    const QStringList m_strings;
    const int m_numEpochs;
    const bool m_shuffle;
    std::mutex m_mu;
    std::mt19937_64 m_rng; // guarded by m_mu
    int m_done = 0;        // guarded by m_mu
};

} // namespace

Result<InputProducer> stringInputProducer(const QStringList &strings, const InputProducerOptions &options)
{
    if (strings.isEmpty())
        return Status(ErrorKind::InvalidArgument,
                      QStringLiteral("string_input_producer requires a non-empty list of files"));
    if (options.numEpochs < 0)
        return Status(
            ErrorKind::InvalidArgument,
            QStringLiteral("string_input_producer: num_epochs must be 0 (unlimited) or more (got %1)")
                .arg(options.numEpochs));
    auto queue = FIFOQueue<QString>::create(options.name, options.capacity, options.recorder);
    if (!queue)
        return queue.status();

    InputProducer out;
    out.queue = *queue;
    out.seed = detail::resolveSeed(options.seed);
    auto epochs = std::make_shared<Epochs>(strings, options.numEpochs, options.shuffle, out.seed);
    out.runner = std::make_shared<QueueRunner>(
        out.queue,
        [epochs, q = out.queue](int) -> Status {
            auto order = epochs->next();
            if (!order)
                return order.status();
            return q->enqueueMany(std::move(*order));
        },
        QueueRunner::Options{1,
                             ThreadRole::Producer,
                             {ErrorKind::OutOfRange},
                             // TF's op: input_producer/input_producer_EnqueueMany
                             QStringLiteral("%1/%1_EnqueueMany").arg(options.name)});
    if (options.registry)
        options.registry->addQueueRunner(out.runner);
    return out;
}

} // namespace qs
