// MainWindow's two dock arrangements and keeping the window on its screen.
#include "window/mainwindow.h"

#include <QApplication>
#include <QDockWidget>
#include <QScreen>
#include <QSettings>

#include <algorithm>

namespace qs {

namespace {
// Below this width (per unit of presentation zoom) the docks no longer fit side by side: the
// controls column would squeeze the diagram and the charts. Below this height the timeline's
// lanes would fall under the fold between the diagram and the charts.
constexpr int kWideMinWidth = 1200;
constexpr int kWideMinHeight = 640;
} // namespace

MainWindow::Arrangement MainWindow::arrangementFor(QSize size, double zoom)
{
    const double z = std::max(zoom, 1.0);
    return size.width() < kWideMinWidth * z || size.height() < kWideMinHeight * z ? Arrangement::Compact
                                                                                  : Arrangement::Wide;
}

QDockWidget *MainWindow::dock(const char *objectName) const
{
    return findChild<QDockWidget *>(QLatin1String(objectName));
}

// Wide: the design sketch's picture, a full-height left column (controls above the log, code and
// help tabs), the diagram above the timeline, samples and charts side by side below.
// Compact (a 1024×768 projector, or a zoomed laptop): the diagram and timeline take the full
// width, and everything else waits in two tab stacks under them: the log with the explanation,
// controls, code and help on the left, the samples with the charts on the right.
void MainWindow::arrange(Arrangement a)
{
    m_arrangement = a;
    if (a == Arrangement::Wide) {
        restoreState(m_defaultLayout, kLayoutVersion);
        applyDefaultSizes();
        return;
    }
    QDockWidget *events = dock("eventLogDock");
    QDockWidget *samples = dock("samplesDock");
    for (QDockWidget *d : std::as_const(m_docks)) {
        removeDockWidget(d);
        d->setFloating(false);
    }
    addDockWidget(Qt::TopDockWidgetArea, dock("pipelineDock"));
    addDockWidget(Qt::BottomDockWidgetArea, events);
    addDockWidget(Qt::BottomDockWidgetArea, samples);
    splitDockWidget(events, samples, Qt::Horizontal);
    QDockWidget *left = events;
    for (const char *name :
         {"explanationDock", "controlsDock", "threadTableDock", "tfCodeDock", "stateHelpDock"}) {
        addDockWidget(Qt::BottomDockWidgetArea, dock(name));
        tabifyDockWidget(left, dock(name));
        left = dock(name);
    }
    QDockWidget *right = samples;
    for (const char *name : {"metricsDock", "queueChartDock", "runsDock"}) {
        addDockWidget(Qt::BottomDockWidgetArea, dock(name));
        tabifyDockWidget(right, dock(name));
        right = dock(name);
    }
    for (QDockWidget *d : std::as_const(m_docks))
        d->show();
    events->raise();
    samples->raise();
    const int h = height();
    resizeDocks({dock("pipelineDock")}, {std::max(fontMetrics().height() * 10, h * 25 / 100)}, Qt::Vertical);
    resizeDocks({events}, {std::max(fontMetrics().height() * 10, h * 30 / 100)}, Qt::Vertical);
    resizeDocks({events, samples}, {45, 55}, Qt::Horizontal);
}

// The docks' default sizes in the wide arrangement. They only take once the window has its own
// size, so this runs at the first show (unless a saved layout was restored) and after Reset Layout.
void MainWindow::applyDefaultSizes()
{
    const int w = width();
    const int h = height();
    resizeDocks({dock("controlsDock")}, {std::clamp(w / 4, 320, 480)}, Qt::Horizontal);
    // The controls and the explanation over the log, a little taller: the explanation's text is
    // to be read whole.
    resizeDocks({dock("controlsDock"), dock("eventLogDock")}, {h * 57 / 100, h * 43 / 100}, Qt::Vertical);
    resizeDocks({dock("pipelineDock")}, {std::max(fontMetrics().height() * 10, h / 4)}, Qt::Vertical);
    resizeDocks({dock("samplesDock")}, {std::max(fontMetrics().height() * 11, h * 3 / 10)}, Qt::Vertical);
    resizeDocks({dock("samplesDock"), dock("metricsDock"), dock("queueChartDock")}, {30, 45, 30},
                Qt::Horizontal);
}

// The window's size and place within its screen's available area (without the panels and docks
// of the desktop): a saved geometry from a larger screen, or a first start, must not leave part
// of the window off screen.
void MainWindow::fitToScreen()
{
    const QScreen *s = screen() ? screen() : QGuiApplication::primaryScreen();
    if (!s)
        return;
    const QRect avail = s->availableGeometry();
    const QRect frame = frameGeometry();
    const QSize decorations = frame.size() - geometry().size();
    const QSize room = avail.size() - decorations;
    if (width() > room.width() || height() > room.height())
        resize(size().boundedTo(room));
    QRect placed = frameGeometry();
    placed.moveLeft(
        std::clamp(placed.left(), avail.left(), std::max(avail.left(), avail.right() - placed.width() + 1)));
    placed.moveTop(
        std::clamp(placed.top(), avail.top(), std::max(avail.top(), avail.bottom() - placed.height() + 1)));
    if (placed.topLeft() != frame.topLeft())
        move(placed.topLeft());
}

// Most of a large screen; all of a small one (a projector or a laptop has no room to spare).
QSize MainWindow::defaultSize(const QScreen *screen)
{
    if (!screen)
        return {1600, 1000};
    const QSize avail = screen->availableGeometry().size();
    if (avail.width() < 1600 || avail.height() < 1000)
        return avail;
    return QSize(1600, 1000).boundedTo(avail * 0.95);
}

void MainWindow::resetLayout()
{
    arrange(arrangementFor(size(), m_zoom));
}

void MainWindow::rearrangeIfNeeded()
{
    if (m_shownOnce && arrangementFor(size(), m_zoom) != m_arrangement)
        arrange(arrangementFor(size(), m_zoom));
}

} // namespace qs
