#include "common/eventtext.h"

#include "base/statusjson.h"
#include "common/uitext.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QStringList>

#include <cmath>

namespace qs {

namespace {

QString jsonText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: {
        const double d = v.toDouble();
        return d == std::floor(d) && std::abs(d) < 1e15 ? QString::number(qint64(d)) : QString::number(d);
    }
    case QJsonValue::String:
        return v.toString();
    case QJsonValue::Array: {
        QStringList parts;
        for (const QJsonValue &x : v.toArray())
            parts << jsonText(x);
        return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    case QJsonValue::Object: {
        const QJsonObject o = v.toObject();
        QStringList parts;
        for (auto it = o.begin(); it != o.end(); ++it)
            parts << it.key() + QLatin1Char('=') + jsonText(it.value());
        return QLatin1Char('{') + parts.join(QStringLiteral(", ")) + QLatin1Char('}');
    }
    }
    return {};
}

QString str(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toString();
}

QString threadName(const Topology *topology, const QString &name)
{
    return UiText::threadLabel(topology, name);
}

QString queueName(const Topology *topology, const QString &name)
{
    return UiText::queueLabel(topology, name);
}

QString roleWord(const QString &key)
{
    for (ThreadRole r : {ThreadRole::Producer, ThreadRole::Reader, ThreadRole::Trainer, ThreadRole::Watcher,
                         ThreadRole::Worker, ThreadRole::Main})
        if (threadRoleKey(r) == key)
            return UiText::roleName(r);
    return key;
}

} // namespace

QString EventText::error(const QJsonValue &json)
{
    const Status s = statusFromJson(json);
    if (s.isOk())
        return {};
    QString text = tr("%1: %2").arg(errorKindName(s.kind()), s.message());
    QStringList where;
    if (!s.where().file.isEmpty())
        where << tr("file %1").arg(QFileInfo(s.where().file).fileName());
    if (s.where().record >= 0)
        where << tr("record %1").arg(s.where().record);
    if (s.where().offset >= 0)
        where << tr("offset %1").arg(s.where().offset);
    if (!where.isEmpty())
        text += QStringLiteral(" (") + where.join(tr(", ")) + QLatin1Char(')');
    return text;
}

bool EventText::isSkippedRecord(const Event &e)
{
    return e.kind == EventKind::Note && str(e.details, "what") == QLatin1String("skipped_record");
}

QString EventText::kindName(const Event &e)
{
    return isSkippedRecord(e) ? tr("skipped record") : UiText::eventKindName(e.kind);
}

QString EventText::skipDetails(const Event &e)
{
    const Status s = statusFromJson(e.details);
    const QString path = s.where().file;
    const QString name = QFileInfo(path).fileName();
    // The file's name with an ellipsis for its folders: the full path is in the raw fields.
    const QString file = path.isEmpty() ? tr("an unnamed file")
                         : name == path ? name
                                        : QStringLiteral("…/") + name;
    const qint64 record = s.where().record;
    const qint64 offset = s.where().offset;
    // DataLoss is a record whose frame or CRC failed; any other error (an image that does not
    // decode, a payload that is not an Example) was met in a sound record, which is not corrupt.
    QString text;
    if (s.kind() == ErrorKind::DataLoss) {
        text = record >= 0 && offset >= 0
                   ? tr("skipped corrupt record %1 at offset %2 in %3").arg(record).arg(offset).arg(file)
               : record >= 0 ? tr("skipped corrupt record %1 in %2").arg(record).arg(file)
               : offset >= 0 ? tr("skipped a corrupt record at offset %1 in %2").arg(offset).arg(file)
                             : tr("skipped a corrupt record in %1").arg(file);
    } else {
        text = record >= 0 && offset >= 0
                   ? tr("skipped record %1 at offset %2 in %3").arg(record).arg(offset).arg(file)
               : record >= 0 ? tr("skipped record %1 in %2").arg(record).arg(file)
               : offset >= 0 ? tr("skipped a record at offset %1 in %2").arg(offset).arg(file)
                             : tr("skipped a record in %1").arg(file);
    }
    if (!s.message().isEmpty())
        text += QStringLiteral(" — ") + tr("%1: %2").arg(errorKindName(s.kind()), s.message());
    return text;
}

QString EventText::rawFields(const Event &e)
{
    QStringList parts;
    for (auto it = e.details.begin(); it != e.details.end(); ++it)
        parts << it.key() + QStringLiteral(": ") + jsonText(it.value());
    return parts.join(QStringLiteral(" · "));
}

QString EventText::threadCell(const Event &e, const Topology *topology)
{
    if (!e.thread.isEmpty())
        return threadName(topology, e.thread);
    if (e.kind == EventKind::RequestStop)
        return tr("you (Stop)");
    if (e.kind == EventKind::Note && str(e.details, "what") == QLatin1String("speed"))
        return tr("you (speed)");
    return tr("you");
}

QString EventText::details(const Event &e, const Topology *topology)
{
    const QJsonObject &d = e.details;
    switch (e.kind) {
    case EventKind::ThreadStart:
        if (d.contains(QStringLiteral("role")))
            return tr("starts as the %1").arg(roleWord(str(d, "role")));
        break;
    case EventKind::RequestStop: {
        const QString err = error(d.value(QStringLiteral("error")));
        const bool first = d.value(QStringLiteral("first")).toBool();
        if (err.isEmpty())
            return first ? tr("asks every thread to stop") : tr("asks to stop; a stop was already requested");
        return first ? tr("asks every thread to stop: the first error — %1").arg(err)
                     : tr("asks to stop with %1; a stop was already requested, so that error is not kept")
                           .arg(err);
    }
    case EventKind::QueueClose: {
        const QString queue = queueName(topology, str(d, "queue"));
        return d.value(QStringLiteral("cancel_pending")).toBool()
                   ? tr("closes %1 and cancels the enqueues still waiting").arg(queue)
                   : tr("closes %1: what is in it can still be dequeued").arg(queue);
    }
    case EventKind::Error: {
        const QString err = error(d);
        if (d.value(QStringLiteral("after_join")).toBool())
            return tr("%1 — raised after join, too late to stop the run").arg(err);
        if (d.contains(QStringLiteral("kept")))
            return d.value(QStringLiteral("kept")).toBool()
                       ? tr("%1 — kept as the run's error").arg(err)
                       : tr("%1 — not kept: a stop was already requested").arg(err);
        return err;
    }
    case EventKind::ThreadExit: {
        const QString how = str(d, "how");
        const QString err = str(d, "error");
        if (how == QLatin1String("clean"))
            return tr("ends normally");
        if (how == QLatin1String("cancelled"))
            return err.isEmpty() ? tr("ends: cancelled") : tr("ends: cancelled (%1)").arg(err);
        if (how == QLatin1String("error"))
            return tr("ends with an error: %1").arg(err);
        break;
    }
    case EventKind::Join: {
        const QString result = str(d, "result");
        QStringList still;
        for (const QJsonValue &v : d.value(QStringLiteral("still_running")).toArray())
            still << threadName(topology, v.toString());
        if (result == QLatin1String("ok"))
            return tr("join returns: every thread has ended");
        if (result == QLatin1String("error"))
            return tr("join returns the kept error: every thread has ended");
        if (result == QLatin1String("timeout"))
            return tr("join gives up waiting for %1 (the grace period is over)").arg(still.join(tr(", ")));
        break;
    }
    case EventKind::End: {
        // The keys the end event is documented with (observe/snapshot.h).
        const QString key = str(d, "how");
        const EndHow how = key == QLatin1String("end_of_data") ? EndHow::EndOfData
                           : key == QLatin1String("stopped")   ? EndHow::Stopped
                           : key == QLatin1String("error")     ? EndHow::Error
                                                               : EndHow::None;
        if (how == EndHow::None)
            break;
        const QString err = error(d.value(QStringLiteral("error")));
        return err.isEmpty() ? tr("the run ends: %1").arg(UiText::endHowName(how))
                             : tr("the run ends: %1 — %2").arg(UiText::endHowName(how), err);
    }
    case EventKind::Step:
        if (d.contains(QStringLiteral("step")) && d.size() == 1)
            return tr("step %1 granted").arg(d.value(QStringLiteral("step")).toInteger());
        break;
    case EventKind::Note: {
        const QString what = str(d, "what");
        if (what == QLatin1String("skipped_record"))
            return skipDetails(e);
        if (what == QLatin1String("held_out"))
            return tr("held-out set: %n sample(s) from %1, %2 skipped", nullptr,
                      d.value(QStringLiteral("samples")).toInt())
                .arg(QFileInfo(str(d, "from")).fileName())
                .arg(d.value(QStringLiteral("skipped")).toInt());
        if (what == QLatin1String("speed")) {
            const double speed = d.value(QStringLiteral("speed")).toDouble();
            return speed >= 1 ? tr("speed: full speed")
                              : tr("speed: %1× slower").arg(QLocale().toString(1 / speed, 'g', 3));
        }
        if (what == QLatin1String("worker_requests_stop"))
            return tr("%1 decides to stop the others").arg(threadName(topology, str(d, "worker")));
        if (what == QLatin1String("run_plan")) {
            // The plan in words; its notices and warnings were written in the run's language.
            QString text =
                d.value(QStringLiteral("input_only")).toBool()
                    ? tr("plans the run: model input %1, %2 epoch(s), no label: input pipeline only")
                    : tr("plans the run: model input %1, %2 epoch(s)");
            text = text.arg(str(d, "input")).arg(d.value(QStringLiteral("epochs")).toInt());
            QStringList more;
            for (const char *key : {"warnings", "notices"})
                for (const QJsonValue &v : d.value(QLatin1String(key)).toArray())
                    more << v.toString();
            return more.isEmpty() ? text : text + QStringLiteral(" — ") + more.join(QStringLiteral("; "));
        }
        if (what == QLatin1String("confusion")) {
            const QJsonArray classes = d.value(QStringLiteral("classes")).toArray();
            const QJsonArray accuracy = d.value(QStringLiteral("per_class_accuracy")).toArray();
            QStringList each;
            for (qsizetype c = 0; c < classes.size() && c < accuracy.size(); ++c) {
                each << (accuracy[c].isDouble() ? tr("%1 %2%")
                                                      .arg(classes[c].toString())
                                                      .arg(std::lround(accuracy[c].toDouble() * 100))
                                                : tr("%1 none held out").arg(classes[c].toString()));
            }
            return tr("held-out accuracy per class at step %1: %2")
                .arg(d.value(QStringLiteral("step")).toInteger())
                .arg(each.join(QStringLiteral(" · ")));
        }
        if (what == QLatin1String("stop_after"))
            return tr("stop_after_s reached (%1 s): asks every thread to stop")
                .arg(QLocale().toString(d.value(QStringLiteral("seconds")).toDouble(), 'g', 4));
        break;
    }
    case EventKind::State:
        break;
    }
    return rawFields(e);
}

} // namespace qs
