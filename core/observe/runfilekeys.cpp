#include "observe/runfilekeys.h"

namespace qs::runfile {

QString runStateKey(RunState r)
{
    switch (r) {
    case RunState::Idle:
        return QStringLiteral("idle");
    case RunState::Running:
        return QStringLiteral("running");
    case RunState::Stopping:
        return QStringLiteral("stopping");
    case RunState::Finished:
        return QStringLiteral("finished");
    }
    return QStringLiteral("idle");
}

QString howKey(EndHow how)
{
    switch (how) {
    case EndHow::None:
        return QStringLiteral("none");
    case EndHow::EndOfData:
        return QStringLiteral("end_of_data");
    case EndHow::Stopped:
        return QStringLiteral("stopped");
    case EndHow::Error:
        return QStringLiteral("error");
    }
    return QStringLiteral("none");
}

QJsonObject recordLimits(const RecorderOptions &o)
{
    return {{QStringLiteral("span_budget"), double(o.spanBudget)},
            {QStringLiteral("span_chunk"), o.spanChunk},
            {QStringLiteral("level_buckets"), o.levelBuckets},
            {QStringLiteral("queue_history"), o.queueHistory},
            {QStringLiteral("queue_changes"), o.queueChanges}};
}

RecorderOptions withLimits(RecorderOptions o, const QJsonObject &limits)
{
    // A file could ask for anything: each bound stays within what a record may allocate.
    const auto take = [&](const char *key, qint64 lo, qint64 hi, auto *field) {
        const double v = limits.value(QLatin1String(key)).toDouble(-1);
        if (v >= double(lo) && v <= double(hi))
            *field = std::remove_pointer_t<decltype(field)>(v);
    };
    take("span_budget", 1, qint64(1) << 24, &o.spanBudget); // 16 bytes each: 256 MB
    take("span_chunk", 1, 1 << 12, &o.spanChunk);           // a chunk per thread is allocated whole
    take("level_buckets", 1, 1 << 16, &o.levelBuckets);
    take("queue_history", 1, 1 << 20, &o.queueHistory);
    take("queue_changes", 1, 1 << 16, &o.queueChanges);
    return o;
}

} // namespace qs::runfile
