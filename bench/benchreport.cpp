#include "bench/benchreport.h"

#include <QJsonArray>

#include <algorithm>

namespace qs {

namespace {

QJsonObject rateJson(const StageRate &r)
{
    return {{QStringLiteral("per_s"), r.perSecond()},
            {QStringLiteral("us_per_item"), r.microsecondsPerItem()}};
}

} // namespace

double StageFigures::readerThreadPerSecond() const
{
    const double readUs = scan.scan.records > 0 ? scan.scan.seconds * 1e6 / double(scan.scan.records) : 0;
    const double us = readUs + readerBody.microsecondsPerItem();
    return us > 0 ? 1e6 / us : 0;
}

QJsonObject StageFigures::toJson() const
{
    QJsonObject queueJson = rateJson(queue);
    QJsonObject train = rateJson(trainStep);
    train.insert(QStringLiteral("batch_size"), batchSize);
    train.insert(QStringLiteral("steps_per_s"), batchSize > 0 ? trainStep.perSecond() / batchSize : 0);
    QJsonObject all = rateJson(readerBodyAll);
    all.insert(QStringLiteral("threads"), allThreads);
    return {{QStringLiteral("scan"),
             QJsonObject{{QStringLiteral("read_mb_per_s"), scan.read.megabytesPerSecond()},
                         {QStringLiteral("scan_mb_per_s"), scan.scan.megabytesPerSecond()},
                         {QStringLiteral("records_per_s"), scan.scan.recordsPerSecond()},
                         {QStringLiteral("ratio"), scan.ratio()},
                         {QStringLiteral("passes"), scan.passes}}},
            {QStringLiteral("parse"), rateJson(parse)},
            {QStringLiteral("decode_preprocess"), rateJson(decode)},
            {QStringLiteral("reader_body"), rateJson(readerBody)},
            {QStringLiteral("reader_body_all"), all},
            {QStringLiteral("queue"), queueJson},
            {QStringLiteral("train_step"), train},
            {QStringLiteral("reader_thread_per_s"), readerThreadPerSecond()},
            {QStringLiteral("load"), load.toJson()}};
}

QJsonObject TargetFigure::toJson() const
{
    return {{QStringLiteral("key"), key},
            {QStringLiteral("what"), what},
            {QStringLiteral("value"), value < 0 ? QJsonValue() : QJsonValue(value)},
            {QStringLiteral("unit"), unit},
            {QStringLiteral("goal"), goal.isEmpty() ? QJsonValue() : QJsonValue(goal)},
            {QStringLiteral("met"), met ? QJsonValue(*met) : QJsonValue()},
            {QStringLiteral("detail"), detail},
            {QStringLiteral("load"), load.toJson()}};
}

QJsonObject BenchReport::toJson() const
{
    QJsonArray runs;
    for (qsizetype i = 0; i < sweep.size(); ++i) {
        QJsonObject run = sweep[i].toJson();
        run.insert(QStringLiteral("slowest_stage_per_s"),
                   i < slowestStage.size() ? slowestStage[i] : QJsonValue());
        run.insert(QStringLiteral("efficiency"), i < efficiency.size() ? efficiency[i] : QJsonValue());
        runs.append(run);
    }
    QJsonArray targetList;
    for (const TargetFigure &t : targets)
        targetList.append(t.toJson());
    QJsonObject o{
        {QStringLiteral("machine"), machine.toJson()},
        {QStringLiteral("load_start"), loadStart.toJson()},
        {QStringLiteral("load_end"), loadEnd.toJson()},
        {QStringLiteral("seconds"), seconds},
        {QStringLiteral("data"), QJsonObject{{QStringLiteral("files"), QJsonArray::fromStringList(files)},
                                             {QStringLiteral("demo"), demoData},
                                             {QStringLiteral("demo_written"), demoWritten},
                                             {QStringLiteral("records"), records},
                                             {QStringLiteral("bytes"), bytes},
                                             {QStringLiteral("spec"), spec}}},
        {QStringLiteral("config"), config.toJson()},
        {QStringLiteral("stages"), stages.toJson()},
        {QStringLiteral("pipeline"), runs},
        {QStringLiteral("bottleneck"), verdict.toJson()},
        {QStringLiteral("targets"), targetList}};
    if (memory)
        o.insert(QStringLiteral("memory"), memory->toJson());
    return o;
}

} // namespace qs
