#pragma once

#include "feed/batchsource.h"

#include <memory>

namespace qs {

class Iterator;
class Pacer;

// The tf.data way: each batch is one get_next() of a dataset whose last stages are
// batch(batch_size) and prefetch; the element's batch becomes the trainer's Batch.
//
// Contract:
//  - next() and close() are called by the trainer thread only. next() returns the batch,
//    OutOfRange at the end of the data, Cancelled once the iterator was cancelled (a stop), or
//    the error of a read or a map with its file, record and offset.
//  - The iterator is shared: a watcher may hold it weakly and cancel() it from its own thread
//    (Iterator::cancel is thread-safe), which wakes a blocked next().
//  - close() cancels the iterator and drops this source's reference; when it was the last one,
//    every thread of the pipeline has exited when close() returns. next() after close() is
//    Cancelled.
class DatasetBatchSource final : public BatchSource {
public:
    DatasetBatchSource(std::shared_ptr<Iterator> iterator, Pacer *pacer);
    ~DatasetBatchSource() override;
    Result<Batch> next() override;
    void close();

private:
    std::shared_ptr<Iterator> m_iterator;
    Pacer *m_pacer; // outlives this (the run's)
};

} // namespace qs
