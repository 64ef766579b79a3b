#pragma once

#include "example/exampleparser.h"
#include "run/batchsource.h"
#include "run/recordstream.h"

#include <QStringList>

#include <memory>
#include <random>

namespace qs {

struct RunContext;

// The classic tutorial's first way to feed a model, with no queue and no reader thread: the
// trainer itself reads and decodes one sample at a time until the batch is full, with the same
// RecordStream and SampleMaker as the reader threads. Files are visited num_epochs times (0:
// forever), each epoch in a fresh order when shuffle_files is on (seeded by file_seed). At the
// end a short last batch is returned only with allow_smaller_final_batch, like dequeue_up_to;
// then OutOfRange. Stops early (OutOfRange) once the coordinator says should_stop.
class NaiveFeed final : public BatchSource {
public:
    explicit NaiveFeed(std::shared_ptr<RunContext> context);
    Result<Batch> next() override;

private:
    Result<QString> nextFile();

    std::shared_ptr<RunContext> m_context;
    std::mt19937_64 m_rng;
    QStringList m_epochOrder; // files left in the current epoch
    int m_epochsStarted = 0;
    ExampleParser m_parser;
    std::unique_ptr<RecordStream> m_stream;
    bool m_exhausted = false;
};

} // namespace qs
