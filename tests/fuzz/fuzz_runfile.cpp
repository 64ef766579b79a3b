// libFuzzer target for RunFileReader. The input is a whole run file (an SQLite database). It
// is written to a file of this process's own in $TMPDIR (SQLite resolves /proc/self/fd links to
// a memfd's name, so fuzzcheck.h's MemFile cannot be opened by path); the reader must never crash, hang or
// leak, and must either refuse the file with a status that names it, or return a record that keeps the
// reader's promises: a supported version, the run-file format, and every thread's spans ending with its open
// span, and a rebuilt record that answers a whole-run query.

#include "fuzzcheck.h"

#include "observe/recorder.h"
#include "observe/runfilereader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

using namespace qs;
using qs::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QString path = QDir::temp().filePath(
        QStringLiteral("fuzz_runfile-%1.qsrun").arg(QCoreApplication::applicationPid()));
    for (const char *suffix : {"-wal", "-shm"})
        QFile::remove(path + QLatin1String(suffix));
    {
        QFile f(path);
        check(f.open(QIODevice::WriteOnly | QIODevice::Truncate), "the scratch file opens", path);
        check(f.write(reinterpret_cast<const char *>(data), qint64(size)) == qint64(size),
              "the scratch file is written");
    }
    const Result<SavedRun> r = RunFileReader::read(path);
    if (!r) {
        check(!r.status().isOk(), "a failed read has an error");
        check(r.status().message().contains(path), "the error names the file", r.status().message());
        return 0;
    }
    check(r->version >= 1 && r->version <= kRunFileVersion, "a supported version");
    check(r->meta.value(QStringLiteral("format")) == QLatin1String(kRunFileFormat), "the run-file format");
    for (const ThreadInfo &t : r->last.threads) {
        check(!t.spans.isEmpty() && t.spans.last().endUs == -1, "each thread ends with its open span",
              t.name);
    }
    check(r->last.topology != nullptr, "a topology");
    // The rebuilt record answers a whole-run query, a lane per thread it holds.
    check(r->record != nullptr && r->last.record == r->record->source(), "a rebuilt record");
    RangeRequest whole;
    whole.buckets = 64;
    const RangeView v = r->record->query(whole);
    check(v.lanes.size() == r->record->threadCount(), "a lane per thread");
    check(v.queues.size() == r->record->queueCount(), "a queue record per queue");
    return 0;
}
