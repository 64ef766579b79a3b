#include "timeline/threadtimelinepanel.h"

#include "common/uitext.h"
#include "timeline/statelegend.h"
#include "timeline/threadtimeline.h"

#include <QBoxLayout>
#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QToolButton>

namespace qs {

ThreadTimelinePanel::ThreadTimelinePanel(QWidget *parent)
    : QWidget(parent)
    , m_timeline(new ThreadTimeline)
    , m_legend(new StateLegend)
    , m_scroll(new QScrollArea)
    , m_follow(new QToolButton)
    , m_zoomIn(new QToolButton)
    , m_zoomOut(new QToolButton)
    , m_showAll(new QToolButton)
    , m_cursorLabel(new QLabel)
{
    m_cursorLabel->setObjectName(QStringLiteral("cursorLabel"));
    m_cursorLabel->hide();
    QFont bold = m_cursorLabel->font();
    bold.setBold(true);
    m_cursorLabel->setFont(bold);
    m_timeline->setObjectName(QStringLiteral("threadTimeline"));
    m_follow->setObjectName(QStringLiteral("followButton"));
    m_follow->setCheckable(true);
    m_follow->setChecked(true);
    connect(m_follow, &QToolButton::toggled, m_timeline, &ThreadTimeline::setFollowing);
    connect(m_timeline, &ThreadTimeline::followingChanged, m_follow, &QToolButton::setChecked);
    connect(m_zoomIn, &QToolButton::clicked, m_timeline, &ThreadTimeline::zoomIn);
    connect(m_zoomOut, &QToolButton::clicked, m_timeline, &ThreadTimeline::zoomOut);
    connect(m_showAll, &QToolButton::clicked, m_timeline, [this] {
        m_timeline->setFollowing(false);
        m_timeline->showAll();
    });

    auto *controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    for (QToolButton *b : {m_follow, m_zoomIn, m_zoomOut, m_showAll}) {
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        controls->addWidget(b);
    }
    controls->addWidget(m_cursorLabel);
    controls->addWidget(m_legend, 1);

    m_scroll->setWidget(m_timeline);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setFrameShape(QFrame::NoFrame);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    layout->addLayout(controls);
    layout->addWidget(m_scroll, 1);
    retranslateUi();
}

void ThreadTimelinePanel::setSnapshot(const Snapshot &snap)
{
    m_timeline->setSnapshot(snap);
}
void ThreadTimelinePanel::clear()
{
    m_timeline->clear();
    setCursorInfo(-1, 0);
}

void ThreadTimelinePanel::setCursorInfo(qint64 cursorUs, qint64 endUs)
{
    m_timeline->setCursorUs(cursorUs);
    if (cursorUs == m_cursorUs && endUs == m_endUs)
        return;
    m_cursorUs = cursorUs;
    m_endUs = endUs;
    retranslateUi();
}

void ThreadTimelinePanel::retranslateUi()
{
    m_follow->setText(tr("Follow live"));
    m_follow->setToolTip(
        tr("Keep the newest time at the right edge; turn off to pause the view and look back."));
    m_zoomIn->setText(tr("Zoom in"));
    m_zoomIn->setToolTip(tr("Show less time in more detail (or turn the mouse wheel over the lanes)."));
    m_zoomOut->setText(tr("Zoom out"));
    m_zoomOut->setToolTip(tr("Show more time in less detail."));
    m_showAll->setText(tr("Show all"));
    m_showAll->setToolTip(tr("Fit the whole run into the view. Drag the lanes to pan."));
    m_cursorLabel->setVisible(m_cursorUs >= 0);
    m_cursorLabel->setText(m_cursorUs >= 0
                               ? tr("at %1 of %2").arg(UiText::seconds(m_cursorUs), UiText::seconds(m_endUs))
                               : QString());
    m_cursorLabel->setToolTip(tr("Every view shows the run as it was at this instant. Drag on the time "
                                 "ruler or click a lane to move it; Live returns to now."));
}

void ThreadTimelinePanel::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

} // namespace qs
