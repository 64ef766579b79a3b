#include "scenario/scenariofaults.h"

#include "scenario/corruptcopy.h"
#include "scenario/scenario.h"

#include <QDir>

namespace qs {

Result<InjectedFaults> injectScenarioFaults(const Scenario &scenario, const QStringList &files)
{
    InjectedFaults out;
    out.files = files;
    for (const Fault &f : scenario.faults) {
        switch (f.type) {
        case Fault::Type::CorruptRecord: {
            if (f.file < 0 || f.file >= out.files.size())
                return invalidArgument(
                    QStringLiteral("scenario %1: corrupt_record names file %2, but the run has %3 file(s)")
                        .arg(scenario.name)
                        .arg(f.file)
                        .arg(out.files.size()));
            if (!out.scratch) {
                out.scratch = std::make_unique<QTemporaryDir>();
                if (!out.scratch->isValid())
                    return Status(
                        ErrorKind::PermissionDenied,
                        QStringLiteral("cannot make a temporary folder: %1").arg(out.scratch->errorString()));
            }
            const QString dir = out.scratch->filePath(QString::number(f.file));
            if (!QDir().mkpath(dir))
                return Status(ErrorKind::PermissionDenied, QStringLiteral("cannot make %1").arg(dir));
            Result<QString> copy = writeCorruptedCopy(out.files[f.file], f, dir);
            if (!copy)
                return copy.status();
            out.files[f.file] = *copy;
            break;
        }
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
