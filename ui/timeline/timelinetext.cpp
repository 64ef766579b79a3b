#include "timeline/timelinetext.h"

#include "common/eventtext.h"
#include "common/statepalette.h"
#include "common/uitext.h"

#include <algorithm>
#include <array>

namespace qs {

namespace {
QString escaped(const QString &s)
{
    return s.toHtmlEscaped();
}
qint64 endOf(const StateSpan &s, qint64 nowUs)
{
    return s.endUs < 0 ? std::max(nowUs, s.startUs) : s.endUs;
}
} // namespace

QString TimelineText::span(const QList<StateSpan> &spans, const LaneItem &item, qint64 nowUs)
{
    if (item.firstSpan < 0 || item.lastSpan >= spans.size())
        return {};
    if (item.firstSpan == item.lastSpan) {
        const StateSpan &s = spans[item.firstSpan];
        QString text = QStringLiteral("<b>%1</b><br>").arg(escaped(StatePalette::name(s.state)));
        text += tr("%1, from %2 to %3")
                    .arg(UiText::duration(endOf(s, nowUs) - s.startUs), UiText::seconds(s.startUs),
                         s.endUs < 0 ? tr("now") : UiText::seconds(s.endUs));
        const QString activity = UiText::activityName(s.activity);
        if (!activity.isEmpty())
            text += QStringLiteral("<br>") + tr("Activity: %1").arg(escaped(activity));
        if (!s.detail.isEmpty())
            text += QStringLiteral("<br>") + tr("Detail: %1").arg(escaped(s.detail));
        return text;
    }
    std::array<qint64, kThreadStateCount> us{};
    for (int i = item.firstSpan; i <= item.lastSpan; ++i)
        us[size_t(spans[i].state)] += endOf(spans[i], nowUs) - spans[i].startUs;
    QString text = QStringLiteral("<b>%1</b><br>")
                       .arg(tr("%n short spans folded together; zoom in to see them", nullptr,
                               item.lastSpan - item.firstSpan + 1));
    for (ThreadState s : StatePalette::legendOrder())
        if (us[size_t(s)] > 0)
            text += QStringLiteral("%1: %2<br>")
                        .arg(escaped(StatePalette::name(s)), UiText::duration(us[size_t(s)]));
    return text;
}

QString TimelineText::mix(const LaneItem &item, qint64 resolutionUs)
{
    const qint64 total = item.mix.total();
    QString text =
        QStringLiteral("<b>%1</b><br>")
            .arg(tr("From %1 to %2").arg(UiText::seconds(item.fromUs), UiText::seconds(item.toUs)));
    for (ThreadState s : StatePalette::legendOrder()) {
        const qint64 us = item.mix.us[size_t(s)];
        if (us > 0 && total > 0)
            text += QStringLiteral("%1: %2 (%3%)<br>")
                        .arg(escaped(StatePalette::name(s)), UiText::duration(us))
                        .arg(100.0 * double(us) / double(total), 0, 'f', 1);
    }
    if (resolutionUs > 0)
        text += QStringLiteral("<i>%1</i>")
                    .arg(tr("Summarised by the record in steps of %1; zoom in for exact spans where "
                            "they are kept.")
                             .arg(UiText::duration(resolutionUs)));
    return text;
}

QString TimelineText::event(const Event &e)
{
    QString text = QStringLiteral("<b>%1</b><br>%2")
                       .arg(escaped(EventText::kindName(e)), tr("at %1").arg(UiText::seconds(e.tUs)));
    if (!e.thread.isEmpty())
        text += QStringLiteral("<br>") + tr("Thread: %1").arg(escaped(e.thread));
    const QString details = UiText::eventDetails(e);
    if (!details.isEmpty())
        text += QStringLiteral("<br>") + escaped(details);
    return text;
}

QString TimelineText::lane(const ThreadInfo &t, qint64 nowUs)
{
    QString text =
        QStringLiteral("<b>%1</b> (%2)<br>").arg(escaped(t.name), escaped(UiText::roleName(t.role)));
    text += tr("Now: %1 for %2")
                .arg(escaped(StatePalette::name(t.state)), UiText::duration(nowUs - t.stateSinceUs));
    if (!t.detail.isEmpty())
        text += QStringLiteral(" — ") + escaped(t.detail);
    text += QStringLiteral("<br><i>%1</i>").arg(escaped(StatePalette::explanation(t.state)));
    qint64 total = 0;
    for (qint64 v : t.usIn)
        total += v;
    if (total > 0) {
        text += QStringLiteral("<br>");
        for (ThreadState s : StatePalette::legendOrder()) {
            const qint64 v = t.usIn[size_t(s)];
            if (v > 0)
                text += QStringLiteral("<br>%1: %2 (%3%)")
                            .arg(escaped(StatePalette::name(s)), UiText::duration(v))
                            .arg(100.0 * double(v) / double(total), 0, 'f', 1);
        }
    }
    return text;
}

} // namespace qs
