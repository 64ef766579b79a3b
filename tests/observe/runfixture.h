#pragma once

#include "fakeclock.h"
#include "observe/recorder.h"

#include <QJsonArray>

// A small, fully timed run for the export tests: two readers and a trainer around one queue,
// ending with a data-loss error.
inline void recordSmallRun(qs::Recorder &rec, FakeClock &clock)
{
    using namespace qs;
    clock.set(0);
    const int q = rec.registerQueue(QStringLiteral("example_queue"), QStringLiteral("FIFOQueue"), 4, 0);
    const int r0 = rec.registerThread(QStringLiteral("reader_0"), ThreadRole::Reader);
    clock.set(5);
    const int r1 = rec.registerThread(QStringLiteral("reader_1"), ThreadRole::Reader);
    const int tr = rec.registerThread(QStringLiteral("trainer"), ThreadRole::Trainer);
    clock.set(10);
    rec.setState(r0, ThreadState::Running, Activity::Reading);
    rec.setState(r1, ThreadState::Running, Activity::Decoding);
    rec.setState(tr, ThreadState::BlockedEmpty, Activity::Dequeuing, QStringLiteral("example_queue"));
    clock.set(20000);
    rec.queueChanged(q, 1, 1, 0, false);
    rec.setState(tr, ThreadState::Running, Activity::Training);
    clock.set(30000);
    rec.queueChanged(q, 0, 1, 1, false);
    rec.setState(r1, ThreadState::Failed, Activity::None, QStringLiteral("DataLoss: corrupted record"));
    rec.event(EventKind::Error, QStringLiteral("reader_1"),
              {{QStringLiteral("kind"), QStringLiteral("data_loss")},
               {QStringLiteral("message"), QStringLiteral("corrupted record")}});
    rec.event(EventKind::RequestStop, QStringLiteral("reader_1"),
              {{QStringLiteral("error"),
                QJsonObject{{QStringLiteral("kind"), QStringLiteral("data_loss")},
                            {QStringLiteral("message"), QStringLiteral("corrupted record")},
                            {QStringLiteral("thread"), QStringLiteral("reader_1")}}},
               {QStringLiteral("first"), true}});
    clock.set(31000);
    rec.event(EventKind::QueueClose, QStringLiteral("reader_1"),
              {{QStringLiteral("queue"), QStringLiteral("example_queue")},
               {QStringLiteral("cancel_pending"), true}});
    rec.queueChanged(q, 0, 1, 1, true);
    rec.setState(r0, ThreadState::Cancelled);
    rec.setState(tr, ThreadState::Stopped);
    clock.set(32000);
    rec.event(EventKind::Join, QStringLiteral("main"),
              {{QStringLiteral("result"), QStringLiteral("error")},
               {QStringLiteral("still_running"), QJsonArray()}});
    rec.event(EventKind::End, QString(), {{QStringLiteral("how"), QStringLiteral("error")}});
    clock.set(40000);
}
