#pragma once

// Helpers for the ports of TensorFlow's queue tests (tst_*tf.cpp). Where TensorFlow sleeps to let
// "the other thread block", these wait on the queue's own waiter counts.

#include "pipeline/fifoqueue.h"
#include "pipeline/randomshufflequeue.h"

#include "testsupport.h"

#include <QTest>

#include <algorithm>
#include <numeric>
#include <vector>

namespace qs::test {

inline std::shared_ptr<FIFOQueue<int>> fifo(int capacity, const QString &name = QStringLiteral("q"))
{
    auto q = FIFOQueue<int>::create(name, capacity);
    QS_CHECK(q.isOk());
    return *q;
}

inline std::shared_ptr<RandomShuffleQueue<int>> shuffled(int capacity, int minAfterDequeue, quint64 seed = 0,
                                                         const QString &name = QStringLiteral("q"))
{
    auto q = RandomShuffleQueue<int>::create(name, capacity, minAfterDequeue, seed);
    QS_CHECK(q.isOk());
    return *q;
}

inline std::vector<int> iota(int from, int count, int step = 1)
{
    std::vector<int> v(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i)
        v[size_t(i)] = from + i * step;
    return v;
}

inline std::vector<int> sorted(std::vector<int> v)
{
    std::sort(v.begin(), v.end());
    return v;
}

inline bool waitFor(const std::function<bool()> &condition)
{
    return QTest::qWaitFor(condition, kLongMs);
}

// "until the other thread is blocked in the queue".
inline bool enqueuersWaiting(const QueueBase &q, int n)
{
    return waitFor([&] { return q.counters().waitingEnqueuers == n; });
}
inline bool dequeuersWaiting(const QueueBase &q, int n)
{
    return waitFor([&] { return q.counters().waitingDequeuers == n; });
}
inline bool closesPending(const QueueBase &q, int n)
{
    return waitFor([&] { return q.counters().pendingCloses == n; });
}

} // namespace qs::test
