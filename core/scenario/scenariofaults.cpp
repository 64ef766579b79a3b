#include "scenario/scenariofaults.h"

#include "record/recordindex.h"
#include "record/recordreader.h"
#include "record/recordwriter.h"
#include "scenario/corruptcopy.h"
#include "scenario/scenario.h"

#include <QDir>
#include <QFileInfo>

namespace qs {

namespace {

Status makeScratch(InjectedFaults *out)
{
    if (out->scratch)
        return {};
    out->scratch = std::make_unique<QTemporaryDir>();
    if (!out->scratch->isValid())
        return Status(ErrorKind::PermissionDenied,
                      QStringLiteral("cannot make a temporary folder: %1").arg(out->scratch->errorString()));
    return {};
}

// The records of `files`, in order, split into `shards` files of consecutive records (record r
// of T goes to shard r * shards / T), written in `dir`.
Result<QStringList> writeShards(const QString &scenario, const QStringList &files, int shards,
                                const QString &dir)
{
    qint64 bytes = 0; // the cheap refusal first, before any record is read
    for (const QString &f : files)
        bytes += QFileInfo(f).size();
    if (bytes > kMaxShardedBytes)
        return invalidArgument(
            QStringLiteral("scenario %1 splits its data into %2 shard files, but the run's "
                           "%3 file(s) hold %4 MB (at most %5 MB are split): give it %2 files")
                .arg(scenario)
                .arg(shards)
                .arg(files.size())
                .arg(bytes >> 20)
                .arg(kMaxShardedBytes >> 20));
    qint64 total = 0;
    for (const QString &f : files) {
        Result<RecordIndex> index = RecordIndex::build(f);
        if (!index)
            return index.status();
        total += index->size();
    }
    if (total < shards)
        return invalidArgument(
            QStringLiteral("scenario %1 splits its data into %2 shard files, but the run's "
                           "files hold only %3 records")
                .arg(scenario)
                .arg(shards)
                .arg(total));
    const QString stem = QFileInfo(files.first()).completeBaseName();
    QStringList out;
    std::unique_ptr<RecordWriter> writer;
    qint64 r = 0;
    for (const QString &f : files) {
        Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(f);
        if (!reader)
            return reader.status();
        QByteArray record;
        for (;;) {
            const Status s = (*reader)->next(&record);
            if (s.kind() == ErrorKind::OutOfRange)
                break;
            if (!s.isOk())
                return s;
            const int shard = int(r * shards / total);
            if (shard == out.size()) { // the next shard begins
                if (writer)
                    if (Status c = writer->commit(); !c)
                        return c;
                const QString path = QDir(dir).filePath(
                    QStringLiteral("%1-%2-of-%3.tfrecords").arg(stem).arg(shard).arg(shards));
                Result<std::unique_ptr<RecordWriter>> made = RecordWriter::create(path);
                if (!made)
                    return made.status();
                writer = std::move(*made);
                out << path;
            }
            if (Status w = writer->write(record); !w)
                return w;
            ++r;
        }
    }
    if (writer)
        if (Status c = writer->commit(); !c)
            return c;
    return out;
}

} // namespace

Result<InjectedFaults> injectScenarioFaults(const Scenario &scenario, const QStringList &files)
{
    InjectedFaults out;
    out.files = files;
    if (scenario.shards > 1 && files.size() < scenario.shards && !files.isEmpty()) {
        if (Status st = makeScratch(&out); !st)
            return st;
        const QString dir = out.scratch->filePath(QStringLiteral("shards"));
        if (!QDir().mkpath(dir))
            return Status(ErrorKind::PermissionDenied, QStringLiteral("cannot make %1").arg(dir));
        Result<QStringList> shards = writeShards(scenario.name, files, scenario.shards, dir);
        if (!shards)
            return shards.status();
        out.files = *shards;
    }
    auto checkFile = [&](const Fault &f) -> Status {
        if (f.file >= 0 && f.file < out.files.size())
            return {};
        return invalidArgument(
            QStringLiteral("scenario %1: a %2 fault names file %3, but the run has %4 file(s)")
                .arg(scenario.name, f.type == Fault::Type::SlowFile       ? QStringLiteral("slow_file")
                                    : f.type == Fault::Type::CorruptImage ? QStringLiteral("corrupt_image")
                                                                          : QStringLiteral("corrupt_record"))
                .arg(f.file)
                .arg(out.files.size()));
    };
    for (const Fault &f : scenario.faults) {
        switch (f.type) {
        case Fault::Type::CorruptRecord:
        case Fault::Type::CorruptImage: {
            if (Status st = checkFile(f); !st)
                return st;
            if (Status st = makeScratch(&out); !st)
                return st;
            const QString dir = out.scratch->filePath(QString::number(f.file));
            if (!QDir().mkpath(dir))
                return Status(ErrorKind::PermissionDenied, QStringLiteral("cannot make %1").arg(dir));
            Result<QString> copy = f.type == Fault::Type::CorruptRecord
                                       ? writeCorruptedCopy(out.files[f.file], f, dir)
                                       : writeImageCorruptedCopy(out.files[f.file], f, dir);
            if (!copy)
                return copy.status();
            if (out.slowFile == out.files[f.file])
                out.slowFile = *copy;
            out.files[f.file] = *copy;
            break;
        }
        case Fault::Type::SlowFile:
            if (Status st = checkFile(f); !st)
                return st;
            out.slowFile = out.files[f.file];
            out.slowFileDelayMs = f.delayMs;
            break;
        case Fault::Type::Throw:
            if (f.where == QLatin1String("reader"))
                out.readerThrowAfter = std::max<qint64>(0, f.afterRecords);
            else
                out.trainerThrowAt = std::max<qint64>(0, f.atStep);
            break;
        case Fault::Type::StuckWorker:
            out.stuckWorker = true;
            break;
        }
    }
    return out;
}

} // namespace qs
