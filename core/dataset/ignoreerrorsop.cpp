// ignore_errors(): drops every element whose read or map failed, counting each one (the
// context's ignoredErrors(), and a skipped-record note on the Recorder naming file, record and
// offset). Cancellation and the end of data pass through.
#include "dataset/datasetops.h"

#include "dataset/iteratorcontext.h"
#include "observe/recorder.h"

namespace qs {
namespace {

class IgnoreErrorsIterator final : public IteratorBase {
public:
    IgnoreErrorsIterator(std::unique_ptr<IteratorBase> input, std::shared_ptr<IteratorContext> context)
        : m_input(std::move(input))
        , m_context(std::move(context))
    {}
    Status getNext(Element *out) override
    {
        for (;;) {
            Status s = m_input->getNext(out);
            if (s.isOk() || s.kind() == ErrorKind::OutOfRange || s.kind() == ErrorKind::Cancelled)
                return s;
            m_context->countIgnored();
            if (Recorder *r = m_context->recorder())
                r->recordSkipped(s, ObservedThread::currentName());
        }
    }
    QString outputBuffer() const override { return m_input->outputBuffer(); }

private:
    std::unique_ptr<IteratorBase> m_input;
    std::shared_ptr<IteratorContext> m_context;
};

class IgnoreErrorsOp final : public DatasetOp {
public:
    explicit IgnoreErrorsOp(DatasetOpPtr input)
        : DatasetOp(stageName("ignore_errors", input))
        , m_input(std::move(input))
    {}
    QString code() const override
    {
        return QStringLiteral("dataset = dataset.apply(tf.data.experimental.ignore_errors())");
    }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &env) const override
    {
        return std::make_unique<IgnoreErrorsIterator>(m_input->makeIterator(env), env.context);
    }

private:
    DatasetOpPtr m_input;
};

} // namespace

DatasetOpPtr makeIgnoreErrorsOp(DatasetOpPtr input)
{
    return std::make_shared<IgnoreErrorsOp>(std::move(input));
}

} // namespace qs
