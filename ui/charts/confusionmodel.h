#pragma once

#include <QAbstractTableModel>
#include <QJsonObject>
#include <QStringList>

#include <vector>

namespace qs {

// The held-out confusion matrix of one evaluation (the Trainer's "confusion" note): a row per
// true class, a column per predicted class, each cell the count of held-out samples; the
// vertical header names the class with its accuracy. The diagonal is what the model got right.
class ConfusionModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Roles { FractionRole = Qt::UserRole }; // a cell's share of its row, 0..1

    explicit ConfusionModel(QObject *parent = nullptr);

    // Takes the note as the Trainer records it ({step, classes, matrix, per_class_accuracy,
    // counts}); a note without a matrix (too many classes) or an empty one clears the model.
    void setNote(const QJsonObject &note);
    bool isEmpty() const { return m_classes.isEmpty(); }
    qint64 step() const { return m_step; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QStringList m_classes;
    std::vector<std::vector<qint64>> m_counts; // [true][predicted]
    std::vector<qint64> m_rowTotals;
    qint64 m_step = -1;
};

} // namespace qs
