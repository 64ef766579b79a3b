#pragma once

#include "base/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace qs {

// Which machinery a run drives: the input pipeline and its trainer, or the Coordinator's own
// five-worker example from TensorFlow's documentation (a scenario's "mode").
enum class RunMode : quint8 { Pipeline, Workers };
QString runModeKey(RunMode mode); // "pipeline", "workers"

// A fault that a scenario injects into an otherwise real run.
struct Fault {
    enum class Type { CorruptRecord, Throw, StuckWorker, SlowFile, CorruptImage };
    Type type = Type::Throw;
    QString where;            // Throw: "reader" or "trainer"
    qint64 afterRecords = -1; // Throw in a reader: after this many records read by that reader
    qint64 atStep = -1;       // Throw in the trainer: at this step
    int file = 0;             // CorruptRecord, CorruptImage, SlowFile: which training file (index)
    qint64 record = 0;        // CorruptRecord, CorruptImage: which record of it
    int delayMs = 0;          // SlowFile: how much longer each read of the file takes
    QString how;              // CorruptRecord: "flip_data_crc" | "flip_length_crc" | "truncate"
};

// A teaching scenario: what it is, what will happen and why, the run's configuration, the
// faults it injects, and what its end must look like. Scenarios are data (JSON), so users can
// write their own; the built-in ones live in resources/scenarios/ and are compiled in.
struct Scenario {
    QString name;
    QString title;
    QString description;
    QJsonObject localized;            // "title_zh_TW", "description_zh_CN", ... as found in the file
    RunMode mode = RunMode::Pipeline; // JSON "mode": "pipeline" (default) or "workers"
    QJsonObject config;               // PipelineConfig / TrainerConfig keys, applied over the defaults
    QList<Fault> faults;
    QJsonObject expect; // {"how": ..., "error_kind": ..., ...}: what the end must look like
    // > 0: request_stop after this long (the run's stop_after_s), headless and in the window,
    // unless "stop_after_s_in_window" is false: a story that waits for the user's Stop.
    double stopAfterSeconds = 0;
    bool stopAfterInWindow = true;
    // The speed (the `speed` knob, 0.01..1) at which its story can be watched: the window sets
    // it when the scenario is chosen (the user may change it). JSON "pace"; 1 when absent.
    double pace = 1;
    // > 1: a run given fewer files than this reads its records split, in order, into this many
    // shard files (a story about interleaving files needs several). JSON "shards"; 0 when absent.
    int shards = 0;

    // Title and description in a language ("en", "zh_TW", "zh_CN"), English when missing.
    QString titleIn(const QString &lang) const;
    QString descriptionIn(const QString &lang) const;

    static Result<Scenario> fromJson(const QJsonObject &json, const QString &origin);
    static Result<Scenario> load(const QString &nameOrPath); // a built-in name or a .json file
    static QStringList builtinNames();
};

} // namespace qs
