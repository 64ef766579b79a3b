// shuffle(buffer_size, seed, reshuffle_each_iteration): TensorFlow's shuffle buffer. The buffer
// is filled from the input to buffer_size; each element handed out is drawn uniformly from it
// and its place refilled with the next input element; at the input's end the buffer drains in
// random order. A seed makes the order reproducible; with reshuffle_each_iteration every new
// iterator (every epoch under repeat) draws with the next seed of a sequence that starts at
// that seed, so epochs differ and the whole run is still reproducible. Seed 0 is random.
#include "dataset/datasetops.h"

#include "dataset/iteratorcontext.h"
#include "observe/recorder.h"

#include <QCoreApplication>

#include <atomic>
#include <random>
#include <vector>

namespace qs {
namespace {

class ShuffleIterator final : public IteratorBase {
public:
    ShuffleIterator(std::unique_ptr<IteratorBase> input, std::shared_ptr<IteratorContext> context,
                    QString name, int bufferSize, quint64 seed)
        : m_input(std::move(input))
        , m_context(std::move(context))
        , m_name(std::move(name))
        , m_bufferSize(bufferSize)
        , m_random(seed)
    {
        m_queueId = m_context->queueId(m_name, QStringLiteral("ShuffleDataset"), bufferSize);
        m_context->addQueue(m_name, QCoreApplication::translate("Dataset", "shuffle buffer"));
        m_context->publish();
    }
    Status getNext(Element *out) override
    {
        while (!m_inputDone && int(m_buffer.size()) < m_bufferSize) {
            Element e;
            Status s = m_input->getNext(&e);
            if (s.kind() == ErrorKind::OutOfRange) {
                m_inputDone = true;
                break;
            }
            if (!s.isOk())
                return s;
            m_buffer.push_back(std::move(e));
            ++m_enqueued;
            report();
        }
        if (m_buffer.empty()) {
            if (!m_closed) {
                m_closed = true;
                report();
            }
            return outOfRange(QCoreApplication::translate("Dataset", "End of sequence"));
        }
        std::uniform_int_distribution<std::size_t> pick(0, m_buffer.size() - 1);
        const std::size_t i = pick(m_random);
        *out = std::move(m_buffer[i]);
        m_buffer[i] = std::move(m_buffer.back());
        m_buffer.pop_back();
        ++m_dequeued;
        report();
        return {};
    }
    QString outputBuffer() const override { return m_name; }

private:
    void report() const
    {
        m_context->queueChanged(m_queueId, int(m_buffer.size()), m_enqueued, m_dequeued, m_closed);
    }

    std::unique_ptr<IteratorBase> m_input;
    std::shared_ptr<IteratorContext> m_context;
    QString m_name;
    int m_bufferSize;
    std::mt19937_64 m_random;
    std::vector<Element> m_buffer;
    bool m_inputDone = false;
    bool m_closed = false;
    int m_queueId = -1;
    qint64 m_enqueued = 0;
    qint64 m_dequeued = 0;
};

class ShuffleOp final : public DatasetOp {
public:
    ShuffleOp(DatasetOpPtr input, int bufferSize, quint64 seed, bool reshuffle)
        : DatasetOp(stageName("shuffle", input))
        , m_input(std::move(input))
        , m_bufferSize(bufferSize)
        , m_seed(seed)
        , m_reshuffle(reshuffle)
    {
        if (m_seed == 0)
            m_seed = (quint64(std::random_device{}()) << 32) ^ std::random_device{}();
    }
    QString code() const override
    {
        return QStringLiteral("dataset = dataset.shuffle(%1, seed=%2, reshuffle_each_iteration=%3)")
            .arg(m_bufferSize)
            .arg(m_seed)
            .arg(m_reshuffle ? QStringLiteral("True") : QStringLiteral("False"));
    }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &env) const override
    {
        quint64 seed = m_seed;
        if (m_reshuffle) {
            const quint64 n = m_iterations.fetch_add(1, std::memory_order_relaxed);
            std::seed_seq mix{quint32(m_seed), quint32(m_seed >> 32), quint32(n), quint32(n >> 32)};
            std::mt19937_64 g(mix);
            seed = g();
        }
        return std::make_unique<ShuffleIterator>(m_input->makeIterator(env), env.context, name(),
                                                 m_bufferSize, seed);
    }

private:
    DatasetOpPtr m_input;
    int m_bufferSize;
    quint64 m_seed;
    bool m_reshuffle;
    mutable std::atomic<quint64> m_iterations{0};
};

} // namespace

DatasetOpPtr makeShuffleOp(DatasetOpPtr input, int bufferSize, quint64 seed, bool reshuffleEachIteration)
{
    return std::make_shared<ShuffleOp>(std::move(input), bufferSize, seed, reshuffleEachIteration);
}

} // namespace qs
