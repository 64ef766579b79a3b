// TFRecordDataset(file): the records of one file in order, through the project's RecordReader.
#include "dataset/datasetops.h"

#include "observe/recorder.h"
#include "record/recordreader.h"

#include <QCoreApplication>

namespace qs {
namespace {

class TfRecordIterator final : public IteratorBase {
public:
    TfRecordIterator(QString file, TfRecordOptions options)
        : m_file(std::move(file))
        , m_options(std::move(options))
    {}
    Status getNext(Element *out) override
    {
        if (m_done)
            return outOfRange(QCoreApplication::translate("Dataset", "End of sequence"));
        if (!m_reader) {
            RecordReaderOptions ro;
            ro.compression = m_options.compression;
            auto reader = RecordReader::open(m_file, ro);
            if (!reader) {
                m_done = true;
                Status s = reader.status();
                return s.where().file.isEmpty() ? s.withLocation(Location{m_file, -1, -1}) : s;
            }
            m_reader = std::move(*reader);
        }
        QByteArray record;
        do {
            ObservedThread::setState(ThreadState::Running, Activity::Reading, m_file);
            if (m_options.beforeRecord)
                m_options.beforeRecord(m_file);
            const Status s = m_reader->next(&record);
            if (!s.isOk()) {
                // A reader's errors are sticky and a bad frame cannot be resynchronised: the file
                // ends after its error, and the stage that owns this one goes on with the next file.
                m_done = true;
                m_reader.reset();
                return s;
            }
        } while (m_options.holdOut.contains(m_reader->recordIndex() - 1));
        *out = Element{};
        out->bytes = std::move(record);
        out->where = Location{m_file, m_reader->recordIndex() - 1, m_reader->recordOffset()};
        return {};
    }

private:
    QString m_file;
    TfRecordOptions m_options;
    std::unique_ptr<RecordReader> m_reader;
    bool m_done = false;
};

class TfRecordOp final : public DatasetOp {
public:
    TfRecordOp(QString file, TfRecordOptions options)
        : DatasetOp(QStringLiteral("tfrecord_0"))
        , m_file(std::move(file))
        , m_options(std::move(options))
    {}
    QString code() const override { return QStringLiteral("tf.data.TFRecordDataset(filename)"); }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &) const override
    {
        return std::make_unique<TfRecordIterator>(m_file, m_options);
    }

private:
    QString m_file;
    TfRecordOptions m_options;
};

} // namespace

DatasetOpPtr makeTfRecordOp(QString file, TfRecordOptions options)
{
    return std::make_shared<TfRecordOp>(std::move(file), std::move(options));
}

} // namespace qs
