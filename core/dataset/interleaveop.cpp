// interleave(fn, cycle_length, block_length, num_parallel_calls, deterministic): TensorFlow's
// (Parallel)InterleaveDataset. fn turns each input element (a file name) into a dataset (its
// TFRecordDataset). Up to cycle_length of them are open at once, one per slot of the cycle;
// block_length consecutive elements are taken from a slot before moving to the next. A slot
// whose dataset ends moves the cycle on and is refilled with the next input element when the
// cycle comes back to it; the output ends when the input and every slot are exhausted.
//
// num_parallel_calls = 1 reads each slot on the consumer's thread. Otherwise worker threads
// (num_parallel_calls of them, at most cycle_length; with AUTOTUNE cycle_length, of which the
// Autotuner sets how many work) read ahead into each open slot's buffer; deterministic keeps
// exactly the sequential order, deterministic=False takes from any slot with an element ready
// when the current one has none, so one slow file does not hold the others back.
//
// The consumer, the working readers and the readers beyond the tuned parallelism each wait on
// their own condition variable, woken only by what they wait for (as map: mapop.cpp).
#include "dataset/datasetops.h"

#include "dataset/autotuner.h"
#include "dataset/dataset.h"
#include "dataset/iteratorcontext.h"
#include "dataset/stagecancel.h"
#include "dataset/tunedknob.h"
#include "observe/recorder.h"

#include <QCoreApplication>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace qs {
namespace {

struct InterleaveConfig {
    QString name;
    InterleaveFn fn;
    int cycleLength = 1;
    int blockLength = 1;
    int parallelCalls = 1;
    bool deterministic = true;
};

struct Slot {
    std::unique_ptr<IteratorBase> it;
    std::deque<std::pair<Status, Element>> buffer;
    bool open = false;
    bool ended = false; // its dataset ended (read ahead); the buffer may still hold elements
    bool busy = false;  // a worker is reading it
};

class InterleaveIterator final : public IteratorBase {
public:
    InterleaveIterator(const DatasetOpPtr &input, const IteratorEnv &env, InterleaveConfig config)
        : m_context(env.context)
        , m_config(std::move(config))
        , m_slots(std::size_t(m_config.cycleLength))
        , m_cancel(env.cancel, [this] { wake(true); })
        , m_input(input->makeIterator(IteratorEnv{env.context, m_cancel.manager()}))
    {
        const bool autotune = m_config.parallelCalls < 0;
        const int workers =
            m_config.parallelCalls == 1
                ? 0
                : std::min(autotune ? m_config.cycleLength : m_config.parallelCalls, m_config.cycleLength);
        m_perSlot = std::max(2, m_config.blockLength);
        m_knob->op = m_config.name;
        m_knob->maximum = std::max(workers, 1);
        m_knob->value.store(autotune ? 1 : std::max(workers, 1), std::memory_order_relaxed);
        m_knob->onChange = [this] { wake(false); };
        m_queueId = m_context->queueId(m_config.name, QStringLiteral("InterleaveDataset"),
                                       m_config.cycleLength * (workers ? m_perSlot : 1));
        m_context->addQueue(m_config.name, QCoreApplication::translate("Dataset", "interleave cycle"));
        for (int i = 0; i < workers; ++i)
            m_context->addThread(TopologyThread{
                threadName(i),
                ThreadRole::Reader,
                CodeRole::DatasetRead,
                QCoreApplication::translate("Dataset", "%1 reader %2").arg(m_config.name).arg(i + 1),
                {m_config.name},
                {},
                {}});
        m_context->publish();
        if (autotune && workers > 0)
            m_context->tuner()->add(m_knob);
        for (int i = 0; i < workers; ++i)
            m_threads.emplace_back([this, i] { work(i); });
    }

    ~InterleaveIterator() override
    {
        if (m_context->tuner())
            m_context->tuner()->remove(m_knob.get());
        {
            std::lock_guard lock(m_knob->changeMu);
            m_knob->onChange = {};
        }
        m_cancel.cancel();
        for (std::thread &t : m_threads)
            t.join();
    }

    QString outputBuffer() const override { return m_config.name; }

    Status getNext(Element *out) override
    {
        m_knob->calls.fetch_add(1, std::memory_order_relaxed);
        std::unique_lock lock(m_mu);
        bool waited = false;
        for (;;) {
            if (m_stop)
                return cancelled(QCoreApplication::translate("Dataset", "Iterator was cancelled"));
            Slot &slot = m_slots[std::size_t(m_cycle)];
            if (slot.open) {
                if (m_threads.empty() && slot.buffer.empty() && !slot.ended)
                    readLocked(slot, lock); // sequential: read on this thread
                if (!slot.buffer.empty())
                    return takeLocked(slot, out, true, lock);
                if (slot.ended) {
                    closeLocked(slot);
                    advanceLocked();
                    continue;
                }
                if (!m_config.deterministic) {
                    if (Slot *other = readyOtherLocked())
                        return takeLocked(*other, out, false, lock);
                    // Opening a free slot releases the lock: whatever it opened or not, look
                    // again, since a worker may have filled a slot meanwhile (its wake-up came
                    // while this thread was not waiting). An input error is the caller's.
                    if (Slot *free = m_inputDone ? nullptr : freeSlotLocked()) {
                        if (Status s = openLocked(*free, lock); !s.isOk())
                            return s;
                        continue;
                    }
                }
                if (!waited) {
                    waited = true;
                    m_knob->waits.fetch_add(1, std::memory_order_relaxed);
                }
                ObservedThread::setState(ThreadState::BlockedEmpty, Activity::None, m_config.name);
                const qint64 t0 = steadyNs();
                m_elements.wait(lock);
                m_knob->waitNs.fetch_add(steadyNs() - t0, std::memory_order_relaxed);
            } else if (!m_inputDone) {
                Status s = openLocked(slot, lock);
                if (!s.isOk())
                    return s;
            } else if (m_open == 0) {
                if (!m_closed) {
                    m_closed = true;
                    reportLocked();
                }
                return outOfRange(QCoreApplication::translate("Dataset", "End of sequence"));
            } else {
                advanceLocked();
            }
        }
    }

private:
    QString threadName(int i) const { return QStringLiteral("%1/%2").arg(m_config.name).arg(i); }

    void wake(bool stop)
    {
        {
            std::lock_guard lock(m_mu);
            m_stop = m_stop || stop;
        }
        m_elements.notify_all();
        m_work.notify_all();
        m_idle.notify_all();
    }

    // The readers leave once the input is done and every slot closed.
    void releaseReadersIfDoneLocked()
    {
        if (m_inputDone && m_open == 0) {
            m_work.notify_all();
            m_idle.notify_all();
        }
    }

    void reportLocked() { m_context->queueChanged(m_queueId, m_buffered, m_enqueued, m_dequeued, m_closed); }

    void advanceLocked()
    {
        m_block = 0;
        m_cycle = (m_cycle + 1) % m_config.cycleLength;
    }

    Status takeLocked(Slot &slot, Element *out, bool current, std::unique_lock<std::mutex> &lock)
    {
        Status s = std::move(slot.buffer.front().first);
        *out = std::move(slot.buffer.front().second);
        slot.buffer.pop_front();
        --m_buffered;
        ++m_dequeued;
        if (current && ++m_block >= m_config.blockLength)
            advanceLocked();
        reportLocked();
        lock.unlock();
        m_work.notify_one(); // room in the slot
        ObservedThread::setState(ThreadState::Running, Activity::Dequeuing, m_config.name);
        return s;
    }

    Slot *readyOtherLocked()
    {
        for (Slot &s : m_slots)
            if (s.open && !s.buffer.empty())
                return &s;
        return nullptr;
    }

    // Pulls the next input element into `slot`. Ok also at the input's end (m_inputDone).
    Status openLocked(Slot &slot, std::unique_lock<std::mutex> &lock)
    {
        lock.unlock();
        Element e;
        Status s = m_input->getNext(&e);
        std::unique_ptr<IteratorBase> it;
        if (s.isOk())
            it = m_config.fn(e).op()->makeIterator(IteratorEnv{m_context, m_cancel.manager()});
        lock.lock();
        if (s.kind() == ErrorKind::OutOfRange) {
            m_inputDone = true;
            releaseReadersIfDoneLocked();
            return {};
        }
        if (!s.isOk())
            return s;
        slot.it = std::move(it);
        slot.open = true;
        slot.ended = false;
        ++m_open;
        m_work.notify_one(); // a slot to read
        return {};
    }

    Slot *freeSlotLocked()
    {
        for (Slot &s : m_slots)
            if (!s.open)
                return &s;
        return nullptr;
    }

    void closeLocked(Slot &slot)
    {
        slot.it.reset();
        slot.open = false;
        slot.ended = false;
        --m_open;
        releaseReadersIfDoneLocked();
    }

    // Reads one element of `slot` with the lock released; the slot is marked busy meanwhile.
    void readLocked(Slot &slot, std::unique_lock<std::mutex> &lock)
    {
        slot.busy = true;
        IteratorBase *it = slot.it.get();
        lock.unlock();
        Element e;
        const qint64 t0 = steadyNs();
        Status s = it->getNext(&e);
        m_knob->processingNs.fetch_add(steadyNs() - t0, std::memory_order_relaxed);
        m_knob->produced.fetch_add(1, std::memory_order_relaxed);
        lock.lock();
        slot.busy = false;
        if (s.kind() == ErrorKind::OutOfRange || (s.kind() == ErrorKind::Cancelled && m_stop)) {
            slot.ended = true;
        } else {
            if (s.isOk())
                m_knob->elementBytes.store(e.approxBytes(), std::memory_order_relaxed);
            slot.buffer.emplace_back(std::move(s), std::move(e));
            ++m_buffered;
            ++m_enqueued;
        }
        reportLocked();
    }

    // The slot a worker should read next: open, not ended, not being read, with room; the
    // current slot first, then the ones after it in cycle order.
    Slot *pickLocked()
    {
        for (int k = 0; k < m_config.cycleLength; ++k) {
            Slot &s = m_slots[std::size_t((m_cycle + k) % m_config.cycleLength)];
            if (s.open && !s.ended && !s.busy && int(s.buffer.size()) < m_perSlot)
                return &s;
        }
        return nullptr;
    }

    void work(int index)
    {
        ObservedThread self(m_context->recorder(), threadName(index), ThreadRole::Reader);
        const IteratorContext::ExitNote exitNote{m_context.get(), ObservedThread::currentName()};
        std::unique_lock lock(m_mu);
        while (!m_stop) {
            const bool working = index < m_knob->value.load(std::memory_order_relaxed);
            Slot *slot = working ? pickLocked() : nullptr;
            if (!slot) {
                if (m_inputDone && m_open == 0)
                    break;
                ObservedThread::setState(ThreadState::Waiting, Activity::None, m_config.name);
                // Every working reader waits for the same thing (a slot it may read), so
                // whichever one a notify_one wakes can take it.
                (working ? m_work : m_idle).wait(lock);
                continue;
            }
            ObservedThread::setState(ThreadState::Running, Activity::Reading, m_config.name);
            readLocked(*slot, lock);
            m_elements.notify_one(); // the consumer, waiting for this slot or any
            m_work.notify_one();     // the slot is free to read again, should this reader go on elsewhere
        }
        const bool stopped = m_stop;
        lock.unlock();
        ObservedThread::setState(stopped ? ThreadState::Cancelled : ThreadState::Stopped);
    }

    std::shared_ptr<IteratorContext> m_context;
    InterleaveConfig m_config;
    std::mutex m_mu;
    std::condition_variable m_elements; // the consumer waits here for an element or a slot's end
    std::condition_variable m_work;     // a working reader waits here for a slot to read
    std::condition_variable m_idle;     // a reader beyond the tuned parallelism waits here
    std::vector<Slot> m_slots; // guarded by m_mu (a busy slot's iterator is used unlocked by one reader)
    bool m_stop = false;       // guarded by m_mu
    bool m_inputDone = false;  // guarded by m_mu
    bool m_closed = false;     // guarded by m_mu
    int m_cycle = 0;           // guarded by m_mu
    int m_block = 0;           // guarded by m_mu
    int m_open = 0;            // guarded by m_mu
    int m_buffered = 0;        // guarded by m_mu
    qint64 m_enqueued = 0;     // guarded by m_mu
    qint64 m_dequeued = 0;     // guarded by m_mu
    int m_perSlot = 2;
    int m_queueId = -1;
    std::shared_ptr<TunedKnob> m_knob = std::make_shared<TunedKnob>();
    StageCancel m_cancel;
    std::unique_ptr<IteratorBase> m_input; // used by the consumer only
    std::vector<std::thread> m_threads;
};

class InterleaveOp final : public DatasetOp {
public:
    InterleaveOp(DatasetOpPtr input, InterleaveConfig config)
        : DatasetOp(config.name)
        , m_input(std::move(input))
        , m_config(std::move(config))
    {}
    QString code() const override
    {
        return QStringLiteral("dataset = dataset.interleave(tf.data.TFRecordDataset, cycle_length=%1, "
                              "block_length=%2, num_parallel_calls=%3, deterministic=%4)")
            .arg(m_config.cycleLength)
            .arg(m_config.blockLength)
            .arg(m_config.parallelCalls < 0 ? QStringLiteral("tf.data.AUTOTUNE")
                                            : QString::number(m_config.parallelCalls),
                 m_config.deterministic ? QStringLiteral("True") : QStringLiteral("False"));
    }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &env) const override
    {
        return std::make_unique<InterleaveIterator>(m_input, env, m_config);
    }

private:
    DatasetOpPtr m_input;
    InterleaveConfig m_config;
};

} // namespace

DatasetOpPtr makeInterleaveOp(DatasetOpPtr input, InterleaveFn fn, int cycleLength, int blockLength,
                              int parallelCalls, bool deterministic)
{
    InterleaveConfig c{stageName("interleave", input),
                       std::move(fn),
                       cycleLength,
                       blockLength,
                       parallelCalls,
                       deterministic};
    return std::make_shared<InterleaveOp>(std::move(input), std::move(c));
}

} // namespace qs
