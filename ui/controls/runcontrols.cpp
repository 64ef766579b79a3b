#include "controls/runcontrols.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QStyle>
#include <QWidget>

#include <array>
#include <cmath>

namespace qs {

namespace {
constexpr std::array<double, 6> kSpeeds{1.0, 0.5, 0.25, 0.1, 0.05, 0.01};
}

RunControls::RunControls(QWidget *parent)
    : QObject(parent)
    , m_open(new QAction(this))
    , m_start(new QAction(this))
    , m_stop(new QAction(this))
    , m_stepMode(new QAction(this))
    , m_nextStep(new QAction(this))
    , m_speed(new QComboBox(parent))
    , m_speedLabel(new QLabel(parent))
{
    QStyle *style = parent->style();
    m_open->setObjectName(QStringLiteral("actionOpen"));
    m_open->setIcon(style->standardIcon(QStyle::SP_DialogOpenButton));
    m_open->setShortcut(QKeySequence::Open);
    m_start->setObjectName(QStringLiteral("actionStart"));
    m_start->setIcon(style->standardIcon(QStyle::SP_MediaPlay));
    m_start->setShortcut(Qt::Key_F5);
    m_stop->setObjectName(QStringLiteral("actionStop"));
    m_stop->setIcon(style->standardIcon(QStyle::SP_MediaStop));
    m_stop->setShortcut(Qt::SHIFT | Qt::Key_F5);
    m_stepMode->setObjectName(QStringLiteral("actionStepMode"));
    m_stepMode->setCheckable(true);
    m_stepMode->setIcon(style->standardIcon(QStyle::SP_MediaPause));
    m_stepMode->setShortcut(Qt::Key_F9);
    m_nextStep->setObjectName(QStringLiteral("actionNextStep"));
    m_nextStep->setIcon(style->standardIcon(QStyle::SP_MediaSkipForward));
    m_nextStep->setShortcut(Qt::Key_F10);
    m_nextStep->setEnabled(false);
    m_stop->setEnabled(false);
    m_speed->setObjectName(QStringLiteral("speedBox"));
    m_speedLabel->setBuddy(m_speed);

    connect(m_open, &QAction::triggered, this, &RunControls::openRequested);
    connect(m_start, &QAction::triggered, this, &RunControls::startRequested);
    connect(m_stop, &QAction::triggered, this, &RunControls::stopRequested);
    connect(m_stepMode, &QAction::triggered, this, &RunControls::stepModeToggled);
    connect(m_nextStep, &QAction::triggered, this, &RunControls::nextStepRequested);
    connect(m_speed, &QComboBox::activated, this, [this] { emit speedChanged(speed()); });
    retranslateUi();
}

void RunControls::setSnapshot(const Snapshot &snap)
{
    const bool live = snap.run == RunState::Running || snap.run == RunState::Stopping;
    m_live = live;
    m_start->setEnabled(!live && m_startBlock.isEmpty());
    m_stop->setEnabled(snap.run == RunState::Running);
    // Follow the pipeline's step mode when it changes, so a choice made before the run (or one
    // the pipeline has not applied yet) is not undone by a snapshot that predates it.
    if (snap.stepMode != m_lastStepMode) {
        m_lastStepMode = snap.stepMode;
        m_stepMode->setChecked(snap.stepMode);
    }
    m_nextStep->setEnabled(m_stepMode->isChecked() && live);
}

void RunControls::setStartBlocked(const QString &reason)
{
    m_startBlock = reason;
    m_start->setEnabled(!m_live && reason.isEmpty());
    m_start->setToolTip(reason.isEmpty() ? tr("Start the input pipeline and the training loop") : reason);
}

double RunControls::speed() const
{
    return m_speed->currentData().toDouble();
}

bool RunControls::setSpeed(double factor)
{
    for (int i = 0; i < m_speed->count(); ++i) {
        if (std::abs(m_speed->itemData(i).toDouble() - factor) <= factor * 0.01) {
            m_speed->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

void RunControls::retranslateUi()
{
    m_open->setText(tr("&Open…"));
    m_open->setToolTip(tr("Open TFRecord files (you can also drop them on the window)"));
    m_start->setText(tr("&Start"));
    m_start->setToolTip(m_startBlock.isEmpty() ? tr("Start the input pipeline and the training loop")
                                               : m_startBlock);
    m_stop->setText(tr("S&top"));
    m_stop->setToolTip(tr("Ask the coordinator to stop every thread"));
    m_stepMode->setText(tr("Step &mode"));
    m_stepMode->setToolTip(tr("Hold each thread at every coordination event until you press Next step"));
    m_nextStep->setText(tr("&Next step"));
    m_nextStep->setToolTip(tr("Let the next held thread go on to its next coordination event"));
    m_speedLabel->setText(tr("Spee&d:"));
    m_speed->setToolTip(tr("Slow motion makes single enqueues and dequeues visible"));
    const int current = std::max(0, m_speed->currentIndex());
    m_speed->clear();
    for (double s : kSpeeds) {
        const QString text = s == 1.0 ? tr("full speed") : tr("%1× slower").arg(std::lround(1.0 / s));
        m_speed->addItem(text, s);
    }
    m_speed->setCurrentIndex(current);
}

} // namespace qs
