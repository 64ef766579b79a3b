#pragma once

#include <QList>
#include <QString>

#include <memory>
#include <mutex>
#include <vector>

namespace qs {

class Recorder;
struct TunedKnob;

// tf.data's AUTOTUNE, after TensorFlow's model-based tuner: the stages built with AUTOTUNE
// register their knob (TunedKnob); every `periodElements` elements the pipeline hands out, the
// tuner reads what each stage measured since the last step and takes one hill-climbing step:
//  - a parallel stage's output latency is modelled as max(I, P / p): P the work per element
//    (the map function, a file read), I the serial pull from its input, p its parallelism.
//    When the stage's consumer had to wait for it and the stage's latency is at least half the
//    consumer's own time per element (else it is no bottleneck), the stage whose next step (p + 1) lowers its
//    modelled latency the most (by at least 10 %) gets it, while the tuned stages' core use
//    (their measured work time over wall time, the stepped stage's grown by one worker's share)
//    stays within the CPU budget (the machine's cores; a quarter core of slack for noise);
//  - a prefetch buffer doubles when its consumer found it empty in more than 10 % of its calls
//    although it had been full in between (a burst the buffer was too small to absorb), while
//    every tuned buffer's elements together fit the RAM budget.
// Each decision is a `note` event {what: "autotune", op, knob, from, to, message} on the
// Recorder, with a sentence for people ("map_3 parallelism 1 -> 2: output latency 4.1 -> 2.3 ms").
//
// Contract: thread-safe (one std::mutex). add/remove from the stages' constructors and
// destructors on any thread; elementDelivered() from the pipeline's consumer. A knob's onChange
// runs under the tuner's lock and the knob's changeMu: it must only notify.
class Autotuner {
public:
    struct Options {
        int cpuBudget = 0;    // 0: the machine's cores
        qint64 ramBudget = 0; // bytes; 0: half the physical memory
        // A step every periodElements elements handed out, or at the first one after periodMs.
        int periodElements = 32;
        int periodMs = 50;
    };
    struct Decision {
        QString op;
        QString knob; // "parallelism" or "buffer"
        int from = 0;
        int to = 0;
        double latencyBeforeMs = 0; // the model's, for a parallelism step
        double latencyAfterMs = 0;
        QString message;
    };

    Autotuner(Options options, Recorder *recorder);
    ~Autotuner();

    int cpuBudget() const { return m_options.cpuBudget; }
    qint64 ramBudget() const { return m_options.ramBudget; }
    void add(std::shared_ptr<TunedKnob> knob);
    void remove(const TunedKnob *knob);
    void elementDelivered();
    QList<Decision> decisions() const;

private:
    struct Tracked;
    void stepLocked();
    void applyLocked(Tracked &t, int to, Decision d);

    Options m_options;
    Recorder *m_recorder;
    mutable std::mutex m_mu;
    std::vector<std::unique_ptr<Tracked>> m_knobs; // guarded by m_mu
    qint64 m_delivered = 0;                        // guarded by m_mu: since the last step
    qint64 m_lastStepNs = 0;                       // guarded by m_mu
    QList<Decision> m_decisions;                   // guarded by m_mu
};

} // namespace qs
