#pragma once

#include "feed/readoptions.h"
#include "feed/sample.h"
#include "pipeline/fifoqueue.h"

#include <memory>
#include <vector>

namespace qs {

class Pacer;
class SampleMaker;

// The enqueue body of the example queue's QueueRunner threads: TensorFlow's reader and decode
// ops. One call handles one record, so the runner checks should_stop between records:
//   - with no open file, dequeue a file name from the filename queue (blocked_empty while it
//     waits); OutOfRange once that queue is closed and empty, which ends the runner thread
//     quietly (the last one to end closes the example queue: end of data flows downstream);
//   - read the next training record (running/reading; reader_delay_ms and slow motion),
//     skipping held-out records and, with skip_corrupt, corrupt ones (each handed to
//     onSkipped);
//   - parse, decode, preprocess and make a thumbnail (running/decoding; decode_delay_ms);
//   - enqueue the Sample (blocked_full while the example queue is full; Cancelled when the
//     queue is closed on stop).
// Errors are returned, never thrown, and carry file/record/offset; the runner reports them to
// the coordinator with the thread's name. The injected "throw in reader" fault throws a
// std::runtime_error from thread 0 once it has read `throwAfter` records (< 0: never).
// `maker` and `pacer` must outlive the stage (the run owns them).
//
// Threads: thread i only touches its own per-thread state (reader, parser, counters), so the
// runner's threads call operator() concurrently with different indices.
class ReaderStage {
public:
    ReaderStage(const SampleMaker &maker, Pacer &pacer, ReadOptions options,
                std::shared_ptr<FIFOQueue<QString>> filenames, int threads, SkipReport onSkipped = {},
                qint64 throwAfter = -1);
    ~ReaderStage();
    ReaderStage(const ReaderStage &) = delete;
    ReaderStage &operator=(const ReaderStage &) = delete;

    Status operator()(Queue<Sample> &examples, int threadIndex);

private:
    struct PerThread;
    const SampleMaker &m_maker;
    Pacer &m_pacer;
    ReadOptions m_options;
    qint64 m_throwAfter;
    std::shared_ptr<FIFOQueue<QString>> m_filenames;
    std::vector<std::unique_ptr<PerThread>> m_threads;
};

} // namespace qs
