#include "feed/recordstream.h"

#include "feed/pacer.h"
#include "observe/recorder.h"
#include "record/recordreader.h"

#include <cmath>

namespace qs {

HoldOut HoldOut::forFraction(double fraction)
{
    if (!(fraction > 0))
        return {};
    return {int(std::max(1.0, std::round(1 / fraction)))};
}

RecordStream::RecordStream(NextFile nextFile, Options options, SkipReport onSkipped)
    : m_nextFile(std::move(nextFile))
    , m_options(options)
    , m_onSkipped(std::move(onSkipped))
{}

RecordStream::~RecordStream() = default;

bool RecordStream::keeps(qint64 recordIndex) const
{
    switch (m_options.select) {
    case Select::All:
        return true;
    case Select::Training:
        return !m_options.holdOut.contains(recordIndex);
    case Select::HeldOut:
        return m_options.holdOut.contains(recordIndex);
    }
    return true;
}

void RecordStream::reportSkips()
{
    const QList<Status> &skipped = m_reader->skipped();
    for (; m_reported < skipped.size(); ++m_reported) {
        ++m_skipped;
        if (m_onSkipped)
            m_onSkipped(skipped[m_reported]);
    }
}

Status RecordStream::next(QByteArray *record, Location *where)
{
    for (;;) {
        if (!m_reader) {
            Result<QString> file = m_nextFile();
            if (!file)
                return file.status();
            ObservedThread::setState(ThreadState::Running, Activity::Reading, *file);
            RecordReaderOptions options;
            options.skipCorrupt = m_options.skipCorrupt;
            options.compression = m_options.compression;
            Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(*file, options);
            if (!reader)
                return reader.status().withLocation(Location{*file, -1, -1});
            m_reader = std::move(*reader);
            m_reported = 0;
        }
        ObservedThread::setState(ThreadState::Running, Activity::Reading, m_reader->path());
        if (m_options.pacer)
            m_options.pacer->stage(m_options.readDelay + m_options.slowFile.extraFor(m_reader->path()));
        const Status s = m_reader->next(record);
        reportSkips();
        if (s.kind() == ErrorKind::OutOfRange) { // this file is done: take the next one
            m_reader.reset();
            continue;
        }
        if (!s.isOk())
            return s;
        // The index in the file: records returned so far, plus the ones skipped before this one.
        const qint64 index = m_reader->recordIndex() - 1 + m_reader->skippedCount();
        if (!keeps(index))
            continue;
        *where = Location{m_reader->path(), index, m_reader->recordOffset()};
        return {};
    }
}

} // namespace qs
