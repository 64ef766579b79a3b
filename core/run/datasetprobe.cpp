#include "run/datasetprobe.h"

#include "example/exampleparser.h"
#include "example/sampledecoder.h"
#include "example/specdetector.h"
#include "example/specoverrides.h"
#include "record/recordreader.h"
#include "run/runconfig.h"

#include <QJsonDocument>

#include <algorithm>
#include <vector>

namespace qs {

namespace {

// Calls `each` with up to `limit` parsed records of `file` (corrupt ones skipped).
Status forRecords(const QString &file, int limit,
                  const std::function<void(const ParsedExample &, const Location &)> &each)
{
    RecordReaderOptions options;
    options.skipCorrupt = true;
    Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(file, options);
    if (!reader)
        return reader.status().withLocation(Location{file, -1, -1});
    ExampleParser parser;
    QByteArray record;
    for (int n = 0; n < limit; ++n) {
        const Status s = (*reader)->next(&record);
        if (s.kind() == ErrorKind::OutOfRange)
            break;
        if (!s.isOk())
            return s;
        const Location where{file, (*reader)->recordIndex() - 1 + (*reader)->skippedCount(),
                             (*reader)->recordOffset()};
        Result<ParsedExample> parsed = parser.parse(record, where);
        if (!parsed)
            return parsed.status();
        each(*parsed, where);
    }
    return {};
}

} // namespace

Result<DatasetProbe> DatasetProbe::run(const QStringList &files, const TrainerConfig &trainer)
{
    if (files.isEmpty())
        return invalidArgument(QStringLiteral("no input files"));
    SpecOverrides overrides;
    if (!trainer.specJson.isEmpty()) {
        Result<SpecOverrides> o =
            SpecOverrides::fromJson(QJsonDocument::fromJson(trainer.specJson.toUtf8()).object());
        if (!o)
            return o.status();
        overrides = *o;
    }

    std::vector<ParsedExample> samples;
    const QString first = files.first();
    if (Status s = forRecords(first, kDetectionSampleRecords,
                              [&](const ParsedExample &e, const Location &) { samples.push_back(e); });
        !s.isOk())
        return s;
    if (samples.empty())
        return Status(ErrorKind::FailedPrecondition,
                      QStringLiteral("%1 holds no readable records to detect the features from").arg(first),
                      Location{first, -1, -1});
    const Detection detection = detectFeatureSpec(samples, overrides, first);
    Result<FeatureSpec> spec = detection.forTraining();
    if (!spec)
        return spec.status();
    if (!spec->label)
        return Status(
            ErrorKind::FailedPrecondition,
            QStringLiteral("%1: training needs a label, and none was found or it was turned off (%2)")
                .arg(first, detection.labelStatus.message()));

    DatasetProbe probe;
    probe.spec = *spec;
    if (trainer.numClasses > 0) {
        probe.numClasses = trainer.numClasses;
        probe.classesFrom = QStringLiteral("config");
    } else if (spec->label->numClasses > 0) {
        probe.numClasses = spec->label->numClasses;
        probe.classesFrom = QStringLiteral("spec");
    } else {
        int top = -1;
        Status problem;
        for (const QString &file : files) {
            const Status s =
                forRecords(file, kLabelScanRecords, [&](const ParsedExample &e, const Location &where) {
                    Result<int> label = decodeLabel(e, *spec->label, where);
                    if (label)
                        top = std::max(top, *label);
                    else if (problem.isOk())
                        problem = label.status();
                });
            if (!s.isOk())
                return s;
        }
        if (top < 0)
            return problem.isOk()
                       ? Status(ErrorKind::FailedPrecondition,
                                QStringLiteral("no labels found in the first %1 records of the files")
                                    .arg(kLabelScanRecords))
                       : problem;
        probe.numClasses = std::max(2, top + 1);
        probe.classesFrom = QStringLiteral("scan");
    }
    if (spec->label->encoding == LabelEncoding::OneHot && spec->label->numClasses > 0 &&
        spec->label->numClasses != probe.numClasses)
        return invalidArgument(QStringLiteral("num_classes %1 does not match the one-hot labels' width %2")
                                   .arg(probe.numClasses)
                                   .arg(spec->label->numClasses));
    probe.spec.label->numClasses = probe.numClasses;
    return probe;
}

} // namespace qs
