#pragma once

#include "base/result.h"
#include "observe/runfile.h"

#include <QMap>
#include <QString>

#include <chrono>
#include <memory>

namespace qs {

class Recorder;

// Saves one run's record into a run file (see runfile.h) as the run goes.
//
// Contract:
//  - start() creates `<path>.partial` (replacing a stale one), writes the schema and meta, and
//    starts a thread of its own that every `flushEvery` copies what the Recorder gained since
//    the previous flush (new spans, events, queue samples, metric points; the threads' and
//    queues' latest state, the topology when it changed, the run's figures) in one transaction.
//    That thread takes the Recorder's threadNice() when one is set, as the run's threads do.
//    The journal is SQLite's WAL, so the file is readable at any moment, also by another
//    process, and a process killed at any point leaves `<path>.partial` readable up to its last
//    flush (with its -wal file beside it).
//  - A ring that dropped items between two flushes is recorded as a row of `gaps`, never
//    silently: flush often enough for the Recorder's capacities (the default is ample for the
//    pipeline's rates).
//  - finish() (call it once the run has ended) makes the last flush, folds the WAL into the
//    file, closes it and renames `<path>.partial` to `path`. Only then is `path` replaced: a
//    run that fails or is killed never leaves a broken file where an older one was. On error
//    the partial file is kept and the Status names it. The destructor finishes if needed.
//  - The Recorder must outlive the writer. All methods are called from one thread; the Recorder
//    is read from the writer's thread through its thread-safe interface only.
//
// Example:
//   auto w = RunFileWriter::start("run.qsrun", recorder);
//   if (!w) fail(w.status());
//   ... the run ...
//   if (Status s = (*w)->finish(); !s) fail(s);
class RunFileWriter {
public:
    struct Options {
        std::chrono::milliseconds flushEvery{200};
        QMap<QString, QString> meta; // extra meta rows (e.g. the command line)
    };
    static Result<std::unique_ptr<RunFileWriter>> start(const QString &path, const Recorder &recorder,
                                                        Options options);
    static Result<std::unique_ptr<RunFileWriter>> start(const QString &path, const Recorder &recorder)
    {
        return start(path, recorder, Options{});
    }
    static QString partialPathFor(const QString &path) { return path + QStringLiteral(".partial"); }
    ~RunFileWriter();
    RunFileWriter(const RunFileWriter &) = delete;
    RunFileWriter &operator=(const RunFileWriter &) = delete;

    Status finish();
    QString path() const;
    qint64 flushes() const; // transactions committed so far

private:
    struct Impl;
    explicit RunFileWriter(std::unique_ptr<Impl> d);
    std::unique_ptr<Impl> d;
};

} // namespace qs
