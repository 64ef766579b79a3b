#include "eventlog/eventlogview.h"

#include "common/eventtext.h"
#include "common/uitext.h"
#include "eventlog/eventlogdelegate.h"
#include "eventlog/eventlogfilter.h"
#include "eventlog/eventlogmodel.h"
#include "eventlog/quietscrollbar.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QTableView>

namespace qs {

namespace {

// A table that asks where the mouse is only when it is over the rows. QAbstractItemView answers
// each scroll by reading the cursor's position to update the hovered row, and on X11 that read is
// a round trip to the server: one for every row the log appends while it follows the newest.
class EventTable : public QTableView {
public:
    EventTable()
    {
        // The log follows its newest row: its bars are repainted with every batch of rows.
        auto *vertical = new QuietScrollBar(Qt::Vertical);
        auto *horizontal = new QuietScrollBar(Qt::Horizontal);
        setVerticalScrollBar(vertical); // takes the old bar's range, value and steps
        setHorizontalScrollBar(horizontal);
        // QAbstractItemView connects its slots only to the bars it was built with.
        connect(vertical, &QAbstractSlider::actionTriggered, this, &EventTable::verticalScrollbarAction);
        connect(horizontal, &QAbstractSlider::actionTriggered, this, &EventTable::horizontalScrollbarAction);
        connect(vertical, &QAbstractSlider::valueChanged, this, &EventTable::verticalScrollbarValueChanged);
        connect(horizontal, &QAbstractSlider::valueChanged, this,
                &EventTable::horizontalScrollbarValueChanged);
    }

protected:
    void verticalScrollbarValueChanged(int value) override
    {
        if (viewport()->underMouse())
            QTableView::verticalScrollbarValueChanged(value);
        else
            fetchMoreAt(verticalScrollBar(), value);
    }
    void horizontalScrollbarValueChanged(int value) override
    {
        if (viewport()->underMouse())
            QTableView::horizontalScrollbarValueChanged(value);
        else
            fetchMoreAt(horizontalScrollBar(), value);
    }

private:
    // What the base class does besides the hover: a model that loads lazily gets more rows
    // when the view reaches its end.
    void fetchMoreAt(const QScrollBar *bar, int value)
    {
        if (model() && bar->maximum() == value && model()->canFetchMore(rootIndex()))
            model()->fetchMore(rootIndex());
    }
};

} // namespace

EventLogView::EventLogView(QWidget *parent)
    : QWidget(parent)
    , m_model(new EventLogModel(10000, this))
    , m_filter(new EventLogFilter(this))
    , m_table(new EventTable)
    , m_threadBox(new QComboBox)
    , m_kindBox(new QComboBox)
    , m_threadLabel(new QLabel)
    , m_kindLabel(new QLabel)
{
    m_filter->setSourceModel(m_model);
    m_table->setModel(m_filter);
    m_table->setItemDelegate(new EventLogDelegate(m_table));
    m_table->setObjectName(QStringLiteral("eventTable"));
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_threadBox->setObjectName(QStringLiteral("threadFilter"));
    m_kindBox->setObjectName(QStringLiteral("kindFilter"));
    m_threadBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_threadLabel->setBuddy(m_threadBox);
    m_kindLabel->setBuddy(m_kindBox);

    connect(m_threadBox, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setThread(m_threadBox->currentData().toString()); });
    connect(m_kindBox, &QComboBox::currentIndexChanged, this, [this] {
        m_filter->setKind(m_kindBox->currentData().isValid() ? m_kindBox->currentData().toInt() : -1);
    });
    connect(m_model, &EventLogModel::threadNamesChanged, this, [this] {
        refillThreads();
        fitColumns();
    });
    // Keep following the newest row unless the user scrolled up to read.
    connect(m_filter, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] {
        QScrollBar *bar = m_table->verticalScrollBar();
        m_table->setProperty("atBottom", bar->value() >= bar->maximum());
    });
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_table->property("atBottom").toBool())
            m_table->scrollToBottom();
    });

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                const QModelIndex source = m_filter->mapToSource(current);
                if (source.isValid() && !m_highlighting)
                    emit eventSelected(m_model->event(source.row()));
            });

    auto *filters = new QHBoxLayout;
    filters->setContentsMargins(0, 0, 0, 0);
    filters->addWidget(m_threadLabel);
    filters->addWidget(m_threadBox, 1);
    filters->addWidget(m_kindLabel);
    filters->addWidget(m_kindBox, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(filters);
    layout->addWidget(m_table, 1);
    retranslateUi();
}

void EventLogView::setSnapshot(const Snapshot &snap)
{
    const bool labelsChanged = m_model->setTopology(snap.topology);
    m_model->append(snap.events, snap.nextEventSeq);
    if (labelsChanged) {
        refillThreads();
        fitColumns();
    }
}
void EventLogView::clear()
{
    m_model->clear();
    m_highlighted = -1;
}

void EventLogView::highlightSeq(qint64 seq)
{
    m_highlighted = seq < 0 ? -1 : seq;
    const QScopedValueRollback guard(m_highlighting, true);
    if (m_highlighted < 0) {
        m_table->clearSelection();
        return;
    }
    int row = -1;
    for (int r = m_model->rowCount() - 1; r >= 0 && row < 0; --r)
        if (m_model->event(r).seq == seq)
            row = r;
    if (row < 0) {
        m_table->clearSelection();
        return;
    }
    QModelIndex index = m_filter->mapFromSource(m_model->index(row, EventLogModel::Time));
    if (!index.isValid()) { // filtered out: show every row again
        m_threadBox->setCurrentIndex(0);
        m_kindBox->setCurrentIndex(0);
        index = m_filter->mapFromSource(m_model->index(row, EventLogModel::Time));
    }
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                          QItemSelectionModel::Rows);
    m_table->scrollTo(index, QAbstractItemView::PositionAtCenter);
}

void EventLogView::refillThreads()
{
    const QString current = m_threadBox->currentData().toString();
    QSignalBlocker block(m_threadBox);
    m_threadBox->clear();
    m_threadBox->addItem(tr("All threads"), QString());
    for (const QString &name : m_model->threadNames()) {
        m_threadBox->addItem(UiText::threadLabel(m_model->topology(), name), name);
        m_threadBox->setItemData(m_threadBox->count() - 1, name, Qt::ToolTipRole);
    }
    const int i = m_threadBox->findData(current);
    m_threadBox->setCurrentIndex(i < 0 ? 0 : i);
    if (i < 0)
        m_filter->setThread({});
}

void EventLogView::refillKinds()
{
    const QVariant current = m_kindBox->currentData();
    QSignalBlocker block(m_kindBox);
    m_kindBox->clear();
    m_kindBox->addItem(tr("All events"));
    for (EventKind k : {EventKind::ThreadStart, EventKind::State, EventKind::RequestStop,
                        EventKind::QueueClose, EventKind::Error, EventKind::ThreadExit, EventKind::Join,
                        EventKind::End, EventKind::Step, EventKind::Note})
        m_kindBox->addItem(UiText::eventKindName(k), int(k));
    const int i = current.isValid() ? m_kindBox->findData(current) : 0;
    m_kindBox->setCurrentIndex(std::max(i, 0));
}

void EventLogView::retranslateUi()
{
    m_threadLabel->setText(tr("&Thread:"));
    m_kindLabel->setText(tr("&Kind:"));
    refillThreads();
    refillKinds();
    m_model->retranslate();
    fitColumns();
}

// Measured from the words the columns can hold, not from every row (which costs a frame's time
// on a long log): the details, the longest, get what is left and elide with a tooltip.
void EventLogView::fitColumns()
{
    const QFontMetrics fm(m_table->font());
    QFont bold = m_table->font();
    bold.setBold(true); // errors and stop requests are bold
    const QFontMetrics fmBold(bold);
    const int pad = fm.averageCharWidth() * 2;
    int kind = 0;
    for (int i = 1; i < m_kindBox->count(); ++i)
        kind = std::max(kind, fmBold.horizontalAdvance(m_kindBox->itemText(i)));
    Event userStop;
    userStop.kind = EventKind::RequestStop;
    int thread = fmBold.horizontalAdvance(EventText::threadCell(userStop));
    for (int i = 1; i < m_threadBox->count(); ++i)
        thread = std::max(thread, fmBold.horizontalAdvance(m_threadBox->itemText(i)));
    QHeaderView *header = m_table->horizontalHeader();
    header->resizeSection(EventLogModel::Time, fmBold.horizontalAdvance(UiText::seconds(999'999'999)) + pad);
    header->resizeSection(EventLogModel::Thread, std::min(thread, fm.averageCharWidth() * 22) + pad);
    header->resizeSection(EventLogModel::Kind, kind + pad);
}

void EventLogView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (e->type() == QEvent::FontChange)
        fitColumns();
    QWidget::changeEvent(e);
}

} // namespace qs
