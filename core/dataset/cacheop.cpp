// cache(): the first iteration that reaches the end stores every element in memory; later
// iterations replay them without touching the input. An iteration cut short stores nothing,
// and elements whose read or map failed are passed on but not stored (as TensorFlow's memory
// cache does with a partial first pass).
#include "dataset/datasetops.h"

#include <QCoreApplication>

#include <mutex>
#include <vector>

namespace qs {
namespace {

struct CacheStore {
    std::mutex mu;
    bool complete = false;                                // guarded by mu
    std::shared_ptr<const std::vector<Element>> elements; // guarded by mu; set once, with complete
};

class CacheIterator final : public IteratorBase {
public:
    CacheIterator(DatasetOpPtr input, const IteratorEnv &env, std::shared_ptr<CacheStore> store)
        : m_store(std::move(store))
    {
        std::lock_guard lock(m_store->mu);
        if (m_store->complete)
            m_replay = m_store->elements;
        else
            m_input = input->makeIterator(env);
    }
    Status getNext(Element *out) override
    {
        if (m_replay) {
            if (m_next >= m_replay->size())
                return outOfRange(QCoreApplication::translate("Dataset", "End of sequence"));
            *out = (*m_replay)[m_next++];
            return {};
        }
        Status s = m_input->getNext(out);
        if (s.isOk()) {
            m_filling.push_back(*out);
        } else if (s.kind() == ErrorKind::OutOfRange && !m_published) {
            m_published = true;
            std::lock_guard lock(m_store->mu);
            if (!m_store->complete) {
                m_store->elements = std::make_shared<const std::vector<Element>>(std::move(m_filling));
                m_store->complete = true;
            }
        }
        return s;
    }
    QString outputBuffer() const override { return m_input ? m_input->outputBuffer() : QString(); }

private:
    std::shared_ptr<CacheStore> m_store;
    std::shared_ptr<const std::vector<Element>> m_replay;
    std::size_t m_next = 0;
    std::unique_ptr<IteratorBase> m_input;
    std::vector<Element> m_filling;
    bool m_published = false;
};

class CacheOp final : public DatasetOp {
public:
    explicit CacheOp(DatasetOpPtr input)
        : DatasetOp(stageName("cache", input))
        , m_input(std::move(input))
        , m_store(std::make_shared<CacheStore>())
    {}
    QString code() const override { return QStringLiteral("dataset = dataset.cache()"); }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &env) const override
    {
        return std::make_unique<CacheIterator>(m_input, env, m_store);
    }

private:
    DatasetOpPtr m_input;
    std::shared_ptr<CacheStore> m_store;
};

} // namespace

DatasetOpPtr makeCacheOp(DatasetOpPtr input)
{
    return std::make_shared<CacheOp>(std::move(input));
}

} // namespace qs
