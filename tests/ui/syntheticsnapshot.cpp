#include "syntheticsnapshot.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <random>

namespace qs::test {

namespace {

using Rng = std::mt19937;

qint64 uniform(Rng &rng, qint64 lo, qint64 hi)
{
    return std::uniform_int_distribution<qint64>(lo, hi)(rng);
}
bool chance(Rng &rng, double p)
{
    return std::uniform_real_distribution<double>(0, 1)(rng) < p;
}

struct Lane {
    ThreadInfo info;
    qint64 t = 0;
    void go(ThreadState s, qint64 us, Activity a = Activity::None, const QString &detail = {})
    {
        info.spans.append({t, t + us, s, a, detail});
        t += us;
    }
    void finish(ThreadState s, Activity a = Activity::None, const QString &detail = {})
    {
        info.spans.append({t, -1, s, a, detail});
    }
};

// A reader's loop: dequeue a file name, read, decode, enqueue; blocked when a queue is full or empty.
void readerLoop(Lane &lane, Rng &rng, qint64 untilUs)
{
    const QString example = QStringLiteral("shuffle_batch/random_shuffle_queue");
    while (lane.t < untilUs) {
        lane.go(ThreadState::Running, uniform(rng, 2000, 6000), Activity::Reading);
        lane.go(ThreadState::Running, uniform(rng, 1000, 4000), Activity::Decoding);
        if (chance(rng, 0.04))
            lane.go(ThreadState::BlockedFull, uniform(rng, 60'000, 400'000), Activity::Enqueuing, example);
        else if (chance(rng, 0.02))
            lane.go(ThreadState::BlockedEmpty, uniform(rng, 20'000, 150'000), Activity::Dequeuing,
                    QStringLiteral("input_producer"));
        lane.go(ThreadState::Running, uniform(rng, 100, 400), Activity::Enqueuing);
    }
}

QByteArray thumbnailPixels(int label, int w, int h, int channels)
{
    QByteArray px(w * h * channels, '\0');
    const double cx = w / 2.0, cy = h / 2.0, r = 4 + label * 0.9;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const double d = std::hypot(x - cx, y - cy);
            const bool ring = std::abs(d - r) < 1.6 || (label % 3 == 0 && std::abs(x - y) < 1.5);
            for (int c = 0; c < channels; ++c) {
                const int base = channels == 1 ? 0 : (40 + 20 * ((label + c * 3) % 10));
                px[(y * w + x) * channels + c] = char(ring ? 240 - c * 40 : base * (h - y) / h);
            }
        }
    }
    return px;
}

} // namespace

SyntheticRun::SyntheticRun(SyntheticOptions options)
    : m_options(options)
{
    Rng rng(options.seed);
    const qint64 end = options.durationUs;
    const qint64 stopAt = end * 3 / 4; // the reader error
    QList<Lane> lanes;
    auto lane = [&](const QString &name, ThreadRole role, qint64 startUs) -> Lane & {
        Lane l;
        l.info.id = int(lanes.size());
        l.info.name = name;
        l.info.role = role;
        l.t = startUs;
        lanes.append(l);
        return lanes.last();
    };

    Lane &main = lane(QStringLiteral("main"), ThreadRole::Main, 0);
    main.go(ThreadState::Running, 40'000, Activity::Working);
    main.go(ThreadState::Waiting, stopAt + 300'000 - main.t);
    main.finish(ThreadState::Joining);

    Lane &producer = lane(QStringLiteral("input_producer"), ThreadRole::Producer, 5000);
    producer.go(ThreadState::Starting, 3000);
    while (producer.t < end - 200'000) {
        producer.go(ThreadState::Running, uniform(rng, 50, 300), Activity::Enqueuing);
        producer.go(ThreadState::BlockedFull, uniform(rng, 20'000, 300'000), Activity::Enqueuing,
                    QStringLiteral("input_producer"));
    }
    producer.finish(ThreadState::BlockedFull, Activity::Enqueuing, QStringLiteral("input_producer"));

    const ThreadState readerEnds[] = {ThreadState::Running, ThreadState::BlockedFull, ThreadState::Failed,
                                      ThreadState::Paused,  ThreadState::Stopped,     ThreadState::Cancelled};
    for (int r = 0; r < 6; ++r) {
        Lane &reader = lane(QStringLiteral("reader_%1").arg(r), ThreadRole::Reader, 8000 + r * 1500);
        reader.go(ThreadState::Starting, uniform(rng, 2000, 20'000));
        const qint64 until = readerEnds[r] == ThreadState::Running ? end - 5000 : stopAt + r * 40'000;
        readerLoop(reader, rng, until);
        switch (readerEnds[r]) {
        case ThreadState::Failed:
            reader.finish(
                ThreadState::Failed, Activity::Reading,
                QStringLiteral(
                    "DataLoss: corrupted record at offset 5123 (file train-00003.tfrecords, record 17)"));
            break;
        case ThreadState::BlockedFull:
            reader.finish(ThreadState::BlockedFull, Activity::Enqueuing,
                          QStringLiteral("shuffle_batch/random_shuffle_queue"));
            break;
        case ThreadState::Running:
            reader.finish(ThreadState::Running, Activity::Decoding);
            break;
        default:
            reader.finish(readerEnds[r]);
        }
    }

    Lane &trainer = lane(QStringLiteral("trainer"), ThreadRole::Trainer, 2000);
    trainer.go(ThreadState::Starting, 10'000);
    trainer.go(ThreadState::BlockedEmpty, 1'400'000, Activity::Dequeuing,
               QStringLiteral("shuffle_batch/random_shuffle_queue"));
    while (trainer.t < end - 100'000) {
        trainer.go(ThreadState::Running, uniform(rng, 15'000, 25'000), Activity::Training);
        trainer.go(ThreadState::BlockedEmpty, uniform(rng, 5000, 40'000), Activity::Dequeuing,
                   QStringLiteral("shuffle_batch/random_shuffle_queue"));
    }
    trainer.finish(ThreadState::BlockedEmpty, Activity::Dequeuing,
                   QStringLiteral("shuffle_batch/random_shuffle_queue"));

    Lane &watcher = lane(QStringLiteral("hang_watchdog"), ThreadRole::Watcher, 1000);
    watcher.finish(ThreadState::Waiting);
    Lane &evaluator = lane(QStringLiteral("evaluator"), ThreadRole::Worker, end - 150'000);
    evaluator.finish(ThreadState::Starting);

    // Coordination events, in time order.
    QList<Event> events;
    auto event = [&](qint64 t, const QString &thread, EventKind kind, QJsonObject details = {}) {
        events.append({0, t, thread, kind, std::move(details)});
    };
    for (const Lane &l : std::as_const(lanes))
        event(l.info.spans.constFirst().startUs, l.info.name, EventKind::ThreadStart,
              {{QStringLiteral("role"), threadRoleKey(l.info.role)}});
    event(stopAt / 2, QStringLiteral("main"), EventKind::Note,
          {{QStringLiteral("text"), QStringLiteral("epoch 1 of 2 done")}});
    const QJsonObject error{{QStringLiteral("kind"), QStringLiteral("DataLoss")},
                            {QStringLiteral("message"), QStringLiteral("corrupted record at offset 5123")},
                            {QStringLiteral("thread"), QStringLiteral("reader_2")}};
    const qint64 failAt = lanes[4].info.spans.constLast().startUs;
    event(failAt, QStringLiteral("reader_2"), EventKind::Error,
          {{QStringLiteral("error"), error},
           {QStringLiteral("file"), QStringLiteral("train-00003.tfrecords")},
           {QStringLiteral("record"), 17},
           {QStringLiteral("offset"), 5123}});
    event(failAt, QStringLiteral("reader_2"), EventKind::RequestStop,
          {{QStringLiteral("error"), error}, {QStringLiteral("first"), true}});
    event(failAt, QStringLiteral("reader_2"), EventKind::ThreadExit,
          {{QStringLiteral("state"), QStringLiteral("failed")}});
    for (int r : {4, 5}) {
        const Lane &l = lanes[2 + r];
        event(l.info.spans.constLast().startUs, l.info.name, EventKind::ThreadExit,
              {{QStringLiteral("state"), threadStateKey(l.info.spans.constLast().state)}});
    }
    event(stopAt + 100'000, QStringLiteral("input_producer"), EventKind::QueueClose,
          {{QStringLiteral("queue"), QStringLiteral("input_producer")},
           {QStringLiteral("cancel_pending"), true}});
    event(stopAt + 300'000, QStringLiteral("main"), EventKind::Join,
          {{QStringLiteral("threads"), QJsonArray{QStringLiteral("reader_0"), QStringLiteral("reader_1")}}});
    for (int s = 0; s < 5; ++s)
        event(end - 900'000 + s * 150'000, QStringLiteral("reader_3"), EventKind::Step,
              {{QStringLiteral("step"), s + 1}});
    std::stable_sort(events.begin(), events.end(),
                     [](const Event &a, const Event &b) { return a.tUs < b.tUs; });
    for (int i = 0; i < events.size(); ++i)
        events[i].seq = i;

    for (Lane &l : lanes) {
        m_threadStartUs.append(l.info.spans.constFirst().startUs);
        m_full.threads.append(l.info);
    }
    m_full.events = events;

    // Queues: the filename queue stays nearly full; the example queue fills, then saws between
    // min_after_dequeue and capacity as batches of 64 leave.
    QueueInfo names{
        QStringLiteral("input_producer"), QStringLiteral("FIFOQueue"), 32, 0, 0, false, 0, 0, 0, 0, {}};
    QueueInfo examples{QStringLiteral("shuffle_batch/random_shuffle_queue"),
                       QStringLiteral("RandomShuffleQueue"),
                       1000,
                       400,
                       0,
                       false,
                       0,
                       0,
                       0,
                       0,
                       {}};
    for (qint64 t = 0; t <= end; t += 20'000) {
        const double s = double(t) / 1e6;
        names.history.append({t, std::clamp(int(30 + 2 * std::sin(s * 7)), 0, 32)});
        const int filled = s < 1.5 ? int(s / 1.5 * 900) : 400 + int(std::fmod(s * 1830, 600));
        examples.history.append({t, std::clamp(filled, 0, 1000)});
    }
    m_full.queues = {names, examples};

    // The shape of the pretend pipeline, as a run would declare it: lanes in pipeline order.
    auto topology = std::make_shared<Topology>();
    topology->queues = {TopologyQueue{names.name, QueueRole::Filenames, QStringLiteral("filename queue")},
                        TopologyQueue{examples.name, QueueRole::Examples, QStringLiteral("example queue")}};
    for (const ThreadInfo &t : std::as_const(m_full.threads)) {
        TopologyThread n{t.name, t.role, CodeRole::None, t.name, {}, {}, {}};
        switch (t.role) {
        case ThreadRole::Producer:
            n.code = CodeRole::InputProducer;
            n.enqueuesInto = {names.name};
            break;
        case ThreadRole::Reader:
            n.code = CodeRole::Reader;
            n.dequeuesFrom = {names.name};
            n.enqueuesInto = {examples.name};
            break;
        case ThreadRole::Trainer:
            n.code = CodeRole::Trainer;
            n.dequeuesFrom = {examples.name};
            break;
        default:
            break;
        }
        topology->threads << n;
    }
    m_full.topology = topology;

    for (qint64 step = 1, t = 1'450'000; t <= end; ++step, t += 35'000 + uniform(rng, 0, 5000)) {
        MetricPoint m;
        m.step = step;
        m.tUs = t;
        m.loss =
            2.3 * std::exp(-double(step) / 80) + 0.2 + std::uniform_real_distribution<double>(0, 0.08)(rng);
        m.trainAccuracy = std::min(0.98, 1 - m.loss / 2.5);
        m.evalAccuracy = step % 25 == 0 ? m.trainAccuracy - 0.04 : -1;
        m.samplesPerSec = 1830 + std::normal_distribution<double>(0, 60)(rng);
        m_full.metrics.append(m);
    }

    const int w = options.rgb ? 32 : 28, channels = options.rgb ? 3 : 1;
    for (int i = 0; i < options.thumbnails; ++i) {
        Thumbnail t;
        t.width = t.height = w;
        t.channels = channels;
        t.label = (i * 7) % 10;
        t.prediction = i % 5 == 3 ? (t.label + 1) % 10 : t.label;
        if (i == options.thumbnails - 1)
            t.prediction = -1;
        t.pixels = thumbnailPixels(t.label, w, w, channels);
        t.source = QStringLiteral("train-%1.tfrecords #%2").arg(i % 4, 5, 10, QLatin1Char('0')).arg(i * 13);
        m_full.batch.append(t);
    }
    if (options.rgb)
        m_full.classNames = {QStringLiteral("airplane"), QStringLiteral("automobile"), QStringLiteral("bird"),
                             QStringLiteral("cat"),      QStringLiteral("deer"),       QStringLiteral("dog"),
                             QStringLiteral("frog"),     QStringLiteral("horse"),      QStringLiteral("ship"),
                             QStringLiteral("truck")};
    m_full.error = dataLoss(QStringLiteral("corrupted record at offset 5123"),
                            {QStringLiteral("train-00003.tfrecords"), 17, 5123})
                       .withThread(QStringLiteral("reader_2"));
}

Snapshot SyntheticRun::at(qint64 tUs, qint64 cursor) const
{
    Snapshot s;
    s.tUs = tUs;
    s.run = RunState::Running;
    const qint64 failAt = m_full.threads[4].spans.constLast().startUs;
    if (tUs >= failAt) {
        s.run = RunState::Stopping;
        s.error = m_full.error;
    }
    s.topology = m_full.topology;
    for (int i = 0; i < m_full.threads.size(); ++i) {
        if (m_threadStartUs[i] > tUs)
            continue;
        ThreadInfo t = m_full.threads[i];
        while (t.spans.size() > 1 && t.spans.constLast().startUs > tUs)
            t.spans.removeLast();
        StateSpan &open = t.spans.last();
        open.endUs = -1;
        t.state = open.state;
        t.activity = open.activity;
        t.detail = open.detail;
        t.stateSinceUs = open.startUs;
        for (const StateSpan &span : t.spans)
            t.usIn[size_t(span.state)] += (span.endUs < 0 ? tUs : span.endUs) - span.startUs;
        s.threads.append(t);
    }
    for (const Event &e : m_full.events) {
        if (e.tUs > tUs)
            break;
        s.nextEventSeq = e.seq + 1;
        if (e.seq >= cursor)
            s.events.append(e);
    }
    for (QueueInfo q : m_full.queues) {
        while (!q.history.isEmpty() && q.history.constLast().tUs > tUs)
            q.history.removeLast();
        q.size = q.history.isEmpty() ? 0 : q.history.constLast().size;
        q.closed = q.name == QLatin1String("input_producer") && tUs >= failAt + 100'000;
        const bool live = tUs > 1'400'000;
        q.enqueuePerSec = live ? (q.capacity > 100 ? 1912 : 14.2) : 0;
        q.dequeuePerSec = live ? (q.capacity > 100 ? 1830 : 14.0) : 0;
        q.enqueued = qint64(q.enqueuePerSec * double(tUs) / 1e6);
        q.dequeued = qint64(q.dequeuePerSec * double(tUs) / 1e6);
        s.queues.append(q);
    }
    for (const MetricPoint &m : m_full.metrics) {
        if (m.tUs > tUs)
            break;
        s.metrics.append(m);
    }
    if (!s.metrics.isEmpty()) {
        s.steps = s.metrics.constLast().step;
        s.samples = s.steps * 64;
        s.samplesPerSec = s.metrics.constLast().samplesPerSec;
        s.batch = m_full.batch;
        s.classNames = m_full.classNames;
    }
    s.stepMode = tUs >= m_options.durationUs - 900'000;
    s.threadsAtGate = s.stepMode ? 1 : 0;
    return s;
}

SnapshotPtr SyntheticRun::shared(qint64 tUs, qint64 cursor) const
{
    return std::make_shared<const Snapshot>(at(tUs, cursor));
}

} // namespace qs::test
