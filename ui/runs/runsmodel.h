#pragma once

#include "observe/rundigest.h"

#include <QAbstractTableModel>

namespace qs {

// The Runs list: the session's finished runs and the runs opened from files, one row each,
// oldest first, with their figures and a Compare check box. At most kMaxOverlays runs are
// compared at once; each compared run keeps a colour (0 .. kMaxOverlays - 1) for as long as it
// stays checked, the colour of its lines on the charts and its bars in the comparison. The run
// the views show is marked; it is drawn as the charts' own lines, never as an overlay.
class RunsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Compare, Name, Ended, Duration, Steps, Rate, HeldOut, ColumnCount };

    explicit RunsModel(QObject *parent = nullptr);

    // A run to list; one with the same path (read again, e.g. a run file opened twice) is
    // replaced where it stands. Returns its row.
    int addRun(const RunDigest &digest);
    void setShownPath(const QString &path); // "" while the shown run is not in the list
    QString shownPath() const { return m_shown; }
    bool setCompared(int row, bool on); // false past kMaxOverlays or for a row that is not there
    bool isCompared(int row) const;
    const RunDigest &digest(int row) const { return m_rows[row].digest; }
    int colourOf(int row) const { return m_rows[row].colour; } // -1 when not compared
    bool isShown(int row) const;
    struct Compared {
        const RunDigest *digest;
        int colour;
        bool shown;
    };
    QList<Compared> compared() const; // in list order

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

signals:
    void comparedChanged();

private:
    struct Row {
        RunDigest digest;
        int colour = -1;
    };
    int freeColour() const;
    QList<Row> m_rows;
    QString m_shown;
};

} // namespace qs
