#include "schema/schemasample.h"

#include "example/exampleparser.h"
#include "record/recordreader.h"

namespace qs {

Result<SchemaSample> SchemaSample::load(const QString &file, int records)
{
    RecordReaderOptions options;
    options.skipCorrupt = true;
    Result<std::unique_ptr<RecordReader>> reader = RecordReader::open(file, options);
    if (!reader)
        return reader.status().withLocation(Location{file, -1, -1});
    SchemaSample out;
    out.m_file = file;
    ExampleParser parser;
    QByteArray record;
    Status firstBad;
    for (qint64 n = 0; qsizetype(out.m_examples.size()) < records && n < 4 * qint64(records); ++n) {
        const Status s = (*reader)->next(&record);
        if (s.kind() == ErrorKind::OutOfRange)
            break;
        if (!s.isOk())
            return s;
        const qint64 index = (*reader)->recordIndex() - 1 + (*reader)->skippedCount();
        Result<ParsedExample> parsed = parser.parse(record, Location{file, index, (*reader)->recordOffset()});
        if (!parsed) {
            ++out.m_skipped;
            if (firstBad.isOk())
                firstBad = parsed.status();
            continue;
        }
        out.m_examples.push_back(std::move(*parsed));
        out.m_indices << index;
    }
    out.m_skipped += (*reader)->skippedCount();
    if (out.m_examples.empty()) {
        if (!firstBad.isOk())
            return firstBad;
        if (!(*reader)->skipped().isEmpty())
            return (*reader)->skipped().first();
        return Status(ErrorKind::FailedPrecondition, QStringLiteral("%1 holds no records").arg(file),
                      Location{file, -1, -1});
    }
    return out;
}

} // namespace qs
