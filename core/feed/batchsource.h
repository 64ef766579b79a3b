#pragma once

#include "base/result.h"
#include "feed/sample.h"
#include "pipeline/batching.h"

namespace qs {

class Pacer;

// Where the trainer gets its batches. next() returns a batch, or OutOfRange when the data is
// exhausted (or the queue was closed by a stop), or another error that ends the run. Used by
// the trainer thread only.
class BatchSource {
public:
    virtual ~BatchSource() = default;
    virtual Result<Batch> next() = 0;
};

// The queue way: the batch *is* the example queue's dequeue_many(batch_size) (dequeue_up_to
// with allow_smaller_final_batch); each dequeue is one slow-motion stage.
class QueueBatchSource final : public BatchSource {
public:
    QueueBatchSource(Batcher<Sample> batcher, Pacer *pacer)
        : m_batcher(std::move(batcher))
        , m_pacer(pacer)
    {}
    Result<Batch> next() override;

private:
    Batcher<Sample> m_batcher;
    Pacer *m_pacer; // outlives this (the run's)
};

} // namespace qs
