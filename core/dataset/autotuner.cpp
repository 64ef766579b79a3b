#include "dataset/autotuner.h"

#include "dataset/tunedknob.h"
#include "observe/recorder.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <unistd.h>

#include <algorithm>
#include <thread>

namespace qs {

namespace {

constexpr double kMinGain = 0.10; // a parallelism step must cut the modelled latency by this
constexpr double kStarved = 0.02; // a consumer that waited in this share of calls wants more
constexpr double kBufferStarved = 0.10;
constexpr double kCoreSlack = 0.25; // measurement noise allowed over the CPU budget
constexpr double kBottleneck = 0.5; // a stage this much faster than its consumer is left alone

qint64 physicalMemory()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? qint64(pages) * size : qint64(4) << 30;
}

} // namespace

struct Autotuner::Tracked {
    std::shared_ptr<TunedKnob> knob;
    qint64 produced = 0, processingNs = 0, inputNs = 0, calls = 0, waits = 0, waitNs = 0, fullWaits = 0;
    qint64 atNs = 0; // when the baseline was taken

    // Deltas since the last step; the baseline moves on.
    struct Delta {
        qint64 produced, processingNs, inputNs, calls, waits, waitNs, fullWaits, wallNs;
    };
    Delta take()
    {
        auto grab = [](const std::atomic<qint64> &a, qint64 &last) {
            const qint64 now = a.load(std::memory_order_relaxed);
            const qint64 d = now - last;
            last = now;
            return d;
        };
        return Delta{grab(knob->produced, produced),   grab(knob->processingNs, processingNs),
                     grab(knob->inputNs, inputNs),     grab(knob->calls, calls),
                     grab(knob->waits, waits),         grab(knob->waitNs, waitNs),
                     grab(knob->fullWaits, fullWaits), wall()};
    }
    qint64 wall()
    {
        const qint64 now = steadyNs();
        const qint64 d = now - atNs;
        atNs = now;
        return d;
    }
};

Autotuner::Autotuner(Options options, Recorder *recorder)
    : m_options(options)
    , m_recorder(recorder)
{
    if (m_options.cpuBudget <= 0)
        m_options.cpuBudget = int(std::max(1u, std::thread::hardware_concurrency()));
    if (m_options.ramBudget <= 0)
        m_options.ramBudget = physicalMemory() / 2;
    m_options.periodElements = std::max(1, m_options.periodElements);
    m_options.periodMs = std::max(1, m_options.periodMs);
}

Autotuner::~Autotuner() = default;

void Autotuner::add(std::shared_ptr<TunedKnob> knob)
{
    std::lock_guard lock(m_mu);
    auto t = std::make_unique<Tracked>();
    t->knob = std::move(knob);
    t->take();
    m_knobs.push_back(std::move(t));
}

void Autotuner::remove(const TunedKnob *knob)
{
    std::lock_guard lock(m_mu);
    std::erase_if(m_knobs, [knob](const std::unique_ptr<Tracked> &t) { return t->knob.get() == knob; });
}

void Autotuner::elementDelivered()
{
    QList<Decision> made;
    {
        std::lock_guard lock(m_mu);
        const qint64 now = steadyNs();
        if (m_lastStepNs == 0)
            m_lastStepNs = now;
        const bool due = ++m_delivered >= m_options.periodElements ||
                         now - m_lastStepNs >= qint64(m_options.periodMs) * 1000000;
        if (!due || m_knobs.empty())
            return;
        m_delivered = 0;
        m_lastStepNs = now;
        const qsizetype before = m_decisions.size();
        stepLocked();
        made = m_decisions.mid(before);
    }
    // Outside the lock: an event may hold this thread at the step gate.
    if (m_recorder)
        for (const Decision &d : made)
            m_recorder->event(EventKind::Note, ObservedThread::currentName(),
                              {{QStringLiteral("what"), QStringLiteral("autotune")},
                               {QStringLiteral("op"), d.op},
                               {QStringLiteral("knob"), d.knob},
                               {QStringLiteral("from"), d.from},
                               {QStringLiteral("to"), d.to},
                               {QStringLiteral("message"), d.message}});
}

QList<Autotuner::Decision> Autotuner::decisions() const
{
    std::lock_guard lock(m_mu);
    return m_decisions;
}

void Autotuner::stepLocked()
{
    qint64 bufferBytes = 0;
    std::vector<Tracked::Delta> deltas;
    double cores = 0; // the tuned stages' measured core use over the period
    for (auto &t : m_knobs) {
        deltas.push_back(t->take());
        const Tracked::Delta &d = deltas.back();
        if (t->knob->kind == TunedKnob::Kind::Parallelism && d.wallNs > 0)
            cores += double(d.processingNs) / double(d.wallNs);
        else
            bufferBytes += qint64(t->knob->value.load(std::memory_order_relaxed)) *
                           t->knob->elementBytes.load(std::memory_order_relaxed);
    }

    Tracked *best = nullptr;
    double bestGain = kMinGain, bestBefore = 0, bestAfter = 0;
    for (std::size_t i = 0; i < m_knobs.size(); ++i) {
        Tracked &t = *m_knobs[i];
        const Tracked::Delta &d = deltas[i];
        TunedKnob &k = *t.knob;
        const int v = k.value.load(std::memory_order_relaxed);
        if (k.kind == TunedKnob::Kind::Buffer) {
            if (d.calls <= 0 || v >= k.maximum)
                continue;
            const double starved = double(d.waits) / double(d.calls);
            const int to = std::min(k.maximum, v * 2);
            const qint64 more = qint64(to - v) * k.elementBytes.load(std::memory_order_relaxed);
            if (starved > kBufferStarved && d.fullWaits > 0 && bufferBytes + more <= m_options.ramBudget) {
                bufferBytes += more;
                Decision dec{k.op, QStringLiteral("buffer"), v, to, 0, 0, {}};
                dec.message = QCoreApplication::translate(
                                  "Autotuner", "%1 buffer %2 -> %3: its consumer found it empty in %4% of "
                                               "calls although it had filled up %5 times")
                                  .arg(k.op)
                                  .arg(v)
                                  .arg(to)
                                  .arg(qRound(starved * 100))
                                  .arg(d.fullWaits);
                applyLocked(t, to, std::move(dec));
            }
            continue;
        }
        if (d.produced < 4 || d.calls <= 0 || d.wallNs <= 0 || v >= k.maximum)
            continue;
        if (double(d.waits) / double(d.calls) < kStarved)
            continue;
        const double work = double(d.processingNs) / double(d.produced) / 1e6;
        const double pull = double(d.inputNs) / double(d.produced) / 1e6;
        const auto latency = [&](int p) { return std::max(pull, work / std::min(p, m_options.cpuBudget)); };
        const double before = latency(v), after = latency(v + 1);
        // The consumer's own time per element, outside its waits for this stage: a stage much
        // faster than its consumer is no bottleneck, whatever a scheduling hiccup made it wait.
        const double consumerOwn = double(std::max<qint64>(0, d.wallNs - d.waitNs)) / double(d.calls) / 1e6;
        if (before <= 0 || before < kBottleneck * consumerOwn)
            continue;
        // One more worker of this stage uses its share of a core once more.
        const double busy = double(d.processingNs) / double(d.wallNs);
        if (cores + busy / v > m_options.cpuBudget + kCoreSlack)
            continue;
        const double gain = (before - after) / before;
        if (gain >= bestGain) {
            best = &t;
            bestGain = gain;
            bestBefore = before;
            bestAfter = after;
        }
    }
    if (best) {
        TunedKnob &k = *best->knob;
        const int v = k.value.load(std::memory_order_relaxed);
        Decision dec{k.op, QStringLiteral("parallelism"), v, v + 1, bestBefore, bestAfter, {}};
        dec.message =
            QCoreApplication::translate("Autotuner", "%1 parallelism %2 -> %3: output latency %4 -> %5 ms")
                .arg(k.op)
                .arg(v)
                .arg(v + 1)
                .arg(bestBefore, 0, 'f', 2)
                .arg(bestAfter, 0, 'f', 2);
        applyLocked(*best, v + 1, std::move(dec));
    }
}

void Autotuner::applyLocked(Tracked &t, int to, Decision d)
{
    t.knob->value.store(to, std::memory_order_relaxed);
    {
        std::lock_guard lock(t.knob->changeMu);
        if (t.knob->onChange)
            t.knob->onChange();
    }
    m_decisions.append(std::move(d));
}

} // namespace qs
