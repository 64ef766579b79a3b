// take(count): the first `count` elements (all of them when count < 0).
#include "dataset/datasetops.h"

#include <QCoreApplication>

namespace qs {
namespace {

class TakeIterator final : public IteratorBase {
public:
    TakeIterator(std::unique_ptr<IteratorBase> input, qint64 count)
        : m_input(std::move(input))
        , m_count(count)
    {}
    Status getNext(Element *out) override
    {
        if (m_count >= 0 && m_taken >= m_count)
            return outOfRange(QCoreApplication::translate("Dataset", "End of sequence"));
        Status s = m_input->getNext(out);
        if (s.isOk())
            ++m_taken;
        return s;
    }
    QString outputBuffer() const override { return m_input->outputBuffer(); }

private:
    std::unique_ptr<IteratorBase> m_input;
    qint64 m_count;
    qint64 m_taken = 0;
};

class TakeOp final : public DatasetOp {
public:
    TakeOp(DatasetOpPtr input, qint64 count)
        : DatasetOp(stageName("take", input))
        , m_input(std::move(input))
        , m_count(count)
    {}
    QString code() const override { return QStringLiteral("dataset = dataset.take(%1)").arg(m_count); }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &env) const override
    {
        return std::make_unique<TakeIterator>(m_input->makeIterator(env), m_count);
    }

private:
    DatasetOpPtr m_input;
    qint64 m_count;
};

} // namespace

DatasetOpPtr makeTakeOp(DatasetOpPtr input, qint64 count)
{
    return std::make_shared<TakeOp>(std::move(input), count);
}

} // namespace qs
