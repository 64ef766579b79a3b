#include "window/sessionruns.h"

#include "observe/exportfile.h"
#include "observe/runfilewriter.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

namespace qs {

SessionRuns::SessionRuns(int keep, qint64 keepBytes)
    : m_keep(std::max(1, keep))
    , m_keepBytes(keepBytes)
{}

SessionRuns::~SessionRuns()
{
    (void)end();
}

Status SessionRuns::begin(const Recorder &recorder, const QString &what)
{
    (void)end();
    if (!m_dir) {
        m_dir = std::make_unique<QTemporaryDir>();
        if (!m_dir->isValid()) {
            const QString why = m_dir->errorString();
            m_dir.reset();
            return Status(ErrorKind::PermissionDenied,
                          QCoreApplication::translate("qs::SessionRuns",
                                                      "cannot make a folder for this session's runs: %1")
                              .arg(why));
        }
    }
    Run run;
    run.number = m_next++;
    run.path = m_dir->filePath(QStringLiteral("run-%1.qsrun").arg(run.number));
    run.started = QDateTime::currentDateTime();
    run.label = QCoreApplication::translate("qs::SessionRuns", "Run %1 · %2")
                    .arg(run.number)
                    .arg(run.started.toString(QStringLiteral("HH:mm:ss")));
    if (!what.isEmpty())
        run.label += QStringLiteral(" · ") + what;
    RunFileWriter::Options options;
    options.meta.insert(QStringLiteral("label"), run.label);
    Result<std::unique_ptr<RunFileWriter>> writer = RunFileWriter::start(run.path, recorder, options);
    if (!writer)
        return writer.status();
    m_writer = std::move(*writer);
    m_runs.push_back(run);
    return Status::ok();
}

Status SessionRuns::end()
{
    if (!m_writer)
        return Status::ok();
    const Status s = m_writer->finish();
    m_writer.reset();
    if (s.isOk())
        m_runs.last().finished = true;
    // Only finished runs count against the limits; the oldest go first, the latest never.
    auto finishedCount = [this] {
        return std::count_if(m_runs.begin(), m_runs.end(), [](const Run &r) { return r.finished; });
    };
    auto bytes = [this] {
        qint64 total = 0;
        for (const Run &r : std::as_const(m_runs))
            total += r.finished ? QFileInfo(r.path).size() : 0;
        return total;
    };
    while (finishedCount() > 1 && (finishedCount() > m_keep || bytes() > m_keepBytes)) {
        const auto oldest =
            std::find_if(m_runs.begin(), m_runs.end(), [](const Run &r) { return r.finished; });
        QFile::remove(oldest->path);
        m_runs.erase(oldest);
    }
    return s;
}

Status SessionRuns::saveAs(const QString &path, int number) const
{
    const Run *run = nullptr;
    for (const Run &r : m_runs) {
        if (r.finished && (number == 0 || r.number == number))
            run = &r;
    }
    if (!run) {
        return Status(
            ErrorKind::NotFound,
            number == 0 ? QCoreApplication::translate("qs::SessionRuns", "no finished run to save yet")
                        : QCoreApplication::translate("qs::SessionRuns", "no finished run %1 in this session")
                              .arg(number));
    }
    return copyAtomically(run->path, path);
}

} // namespace qs
