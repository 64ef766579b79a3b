#pragma once

#include "example/exampleparser.h"
#include "feed/batchsource.h"
#include "feed/readoptions.h"
#include "feed/recordstream.h"

#include <QStringList>

#include <memory>
#include <random>

namespace qs {

class Pacer;
class SampleMaker;

// The classic tutorial's first way to feed a model, with no queue and no reader thread: the
// trainer itself reads and decodes one sample at a time until the batch is full, with the same
// RecordStream and SampleMaker as the reader threads. Files are visited num_epochs times (0:
// forever), each epoch in a fresh order when shuffle_files is on (seeded by file_seed). At the
// end a short last batch is returned only with allow_smaller_final_batch, like dequeue_up_to;
// then OutOfRange. Stops early (OutOfRange) once `shouldStop` (the coordinator's) says so.
// `maker` and `pacer` must outlive the feed.
class NaiveFeed final : public BatchSource {
public:
    struct Options {
        QStringList files;
        int numEpochs = 1; // 0: forever
        bool shuffleFiles = true;
        quint64 fileSeed = 0; // 0: random
        int batchSize = 32;
        bool allowSmallerFinalBatch = false;
        ReadOptions read;
    };
    NaiveFeed(const SampleMaker &maker, Pacer &pacer, Options options, std::function<bool()> shouldStop,
              SkipReport onSkipped = {});
    Result<Batch> next() override;

private:
    Result<QString> nextFile();

    const SampleMaker &m_maker;
    Pacer &m_pacer;
    Options m_options;
    std::function<bool()> m_shouldStop;
    std::mt19937_64 m_rng;
    QStringList m_epochOrder; // files left in the current epoch
    int m_epochsStarted = 0;
    ExampleParser m_parser;
    std::unique_ptr<RecordStream> m_stream;
    bool m_exhausted = false;
};

} // namespace qs
