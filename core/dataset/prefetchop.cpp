// prefetch(buffer_size): one background thread runs the input ahead of the consumer into a
// buffer of buffer_size elements (errors and the end take their place in it, in order). With
// AUTOTUNE the Autotuner sets the buffer's size, starting at 1, within the RAM budget.
#include "dataset/datasetops.h"

#include "dataset/autotuner.h"
#include "dataset/iteratorcontext.h"
#include "dataset/stagecancel.h"
#include "dataset/tunedknob.h"
#include "observe/recorder.h"

#include <QCoreApplication>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace qs {
namespace {

constexpr int kMaxAutotunedBuffer = 256;

class PrefetchIterator final : public IteratorBase {
public:
    PrefetchIterator(const DatasetOpPtr &input, const IteratorEnv &env, QString name, int bufferSize)
        : m_context(env.context)
        , m_name(std::move(name))
        , m_cancel(env.cancel, [this] { wake(true); })
        , m_input(input->makeIterator(IteratorEnv{env.context, m_cancel.manager()}))
    {
        const bool autotune = bufferSize < 0;
        m_knob->kind = TunedKnob::Kind::Buffer;
        m_knob->op = m_name;
        m_knob->maximum = autotune ? kMaxAutotunedBuffer : bufferSize;
        m_knob->value.store(autotune ? 1 : bufferSize, std::memory_order_relaxed);
        m_knob->onChange = [this] { wake(false); };
        m_queueId = m_context->queueId(m_name, QStringLiteral("PrefetchDataset"), m_knob->maximum);
        m_context->addQueue(m_name, QCoreApplication::translate("Dataset", "prefetch buffer"));
        const QString from = m_input->outputBuffer();
        m_context->addThread(TopologyThread{m_name + QStringLiteral("/0"),
                                            ThreadRole::Worker,
                                            CodeRole::DatasetPrefetch,
                                            QCoreApplication::translate("Dataset", "%1 thread").arg(m_name),
                                            {m_name},
                                            from.isEmpty() ? QStringList{} : QStringList{from},
                                            {}});
        m_context->publish();
        if (autotune)
            m_context->tuner()->add(m_knob);
        m_thread = std::thread([this] { work(); });
    }

    ~PrefetchIterator() override
    {
        if (m_context->tuner())
            m_context->tuner()->remove(m_knob.get());
        {
            std::lock_guard lock(m_knob->changeMu);
            m_knob->onChange = {};
        }
        m_cancel.cancel();
        m_thread.join();
    }

    QString outputBuffer() const override { return m_name; }

    Status getNext(Element *out) override
    {
        m_knob->calls.fetch_add(1, std::memory_order_relaxed);
        std::unique_lock lock(m_mu);
        if (m_buffer.empty() && !m_stop && !m_done) {
            m_knob->waits.fetch_add(1, std::memory_order_relaxed);
            ObservedThread::setState(ThreadState::BlockedEmpty, Activity::None, m_name);
            const qint64 t0 = steadyNs();
            m_cv.wait(lock, [this] { return !m_buffer.empty() || m_stop || m_done; });
            m_knob->waitNs.fetch_add(steadyNs() - t0, std::memory_order_relaxed);
        }
        if (m_stop)
            return cancelled(QCoreApplication::translate("Dataset", "Iterator was cancelled"));
        if (m_buffer.empty())
            return outOfRange(QCoreApplication::translate("Dataset", "End of sequence"));
        Status s = std::move(m_buffer.front().first);
        *out = std::move(m_buffer.front().second);
        m_buffer.pop_front();
        ++m_dequeued;
        reportLocked();
        lock.unlock();
        m_cv.notify_all();
        ObservedThread::setState(ThreadState::Running, Activity::Dequeuing, m_name);
        return s;
    }

private:
    void wake(bool stop)
    {
        {
            std::lock_guard lock(m_mu);
            m_stop = m_stop || stop;
        }
        m_cv.notify_all();
    }

    void reportLocked()
    {
        m_context->queueChanged(m_queueId, int(m_buffer.size()), m_enqueued, m_dequeued, m_done);
    }

    void work()
    {
        ObservedThread self(m_context->recorder(), m_name + QStringLiteral("/0"), ThreadRole::Worker);
        const IteratorContext::ExitNote exitNote{m_context.get(), ObservedThread::currentName()};
        for (;;) {
            {
                std::unique_lock lock(m_mu);
                auto room = [this] {
                    return m_stop || int(m_buffer.size()) < m_knob->value.load(std::memory_order_relaxed);
                };
                if (!room()) {
                    m_knob->fullWaits.fetch_add(1, std::memory_order_relaxed);
                    ObservedThread::setState(ThreadState::BlockedFull, Activity::None, m_name);
                    m_cv.wait(lock, room);
                }
                if (m_stop)
                    break;
            }
            ObservedThread::setState(ThreadState::Running, Activity::Dequeuing, m_name);
            Element e;
            const qint64 t0 = steadyNs();
            Status s = m_input->getNext(&e);
            m_knob->processingNs.fetch_add(steadyNs() - t0, std::memory_order_relaxed);
            m_knob->produced.fetch_add(1, std::memory_order_relaxed);
            if (s.isOk())
                m_knob->elementBytes.store(e.approxBytes(), std::memory_order_relaxed);
            std::unique_lock lock(m_mu);
            if (s.kind() == ErrorKind::OutOfRange || (s.kind() == ErrorKind::Cancelled && m_stop)) {
                m_done = true;
                reportLocked();
                lock.unlock();
                m_cv.notify_all();
                break;
            }
            m_buffer.emplace_back(std::move(s), std::move(e));
            ++m_enqueued;
            reportLocked();
            lock.unlock();
            m_cv.notify_all();
        }
        std::lock_guard lock(m_mu);
        ObservedThread::setState(m_stop ? ThreadState::Cancelled : ThreadState::Stopped);
    }

    std::shared_ptr<IteratorContext> m_context;
    QString m_name;
    std::mutex m_mu;
    std::condition_variable m_cv;
    bool m_stop = false;                             // guarded by m_mu
    bool m_done = false;                             // guarded by m_mu: the input ended
    std::deque<std::pair<Status, Element>> m_buffer; // guarded by m_mu
    qint64 m_enqueued = 0;                           // guarded by m_mu
    qint64 m_dequeued = 0;                           // guarded by m_mu
    int m_queueId = -1;
    std::shared_ptr<TunedKnob> m_knob = std::make_shared<TunedKnob>();
    StageCancel m_cancel;
    std::unique_ptr<IteratorBase> m_input;
    std::thread m_thread;
};

class PrefetchOp final : public DatasetOp {
public:
    PrefetchOp(DatasetOpPtr input, int bufferSize)
        : DatasetOp(stageName("prefetch", input))
        , m_input(std::move(input))
        , m_bufferSize(bufferSize)
    {}
    QString code() const override
    {
        return QStringLiteral("dataset = dataset.prefetch(%1)")
            .arg(m_bufferSize < 0 ? QStringLiteral("tf.data.AUTOTUNE") : QString::number(m_bufferSize));
    }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &env) const override
    {
        return std::make_unique<PrefetchIterator>(m_input, env, name(), m_bufferSize);
    }

private:
    DatasetOpPtr m_input;
    int m_bufferSize;
};

} // namespace

DatasetOpPtr makePrefetchOp(DatasetOpPtr input, int bufferSize)
{
    return std::make_shared<PrefetchOp>(std::move(input), bufferSize);
}

} // namespace qs
