#include "timeline/threadtimeline.h"

#include "common/eventtext.h"
#include "common/statepalette.h"
#include "common/uitext.h"
#include "timeline/timelinetext.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QPainterPath>
#include <QRegion>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <climits>
#include <cmath>

namespace qs {

namespace {
constexpr int kMaxEvents = 5000;
constexpr qint64 kDefaultSpanUs = 10'000'000;

// A tick step of 1, 2 or 5 times a power of ten µs that leaves at least minPx between ticks.
qint64 tickStep(const TimeAxis &axis, int minPx)
{
    const double per = axis.pxPerUs();
    for (qint64 decade = 1; decade < TimeAxis::kMaxSpanUs; decade *= 10)
        for (qint64 m : {1, 2, 5})
            if (double(m * decade) * per >= minPx)
                return m * decade;
    return TimeAxis::kMaxSpanUs;
}

// Adds a fresh answer's spans (oldest first) to a lane's list and returns the index its first
// span has there. The spans from that one's start on are replaced: a span the last answer held
// open comes back closed or longer, with the same start.
int mergeSpans(QList<StateSpan> &list, const QList<StateSpan> &fresh)
{
    if (fresh.isEmpty())
        return int(list.size());
    const auto from = std::lower_bound(list.begin(), list.end(), fresh.constFirst().startUs,
                                       [](const StateSpan &s, qint64 t) { return s.startUs < t; });
    const int at = int(from - list.begin());
    list.erase(from, list.end());
    list.append(fresh);
    return at;
}

// Clips a mark that began before the axis' start to the axis, as a fresh layout would have: a
// folded mark keeps the share of its time that lies within, each state in proportion, as the
// record's buckets spread their time over the pixels they cover. Only marks of one state are
// ever cut here: a mixed mark is one pixel (TimelineLayout folds short spans pixel by pixel, the
// record answers a bucket per pixel) and begins in it, and the kept pixels are whole columns of
// the axis, so its kept columns never need stacking again.
void clipAtStart(LaneItem &item, const TimeAxis &axis)
{
    item.x0 = std::max(item.x0, axis.x0);
    if (item.fromUs >= axis.startUs)
        return;
    if (item.folded && item.toUs > item.fromUs) {
        StateMix within;
        within.add(item.mix,
                   double(std::max<qint64>(0, item.toUs - axis.startUs)) / double(item.toUs - item.fromUs));
        item.mix = within;
    }
    item.fromUs = axis.startUs;
}

// Whether `next`, laid out for the pixels after `last`'s, carries it on: the same state alone,
// from the same span or both from the record's buckets. A state held for seconds then stays one
// mark, not one per frame.
bool continues(const LaneItem &last, const LaneItem &next)
{
    return !last.mixed && !next.mixed && last.state == next.state && last.x1 == next.x0 &&
           last.folded == next.folded && last.firstSpan == next.firstSpan && last.lastSpan == next.lastSpan &&
           last.toUs == next.fromUs;
}

// Drops the spans of a lane that no mark refers to any more (those before the first one referred
// to), once there are many of them, and renumbers the marks.
void trimSpans(QList<StateSpan> &spans, QList<LaneItem> &items)
{
    constexpr int kSlack = 1024;
    if (spans.size() < kSlack)
        return;
    int first = int(spans.size());
    for (const LaneItem &i : std::as_const(items)) {
        if (i.firstSpan >= 0) {
            first = i.firstSpan;
            break;
        }
    }
    if (first < kSlack)
        return;
    spans.remove(0, first);
    for (LaneItem &i : items) {
        if (i.firstSpan >= 0) {
            i.firstSpan -= first;
            i.lastSpan -= first;
        }
    }
}

QString tickLabel(qint64 us, qint64 step)
{
    const int decimals = step >= 1'000'000 ? 0
                         : step >= 100'000 ? 1
                         : step >= 10'000  ? 2
                         : step >= 1000    ? 3
                                           : 6;
    return QString::number(double(us) / 1e6, 'f', decimals) + QStringLiteral(" s");
}
} // namespace

ThreadTimeline::ThreadTimeline(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
    m_axis.fit(0, kDefaultSpanUs);
}

int ThreadTimeline::laneHeight() const
{
    return std::max(16, int(fontMetrics().height() * 1.7));
}
int ThreadTimeline::rulerHeight() const
{
    return fontMetrics().height() + 8;
}
int ThreadTimeline::stripHeight() const
{
    return !m_markers.isEmpty() && !m_markers.constLast().isEmpty() ? laneHeight() / 2 + 4 : 0;
}
int ThreadTimeline::laneTop(int lane) const
{
    return rulerHeight() + stripHeight() + lane * laneHeight();
}

int ThreadTimeline::labelWidth() const
{
    QFont bold = font();
    bold.setBold(true);
    int w = m_text.advance(bold, QStringLiteral("trainer_00"));
    for (int lane = 0; lane < laneCount(); ++lane)
        w = std::max(w, m_text.advance(bold, laneLabel(lane)));
    return std::min(w + 28, QFontMetrics(bold).averageCharWidth() * 30);
}

int ThreadTimeline::skippedRecords(int lane) const
{
    // At the time cursor, the skips up to it; live (or without a cursor), all of them so far.
    const auto it = m_skipTimes.constFind(m_threads[lane].name);
    if (it == m_skipTimes.cend())
        return 0;
    if (m_cursorUs < 0)
        return int(it->size());
    return int(std::upper_bound(it->cbegin(), it->cend(), m_cursorUs) - it->cbegin());
}

QString ThreadTimeline::laneLabel(int lane) const
{
    const QString label = UiText::threadLabel(m_topology.get(), m_threads[lane].name);
    const int skipped = skippedRecords(lane);
    return skipped > 0 ? tr("%1 · %n skipped", nullptr, skipped).arg(label) : label;
}

int ThreadTimeline::laneAt(int y) const
{
    if (stripHeight() > 0 && y >= rulerHeight() && y < rulerHeight() + stripHeight())
        return laneCount();
    const int lane = (y - laneTop(0)) / laneHeight();
    return y >= laneTop(0) && lane < laneCount() ? lane : -1;
}

QSize ThreadTimeline::sizeHint() const
{
    return {800, laneTop(std::max(laneCount(), 4)) + 4};
}
QSize ThreadTimeline::minimumSizeHint() const
{
    return {300, laneTop(laneCount()) + 4};
}

void ThreadTimeline::setSnapshot(const Snapshot &snap)
{
    if (snap.nextEventSeq < m_lastSeq + 1)
        clear(); // a new run restarted the sequence
    const bool lanesChanged = snap.threads.size() != m_threads.size();
    m_threads = snap.threads;
    m_topology = snap.topology;
    if (m_topology) { // lanes in pipeline order, the order the run declared
        std::stable_sort(m_threads.begin(), m_threads.end(), [&](const ThreadInfo &a, const ThreadInfo &b) {
            return m_topology->laneOrder(a.name) < m_topology->laneOrder(b.name);
        });
    }
    m_nowUs = snap.tUs;
    m_record = snap.record;
    m_laneOf.clear();
    if (!m_record) // with a record, layoutLanes asks it for the spans
        m_spans.clear();
    for (int i = 0; i < m_threads.size(); ++i) {
        if (!m_record)
            m_spans.append(TimelineLayout::spansOf(m_threads[i]));
        m_laneOf.insert(m_threads[i].name, i);
    }
    bool unordered = false;
    for (const Event &e : snap.events) {
        if (e.seq <= m_lastSeq)
            continue;
        m_lastSeq = e.seq;
        m_lastEventUs = std::max(m_lastEventUs, e.tUs);
        if (!TimelineLayout::isMarker(e))
            continue;
        if (EventText::isSkippedRecord(e)) {
            QList<qint64> &times = m_skipTimes[e.thread];
            times.insert(std::upper_bound(times.begin(), times.end(), e.tUs), e.tUs);
        }
        unordered = unordered || (!m_events.isEmpty() && e.tUs < m_events.constLast().tUs);
        m_events.append(e);
    }
    m_lastSeq = std::max(m_lastSeq, snap.nextEventSeq - 1);
    if (unordered)
        std::stable_sort(m_events.begin(), m_events.end(),
                         [](const Event &a, const Event &b) { return a.tUs < b.tUs; });
    if (m_events.size() > kMaxEvents)
        m_events.remove(0, m_events.size() - kMaxEvents);
    const bool finished = snap.run == RunState::Finished;
    if (finished) {
        // The lanes end where the run did (its last state change or event), not at the time
        // the final snapshot happened to be taken.
        qint64 end = m_lastEventUs;
        for (const ThreadInfo &t : std::as_const(m_threads))
            end = std::max(end, t.stateSinceUs);
        m_nowUs = std::min(m_nowUs, std::max<qint64>(end, 1));
    }
    const bool justEnded = finished && !m_finished;
    m_finished = finished;
    if (justEnded && m_follow) {
        m_follow = false;
        emit followingChanged(false);
        showAll(); // relayouts
    } else {
        relayout();
    }
    if (lanesChanged)
        updateGeometry();
}

void ThreadTimeline::clear()
{
    m_threads.clear();
    m_spans.clear();
    m_events.clear();
    m_skipTimes.clear();
    m_laneOf.clear();
    m_lastSeq = -1;
    m_nowUs = 0;
    m_record.reset();
    m_live = {};
    m_finished = false;
    m_lastEventUs = 0;
    // The last run's fit or zoom says nothing about the next one: it is followed from its start.
    const TimeAxis live;
    m_axis.startUs = live.startUs;
    m_axis.endUs = live.endUs;
    const bool wasFollowing = m_follow;
    m_follow = true;
    relayout();
    updateGeometry();
    if (!wasFollowing)
        emit followingChanged(true);
}

void ThreadTimeline::setAxis(const TimeAxis &axis)
{
    m_axis.startUs = axis.startUs;
    m_axis.endUs = axis.endUs;
    setFollowing(false);
    relayout();
}

void ThreadTimeline::setFollowing(bool on)
{
    if (m_follow == on)
        return;
    m_follow = on;
    relayout();
    emit followingChanged(on);
}

void ThreadTimeline::zoomIn()
{
    zoomBy(1.5, m_axis.x0 + m_axis.width / 2.0);
}
void ThreadTimeline::zoomOut()
{
    zoomBy(1 / 1.5, m_axis.x0 + m_axis.width / 2.0);
}

void ThreadTimeline::showAll()
{
    // The record starts at the run's zero and holds every lane from there.
    m_axis.fit(0, std::max<qint64>(m_nowUs, TimeAxis::kMinSpanUs));
    relayout();
}

void ThreadTimeline::zoomBy(double factor, double px)
{
    m_axis.zoomAround(m_follow ? m_axis.x0 + m_axis.width : px, factor);
    relayout();
}

void ThreadTimeline::relayout()
{
    m_axis.x0 = labelWidth();
    m_axis.width = std::max(1, width() - m_axis.x0 - 4);
    if (m_follow)
        m_axis.followColumns(m_nowUs);
    layoutLanes(shownArea());
    m_markers = TimelineLayout::layoutMarkers(m_events, m_laneOf, laneCount(), m_axis);
    update();
}

bool ThreadTimeline::laneMeets(int lane, const QRect &r) const
{
    return laneTop(lane) <= r.bottom() && laneTop(lane) + laneHeight() > r.top();
}

bool ThreadTimeline::layoutLive(const QList<int> &lanes)
{
    const qint64 u = m_axis.columnUs();
    if (u <= 0)
        return false;
    const qint64 startColumn = m_axis.startUs / u;
    QList<int> ids(laneCount(), -1);
    for (int lane : lanes)
        ids[lane] = m_threads[lane].id;
    LiveColumns &live = m_live;
    if (live.columnUs != u || live.x0 != m_axis.x0 || live.width != m_axis.width || live.threadIds != ids ||
        live.record != m_record.get() || m_items.size() != laneCount()) {
        live = LiveColumns{u, m_axis.x0, m_axis.width, startColumn, startColumn, ids, m_record.get()};
        ++m_liveGeneration;
        m_items = QList<QList<LaneItem>>(laneCount());
        m_spans = QList<QList<StateSpan>>(laneCount());
        m_resolution.fill(0, laneCount());
        m_laidOut.fill(false, laneCount());
        for (int lane : lanes)
            m_laidOut[lane] = true;
    }
    // Time went on: the kept marks move left as far as the axis moved right, and those past the
    // left edge go.
    const int shift = int(startColumn - live.startColumn);
    live.startColumn = startColumn;
    for (int lane : lanes) {
        QList<LaneItem> &items = m_items[lane];
        if (shift != 0) {
            for (LaneItem &i : items) {
                i.x0 -= shift;
                i.x1 -= shift;
            }
        }
        const auto shown =
            std::find_if(items.begin(), items.end(), [&](const LaneItem &i) { return i.x1 > m_axis.x0; });
        items.erase(items.begin(), shown);
        if (!items.isEmpty())
            clipAtStart(items.first(), m_axis);
        trimSpans(m_spans[lane], items);
    }
    // The new pixels: those after the kept ones that lie wholly before now. The pixel now is in
    // is left out until it is over (the lanes end less than a pixel before now).
    const qint64 fromColumn = std::max(startColumn, live.keptTo);
    const qint64 toColumn = std::max<qint64>(m_nowUs, 0) / u;
    if (toColumn <= fromColumn)
        return true;
    RangeRequest request;
    request.fromUs = fromColumn * u;
    request.toUs = toColumn * u;
    request.buckets = int(toColumn - fromColumn); // one per pixel, on the pixels' edges
    request.withQueues = false;
    QList<int> asked;
    for (int lane : lanes) {
        if (m_threads[lane].id >= 0) {
            request.threads.append(m_threads[lane].id);
            asked.append(lane);
        }
    }
    live.keptTo = toColumn;
    if (asked.isEmpty())
        return true;
    const RangeView view = m_record->query(request);
    TimeAxis fresh; // the new pixels, where they are on the widget
    fresh.startUs = request.fromUs;
    fresh.endUs = request.toUs;
    fresh.x0 = m_axis.x0 + int(fromColumn - startColumn);
    fresh.width = request.buckets;
    for (int i = 0; i < asked.size() && i < view.lanes.size(); ++i) {
        const int lane = asked[i];
        const LaneRecord &rec = view.lanes[i];
        if (rec.threadId != m_threads[lane].id)
            continue;
        QList<LaneItem> laid;
        if (rec.exact) {
            laid = TimelineLayout::layoutSpans(rec.spans, m_nowUs, fresh);
            const int at = mergeSpans(m_spans[lane], rec.spans);
            for (LaneItem &item : laid) {
                item.firstSpan += at;
                item.lastSpan += at;
            }
        } else {
            laid = TimelineLayout::layoutMix(rec.mix, view.fromUs, view.toUs, fresh);
            m_resolution[lane] = std::max(m_resolution[lane], rec.resolutionUs);
        }
        QList<LaneItem> &items = m_items[lane];
        for (LaneItem &item : laid) { // a mark stands for its time within the new pixels only
            item.fromUs = std::max(item.fromUs, fresh.startUs);
            item.toUs = std::min(item.toUs, fresh.endUs);
            if (!items.isEmpty() && continues(items.last(), item)) {
                LaneItem &last = items.last();
                last.x1 = item.x1;
                last.toUs = item.toUs;
                last.mix.add(item.mix);
            } else {
                items.append(item);
            }
        }
    }
    return true;
}

QRect ThreadTimeline::shownArea() const
{
    // In the window the timeline sits in a scroll area, which shows some of its lanes; a widget
    // not on screen (a test's, a grab) shows them all.
    const QRegion shown = isVisible() ? visibleRegion() : QRegion();
    return shown.isEmpty() ? rect() : shown.boundingRect();
}

void ThreadTimeline::layoutLanes(const QRect &area)
{
    QList<int> lanes; // the lanes within `area`: only these are asked of the record and drawn
    for (int lane = 0; lane < laneCount(); ++lane)
        if (laneMeets(lane, area))
            lanes.append(lane);
    if (m_record && m_follow && !m_finished && layoutLive(lanes))
        return;
    m_live = {};
    ++m_liveGeneration;
    m_items.clear();
    m_items.resize(laneCount());
    m_laidOut.fill(false, laneCount());
    m_resolution.fill(0, laneCount());
    for (int lane : std::as_const(lanes))
        m_laidOut[lane] = true;
    if (!m_record) {
        for (int lane : std::as_const(lanes))
            m_items[lane] = TimelineLayout::layoutSpans(m_spans[lane], m_nowUs, m_axis);
        return;
    }
    m_spans = QList<QList<StateSpan>>(laneCount());
    const qint64 from = std::max<qint64>(0, m_axis.startUs);
    const qint64 to = std::min(m_axis.endUs, m_nowUs);
    const int buckets = int(std::lround(m_axis.x(to) - m_axis.x(from)));
    if (to <= from || buckets < 1 || lanes.isEmpty())
        return;
    RangeRequest request;
    request.fromUs = from;
    request.toUs = to;
    request.buckets = buckets;
    request.withQueues = false;
    QList<int> asked; // the lanes asked for, in the order of the answer
    for (int lane : std::as_const(lanes)) {
        if (m_threads[lane].id >= 0) {
            request.threads.append(m_threads[lane].id);
            asked.append(lane);
        }
    }
    if (asked.isEmpty())
        return;
    const RangeView view = m_record->query(request);
    for (int i = 0; i < asked.size() && i < view.lanes.size(); ++i) {
        const int lane = asked[i];
        const LaneRecord &rec = view.lanes[i];
        if (rec.threadId != m_threads[lane].id)
            continue; // not in the record (yet): nothing to draw
        if (rec.exact) {
            m_spans[lane] = rec.spans;
            m_items[lane] = TimelineLayout::layoutSpans(m_spans[lane], m_nowUs, m_axis);
        } else {
            m_items[lane] = TimelineLayout::layoutMix(rec.mix, view.fromUs, view.toUs, m_axis);
            m_resolution[lane] = rec.resolutionUs;
        }
    }
}

void ThreadTimeline::paintEvent(QPaintEvent *e)
{
    for (int lane = 0; lane < laneCount(); ++lane) {
        if (!m_laidOut.value(lane) && laneMeets(lane, e->rect())) {
            layoutLanes(shownArea() | e->rect()); // scrolled to lanes not laid out yet
            break;
        }
    }
    QPainter p(this);
    const QRect lanes = lanesImageRect(e->rect()); // all its pixels are painted: no fill under it
    for (const QRect &r : QRegion(rect()).subtracted(QRegion(lanes)))
        p.fillRect(r, palette().base());
    paintRuler(p);
    if (stripHeight() > 0) {
        p.setPen(palette().text().color());
        p.drawText(QRect(4, rulerHeight(), m_axis.x0 - 8, stripHeight()), Qt::AlignVCenter | Qt::AlignLeft,
                   tr("events"));
        for (const LaneMarker &m : m_markers.constLast())
            paintMarker(&p, m.kind, m.x, rulerHeight() + 2, stripHeight() - 4);
    }
    paintLanes(p, e->rect());
    paintCursor(p);
    if (m_threads.isEmpty()) {
        p.setPen(palette().placeholderText().color());
        p.drawText(rect().adjusted(m_axis.x0, rulerHeight(), 0, 0), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("No threads yet. Press Start: it runs on your TFRecord files, or on the demo data when "
                      "none are open."));
    }
}

void ThreadTimeline::paintRuler(QPainter &p)
{
    const int h = rulerHeight();
    p.fillRect(QRect(0, 0, width(), h), palette().window());
    p.setPen(palette().windowText().color());
    p.drawText(QRect(4, 0, m_axis.x0 - 8, h), Qt::AlignVCenter | Qt::AlignLeft, tr("thread"));
    const qint64 step = tickStep(m_axis, fontMetrics().horizontalAdvance(QStringLiteral("00.000 s")) + 16);
    qint64 t = m_axis.startUs - (m_axis.startUs % step + step) % step;
    // The tick lines run down the widget, but not under the lanes' image, which covers them.
    const QRect lanes = lanesImageRect(rect());
    const int linesTo = lanes.isEmpty() ? height() : lanes.top() - 1;
    p.save();
    p.setClipRect(m_axis.x0, 0, m_axis.width + 4, height());
    for (; t <= m_axis.endUs; t += step) {
        const int x = int(std::lround(m_axis.x(t)));
        p.setPen(palette().mid().color());
        p.drawLine(x, h - 5, x, linesTo);
        if (!lanes.isEmpty() && lanes.bottom() + 1 < height())
            p.drawLine(x, lanes.bottom() + 1, x, height());
        p.setPen(palette().windowText().color());
        p.drawText(x + 3, h - 6, tickLabel(t, step));
    }
    p.restore();
}

void ThreadTimeline::paintCursor(QPainter &p)
{
    if (m_cursorUs < 0 || !m_axis.isVisible(m_cursorUs, m_cursorUs))
        return;
    const int x = int(std::lround(m_axis.x(m_cursorUs)));
    const QColor line = palette().highlight().color();
    p.save();
    p.setClipRect(m_axis.x0 - 1, 0, m_axis.width + 3, height());
    p.setPen(QPen(line, 2));
    p.drawLine(x, 0, x, height());
    const QString label = UiText::seconds(m_cursorUs);
    const int w = fontMetrics().horizontalAdvance(label) + 8, h = rulerHeight();
    const int left = x + w + 2 > m_axis.x0 + m_axis.width ? x - w - 1 : x + 1;
    const QRect box(left, 1, w, h - 2);
    p.fillRect(box, line);
    p.setPen(palette().highlightedText().color());
    p.drawText(box, Qt::AlignCenter, label);
    p.restore();
}

void ThreadTimeline::setCursorUs(qint64 tUs)
{
    tUs = tUs < 0 ? -1 : tUs;
    if (tUs == m_cursorUs)
        return;
    m_cursorUs = tUs;
    if (labelWidth() != m_axis.x0)
        relayout(); // a lane's skip count changed its label
    else
        update();
}

void ThreadTimeline::setScrubbing(bool allowed)
{
    m_scrubbing = allowed;
}

void ThreadTimeline::requestCursorAt(double x)
{
    const double clamped = std::clamp(x, double(m_axis.x0), double(m_axis.x0 + m_axis.width));
    emit cursorRequested(std::clamp<qint64>(m_axis.us(clamped), 0, std::max<qint64>(0, m_nowUs)));
}

QRect ThreadTimeline::lanesImageRect(const QRect &exposed) const
{
    const int h = laneHeight();
    const int first = exposed.top() < laneTop(0) ? 0 : (exposed.top() - laneTop(0)) / h;
    const int last = std::min(laneCount() - 1, (exposed.bottom() - laneTop(0)) / h);
    if (first > last || exposed.bottom() < laneTop(0))
        return {};
    return QRect(m_axis.x0, laneTop(first), m_axis.width + 1, (last - first + 1) * h);
}

void ThreadTimeline::paintLanes(QPainter &p, const QRect &exposed)
{
    // The marks of the exposed lanes go into one image, written pixel by pixel (LaneRaster), and
    // are drawn in one call; labels and markers are painted over it.
    const int h = laneHeight();
    const QRect area = lanesImageRect(exposed);
    if (area.isEmpty())
        return;
    const int first = (area.top() - laneTop(0)) / h, last = first + area.height() / h - 1;
    const QPoint origin = area.topLeft();
    const QSize size = area.size();
    const qreal dpr = devicePixelRatioF();
    RasterFrame frame{first, last, size, dpr, m_liveGeneration, palette().cacheKey(), -1, 0};
    // Live, and in whole device pixels, the pixels painted at the last frame are kept: moved left
    // as far as the axis moved, with the patterns anchored to the run's time so that they move
    // along. Only the pixels laid out since are painted.
    int from = INT_MIN;
    if (m_live.columnUs > 0 && m_follow && dpr == std::floor(dpr)) {
        frame.startColumn = m_live.startColumn;
        frame.paintedTo = m_live.keptTo;
        const int patternX = int((m_live.startColumn * qint64(dpr)) % 8);
        const qint64 moved = m_live.startColumn - m_rasterFrame.startColumn;
        if (frame == m_rasterFrame && m_rasterFrame.startColumn >= 0 &&
            m_raster.beginScrolled(size, dpr, origin, patternX, int(moved * qint64(dpr))))
            from =
                m_axis.x0 + int(std::max(m_rasterFrame.paintedTo, m_live.startColumn) - m_live.startColumn);
        else
            m_raster.begin(size, dpr, origin, patternX);
    } else {
        m_raster.begin(size, dpr, origin);
    }
    m_rasterFrame = frame;
    for (int lane = first; lane <= last; ++lane) {
        const int top = laneTop(lane);
        m_raster.setLeftClip(from);
        m_raster.fillRows(top, h, (lane % 2 ? palette().alternateBase() : palette().base()).color());
        m_raster.paintItems(m_items[lane], top + 2, h - 4);
    }
    for (int lane = first | 1; lane <= last; lane += 2) { // beside the image
        p.fillRect(QRect(0, laneTop(lane), area.left(), h), palette().alternateBase());
        p.fillRect(QRect(area.right() + 1, laneTop(lane), width() - area.right() - 1, h),
                   palette().alternateBase());
    }
    p.drawImage(m_raster.origin(), m_raster.image());
    for (int lane = first; lane <= last; ++lane)
        paintLaneOverlay(p, lane);
}

void ThreadTimeline::paintLaneOverlay(QPainter &p, int lane)
{
    const ThreadInfo &t = m_threads[lane];
    const int top = laneTop(lane), h = laneHeight();
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(palette().text().color());
    const QRect label(6, top, m_axis.x0 - 20, h);
    m_text.draw(&p, label, Qt::AlignVCenter | Qt::AlignLeft,
                m_text.fitted(bold, laneLabel(lane), label.width()));
    p.setFont(font());
    StatePalette::fill(&p, QRectF(m_axis.x0 - 12, top + h / 2.0 - 4, 8, 8), t.state);
    if (m_markers[lane].isEmpty())
        return;
    p.save();
    p.setClipRect(m_axis.x0, top, m_axis.width + 1, h);
    for (const LaneMarker &m : m_markers[lane])
        paintMarker(&p, m.kind, m.x, top + 1, h * 0.55);
    p.restore();
}

void ThreadTimeline::paintMarker(QPainter *p, EventKind kind, double x, double top, double size)
{
    p->save();
    p->setRenderHint(QPainter::Antialiasing);
    const double s = std::max(6.0, size), half = s / 2;
    p->setPen(QPen(Qt::white, 1.0));
    p->setBrush(Qt::black);
    switch (kind) {
    case EventKind::RequestStop: // a stop sign: a square
        p->drawRect(QRectF(x - half * 0.8, top, s * 0.8, s * 0.8));
        break;
    case EventKind::Error: { // a cross
        QPainterPath path;
        path.moveTo(x - half, top);
        path.lineTo(x + half, top + s);
        path.moveTo(x + half, top);
        path.lineTo(x - half, top + s);
        p->strokePath(path, QPen(Qt::white, 4.0));
        p->strokePath(path, QPen(Qt::black, 2.0));
        break;
    }
    case EventKind::QueueClose: // a bar that shuts the lane: ┤
        p->drawRect(QRectF(x - 1.5, top, 3, s));
        p->drawRect(QRectF(x - half, top + half - 1.5, half, 3));
        break;
    case EventKind::Join: // a diamond
        p->drawPolygon(QPolygonF({{x, top}, {x + half, top + half}, {x, top + s}, {x - half, top + half}}));
        break;
    case EventKind::ThreadExit: // a triangle pointing down
        p->drawPolygon(QPolygonF({{x - half, top}, {x + half, top}, {x, top + s * 0.9}}));
        break;
    case EventKind::Note: { // a skipped record: a ring struck through, "none here"
        const QPointF c(x, top + half);
        p->setBrush(Qt::NoBrush);
        p->setPen(QPen(Qt::white, 4.0));
        p->drawEllipse(c, half * 0.8, half * 0.8);
        p->drawLine(c + QPointF(-half * 0.6, half * 0.6), c + QPointF(half * 0.6, -half * 0.6));
        p->setPen(QPen(Qt::black, 2.0));
        p->drawEllipse(c, half * 0.8, half * 0.8);
        p->drawLine(c + QPointF(-half * 0.6, half * 0.6), c + QPointF(half * 0.6, -half * 0.6));
        break;
    }
    default:
        p->drawEllipse(QPointF(x, top + half), half / 2, half / 2);
        break;
    }
    p->restore();
}

void ThreadTimeline::resizeEvent(QResizeEvent *)
{
    relayout();
}

void ThreadTimeline::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::FontChange) {
        relayout();
        updateGeometry();
    } else if (e->type() == QEvent::LanguageChange) {
        update();
    }
    QWidget::changeEvent(e);
}

void ThreadTimeline::wheelEvent(QWheelEvent *e)
{
    if (e->modifiers() & Qt::ShiftModifier) {
        e->ignore(); // left to the scroll area around the timeline
        return;
    }
    const double steps = e->angleDelta().y() / 120.0;
    if (steps == 0) {
        e->ignore();
        return;
    }
    zoomBy(std::pow(1.25, steps), e->position().x());
    e->accept();
}

void ThreadTimeline::mousePressEvent(QMouseEvent *e)
{
    if (e->button() == Qt::LeftButton && e->position().x() >= m_axis.x0) {
        m_dragging = true;
        m_dragMoved = false;
        m_dragFrom = e->position().toPoint();
        m_scrubDrag = m_scrubbing && e->position().y() < rulerHeight();
        if (m_scrubDrag)
            requestCursorAt(e->position().x());
        else
            setCursor(Qt::ClosedHandCursor);
    }
}

void ThreadTimeline::mouseMoveEvent(QMouseEvent *e)
{
    if (!m_dragging)
        return;
    const QPoint pos = e->position().toPoint();
    if (m_scrubDrag) {
        requestCursorAt(pos.x());
        return;
    }
    m_dragMoved = m_dragMoved || pos.x() != m_dragFrom.x();
    if (m_follow && pos.x() != m_dragFrom.x())
        setFollowing(false);
    m_axis.pan(pos.x() - m_dragFrom.x());
    m_dragFrom = pos;
    relayout();
}

void ThreadTimeline::mouseReleaseEvent(QMouseEvent *e)
{
    if (m_dragging && !m_scrubDrag && !m_dragMoved && m_scrubbing)
        requestCursorAt(e->position().x()); // a click on a lane
    m_dragging = false;
    m_scrubDrag = false;
    unsetCursor();
}

bool ThreadTimeline::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(e);
        const QString text = tooltipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(e);
}

QString ThreadTimeline::tooltipAt(const QPoint &pos) const
{
    const int lane = laneAt(pos.y());
    if (lane < 0)
        return {};
    if (lane < laneCount() && pos.x() < m_axis.x0)
        return TimelineText::lane(m_threads[lane], m_nowUs);
    for (const LaneMarker &m : m_markers[lane])
        if (std::abs(m.x - pos.x()) <= 4)
            return TimelineText::event(m_events[m.event]);
    if (lane == laneCount())
        return {};
    for (const LaneItem &item : m_items[lane])
        if (pos.x() >= item.x0 && pos.x() < std::max(item.x1, item.x0 + 1))
            return item.firstSpan < 0 ? TimelineText::mix(item, m_resolution.value(lane))
                                      : TimelineText::span(m_spans[lane], item, m_nowUs);
    return {};
}

} // namespace qs
