// MainWindow's saved runs: File > Open Run…, Save Run…, Export, and what makes a file a run.

#include "window/mainwindow.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>

namespace qs {

bool MainWindow::isRunFile(const QString &path)
{
    if (path.endsWith(QLatin1String(".qsrun")) || path.endsWith(QLatin1String(".qsrun.partial")))
        return true;
    // Any SQLite database: the run reader says clearly when it is not a QueueScope run, which
    // is better than reading it as a TFRecord file.
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.read(16) == QByteArray("SQLite format 3\0", 16);
}

void MainWindow::createRunFileActions()
{
    m_openRun = m_fileMenu->addAction(QString(), this, &MainWindow::chooseRunToOpen);
    m_openRun->setObjectName(QStringLiteral("openRunAction"));
    m_openRun->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_saveRun = m_fileMenu->addAction(QString(), this, &MainWindow::chooseRunToSave);
    m_saveRun->setObjectName(QStringLiteral("saveRunAction"));
    m_saveRun->setShortcut(QKeySequence::Save);
    m_exportMenu = m_fileMenu->addMenu(QString());
    m_exportMenu->setObjectName(QStringLiteral("exportMenu"));
    m_exportTrace = m_exportMenu->addAction(QString(), this, [this] { chooseExport(0); });
    m_exportTrace->setObjectName(QStringLiteral("exportTraceAction"));
    m_exportJsonl = m_exportMenu->addAction(QString(), this, [this] { chooseExport(1); });
    m_exportJsonl->setObjectName(QStringLiteral("exportJsonlAction"));
}

void MainWindow::retranslateRunFiles()
{
    m_openRun->setText(tr("Open R&un…"));
    m_openRun->setToolTip(tr("Open a saved run (.qsrun) and replay it: every view, with the time cursor"));
    m_saveRun->setText(tr("&Save Run…"));
    m_saveRun->setToolTip(tr("Save the last finished run, whole, to one file (SQLite, see the README)"));
    m_exportMenu->setTitle(tr("&Export"));
    m_exportTrace->setText(tr("Chrome/Perfetto &Trace…"));
    m_exportJsonl->setText(tr("Event Log as &JSON Lines…"));
}

void MainWindow::chooseRunToOpen()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Run"), QString(), tr("Saved runs (*.qsrun *.qsrun.partial);;All files (*)"));
    if (!path.isEmpty())
        emit openRunRequested(path);
}

void MainWindow::chooseRunToSave()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save Run"), QStringLiteral("run.qsrun"),
                                                tr("Saved runs (*.qsrun)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".qsrun");
    emit saveRunRequested(path);
}

void MainWindow::chooseExport(int kind)
{
    const bool trace = kind == 0;
    const QString path = QFileDialog::getSaveFileName(
        this, trace ? tr("Export Trace") : tr("Export Event Log"),
        trace ? QStringLiteral("run.trace.json") : QStringLiteral("run.events.jsonl"),
        trace ? tr("Chrome trace (*.json)") : tr("JSON Lines (*.jsonl)"));
    if (!path.isEmpty())
        emit exportRequested(kind, path);
}

void MainWindow::setOpenedRunName(const QString &name)
{
    m_openedRunName = name;
    retranslateUi();
}

} // namespace qs
