// map(fn, num_parallel_calls, deterministic), and batch(..., num_parallel_calls): TensorFlow's
// ParallelMapDataset. Worker threads take turns pulling from the input (one at a time, so each
// pull gets the next sequence number), run fn outside every lock, and park the result under its
// number. At most `parallelism` elements are in flight or waiting to be taken (the map's output
// buffer). deterministic hands results out in input order; deterministic=False hands out
// whichever is ready first. With AUTOTUNE the pool has the CPU budget's threads and the
// Autotuner sets how many of them work. num_parallel_calls = 1 maps on the consumer's thread.
//
// Each kind of waiter has its own condition variable and is woken only by what it waits for:
// the consumer by a parked result or the end, a working thread by its turn to pull, a thread
// beyond the tuned parallelism by the tuner. Waking every thread at every change made each
// element cost several futile wake-ups, a quarter of the CPU on a 2-core guest (perf).
#include "dataset/datasetops.h"

#include "dataset/autotuner.h"
#include "dataset/iteratorcontext.h"
#include "dataset/stagecancel.h"
#include "dataset/tunedknob.h"
#include "observe/recorder.h"

#include <QCoreApplication>

#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace qs {
namespace {

struct MapConfig {
    QString name;
    QString type;
    MapFn fn;       // empty for a batch
    QString fnName; // the map function's name in the program's code
    int pull = 1;   // input elements per output element
    bool dropRemainder = false;
    int parallelCalls = 1; // kAutotune: tuned
    bool deterministic = true;
};

// A map function's error names the element's place in the input when it does not say itself.
Status located(Status s, const Element &in)
{
    if (s.isOk() || !s.where().file.isEmpty() || in.where.file.isEmpty())
        return s;
    return s.withLocation(in.where);
}

Status endOfSequence()
{
    return outOfRange(QCoreApplication::translate("Dataset", "End of sequence"));
}

class MapIterator final : public IteratorBase {
public:
    MapIterator(const DatasetOpPtr &input, const IteratorEnv &env, MapConfig config)
        : m_context(env.context)
        , m_config(std::move(config))
        , m_cancel(env.cancel, [this] { wake(); })
        , m_input(input->makeIterator(IteratorEnv{env.context, m_cancel.manager()}))
    {
        if (m_config.parallelCalls == 1)
            return;
        const bool autotune = m_config.parallelCalls < 0;
        Autotuner *tuner = m_context->tuner();
        const int workers = autotune ? tuner->cpuBudget() : m_config.parallelCalls;
        m_knob = std::make_shared<TunedKnob>();
        m_knob->op = m_config.name;
        m_knob->maximum = workers;
        m_knob->value.store(autotune ? 1 : workers, std::memory_order_relaxed);
        m_knob->onChange = [this] { wake(false); };
        m_queueId = m_context->queueId(m_config.name, m_config.type, workers);
        m_context->addQueue(m_config.name,
                            QCoreApplication::translate("Dataset", "%1 output").arg(m_config.name));
        const QString from = m_input->outputBuffer();
        for (int i = 0; i < workers; ++i) {
            const QString thread = QStringLiteral("%1/%2").arg(m_config.name).arg(i);
            m_context->addThread(TopologyThread{
                thread,
                ThreadRole::Worker,
                CodeRole::DatasetMap,
                QCoreApplication::translate("Dataset", "%1 worker %2").arg(m_config.name).arg(i + 1),
                {m_config.name},
                from.isEmpty() ? QStringList{} : QStringList{from},
                {}});
        }
        m_context->publish();
        if (autotune)
            tuner->add(m_knob);
        for (int i = 0; i < workers; ++i)
            m_threads.emplace_back([this, i] { work(i); });
    }

    ~MapIterator() override
    {
        if (m_knob && m_context->tuner())
            m_context->tuner()->remove(m_knob.get());
        if (m_knob) {
            std::lock_guard lock(m_knob->changeMu);
            m_knob->onChange = {};
        }
        m_cancel.cancel();
        for (std::thread &t : m_threads)
            t.join();
    }

    QString outputBuffer() const override { return m_knob ? m_config.name : m_input->outputBuffer(); }

    Status getNext(Element *out) override
    {
        if (!m_knob) {
            Element in;
            Status s = m_input->getNext(&in);
            if (!s.isOk())
                return s;
            ObservedThread::setState(ThreadState::Running, Activity::Working, m_config.name);
            return located(m_config.fn(in, out), in);
        }
        m_knob->calls.fetch_add(1, std::memory_order_relaxed);
        std::unique_lock lock(m_mu);
        bool waited = false;
        for (;;) {
            if (m_stop)
                return cancelled(QCoreApplication::translate("Dataset", "Iterator was cancelled"));
            auto it = m_config.deterministic ? m_ready.find(m_nextOut) : m_ready.begin();
            if (it != m_ready.end()) {
                Status s = std::move(it->second.first);
                *out = std::move(it->second.second);
                m_ready.erase(it);
                ++m_nextOut;
                reportLocked();
                lock.unlock();
                m_turn.notify_one(); // room for one more in flight
                ObservedThread::setState(ThreadState::Running, Activity::Dequeuing, m_config.name);
                return s;
            }
            if (m_endSeq >= 0 && m_nextOut >= m_endSeq) {
                if (!m_closed) {
                    m_closed = true;
                    reportLocked();
                }
                return endOfSequence();
            }
            if (!waited) {
                waited = true;
                m_knob->waits.fetch_add(1, std::memory_order_relaxed);
            }
            ObservedThread::setState(ThreadState::BlockedEmpty, Activity::None, m_config.name);
            const qint64 t0 = steadyNs();
            m_results.wait(lock);
            m_knob->waitNs.fetch_add(steadyNs() - t0, std::memory_order_relaxed);
        }
    }

private:
    // A stop wakes everyone; a change of the tuned parallelism, the threads it may set working.
    void wake(bool stop = true)
    {
        {
            std::lock_guard lock(m_mu);
            if (stop)
                m_stop = true;
        }
        m_idle.notify_all();
        m_turn.notify_all();
        if (stop)
            m_results.notify_all();
    }

    int outstandingLocked() const { return int(m_nextSeq - m_nextOut); }

    void reportLocked()
    {
        m_context->queueChanged(m_queueId, outstandingLocked(), m_nextSeq, m_nextOut, m_closed);
    }

    // Pulls one output's worth of input. Ok with *in (a batch when pull > 1); OutOfRange when
    // the input had nothing left for it; or the input's error.
    Status pull(Element *in, bool *last)
    {
        if (m_config.pull == 1 && m_config.fn) {
            Status s = m_input->getNext(in);
            *last = s.kind() == ErrorKind::OutOfRange || s.kind() == ErrorKind::Cancelled;
            return s;
        }
        std::vector<Element> batch;
        while (int(batch.size()) < m_config.pull) {
            Element e;
            Status s = m_input->getNext(&e);
            if (s.kind() == ErrorKind::OutOfRange || s.kind() == ErrorKind::Cancelled) {
                *last = true;
                if (batch.empty() || m_config.dropRemainder || s.kind() == ErrorKind::Cancelled)
                    return s.kind() == ErrorKind::Cancelled ? s : endOfSequence();
                break;
            }
            if (!s.isOk())
                return s;
            batch.push_back(std::move(e));
        }
        *in = Element{};
        in->where = batch.front().where;
        in->batch = std::move(batch);
        return {};
    }

    void work(int index)
    {
        ObservedThread self(m_context->recorder(), QStringLiteral("%1/%2").arg(m_config.name).arg(index),
                            ThreadRole::Worker);
        const IteratorContext::ExitNote exitNote{m_context.get(), ObservedThread::currentName()};
        std::unique_lock lock(m_mu);
        for (;;) {
            for (;;) {
                if (m_stop || m_inputDone)
                    break;
                const int active = m_knob->value.load(std::memory_order_relaxed);
                if (index < active && !m_pulling && outstandingLocked() < active)
                    break;
                if (index >= active) {
                    ObservedThread::setState(ThreadState::Waiting, Activity::None, m_config.name);
                    m_idle.wait(lock);
                    continue;
                }
                // Every working thread waits for the same thing here (no one pulling, room in
                // flight), so whichever one a notify_one wakes can take the turn.
                if (m_pulling) {
                    ObservedThread::setState(ThreadState::Waiting, Activity::None, m_config.name);
                } else {
                    m_knob->fullWaits.fetch_add(1, std::memory_order_relaxed);
                    ObservedThread::setState(ThreadState::BlockedFull, Activity::None, m_config.name);
                }
                m_turn.wait(lock);
            }
            if (m_stop || m_inputDone)
                break;
            const qint64 seq = m_nextSeq++;
            m_pulling = true;
            lock.unlock();

            ObservedThread::setState(ThreadState::Running, Activity::Dequeuing, m_config.name);
            const qint64 t0 = steadyNs();
            Element in;
            bool last = false;
            Status s = pull(&in, &last);
            m_knob->inputNs.fetch_add(steadyNs() - t0, std::memory_order_relaxed);

            lock.lock();
            m_pulling = false;
            if (last) {
                m_inputDone = true;
                m_endSeq = s.kind() == ErrorKind::OutOfRange ? seq : seq + 1;
                if (s.kind() == ErrorKind::OutOfRange)
                    m_nextSeq = seq;
            }
            reportLocked();
            lock.unlock();
            if (last) { // the end is known: the consumer may be waiting for it, the others stop
                m_results.notify_all();
                m_turn.notify_all();
                m_idle.notify_all();
            } else {
                m_turn.notify_one(); // the next pull's turn
            }
            if (s.kind() == ErrorKind::OutOfRange) {
                lock.lock();
                continue;
            }

            Element result;
            if (s.isOk() && m_config.fn) {
                ObservedThread::setState(ThreadState::Running, Activity::Working, m_config.name);
                const qint64 t1 = steadyNs();
                s = located(m_config.fn(in, &result), in);
                m_knob->processingNs.fetch_add(steadyNs() - t1, std::memory_order_relaxed);
            } else {
                result = std::move(in);
            }
            if (s.isOk())
                m_knob->elementBytes.store(result.approxBytes(), std::memory_order_relaxed);
            m_knob->produced.fetch_add(1, std::memory_order_relaxed);

            lock.lock();
            m_ready.emplace(seq, std::make_pair(std::move(s), std::move(result)));
            reportLocked();
            m_results.notify_all(); // the consumer (one thread in practice)
        }
        const bool stopped = m_stop;
        lock.unlock();
        ObservedThread::setState(stopped ? ThreadState::Cancelled : ThreadState::Stopped);
    }

    std::shared_ptr<IteratorContext> m_context;
    MapConfig m_config;
    std::mutex m_mu;
    std::condition_variable m_results;                    // the consumer waits here for a result or the end
    std::condition_variable m_turn;                       // a working thread waits here for its turn to pull
    std::condition_variable m_idle;                       // a thread beyond the tuned parallelism waits here
    bool m_stop = false;                                  // guarded by m_mu
    bool m_pulling = false;                               // guarded by m_mu: a worker is pulling
    bool m_inputDone = false;                             // guarded by m_mu
    bool m_closed = false;                                // guarded by m_mu
    qint64 m_nextSeq = 0;                                 // guarded by m_mu: next number to pull
    qint64 m_nextOut = 0;                                 // guarded by m_mu: results handed out
    qint64 m_endSeq = -1;                                 // guarded by m_mu: numbers below it exist
    std::map<qint64, std::pair<Status, Element>> m_ready; // guarded by m_mu
    int m_queueId = -1;
    std::shared_ptr<TunedKnob> m_knob; // null when mapping on the consumer's thread
    StageCancel m_cancel;
    std::unique_ptr<IteratorBase> m_input;
    std::vector<std::thread> m_threads;
};

class MapOp final : public DatasetOp {
public:
    MapOp(DatasetOpPtr input, MapConfig config)
        : DatasetOp(config.name)
        , m_input(std::move(input))
        , m_config(std::move(config))
    {}
    QString code() const override
    {
        const QString calls = m_config.parallelCalls < 0 ? QStringLiteral("tf.data.AUTOTUNE")
                                                         : QString::number(m_config.parallelCalls);
        const QString det = m_config.deterministic ? QStringLiteral("True") : QStringLiteral("False");
        if (!m_config.fn)
            return QStringLiteral("dataset = dataset.batch(%1, drop_remainder=%2, num_parallel_calls=%3)")
                .arg(m_config.pull)
                .arg(m_config.dropRemainder ? QStringLiteral("True") : QStringLiteral("False"), calls);
        return QStringLiteral("dataset = dataset.map(%3, num_parallel_calls=%1, deterministic=%2)")
            .arg(calls, det, m_config.fnName);
    }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &env) const override
    {
        return std::make_unique<MapIterator>(m_input, env, m_config);
    }

private:
    DatasetOpPtr m_input;
    MapConfig m_config;
};

} // namespace

DatasetOpPtr makeMapOp(DatasetOpPtr input, MapFn fn, int parallelCalls, bool deterministic, QString fnName)
{
    MapConfig c;
    c.name = stageName("map", input);
    c.type = QStringLiteral("ParallelMapDataset");
    c.fn = std::move(fn);
    c.fnName = std::move(fnName);
    c.parallelCalls = parallelCalls;
    c.deterministic = deterministic;
    return std::make_shared<MapOp>(std::move(input), std::move(c));
}

DatasetOpPtr makeParallelBatchOp(DatasetOpPtr input, int batchSize, bool dropRemainder, int parallelCalls)
{
    MapConfig c;
    c.name = stageName("batch", input);
    c.type = QStringLiteral("ParallelBatchDataset");
    c.pull = batchSize;
    c.dropRemainder = dropRemainder;
    c.parallelCalls = parallelCalls;
    return std::make_shared<MapOp>(std::move(input), std::move(c));
}

} // namespace qs
