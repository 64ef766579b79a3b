#include "charts/confusionmodel.h"

#include <QColor>
#include <QJsonArray>
#include <QPalette>

#include <cmath>

namespace qs {

ConfusionModel::ConfusionModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ConfusionModel::setNote(const QJsonObject &note)
{
    beginResetModel();
    m_classes.clear();
    m_counts.clear();
    m_rowTotals.clear();
    m_step = note.value(QStringLiteral("step")).toInteger(-1);
    const QJsonArray classes = note.value(QStringLiteral("classes")).toArray();
    const QJsonArray matrix = note.value(QStringLiteral("matrix")).toArray();
    if (!classes.isEmpty() && matrix.size() == classes.size()) {
        for (const QJsonValue &c : classes)
            m_classes << c.toString();
        for (const QJsonValue &row : matrix) {
            std::vector<qint64> counts;
            qint64 total = 0;
            for (const QJsonValue &cell : row.toArray()) {
                counts.push_back(cell.toInteger());
                total += counts.back();
            }
            counts.resize(size_t(m_classes.size()), 0);
            m_counts.push_back(std::move(counts));
            m_rowTotals.push_back(total);
        }
    }
    endResetModel();
}

int ConfusionModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_classes.size());
}

int ConfusionModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_classes.size());
}

QVariant ConfusionModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const qint64 n = m_counts[size_t(index.row())][size_t(index.column())];
    const qint64 total = m_rowTotals[size_t(index.row())];
    const double fraction = total > 0 ? double(n) / double(total) : 0;
    switch (role) {
    case Qt::DisplayRole:
        return n;
    case FractionRole:
        return fraction;
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case Qt::BackgroundRole: {
        // Right answers in blue, wrong ones in orange (Okabe-Ito), as strong as their share.
        QColor c = index.row() == index.column() ? QColor(0x00, 0x72, 0xb2) : QColor(0xe6, 0x9f, 0x00);
        c.setAlphaF(float(0.15 + 0.6 * fraction) * (n > 0 ? 1.0f : 0.0f));
        return c;
    }
    case Qt::ToolTipRole:
        return tr("true %1, predicted %2: %n sample(s)", nullptr, int(n))
                   .arg(m_classes[index.row()], m_classes[index.column()]) +
               (total > 0
                    ? tr(" (%1% of the %2)").arg(std::lround(fraction * 100)).arg(m_classes[index.row()])
                    : QString());
    default:
        return {};
    }
}

QVariant ConfusionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || section < 0 || section >= int(m_classes.size()))
        return {};
    if (orientation == Qt::Horizontal)
        return m_classes[section];
    const qint64 total = m_rowTotals[size_t(section)];
    if (total <= 0)
        return tr("%1 (none held out)").arg(m_classes[section]);
    const double right = double(m_counts[size_t(section)][size_t(section)]) / double(total);
    return tr("%1 (%2%)").arg(m_classes[section]).arg(std::lround(right * 100));
}

} // namespace qs
