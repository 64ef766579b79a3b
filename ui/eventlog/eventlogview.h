#pragma once

#include "observe/snapshot.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;

namespace qs {

class EventLogFilter;
class EventLogModel;

// The event log panel: thread and kind filters over a table that keeps the newest row in view
// while the user is at the bottom.
class EventLogView : public QWidget {
    Q_OBJECT
public:
    explicit EventLogView(QWidget *parent = nullptr);

    void setSnapshot(const Snapshot &snap);
    void clear();
    // The time cursor's event: its row is selected and scrolled to (shown even where the filters
    // hide it: they are cleared). < 0: no row highlighted. Emits no eventSelected.
    void highlightSeq(qint64 seq);
    qint64 highlightedSeq() const { return m_highlighted; }
    EventLogModel *model() const { return m_model; }
    EventLogFilter *filter() const { return m_filter; }
    QTableView *table() const { return m_table; }
    QComboBox *threadBox() const { return m_threadBox; }
    QComboBox *kindBox() const { return m_kindBox; }

signals:
    void eventSelected(const qs::Event &e); // the user picked a row (current row changed)

protected:
    void changeEvent(QEvent *) override;

private:
    void retranslateUi();
    void refillThreads();
    void refillKinds();
    void fitColumns(); // time, thread and kind to their words; the details take the rest

    EventLogModel *m_model;
    EventLogFilter *m_filter;
    QTableView *m_table;
    QComboBox *m_threadBox;
    QComboBox *m_kindBox;
    QLabel *m_threadLabel;
    QLabel *m_kindLabel;
    qint64 m_highlighted = -1;
    bool m_highlighting = false;
};

} // namespace qs
