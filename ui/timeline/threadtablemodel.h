#pragma once

#include "observe/snapshot.h"

#include <QAbstractTableModel>

namespace qs {

// One row per thread: its name, role, current state (in words, with the state's colour as
// decoration), how long it has been in it, the detail, and the time spent in each state.
// Threads are only ever added at the end, so new threads are inserted rows and a changed
// thread is a dataChanged; a different thread list (a new run) resets the model.
class ThreadTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Columns {
        Name,
        Role,
        State,
        For,
        Detail,
        FirstStateColumn,
        ColumnCount = FirstStateColumn + kThreadStateCount
    };
    enum Roles { StateRole = Qt::UserRole, ThreadIdRole, SortRole };

    explicit ThreadTableModel(QObject *parent = nullptr);

    void setSnapshot(const Snapshot &snap);
    void retranslate();
    static ThreadState stateOfColumn(int column); // for column >= FirstStateColumn

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<ThreadInfo> m_threads;
    qint64 m_nowUs = 0;
};

} // namespace qs
