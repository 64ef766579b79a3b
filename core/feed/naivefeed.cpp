#include "feed/naivefeed.h"

#include "feed/pacer.h"
#include "feed/samplemaker.h"
#include "observe/recorder.h"
#include "pipeline/randomshufflequeue.h"

#include <algorithm>

namespace qs {

NaiveFeed::NaiveFeed(const SampleMaker &maker, Pacer &pacer, Options options,
                     std::function<bool()> shouldStop, SkipReport onSkipped)
    : m_maker(maker)
    , m_pacer(pacer)
    , m_options(std::move(options))
    , m_shouldStop(std::move(shouldStop))
    , m_rng(detail::resolveSeed(m_options.fileSeed))
{
    RecordStream::Options stream;
    stream.select = RecordStream::Select::Training;
    stream.holdOut = m_options.read.holdOut;
    stream.skipCorrupt = m_options.read.skipCorrupt;
    stream.compression = m_options.read.compression;
    stream.readDelay = m_options.read.readDelay;
    stream.slowFile = m_options.read.slowFile;
    stream.pacer = &pacer;
    m_stream = std::make_unique<RecordStream>([this] { return nextFile(); }, stream, std::move(onSkipped));
}

Result<QString> NaiveFeed::nextFile()
{
    const Options &config = m_options;
    if (m_epochOrder.isEmpty()) {
        if (config.numEpochs > 0 && m_epochsStarted >= config.numEpochs)
            return outOfRange(
                QStringLiteral("naive feed: reached its limit of %1 epoch(s)").arg(config.numEpochs));
        ++m_epochsStarted;
        m_epochOrder = config.files;
        if (config.shuffleFiles)
            std::shuffle(m_epochOrder.begin(), m_epochOrder.end(), m_rng);
    }
    return m_epochOrder.takeFirst();
}

Result<Batch> NaiveFeed::next()
{
    const int wanted = m_options.batchSize;
    Batch batch;
    batch.reserve(size_t(wanted));
    QByteArray record;
    Location where;
    while (!m_exhausted && int(batch.size()) < wanted) {
        if (m_shouldStop && m_shouldStop())
            return outOfRange(QStringLiteral("naive feed: stop requested"));
        const Status s = m_stream->next(&record, &where);
        if (s.kind() == ErrorKind::OutOfRange) {
            m_exhausted = true;
            break;
        }
        if (!s.isOk())
            return s;
        ObservedThread::setState(ThreadState::Running, Activity::Decoding);
        m_pacer.stage(m_options.read.decodeDelay);
        Result<Sample> sample = m_maker.make(m_parser, record, where);
        if (!sample)
            return sample.status();
        batch.push_back(std::move(*sample));
    }
    if (int(batch.size()) == wanted || (!batch.empty() && m_options.allowSmallerFinalBatch))
        return batch;
    return outOfRange(QStringLiteral("naive feed: the data ran out (%1 sample(s) left over, batch of %2)")
                          .arg(batch.size())
                          .arg(wanted));
}

} // namespace qs
