// batch(batch_size, drop_remainder): consecutive elements gathered into one. At the input's end
// a partial batch is handed out unless drop_remainder. An element's error is returned in place
// of the batch it would have joined (the elements gathered so far for it are dropped).
#include "dataset/datasetops.h"

#include <QCoreApplication>

namespace qs {

namespace {

class BatchIterator final : public IteratorBase {
public:
    BatchIterator(std::unique_ptr<IteratorBase> input, int batchSize, bool dropRemainder)
        : m_input(std::move(input))
        , m_batchSize(batchSize)
        , m_dropRemainder(dropRemainder)
    {}
    Status getNext(Element *out) override
    {
        if (m_done)
            return outOfRange(QCoreApplication::translate("Dataset", "End of sequence"));
        std::vector<Element> batch;
        batch.reserve(std::size_t(m_batchSize));
        while (int(batch.size()) < m_batchSize) {
            Element e;
            Status s = m_input->getNext(&e);
            if (s.kind() == ErrorKind::OutOfRange) {
                m_done = true;
                if (batch.empty() || m_dropRemainder)
                    return s;
                break;
            }
            if (!s.isOk())
                return s;
            batch.push_back(std::move(e));
        }
        *out = Element{};
        out->where = batch.front().where;
        out->batch = std::move(batch);
        return {};
    }
    QString outputBuffer() const override { return m_input->outputBuffer(); }

private:
    std::unique_ptr<IteratorBase> m_input;
    int m_batchSize;
    bool m_dropRemainder;
    bool m_done = false;
};

class BatchOp final : public DatasetOp {
public:
    BatchOp(DatasetOpPtr input, int batchSize, bool dropRemainder)
        : DatasetOp(stageName("batch", input))
        , m_input(std::move(input))
        , m_batchSize(batchSize)
        , m_dropRemainder(dropRemainder)
    {}
    QString code() const override
    {
        return QStringLiteral("dataset = dataset.batch(%1, drop_remainder=%2)")
            .arg(m_batchSize)
            .arg(m_dropRemainder ? QStringLiteral("True") : QStringLiteral("False"));
    }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &env) const override
    {
        return std::make_unique<BatchIterator>(m_input->makeIterator(env), m_batchSize, m_dropRemainder);
    }

private:
    DatasetOpPtr m_input;
    int m_batchSize;
    bool m_dropRemainder;
};

} // namespace

DatasetOpPtr makeBatchOp(DatasetOpPtr input, int batchSize, bool dropRemainder)
{
    return std::make_shared<BatchOp>(std::move(input), batchSize, dropRemainder);
}

} // namespace qs
