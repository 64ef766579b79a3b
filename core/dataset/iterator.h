#pragma once

#include "dataset/element.h"
#include "observe/topology.h"

#include <memory>

namespace qs {

class Autotuner;
class IteratorBase;
class IteratorContext;
class StageCancel;

// The iterator of a whole pipeline (tf.data's Iterator): get_next() until OutOfRange.
//
// Contract:
//  - getNext() is called by one thread at a time. Ok with *out; OutOfRange at the end and on
//    every call after it; an element's error (file/record/offset) and then the next element;
//    Cancelled after cancel().
//  - cancel() may be called from any thread: every blocked getNext and every worker thread
//    wakes and stops promptly. The destructor cancels and joins every worker thread of the
//    pipeline before it returns (no thread outlives the iterator).
//  - Each delivered element drives the Autotuner (see autotuner.h).
class Iterator {
public:
    Iterator(std::shared_ptr<IteratorContext> context, std::unique_ptr<StageCancel> cancel,
             std::unique_ptr<IteratorBase> root);
    ~Iterator();
    Iterator(const Iterator &) = delete;
    Iterator &operator=(const Iterator &) = delete;

    Status getNext(Element *out);
    void cancel();

    qint64 ignoredErrors() const; // elements ignore_errors() skipped so far
    Autotuner *autotuner() const;
    Topology topology() const;
    QString outputBuffer() const; // the buffer getNext() takes from (the last stage's), or empty
    // The run's threads around the pipeline (its consumer, watchers), listed after the stages'
    // in the topology from now on; publishes it. Any thread.
    void setTrailingThreads(QList<TopologyThread> threads);

private:
    std::shared_ptr<IteratorContext> m_context;
    std::unique_ptr<StageCancel> m_cancel;
    std::unique_ptr<IteratorBase> m_root;
    bool m_ended = false;
};

} // namespace qs
