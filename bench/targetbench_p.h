#pragma once

// Shared by the target measures (targetbench.cpp, pipelinetargets.cpp); not for other use.

#include "bench/benchreport.h"
#include "bench/benchsuite.h"
#include "bench/pipelinebench.h"
#include "bench/stageinputs.h"

#include <QJsonArray>
#include <QList>

#include <optional>

namespace qs::benchtargets {

QString tempPattern(const BenchOptions &o); // a QTemporaryDir pattern in the bench's temp folder
void say(const BenchOptions &o, const QString &text);
double median(QList<double> v);
QList<double> ratios(const QList<double> &num, const QList<double> &den); // pair by pair; 0 where den is
QJsonArray jsonList(const QList<double> &v);
TargetFigure figure(const char *key, const QString &what, double value, const char *unit, const QString &goal,
                    std::optional<bool> met); // load: now
PipelineWindow windowOf(const BenchOptions &o, bool observe);

// The targets measured with pipeline runs.
Result<TargetFigure> efficiencyTarget(const BenchReport &r, const StageInputs &in, RunConfig config,
                                      const BenchOptions &o);
Result<TargetFigure> observationTarget(const RunConfig &config, const BenchOptions &o);
// The run saved as it goes (RunFileWriter, as the window records every run) vs not saved.
Result<TargetFigure> recordingTarget(const RunConfig &config, const BenchOptions &o);
Result<TargetFigure> naiveTarget(const BenchReport &r, RunConfig config, const BenchOptions &o);
Result<QList<TargetFigure>> decodeScalingTarget(const BenchOptions &o); // and the naive feed on its data
Result<TargetFigure> snapshotTarget(RunConfig config, const BenchOptions &o);

// The targets measured with whole processes and with the image decoders (clitargets.cpp).
Result<QList<TargetFigure>> processTargets(const QString &file, const QString &fileWhat,
                                           const BenchOptions &o);
Result<QList<TargetFigure>> jpegTargets(const BenchOptions &o);

} // namespace qs::benchtargets
