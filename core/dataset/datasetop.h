#pragma once

#include "dataset/iteratorbase.h"

#include <QString>

#include <memory>

namespace qs {

class CancellationManager;
class IteratorContext;

// What a stage's iterator is built with: the run's shared context (recorder, autotuner,
// topology, counters) and the cancellation of the stage that owns it. A stage with threads
// chains a CancellationManager of its own to `cancel` and hands that to its input.
struct IteratorEnv {
    std::shared_ptr<IteratorContext> context;
    CancellationManager *cancel = nullptr;
};

// A node of the dataset graph: immutable once built (Dataset's builders make new nodes), shared
// by every iterator made from it. makeIterator() may be called from any thread at any time.
class DatasetOp {
public:
    explicit DatasetOp(QString name)
        : m_name(std::move(name))
    {}
    virtual ~DatasetOp() = default;
    const QString &name() const { return m_name; }
    // The line of the equivalent tf.data program ("dataset = dataset.map(parse, ...)").
    virtual QString code() const = 0;
    virtual std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &env) const = 0;

private:
    QString m_name;
};

using DatasetOpPtr = std::shared_ptr<const DatasetOp>;

} // namespace qs
