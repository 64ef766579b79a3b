#include "runs/runsmodel.h"

#include "charts/chartstyle.h"
#include "common/uitext.h"

#include <QBrush>
#include <QFont>

namespace qs {

RunsModel::RunsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

int RunsModel::addRun(const RunDigest &digest)
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (!digest.path.isEmpty() && m_rows[row].digest.path == digest.path) {
            m_rows[row].digest = digest;
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
            if (m_rows[row].colour >= 0)
                emit comparedChanged();
            return row;
        }
    }
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    m_rows.append(Row{digest, -1});
    endInsertRows();
    return row;
}

void RunsModel::setShownPath(const QString &path)
{
    if (path == m_shown)
        return;
    m_shown = path;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
    emit comparedChanged();
}

bool RunsModel::isShown(int row) const
{
    return !m_shown.isEmpty() && m_rows[row].digest.path == m_shown;
}

int RunsModel::freeColour() const
{
    for (int c = 0; c < kMaxOverlays; ++c) {
        if (std::none_of(m_rows.cbegin(), m_rows.cend(), [c](const Row &r) { return r.colour == c; }))
            return c;
    }
    return -1;
}

bool RunsModel::setCompared(int row, bool on)
{
    if (row < 0 || row >= m_rows.size())
        return false;
    Row &r = m_rows[row];
    if (on == (r.colour >= 0))
        return true;
    if (on) {
        r.colour = freeColour();
        if (r.colour < 0)
            return false; // kMaxOverlays are compared already
    } else {
        r.colour = -1;
    }
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    emit comparedChanged();
    return true;
}

bool RunsModel::isCompared(int row) const
{
    return row >= 0 && row < m_rows.size() && m_rows[row].colour >= 0;
}

QList<RunsModel::Compared> RunsModel::compared() const
{
    QList<Compared> out;
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows[row].colour >= 0)
            out.append(Compared{&m_rows[row].digest, m_rows[row].colour, isShown(row)});
    }
    return out;
}

int RunsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RunsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &r = m_rows[index.row()];
    const RunDigest &d = r.digest;
    const bool shown = isShown(index.row());
    if (role == Qt::CheckStateRole && index.column() == Compare)
        return r.colour >= 0 ? Qt::Checked : Qt::Unchecked;
    if (role == Qt::DecorationRole && index.column() == Compare && r.colour >= 0)
        return overlayColor(r.colour);
    if (role == Qt::ToolTipRole) {
        QString tip = d.path.isEmpty() ? d.label : tr("%1\n%2").arg(d.label, d.path);
        if (!d.error.isOk())
            tip += QStringLiteral("\n") + UiText::error(d.error);
        if (shown)
            tip += QStringLiteral("\n") + tr("The run the views show: its lines are the charts' own.");
        return tip;
    }
    if (role == Qt::FontRole && shown) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role == Qt::TextAlignmentRole && index.column() >= Duration)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Compare:
        return QString();
    case Name:
        return shown ? tr("%1 (shown)").arg(d.label) : d.label;
    case Ended:
        return d.how == EndHow::None ? UiText::runStateName(d.run) : UiText::endHowName(d.how);
    case Duration:
        return UiText::duration(d.durationUs);
    case Steps:
        return UiText::count(d.steps);
    case Rate:
        return d.samplesPerSec > 0 ? UiText::rate(d.samplesPerSec) : QStringLiteral("–");
    case HeldOut:
        return d.evalAccuracy >= 0 ? QString::number(d.evalAccuracy * 100, 'f', 1) + QStringLiteral(" %")
                                   : QStringLiteral("–");
    default:
        return {};
    }
}

bool RunsModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || index.column() != Compare || role != Qt::CheckStateRole)
        return false;
    return setCompared(index.row(), value.toInt() == Qt::Checked);
}

Qt::ItemFlags RunsModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == Compare)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

QVariant RunsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Compare:
        return tr("Compare");
    case Name:
        return tr("Run");
    case Ended:
        return tr("Ended");
    case Duration:
        return tr("Duration");
    case Steps:
        return tr("Steps");
    case Rate:
        return tr("Samples/s");
    case HeldOut:
        return tr("Held-out accuracy");
    default:
        return {};
    }
}

} // namespace qs
