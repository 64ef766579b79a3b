// Sources: from_tensor_slices(files), range(n), and a dataset that is only an error (a builder
// called with an invalid argument, as TensorFlow raises InvalidArgument when the op is made).
#include "dataset/datasetops.h"

#include <QCoreApplication>

namespace qs {

QString stageName(const char *kind, const DatasetOpPtr &input)
{
    return QStringLiteral("%1_%2").arg(QLatin1String(kind)).arg(input ? stageDepth(input) + 1 : 0);
}

int stageDepth(const DatasetOpPtr &op)
{
    const QString &n = op->name();
    return n.mid(n.lastIndexOf(QLatin1Char('_')) + 1).toInt();
}

namespace {

class SliceIterator final : public IteratorBase {
public:
    explicit SliceIterator(const QStringList &files)
        : m_files(files)
    {}
    Status getNext(Element *out) override
    {
        if (m_next >= m_files.size())
            return outOfRange(QCoreApplication::translate("Dataset", "End of sequence"));
        *out = Element{};
        out->text = m_files[m_next++];
        return {};
    }

private:
    QStringList m_files;
    qsizetype m_next = 0;
};

class SliceOp final : public DatasetOp {
public:
    explicit SliceOp(QStringList files)
        : DatasetOp(QStringLiteral("slices_0"))
        , m_files(std::move(files))
    {}
    QString code() const override { return QStringLiteral("tf.data.Dataset.from_tensor_slices(files)"); }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &) const override
    {
        return std::make_unique<SliceIterator>(m_files);
    }

private:
    QStringList m_files;
};

class RangeIterator final : public IteratorBase {
public:
    explicit RangeIterator(qint64 count)
        : m_count(count)
    {}
    Status getNext(Element *out) override
    {
        if (m_next >= m_count)
            return outOfRange(QCoreApplication::translate("Dataset", "End of sequence"));
        *out = Element{};
        out->value = m_next++;
        return {};
    }

private:
    qint64 m_count;
    qint64 m_next = 0;
};

class RangeOp final : public DatasetOp {
public:
    explicit RangeOp(qint64 count)
        : DatasetOp(QStringLiteral("range_0"))
        , m_count(count)
    {}
    QString code() const override { return QStringLiteral("tf.data.Dataset.range(%1)").arg(m_count); }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &) const override
    {
        return std::make_unique<RangeIterator>(m_count);
    }

private:
    qint64 m_count;
};

class ErrorIterator final : public IteratorBase {
public:
    explicit ErrorIterator(Status error)
        : m_error(std::move(error))
    {}
    Status getNext(Element *) override { return m_error; }

private:
    Status m_error;
};

class ErrorOp final : public DatasetOp {
public:
    explicit ErrorOp(Status error)
        : DatasetOp(QStringLiteral("error_0"))
        , m_error(std::move(error))
    {}
    QString code() const override { return QStringLiteral("# %1").arg(m_error.toString()); }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &) const override
    {
        return std::make_unique<ErrorIterator>(m_error);
    }

private:
    Status m_error;
};

} // namespace

DatasetOpPtr makeSliceOp(QStringList files)
{
    return std::make_shared<SliceOp>(std::move(files));
}

DatasetOpPtr makeRangeOp(qint64 count)
{
    return std::make_shared<RangeOp>(count);
}

DatasetOpPtr makeErrorOp(Status error)
{
    return std::make_shared<ErrorOp>(std::move(error));
}

} // namespace qs
