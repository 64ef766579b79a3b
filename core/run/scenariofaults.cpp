#include "run/scenariofaults.h"

#include "run/corruptcopy.h"
#include "run/runcontext.h"
#include "scenario/scenario.h"

#include <QDir>
#include <QTemporaryDir>

namespace qs {

Status applyScenarioFaults(RunContext &ctx, const Scenario &scenario)
{
    QStringList &files = ctx.config.pipeline.files;
    for (const Fault &f : scenario.faults) {
        switch (f.type) {
        case Fault::Type::CorruptRecord: {
            if (f.file < 0 || f.file >= files.size())
                return invalidArgument(
                    QStringLiteral("scenario %1: corrupt_record names file %2, but the run has %3 file(s)")
                        .arg(scenario.name)
                        .arg(f.file)
                        .arg(files.size()));
            if (!ctx.scratch) {
                ctx.scratch = std::make_unique<QTemporaryDir>();
                if (!ctx.scratch->isValid())
                    return Status(
                        ErrorKind::PermissionDenied,
                        QStringLiteral("cannot make a temporary folder: %1").arg(ctx.scratch->errorString()));
            }
            const QString dir = ctx.scratch->filePath(QString::number(f.file));
            if (!QDir().mkpath(dir))
                return Status(ErrorKind::PermissionDenied, QStringLiteral("cannot make %1").arg(dir));
            Result<QString> copy = writeCorruptedCopy(files[f.file], f, dir);
            if (!copy)
                return copy.status();
            files[f.file] = *copy;
            break;
        }
        case Fault::Type::Throw:
            if (f.where == QLatin1String("reader"))
                ctx.faults.readerThrowAfter = std::max<qint64>(0, f.afterRecords);
            else
                ctx.faults.trainerThrowAt = std::max<qint64>(0, f.atStep);
            break;
        case Fault::Type::StuckWorker:
            ctx.faults.stuckWorker = true;
            break;
        }
    }
    return {};
}

} // namespace qs
