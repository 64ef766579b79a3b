#include "feed/heldoutset.h"

#include "example/exampleparser.h"
#include "feed/samplemaker.h"
#include "observe/recorder.h"

namespace qs {

Result<HeldOutSet> HeldOutSet::load(const Source &source, const SampleMaker &maker,
                                    const std::function<bool()> &stop)
{
    HeldOutSet out;
    QStringList files;
    RecordStream::Options options;
    options.skipCorrupt = true;
    if (!source.evalFile.isEmpty()) {
        files << source.evalFile;
        options.select = RecordStream::Select::All;
    } else if (source.holdOut.every > 0) {
        files = source.files;
        options.compression = source.compression;
        options.select = RecordStream::Select::HeldOut;
        options.holdOut = source.holdOut;
    }
    if (files.isEmpty() || source.maxSamples <= 0)
        return out;

    RecordStream stream(
        [&files]() -> Result<QString> {
            if (files.isEmpty())
                return outOfRange(QStringLiteral("no more held-out files"));
            return files.takeFirst();
        },
        options, [&out](const Status &) { ++out.skipped; });
    ExampleParser parser;
    std::vector<cv::Mat> rows;
    QByteArray record;
    Location where;
    while (int(rows.size()) < source.maxSamples && !(stop && stop())) {
        const Status s = stream.next(&record, &where);
        if (s.kind() == ErrorKind::OutOfRange)
            break;
        if (s.kind() == ErrorKind::DataLoss) { // with skipCorrupt the reader resyncs or ends the file
            ++out.skipped;                     // itself; anything else is a damaged stream: keep what we have
            break;
        }
        if (!s.isOk()) // a file that cannot be opened: the user's mistake, named in the error
            return s;
        ObservedThread::setState(ThreadState::Running, Activity::Decoding);
        Result<Sample> sample = maker.make(parser, record, where);
        if (!sample) {
            ++out.skipped;
            continue;
        }
        rows.push_back(sample->image);
        out.labels.push_back(sample->label);
    }
    if (!rows.empty())
        cv::vconcat(rows, out.inputs);
    return out;
}

} // namespace qs
