#include "runs/runspanel.h"

#include "runs/runsmodel.h"
#include "runs/stateseconds.h"

#include <QBoxLayout>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>

namespace qs {

RunsPanel::RunsPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new RunsModel(this))
    , m_table(new QTableView)
    , m_split(new QSplitter(Qt::Horizontal))
    , m_secondsTitle(new QLabel)
    , m_seconds(new StateSecondsView)
{
    m_table->setObjectName(QStringLiteral("runsTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(RunsModel::Name, QHeaderView::Stretch);
    m_table->setWordWrap(false);
    m_seconds->setObjectName(QStringLiteral("stateSeconds"));
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_seconds);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *lower = new QWidget;
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(m_secondsTitle);
    lowerLayout->addWidget(scroll, 1);
    m_split->addWidget(m_table);
    m_split->addWidget(lower);
    m_split->setStretchFactor(0, 5);
    m_split->setStretchFactor(1, 6);
    m_split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_split, 1);
    connect(m_model, &RunsModel::comparedChanged, this, [this] {
        updateComparison();
        emit comparedChanged();
    });
    retranslateUi();
    updateComparison();
}

int RunsPanel::addRun(const RunDigest &digest)
{
    const int row = m_model->addRun(digest);
    m_table->scrollTo(m_model->index(row, 0));
    return row;
}

void RunsPanel::setShownPath(const QString &path)
{
    m_model->setShownPath(path);
}

bool RunsPanel::setCompared(int row, bool on)
{
    return m_model->setCompared(row, on);
}

void RunsPanel::updateComparison()
{
    QList<StateSecondsView::Run> runs;
    for (const RunsModel::Compared &c : m_model->compared())
        runs.append(StateSecondsView::Run{c.digest->label, c.colour, c.digest->roles});
    m_seconds->setRuns(runs);
}

void RunsPanel::retranslateUi()
{
    m_table->setToolTip(tr("Every run of this session and every run opened from a file. Tick Compare beside "
                           "up to four: their curves are drawn over the training metrics and their threads' "
                           "time is compared beside the list."));
    m_secondsTitle->setText(tr("Thread time per state, by role (thread-seconds, one scale)"));
}

void RunsPanel::resizeEvent(QResizeEvent *e)
{
    QWidget::resizeEvent(e);
    const Qt::Orientation o = width() < fontMetrics().averageCharWidth() * 90 ? Qt::Vertical : Qt::Horizontal;
    if (o != m_split->orientation())
        m_split->setOrientation(o);
}

void RunsPanel::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

} // namespace qs
