// qs-bench-dataset: the tf.data pipeline on decode-bound JPEG data, the guide's orderings and
// AUTOTUNE against a sweep of hand-tuned settings, each a ratio within this run.
//
//   qs-bench-dataset [samples per setting] [rounds] [step ms]
//
// Data: 4 TFRecord files of 256x256 JPEGs (writeBenchDataset, quality 90), decoded in full
// (no DCT scaling, so decoding dominates) and resized to 32x32 by the map. Pipeline:
//   list_files -> repeat -> interleave(TFRecordDataset, 4, 1, I) -> map(decode, M) -> batch(32)
//   [-> prefetch(B)]
// Rows: naive (I = M = 1, no prefetch), + prefetch(2), parallel map M = 2..4 (I = 2, prefetch 2),
// the AUTOTUNE pipeline (I, M and B all AUTOTUNE; its rate includes the tuner's ramp from 1
// from the start of the iterator), and the AUTOTUNE pipeline observed by a Recorder. Each round
// runs every row once, in order; a row's figure is its best round (the least disturbed by load).
// The consumer sleeps [step ms] (default 10) after each batch, the guide's stand-in for a
// training step: without one, prefetch has nothing to overlap and cannot help.

#include "bench/benchdataset.h"
#include "bench/machineinfo.h"
#include "dataset/dataset.h"
#include "dataset/iterator.h"
#include "feed/datasetprobe.h"
#include "feed/samplemaker.h"
#include "observe/recorder.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

using namespace qs;

namespace {

struct Setting {
    const char *name;
    int interleave;
    int map;
    int prefetch; // 0: none
    bool observed;
};

Result<double> samplesPerSecond(const QString &dir, const SampleMaker &maker, const Setting &s,
                                qint64 samples, std::chrono::milliseconds step, int *finalMap)
{
    Result<Dataset> files =
        Dataset::listFiles({QDir(dir).filePath(QStringLiteral("jpeg-*.tfrecord"))}, false);
    if (!files)
        return files.status();
    Dataset d = files->repeat()
                    .interleave(Dataset::tfRecordOf, 4, 1, s.interleave)
                    .map(Dataset::decodeFn(maker), s.map)
                    .batch(32);
    if (s.prefetch != 0)
        d = d.prefetch(s.prefetch);
    Recorder recorder;
    auto it = d.makeIterator(IteratorOptions::observedBy(s.observed ? &recorder : nullptr));
    QElapsedTimer clock;
    clock.start();
    qint64 got = 0;
    Element batch;
    while (got < samples) {
        Status st = it->getNext(&batch);
        if (!st.isOk())
            return st;
        got += qint64(batch.batch.size());
        std::this_thread::sleep_for(step);
    }
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    *finalMap = s.map < 0 ? 1 : s.map;
    for (const Autotuner::Decision &dec : it->autotuner()->decisions()) {
        if (qEnvironmentVariableIsSet("QS_BENCH_VERBOSE"))
            std::printf("  %s\n", qPrintable(dec.message));
        if (dec.op.startsWith(QLatin1String("map_")))
            *finalMap = dec.to;
    }
    return double(got) / seconds;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const qint64 samples = argc > 1 ? QString::fromLocal8Bit(argv[1]).toLongLong() : 1024;
    const int rounds = argc > 2 ? QString::fromLocal8Bit(argv[2]).toInt() : 3;
    const int stepMs = argc > 3 ? QString::fromLocal8Bit(argv[3]).toInt() : 10;
    if (samples < 32 || rounds < 1 || stepMs < 0) {
        std::fprintf(stderr,
                     "usage: qs-bench-dataset [samples per setting >= 32] [rounds >= 1] [step ms >= 0]\n");
        return 2;
    }
    QTemporaryDir dir;
    QStringList paths;
    for (int f = 0; f < 4; ++f) {
        BenchDatasetOptions o;
        o.count = 150;
        o.imageSize = 256;
        o.encoding = BenchEncoding::Jpeg;
        o.distinct = 50;
        o.seed = quint64(f + 1);
        const QString path = dir.filePath(QStringLiteral("jpeg-%1.tfrecord").arg(f));
        Result<BenchDatasetInfo> made = writeBenchDataset(path, o);
        if (!made) {
            std::fprintf(stderr, "%s\n", qPrintable(made.status().toString()));
            return 1;
        }
        paths << path;
    }
    Result<DatasetProbe> probe = DatasetProbe::run(paths, {0, {}});
    if (!probe) {
        std::fprintf(stderr, "%s\n", qPrintable(probe.status().toString()));
        return 1;
    }
    const SampleMaker maker(probe->spec, InputSpec{32, 32, 3}, false);

    const Setting settings[] = {
        {"naive (1, 1, no prefetch)", 1, 1, 0, false},
        {"prefetch(2)", 1, 1, 2, false},
        {"map 2, interleave 2", 2, 2, 2, false},
        {"map 3, interleave 2", 2, 3, 2, false},
        {"map 4, interleave 2", 2, 4, 2, false},
        {"map 2, interleave 1", 1, 2, 2, false},
        {"AUTOTUNE", Dataset::kAutotune, Dataset::kAutotune, Dataset::kAutotune, false},
        {"AUTOTUNE, observed", Dataset::kAutotune, Dataset::kAutotune, Dataset::kAutotune, true},
    };
    constexpr int kRows = int(std::size(settings));
    double best[kRows] = {};
    int maps[kRows] = {};
    for (int r = 0; r < rounds; ++r) {
        for (int i = 0; i < kRows; ++i) {
            Result<double> rate = samplesPerSecond(dir.path(), maker, settings[i], samples,
                                                   std::chrono::milliseconds(stepMs), &maps[i]);
            if (!rate) {
                std::fprintf(stderr, "%s: %s\n", settings[i].name, qPrintable(rate.status().toString()));
                return 1;
            }
            best[i] = std::max(best[i], *rate);
        }
    }
    std::printf("%-28s %12s %10s\n", "setting", "samples/s", "map par.");
    for (int i = 0; i < kRows; ++i)
        std::printf("%-28s %12.0f %10d\n", settings[i].name, best[i], maps[i]);
    const double bestHand = *std::max_element(best + 2, best + 6);
    std::printf("prefetch vs naive            %.2f\n", best[1] / best[0]);
    std::printf("parallel map (best) vs seq.  %.2f\n", bestHand / best[1]);
    std::printf("AUTOTUNE vs best hand-tuned  %.2f (target >= 0.95)\n", best[6] / bestHand);
    std::printf("observed vs not (AUTOTUNE)   %.2f (target >= 0.98)\n", best[7] / best[6]);
    std::printf("training step %d ms a batch of 32; cores %d, load %s\n", stepMs, QThread::idealThreadCount(),
                qPrintable(LoadAverage::now().toString()));
    return 0;
}
