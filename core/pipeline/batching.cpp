#include "pipeline/batching.h"

namespace qs {

namespace {
Status bad(const QString &message)
{
    return Status(ErrorKind::InvalidArgument, message);
}
} // namespace

Status checkBatchOptions(const BatchOptions &o)
{
    if (o.batchSize < 1)
        return bad(QStringLiteral("%1: batch_size must be at least 1 (got %2)").arg(o.name).arg(o.batchSize));
    if (o.numThreads < 1)
        return bad(
            QStringLiteral("%1: num_threads must be at least 1 (got %2)").arg(o.name).arg(o.numThreads));
    if (o.capacity < 1)
        return bad(QStringLiteral("%1: capacity must be at least 1 (got %2)").arg(o.name).arg(o.capacity));
    return {};
}

Status checkShuffleBatchOptions(const ShuffleBatchOptions &o)
{
    // TensorFlow checks this one first, before anything else about the tensors.
    if (o.capacity <= o.minAfterDequeue)
        return bad(QStringLiteral("capacity %1 must be bigger than min_after_dequeue %2.")
                       .arg(o.capacity)
                       .arg(o.minAfterDequeue));
    if (o.minAfterDequeue < 0)
        return bad(QStringLiteral("%1: min_after_dequeue must be at least 0 (got %2)")
                       .arg(o.name)
                       .arg(o.minAfterDequeue));
    return checkBatchOptions(o);
}

} // namespace qs
