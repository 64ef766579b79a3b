// MainWindow's Runs list: the runs kept for comparing, and their curves over the metrics charts.

#include "window/mainwindow.h"

#include "charts/metricscharts.h"
#include "observe/rundigest.h"
#include "runs/runsmodel.h"
#include "runs/runspanel.h"

namespace qs {

namespace {
// "Run 2 · 14:03:12 · slow-trainer" -> "Run 2 · slow-trainer": the legend has little room.
QString shortName(const QString &label)
{
    const QStringList parts = label.split(QStringLiteral(" · "));
    return parts.size() >= 3 ? parts.constFirst() + QStringLiteral(" · ") + parts.constLast() : label;
}
} // namespace

void MainWindow::addRun(const RunDigest &digest)
{
    m_runsPanel->addRun(digest);
}

void MainWindow::setShownRunPath(const QString &path)
{
    m_runsPanel->setShownPath(path);
}

void MainWindow::compareAllRuns()
{
    for (int row = 0; row < m_runsPanel->model()->rowCount(); ++row)
        m_runsPanel->setCompared(row, true);
}

void MainWindow::updateOverlays()
{
    QList<ChartOverlay> overlays;
    for (const RunsModel::Compared &c : m_runsPanel->model()->compared()) {
        if (!c.shown)
            overlays.append(ChartOverlay{shortName(c.digest->label), c.colour, c.digest->metrics});
    }
    m_metrics->setOverlays(overlays);
}

} // namespace qs
