#include "run/datasetbatchsource.h"

#include "dataset/element.h"
#include "dataset/iterator.h"
#include "feed/pacer.h"
#include "observe/recorder.h"

#include <QCoreApplication>

namespace qs {

DatasetBatchSource::DatasetBatchSource(std::shared_ptr<Iterator> iterator, Pacer *pacer)
    : m_iterator(std::move(iterator))
    , m_pacer(pacer)
{}

DatasetBatchSource::~DatasetBatchSource()
{
    close();
}

Result<Batch> DatasetBatchSource::next()
{
    if (!m_iterator)
        return Status(ErrorKind::Cancelled,
                      QCoreApplication::translate("Dataset", "the dataset iterator was closed"));
    ObservedThread::setState(ThreadState::Running, Activity::Dequeuing, QStringLiteral("get_next"));
    m_pacer->stage();
    Element element;
    if (Status s = m_iterator->getNext(&element); !s.isOk())
        return s;
    Batch batch;
    batch.reserve(element.batch.size());
    for (Element &e : element.batch)
        batch.push_back(std::move(e.sample));
    return batch;
}

void DatasetBatchSource::close()
{
    if (!m_iterator)
        return;
    m_iterator->cancel();
    m_iterator.reset();
}

} // namespace qs
