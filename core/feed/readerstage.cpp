#include "feed/readerstage.h"

#include "example/exampleparser.h"
#include "feed/pacer.h"
#include "feed/samplemaker.h"
#include "observe/recorder.h"

#include <stdexcept>

namespace qs {

struct ReaderStage::PerThread {
    PerThread(RecordStream::NextFile next, RecordStream::Options options, RecordStream::SkipReport skip)
        : stream(std::move(next), options, std::move(skip))
    {}
    RecordStream stream;
    ExampleParser parser;
    qint64 records = 0; // records this thread has read
};

ReaderStage::ReaderStage(const SampleMaker &maker, Pacer &pacer, ReadOptions options,
                         std::shared_ptr<FIFOQueue<QString>> filenames, int threads, SkipReport onSkipped,
                         qint64 throwAfter)
    : m_maker(maker)
    , m_pacer(pacer)
    , m_options(options)
    , m_throwAfter(throwAfter)
    , m_filenames(std::move(filenames))
{
    RecordStream::Options stream;
    stream.select = RecordStream::Select::Training;
    stream.holdOut = options.holdOut;
    stream.skipCorrupt = options.skipCorrupt;
    stream.compression = options.compression;
    stream.readDelay = options.readDelay;
    stream.slowFile = options.slowFile;
    stream.pacer = &pacer;
    for (int i = 0; i < threads; ++i) {
        auto next = [p = &m_pacer, q = m_filenames.get()]() -> Result<QString> {
            p->stage();
            return q->dequeue();
        };
        m_threads.push_back(std::make_unique<PerThread>(next, stream, onSkipped));
    }
}

ReaderStage::~ReaderStage() = default;

Status ReaderStage::operator()(Queue<Sample> &examples, int threadIndex)
{
    PerThread &self = *m_threads.at(size_t(threadIndex));

    QByteArray record;
    Location where;
    if (Status s = self.stream.next(&record, &where); !s.isOk())
        return s;
    ++self.records;
    if (threadIndex == 0 && m_throwAfter >= 0 && self.records > m_throwAfter) {
        throw std::runtime_error(
            QStringLiteral("injected fault: the reader threw after %1 records (at %2 #%3)")
                .arg(m_throwAfter)
                .arg(where.file)
                .arg(where.record)
                .toStdString());
    }

    ObservedThread::setState(ThreadState::Running, Activity::Decoding);
    m_pacer.stage(m_options.decodeDelay);
    Result<Sample> sample = m_maker.make(self.parser, record, where);
    if (!sample)
        return sample.status();

    ObservedThread::setState(ThreadState::Running, Activity::Enqueuing, examples.name());
    m_pacer.stage();
    return examples.enqueue(std::move(*sample));
}

} // namespace qs
