#pragma once

#include "bench/pipelinebench.h"
#include "run/throughputverdict.h"

#include <QJsonObject>
#include <QList>

namespace qs {

// What `bench` measured that the verdict is drawn from.
struct VerdictInput {
    int cores = 1;
    double readUsPerRecord = 0;   // record scan, one thread
    double makeUsPerRecord = 0;   // parse + decode + preprocess + thumbnail, one thread
    double queueUsPerSample = 0;  // the example queue's hand-off
    double trainUsPerSample = 0;  // the training step alone
    QList<PipelineFigures> sweep; // observed runs with 1, 2, ... readers; the last is the one judged
    int hidden = 0;
    int imageWidth = 0; // the model's input: imageWidth x imageHeight x 3
    int imageHeight = 0;
};

// The bottleneck, named, with the knob to turn. The bound is ThroughputVerdict's (the rule the
// window's Explanation panel uses too), judged on the last run of the sweep:
//  - Input-bound: more readers are suggested while they fit on the cores and the last one added
//    still paid (at least kScalingGain); otherwise decoding has to get cheaper. The stage
//    named is the larger of reading and decoding per record.
//  - Model-bound: more readers will not help, a smaller model will.
//  - Balanced otherwise.
struct Verdict {
    static constexpr double kScalingGain = 1.10;

    Bound bound = Bound::Unknown;
    QString bottleneck;         // "decode + preprocess", "record reading", "training step", ...
    double trainerWaiting = -1; // the judged run's blocked_empty share
    int readers = 0;            // of the judged run
    int suggestedReaders = 0;   // 0: no change of reader_threads suggested
    QString advice;             // one sentence: "input-bound: raise reader_threads to 2"

    QJsonObject toJson() const;
    static Verdict judge(const VerdictInput &input);
};

} // namespace qs
