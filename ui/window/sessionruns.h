#pragma once

#include "base/status.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <memory>

class QTemporaryDir;

namespace qs {

class Recorder;
class RunFileWriter;

// The runs of this window's session, each saved as it goes into a run file of its own (see
// observe/runfile.h) in a private folder that lives as long as the session. File > Save Run
// copies one of them where the user says; the Runs list and the run comparison read them back.
// A run is recorded from its start, so what is saved is the whole run whatever the Recorder's
// rings have forgotten by then.
//
// GUI thread only. begin() must be followed by end() before the Recorder goes (the writer reads
// it on a thread of its own until then); end() is idempotent. At most `keep` finished runs are
// kept, and at most `keepBytes` of them on disk (the latest always stays): older ones are deleted
// from the folder (never a run the user saved: that is a copy).
class SessionRuns {
public:
    struct Run {
        int number = 0; // 1, 2, ... in this session
        QString path;   // the session's copy (deleted with the session)
        QString label;  // "Run 2 · 14:03:12 · slow-trainer"
        QDateTime started;
        bool finished = false; // end() wrote it whole
    };

    explicit SessionRuns(int keep = 20, qint64 keepBytes = qint64(4) << 30);
    ~SessionRuns();
    SessionRuns(const SessionRuns &) = delete;
    SessionRuns &operator=(const SessionRuns &) = delete;

    Status begin(const Recorder &recorder, const QString &what); // what: the scenario or input
    Status end();
    bool isRecording() const { return m_writer != nullptr; }
    QList<Run> runs() const { return m_runs; } // oldest first
    // Copies run `number` (the latest finished one for 0) to `path`, through a temporary file
    // and a rename: an older file at `path` stays as it was unless the copy is whole.
    Status saveAs(const QString &path, int number = 0) const;

private:
    int m_keep;
    qint64 m_keepBytes;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<RunFileWriter> m_writer;
    QList<Run> m_runs;
    int m_next = 1;
};

} // namespace qs
