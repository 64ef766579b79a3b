#include "dataset/iterator.h"

#include "dataset/autotuner.h"
#include "dataset/iteratorbase.h"
#include "dataset/iteratorcontext.h"
#include "dataset/stagecancel.h"

#include <QCoreApplication>

namespace qs {

Iterator::Iterator(std::shared_ptr<IteratorContext> context, std::unique_ptr<StageCancel> cancel,
                   std::unique_ptr<IteratorBase> root)
    : m_context(std::move(context))
    , m_cancel(std::move(cancel))
    , m_root(std::move(root))
{}

Iterator::~Iterator()
{
    m_cancel->cancel();
    m_root.reset(); // joins every stage's threads, outermost first
}

Status Iterator::getNext(Element *out)
{
    if (m_ended)
        return outOfRange(QCoreApplication::translate("Dataset", "End of sequence"));
    Status s = m_root->getNext(out);
    if (s.kind() == ErrorKind::OutOfRange)
        m_ended = true;
    else if (s.isOk())
        m_context->tuner()->elementDelivered();
    return s;
}

void Iterator::cancel()
{
    m_cancel->cancel();
}

qint64 Iterator::ignoredErrors() const
{
    return m_context->ignoredErrors();
}

Autotuner *Iterator::autotuner() const
{
    return m_context->tuner();
}

Topology Iterator::topology() const
{
    return m_context->topology();
}

QString Iterator::outputBuffer() const
{
    return m_root->outputBuffer();
}

void Iterator::setTrailingThreads(QList<TopologyThread> threads)
{
    m_context->setTrailingThreads(std::move(threads));
    m_context->publish();
}

} // namespace qs
