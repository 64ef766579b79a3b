#include "feed/datasetprobe.h"

#include "example/classnamelist.h"
#include "example/exampleparser.h"
#include "example/sampledecoder.h"
#include "example/specdetector.h"
#include "example/specoverrides.h"
#include "record/recordreader.h"

#include <QJsonDocument>

#include <algorithm>
#include <vector>

namespace qs {

namespace {

// What forRecords() met besides the Examples it handed on.
struct Unusable {
    qint64 records = 0;  // frames read, Examples or not
    Status notAnExample; // the first record that did not parse, with its place
};

// Calls `each` with the parsed ones of the first `limit` records of `file` (corrupt records and
// records that are not Examples are skipped; the first of the latter is kept in *unusable).
Status forRecords(const QString &file, int limit, Compression compression,
                  const std::function<void(const ParsedExample &, const Location &)> &each,
                  Unusable *unusable = nullptr)
{
    RecordReaderOptions options;
    options.skipCorrupt = true;
    options.compression = compression;
    Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(file, options);
    if (!reader)
        return reader.status().withLocation(Location{file, -1, -1});
    ExampleParser parser;
    QByteArray record;
    for (int n = 0; n < limit; ++n) {
        const Status s = (*reader)->next(&record);
        if (s.kind() == ErrorKind::OutOfRange) {
            // Nothing readable at all: say why, rather than "no records".
            if (n == 0 && !(*reader)->skipped().isEmpty())
                return (*reader)->skipped().first();
            break;
        }
        if (!s.isOk())
            return s;
        const Location where{file, (*reader)->recordIndex() - 1 + (*reader)->skippedCount(),
                             (*reader)->recordOffset()};
        Result<ParsedExample> parsed = parser.parse(record, where);
        if (unusable) {
            ++unusable->records;
            if (!parsed && unusable->notAnExample.isOk())
                unusable->notAnExample = parsed.status();
        }
        if (parsed) // a record that is no Example is the readers' to report, with its place
            each(*parsed, where);
    }
    return {};
}

} // namespace

Result<DatasetProbe> DatasetProbe::run(const QStringList &files, const Options &options)
{
    if (files.isEmpty())
        return invalidArgument(QStringLiteral("no input files"));
    SpecOverrides overrides;
    if (!options.specJson.isEmpty()) {
        Result<SpecOverrides> o =
            SpecOverrides::fromJson(QJsonDocument::fromJson(options.specJson.toUtf8()).object());
        if (!o)
            return o.status();
        overrides = *o;
    }

    std::vector<ParsedExample> samples;
    const QString first = files.first();
    Unusable unusable;
    if (Status s = forRecords(
            first, kDetectionSampleRecords, options.compression,
            [&](const ParsedExample &e, const Location &) { samples.push_back(e); }, &unusable);
        !s.isOk())
        return s;
    if (samples.empty() && unusable.records == 0)
        return Status(ErrorKind::FailedPrecondition,
                      QStringLiteral("%1 holds no records, so there is nothing to train on").arg(first),
                      Location{first, -1, -1});
    if (samples.empty())
        return Status(
            ErrorKind::FailedPrecondition,
            QStringLiteral("%1: none of its first %2 records is a readable tf.train.Example, so there "
                           "is nothing to detect the image and label from; %3")
                .arg(first)
                .arg(unusable.records)
                .arg(unusable.notAnExample.message()),
            unusable.notAnExample.where());
    const Detection detection = detectFeatureSpec(samples, overrides, first);
    Result<FeatureSpec> spec = detection.forTraining();
    if (!spec) {
        // Whatever went wrong, the user fixes it by naming the right features: list them.
        const QString listing = detection.schema.summary();
        if (spec.status().message().contains(listing) &&
            spec.status().message().contains(QLatin1String("--image-feature")))
            return spec.status();
        return Status(
            spec.status().kind(),
            spec.status().message() +
                (spec.status().message().contains(listing)
                     ? QString()
                     : QStringLiteral("; the features are: ") + listing) +
                (detection.imageStatus.isOk()
                     ? QStringLiteral("; name the label with --label-feature KEY, or --label-feature none")
                     : QStringLiteral("; name the image with --image-feature KEY")),
            spec.status().where());
    }
    DatasetProbe probe;
    probe.spec = *spec;
    if (!samples.empty()) {
        Result<DecodedSample> image =
            decode(samples.front(), FeatureSpec{spec->image, {}}, Location{first, 0, -1});
        if (image && !image->image.empty()) {
            probe.imageWidth = image->image.cols;
            probe.imageHeight = image->image.rows;
            probe.imageChannels = image->image.channels();
        }
    }
    if (!spec->label) {
        QString why = detection.labelStatus.message();
        if (overrides.label.disabled)
            why = QStringLiteral("it was turned off with --label-feature none");
        else if (why.isEmpty() && !detection.labelRejected.isEmpty())
            why = detection.labelRejected.join(QStringLiteral("; "));
        else if (why.isEmpty())
            why = QStringLiteral("no feature looks like a class label");
        probe.noLabel =
            QStringLiteral("%1: no label (%2); the features are (key, kind x values per record): %3; "
                           "name the label with --label-feature KEY")
                .arg(first, why, detection.schema.summary());
        return probe;
    }

    if (spec->label->encoding == LabelEncoding::ClassName) { // the class list: a scan of every file
        ClassNameList names(spec->label->key);
        bool complete = true;
        for (const QString &file : files) {
            const qint64 before = names.records();
            const int limit = int(std::min<qint64>(kLabelScanRecords, kLabelScanTotal - before));
            if (Status s = forRecords(file, limit, options.compression,
                                      [&](const ParsedExample &e, const Location &) { names.add(e); });
                !s.isOk())
                return s;
            complete = complete && names.records() - before < limit;
        }
        names.applyTo(&*probe.spec.label, complete);
    }
    if (options.numClasses > 0) {
        probe.numClasses = options.numClasses;
        probe.classesFrom = QStringLiteral("config");
    } else if (spec->label->numClasses > 0) {
        probe.numClasses = spec->label->numClasses;
        probe.classesFrom = QStringLiteral("spec");
    } else if (spec->label->encoding == LabelEncoding::ClassName) {
        if (probe.spec.label->classNames.size() > kMaxClasses)
            return invalidArgument(
                QStringLiteral("'%1' holds %2 class names, more than the %3 a run can train")
                    .arg(spec->label->key)
                    .arg(probe.spec.label->classNames.size())
                    .arg(kMaxClasses));
        probe.numClasses = std::max(2, int(probe.spec.label->classNames.size()));
        probe.classesFrom = QStringLiteral("scan");
    } else {
        int top = -1;
        Location topAt;
        Status problem;
        int budget = kLabelScanTotal;
        for (const QString &file : files) {
            if (budget <= 0)
                break;
            const Status s = forRecords(file, std::min(budget, kLabelScanRecords), options.compression,
                                        [&](const ParsedExample &e, const Location &where) {
                                            --budget;
                                            Result<int> label = decodeLabel(e, *spec->label, where);
                                            if (label && *label > top) {
                                                top = *label;
                                                topAt = where;
                                            } else if (!label && problem.isOk()) {
                                                problem = label.status();
                                            }
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
        if (top >= kMaxClasses)
            return Status(ErrorKind::InvalidArgument,
                          QStringLiteral("label %1 would make %2 classes, more than the %3 a run can train; "
                                         "fix the label or set num_classes")
                              .arg(top)
                              .arg(top + 1)
                              .arg(kMaxClasses),
                          topAt);
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
