#pragma once

#include "base/result.h"
#include "example/featurespec.h"
#include "record/compression.h"

#include <QStringList>

namespace qs {

// What a run learns about its data before any thread starts (Pipeline::create):
//  - the FeatureSpec, detected from the first kDetectionSampleRecords records of the first file
//    with the "spec" overrides applied. No image is an error whose message lists the
//    features found (kinds and counts), so the user can name the right one; no usable label is
//    not an error (noLabel says why, and the run feeds the input pipeline only);
//  - the number of classes: Options::numClasses when set; else the label spec's own
//    (a one-hot width, or a num_classes override); else a pre-scan of the labels of the first
//    kLabelScanRecords records of every file (kLabelScanTotal records at most over all files),
//    classes = max label + 1 (at least 2); a scanned label of kMaxClasses or more is an error
//    naming its file, record and offset. A ClassName label's class list comes from the same scan
//    (ClassNameList: the sorted distinct names, marked complete or sampled), classes = names. A label
//    beyond that range met later in training is an error naming its file and record, because
//    the class count is written into the spec the decoders check against.
// Corrupt records are skipped while probing: reporting them is the readers' job. A first file
// with no records says so; one whose first records are all no Examples names the first of them.
struct DatasetProbe {
    static constexpr int kLabelScanRecords = 2000;
    static constexpr int kLabelScanTotal = 20000;
    static constexpr int kMaxClasses = 1000; // what num_classes and the model allow

    FeatureSpec spec;    // with label->numClasses set to numClasses; no label: see noLabel
    int numClasses = 0;  // 0 without a label
    QString classesFrom; // "config", "spec" or "scan": where numClasses came from
    // Without a usable label the run feeds the input pipeline only: why, the features found
    // (key, kind x values) and the flag that names one. Empty when there is a label.
    QString noLabel;
    // The first sampled record's decoded image (0 when it did not decode): what the model's
    // input follows (RunPlan).
    int imageWidth = 0;
    int imageHeight = 0;
    int imageChannels = 0;

    struct Options {
        int numClasses = 0; // num_classes: 0 detects it
        QString specJson;   // spec: the feature-spec overrides as JSON text (empty: detect all)
        Compression compression = Compression::Auto;
    };
    static Result<DatasetProbe> run(const QStringList &files, const Options &options);
};

} // namespace qs
