// repeat(count): the input again and again, a fresh iterator per epoch (so a shuffle inside
// reshuffles); count < 0 repeats for ever, 0 gives nothing. An epoch that yields nothing ends
// an endless repeat instead of spinning.
#include "dataset/datasetops.h"

#include <QCoreApplication>

namespace qs {
namespace {

class RepeatIterator final : public IteratorBase {
public:
    RepeatIterator(DatasetOpPtr input, IteratorEnv env, qint64 count)
        : m_op(std::move(input))
        , m_env(std::move(env))
        , m_count(count)
    {
        if (m_count != 0)
            m_input = m_op->makeIterator(m_env);
    }
    Status getNext(Element *out) override
    {
        while (m_input) {
            Status s = m_input->getNext(out);
            if (s.kind() != ErrorKind::OutOfRange) {
                m_inEpoch += s.isOk();
                return s;
            }
            ++m_epoch;
            m_input.reset();
            if (m_inEpoch == 0 || (m_count > 0 && m_epoch >= m_count))
                break;
            m_inEpoch = 0;
            m_input = m_op->makeIterator(m_env);
        }
        return outOfRange(QCoreApplication::translate("Dataset", "End of sequence"));
    }
    QString outputBuffer() const override { return m_input ? m_input->outputBuffer() : QString(); }

private:
    DatasetOpPtr m_op;
    IteratorEnv m_env;
    qint64 m_count;
    qint64 m_epoch = 0;
    qint64 m_inEpoch = 0;
    std::unique_ptr<IteratorBase> m_input;
};

class RepeatOp final : public DatasetOp {
public:
    RepeatOp(DatasetOpPtr input, qint64 count)
        : DatasetOp(stageName("repeat", input))
        , m_input(std::move(input))
        , m_count(count)
    {}
    QString code() const override
    {
        return m_count < 0 ? QStringLiteral("dataset = dataset.repeat()")
                           : QStringLiteral("dataset = dataset.repeat(%1)").arg(m_count);
    }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &env) const override
    {
        return std::make_unique<RepeatIterator>(m_input, env, m_count);
    }

private:
    DatasetOpPtr m_input;
    qint64 m_count;
};

} // namespace

DatasetOpPtr makeRepeatOp(DatasetOpPtr input, qint64 count)
{
    return std::make_shared<RepeatOp>(std::move(input), count);
}

} // namespace qs
