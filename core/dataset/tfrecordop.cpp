// TFRecordDataset(file): the records of one file in order, through the project's RecordReader.
#include "dataset/datasetops.h"

#include "observe/recorder.h"
#include "record/recordreader.h"

#include <QCoreApplication>

namespace qs {
namespace {

class TfRecordIterator final : public IteratorBase {
public:
    explicit TfRecordIterator(QString file)
        : m_file(std::move(file))
    {}
    Status getNext(Element *out) override
    {
        if (m_done)
            return outOfRange(QCoreApplication::translate("Dataset", "End of sequence"));
        if (!m_reader) {
            auto reader = RecordReader::open(m_file);
            if (!reader) {
                m_done = true;
                Status s = reader.status();
                return s.where().file.isEmpty() ? s.withLocation(Location{m_file, -1, -1}) : s;
            }
            m_reader = std::move(*reader);
        }
        ObservedThread::setState(ThreadState::Running, Activity::Reading, m_file);
        QByteArray record;
        const Status s = m_reader->next(&record);
        if (!s.isOk()) {
            // A reader's errors are sticky and a bad frame cannot be resynchronised: the file
            // ends after its error, and the stage that owns this one goes on with the next file.
            m_done = true;
            m_reader.reset();
            return s;
        }
        *out = Element{};
        out->bytes = std::move(record);
        out->where = Location{m_file, m_reader->recordIndex() - 1, m_reader->recordOffset()};
        return {};
    }

private:
    QString m_file;
    std::unique_ptr<RecordReader> m_reader;
    bool m_done = false;
};

class TfRecordOp final : public DatasetOp {
public:
    explicit TfRecordOp(QString file)
        : DatasetOp(QStringLiteral("tfrecord_0"))
        , m_file(std::move(file))
    {}
    QString code() const override { return QStringLiteral("tf.data.TFRecordDataset(filename)"); }
    std::unique_ptr<IteratorBase> makeIterator(const IteratorEnv &) const override
    {
        return std::make_unique<TfRecordIterator>(m_file);
    }

private:
    QString m_file;
};

} // namespace

DatasetOpPtr makeTfRecordOp(QString file)
{
    return std::make_shared<TfRecordOp>(std::move(file));
}

} // namespace qs
