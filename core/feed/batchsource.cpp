#include "feed/batchsource.h"

#include "feed/pacer.h"
#include "observe/recorder.h"

namespace qs {

Result<Batch> QueueBatchSource::next()
{
    ObservedThread::setState(ThreadState::Running, Activity::Dequeuing, m_batcher.queue()->name());
    m_pacer->stage();
    return m_batcher.next();
}

} // namespace qs
