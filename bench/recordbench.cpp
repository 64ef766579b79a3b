// qs-bench-record: the run record under an hour of load (a program, not part of qs_bench).
//   qs-bench-record FILE... [--readers 16] [--measure-s 3] [--hours 1] [--queries 300]
//   qs-bench-record --rate STATES_PER_S --queue-rate CHANGES_PER_S [--hours 1] [--save RUN] ...
//   qs-bench-record --open RUN [--queries 300]
// 1. Measures the state-change and queue-change rates of a real full-speed run of FILE with
//    --readers reader threads (or takes them from --rate / --queue-rate).
// 2. Feeds a Recorder with the default options that many changes per second for --hours of
//    synthetic time (a stepped clock): the run's threads (readers, trainer, producer,
//    watchers) and both queues. Every change is a new span (the rate counts spans): each reader
//    cycles reading, decoding, enqueuing, and blocked on the full queue, the trainer alternates
//    training and dequeuing (blocked_empty).
// 3. Prints the write cost per change, the record's footprint and the process's peak RSS,
//    and the p95 of a whole-run query at 1600 buckets and of 1 s windows at full resolution
//    (1600 buckets a second) spread over the hour.
// --save RUN also writes the record to a run file as it is fed (RunFileWriter; the feed waits
// for the writer, as a real run's rings would not, so nothing is dropped). --open RUN reads such
// a file back (RunFileReader, which rebuilds the record) and prints the time it took, the peak
// RSS and the same query figures on the rebuilt record.
#include "base/heaptuning.h"
#include "bench/machineinfo.h"
#include "observe/rangeview.h"
#include "observe/recorder.h"
#include "observe/runfilereader.h"
#include "observe/runfilewriter.h"
#include "run/pipeline.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <random>
#include <thread>

#include <time.h>

using namespace qs;
using namespace std::chrono_literals;

namespace {

struct Rates {
    double statesPerSec = 0;                       // all threads together
    double queuePerSec = 0;                        // queue changes (enqueues + dequeues), both queues
    std::array<double, kThreadStateCount> share{}; // of the readers' time per state
};

Result<Rates> measure(const QStringList &files, int readers, double seconds)
{
    RunConfig c;
    c.pipeline.files = files;
    c.pipeline.numEpochs = 0;
    c.pipeline.readerThreads = readers;
    c.trainer.evalEvery = 0;
    auto p = Pipeline::create(c);
    if (!p)
        return p.status();
    Pipeline &run = **p;
    if (Status st = run.start(); !st)
        return st;
    // Skip the start-up second, then count over the window.
    run.waitFinished(1s);
    const Recorder &rec = run.recorder();
    auto count = [&rec](qint64 *changes, qint64 *queue) {
        *changes = 0;
        for (int i = 0; i < rec.threadCount(); ++i)
            *changes += rec.spansSince(i, 1LL << 62).next;
        *queue = 0;
        for (const QueueInfo &q : rec.queues())
            *queue += q.enqueued + q.dequeued;
    };
    qint64 c0 = 0, q0 = 0, c1 = 0, q1 = 0;
    count(&c0, &q0);
    const qint64 t0 = rec.nowUs();
    run.waitFinished(std::chrono::milliseconds(qint64(seconds * 1000)));
    count(&c1, &q1);
    const double s = double(rec.nowUs() - t0) / 1e6;
    Rates r;
    r.statesPerSec = double(c1 - c0) / s;
    r.queuePerSec = double(q1 - q0) / s;
    double total = 0;
    for (const ThreadInfo &t : run.snapshot()->threads)
        if (t.role == ThreadRole::Reader)
            for (int i = 0; i < kThreadStateCount; ++i) {
                r.share[size_t(i)] += double(t.usIn[size_t(i)]);
                total += double(t.usIn[size_t(i)]);
            }
    for (double &v : r.share)
        v = total > 0 ? v / total : 0;
    run.requestStop();
    run.waitFinished(30s);
    return r;
}

// This thread's CPU time, ms: on a loaded machine the wall time of a query also counts the
// time the thread waited for a core.
double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double p95(QList<double> v)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min<qsizetype>(v.size() - 1, qsizetype(double(v.size()) * 0.95))];
}

// The query figures on `rec`, whose run lasts until endUs.
bool printQueries(const Recorder &rec, qint64 endUs, int queries, std::mt19937 &gen)
{
    std::uniform_real_distribution<double> unit(0, 1);
    QElapsedTimer timer;
    QList<double> whole, window, wholeCpu, windowCpu;
    qint64 exactLanes = 0, lanes = 0;
    for (int i = 0; i < queries; ++i) {
        RangeRequest r;
        r.fromUs = 0;
        r.toUs = endUs;
        r.buckets = 1600;
        timer.restart();
        double cpu = cpuMs();
        const RangeView v = rec.query(r);
        wholeCpu.append(cpuMs() - cpu);
        whole.append(double(timer.nsecsElapsed()) / 1e6);
        const qint64 from = qint64(unit(gen) * double(endUs - 1'000'000));
        r.fromUs = from;
        r.toUs = from + 1'000'000;
        timer.restart();
        cpu = cpuMs();
        const RangeView w = rec.query(r);
        windowCpu.append(cpuMs() - cpu);
        window.append(double(timer.nsecsElapsed()) / 1e6);
        for (const LaneRecord &l : w.lanes) {
            exactLanes += l.exact ? 1 : 0;
            ++lanes;
        }
        if (v.lanes.isEmpty())
            return false;
    }
    std::printf("query, whole run at 1600 buckets: p95 %.3f ms wall, %.3f ms CPU (%d queries, %d lanes, "
                "2 queues)\n",
                p95(whole), p95(wholeCpu), queries, rec.threadCount());
    std::printf(
        "query, 1 s windows at 1600 buckets spread over the run: p95 %.3f ms wall, %.3f ms CPU (%.0f%% "
        "of lanes as exact spans)\n",
        p95(window), p95(windowCpu), 100.0 * double(exactLanes) / double(std::max<qint64>(1, lanes)));
    return true;
}

// --open: reads a saved run back and queries its rebuilt record.
int openRun(const QString &path, int queries)
{
    (void)resetRssHighWater();
    const qint64 rssBefore = currentRssBytes();
    QElapsedTimer timer;
    timer.start();
    const double cpu0 = cpuMs();
    const Result<SavedRun> run = RunFileReader::read(path);
    const double readS = double(timer.nsecsElapsed()) / 1e9;
    const double readCpuS = (cpuMs() - cpu0) / 1e3;
    if (!run) {
        std::fprintf(stderr, "reading: %s\n", qPrintable(run.status().toString()));
        return 1;
    }
    qint64 spans = 0;
    const RecordFootprint f = run->record->footprint();
    for (int i = 0; i < run->record->threadCount(); ++i)
        spans += run->record->spansSince(i, 1LL << 62).next;
    std::printf("opened %s (%.2f GB, %lld spans, %.2f h) in %.1f s (%.1f s CPU): %.2f M spans/s; record %lld "
                "exact spans, %.1f MB by its estimate; process peak RSS %.1f MB (%.1f MB before reading)\n",
                qPrintable(path), double(QFileInfo(path).size()) / 1e9, static_cast<long long>(spans),
                double(run->record->nowUs()) / 3600e6, readS, readCpuS, double(spans) / readS / 1e6,
                static_cast<long long>(f.spans), double(f.bytes) / 1e6, double(peakRssBytes()) / 1e6,
                double(rssBefore) / 1e6);
    std::mt19937 gen(1);
    return printQueries(*run->record, run->record->nowUs(), queries, gen) ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    qs::keepFreedMemoryForReuse();
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("files"),
                                 QStringLiteral("TFRecord files of the measured run"));
    const QCommandLineOption readersOpt(QStringLiteral("readers"), QStringLiteral("reader threads"),
                                        QStringLiteral("N"), QStringLiteral("16"));
    const QCommandLineOption measureOpt(QStringLiteral("measure-s"), QStringLiteral("measured window"),
                                        QStringLiteral("S"), QStringLiteral("3"));
    const QCommandLineOption rateOpt(QStringLiteral("rate"), QStringLiteral("state changes per second"),
                                     QStringLiteral("R"));
    const QCommandLineOption queueRateOpt(QStringLiteral("queue-rate"),
                                          QStringLiteral("queue changes per second"), QStringLiteral("R"),
                                          QStringLiteral("0"));
    const QCommandLineOption hoursOpt(QStringLiteral("hours"), QStringLiteral("synthetic run length"),
                                      QStringLiteral("H"), QStringLiteral("1"));
    const QCommandLineOption queriesOpt(QStringLiteral("queries"), QStringLiteral("queries per figure"),
                                        QStringLiteral("N"), QStringLiteral("300"));
    const QCommandLineOption saveOpt(
        QStringLiteral("save"), QStringLiteral("also write the record to a run file"), QStringLiteral("RUN"));
    const QCommandLineOption openOpt(
        QStringLiteral("open"), QStringLiteral("read a run file back and query it"), QStringLiteral("RUN"));
    parser.addOptions(
        {readersOpt, measureOpt, rateOpt, queueRateOpt, hoursOpt, queriesOpt, saveOpt, openOpt});
    parser.addHelpOption();
    parser.process(app);
    if (parser.isSet(openOpt))
        return openRun(parser.value(openOpt), std::max(10, parser.value(queriesOpt).toInt()));
    const int readers = std::max(1, parser.value(readersOpt).toInt());

    Rates rates;
    if (parser.isSet(rateOpt)) {
        rates.statesPerSec = parser.value(rateOpt).toDouble();
        rates.queuePerSec = parser.value(queueRateOpt).toDouble();
        rates.share[size_t(ThreadState::Running)] = 0.1;
        rates.share[size_t(ThreadState::BlockedFull)] = 0.9;
    } else {
        if (parser.positionalArguments().isEmpty())
            parser.showHelp(2);
        const Result<Rates> r =
            measure(parser.positionalArguments(), readers, parser.value(measureOpt).toDouble());
        if (!r) {
            std::fprintf(stderr, "measuring: %s\n", qPrintable(r.status().toString()));
            return 1;
        }
        rates = *r;
    }
    std::printf(
        "rates: %.0f state changes/s, %.0f queue changes/s (%d readers; readers %.0f%% running, %.0f%% "
        "blocked_full)\n",
        rates.statesPerSec, rates.queuePerSec, readers, 100 * rates.share[size_t(ThreadState::Running)],
        100 * rates.share[size_t(ThreadState::BlockedFull)]);

    // The synthetic hour: one writer drives every thread in turn on a stepped clock, each
    // change lasting 1/rate of a second of run time.
    auto clock = std::make_shared<std::atomic<qint64>>(0);
    RecorderOptions o;
    o.clockUs = [clock] { return clock->load(std::memory_order_relaxed); };
    Recorder rec(o);
    QList<int> ids;
    for (int i = 0; i < readers; ++i)
        ids << rec.registerThread(QStringLiteral("reader_%1").arg(i), ThreadRole::Reader);
    const int trainer = rec.registerThread(QStringLiteral("trainer"), ThreadRole::Trainer);
    for (const char *name : {"input_producer", "close_on_stop_0", "close_on_stop_1", "watchdog"})
        rec.registerThread(QString::fromLatin1(name), ThreadRole::Watcher);
    const int names = rec.registerQueue(QStringLiteral("input_producer"), QStringLiteral("FIFOQueue"), 32, 0);
    const int examples =
        rec.registerQueue(QStringLiteral("shuffle_batch"), QStringLiteral("RandomShuffleQueue"), 224, 128);

    const double hours = parser.value(hoursOpt).toDouble();
    const qint64 endUs = qint64(hours * 3600e6);
    const qint64 changes = qint64(rates.statesPerSec * hours * 3600);
    const double stepUs = rates.statesPerSec > 0 ? 1e6 / rates.statesPerSec : 1e6;
    const double queuePerState = rates.statesPerSec > 0 ? rates.queuePerSec / rates.statesPerSec : 0;
    std::mt19937 gen(1);
    std::uniform_real_distribution<double> unit(0, 1);
    // A reader's cycle, one span each: every change the feed makes is a new span, as every
    // change the measured rate counts was (a repeated state would be no span at all).
    const std::pair<ThreadState, Activity> readerCycle[] = {{ThreadState::Running, Activity::Reading},
                                                            {ThreadState::Running, Activity::Decoding},
                                                            {ThreadState::Running, Activity::Enqueuing},
                                                            {ThreadState::BlockedFull, Activity::Enqueuing}};
    double queueDebt = 0;
    int size = 0;
    qint64 enq = 0, deq = 0;
    std::unique_ptr<RunFileWriter> writer;
    if (parser.isSet(saveOpt)) {
        auto w = RunFileWriter::start(parser.value(saveOpt), rec);
        if (!w) {
            std::fprintf(stderr, "saving: %s\n", qPrintable(w.status().toString()));
            return 1;
        }
        writer = std::move(*w);
    }
    (void)resetRssHighWater();
    const qint64 rssBefore = currentRssBytes();
    QElapsedTimer timer;
    timer.start();
    for (qint64 n = 0; n < changes; ++n) {
        // The writer copies the rings every flush: let it catch up well before the span budget
        // (4 M spans) would drop what it has not copied yet.
        if (writer && n % (1 << 20) == 0) {
            const qint64 flushed = writer->flushes();
            while (writer->flushes() < flushed + 2)
                std::this_thread::sleep_for(5ms);
        }
        clock->store(qint64(double(n) * stepUs), std::memory_order_relaxed);
        const int which = int(n % (readers + 1));
        if (which == readers) {
            rec.setState(trainer, n % 2 ? ThreadState::Running : ThreadState::BlockedEmpty,
                         n % 2 ? Activity::Training : Activity::Dequeuing, QStringLiteral("shuffle_batch"));
        } else {
            const auto [state, activity] = readerCycle[size_t(n / (readers + 1) % 4)];
            rec.setState(ids[which], state, activity, QStringLiteral("shuffle_batch"));
        }
        for (queueDebt += queuePerState; queueDebt >= 1; queueDebt -= 1) {
            const bool in = size < 128 || unit(gen) < 0.5;
            size = std::clamp(size + (in ? 1 : -1), 0, 224);
            (in ? enq : deq) += 1;
            rec.queueChanged(examples, size, enq, deq, false);
            if (enq % 64 == 0)
                rec.queueChanged(names, int(enq / 64 % 32), enq / 64, enq / 64, false);
        }
    }
    const double writeS = double(timer.nsecsElapsed()) / 1e9;
    clock->store(endUs);
    if (writer) {
        rec.setRunState(RunState::Finished, EndHow::EndOfData);
        if (Status st = writer->finish(); !st) {
            std::fprintf(stderr, "saving: %s\n", qPrintable(st.toString()));
            return 1;
        }
        std::printf("saved %s: %.2f GB\n", qPrintable(parser.value(saveOpt)),
                    double(QFileInfo(parser.value(saveOpt)).size()) / 1e9);
    }
    const RecordFootprint f = rec.footprint();
    std::printf("fed %lld state changes over %.2f h of run time in %.1f s: %.0f ns per change (queue changes "
                "included)\n",
                static_cast<long long>(changes), hours, writeS,
                writeS * 1e9 / double(std::max<qint64>(1, changes)));
    std::printf("record: %lld exact spans, %lld thread buckets, %lld queue buckets, %.1f MB by its estimate; "
                "process peak RSS %.1f MB (%.1f MB before feeding)\n",
                static_cast<long long>(f.spans), static_cast<long long>(f.threadBuckets),
                static_cast<long long>(f.queueBuckets), double(f.bytes) / 1e6, double(peakRssBytes()) / 1e6,
                double(rssBefore) / 1e6);

    return printQueries(rec, endUs, std::max(10, parser.value(queriesOpt).toInt()), gen) ? 0 : 1;
}
