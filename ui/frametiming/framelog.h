#pragma once

#include "frametiming/framestats.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <functional>

class QTimer;

namespace qs {

class FrameMeter;

// The --frame-stats log: holds a FrameMeter while it lives, writes one line about the frames of
// the last interval (5 s by default) and, at finish() (or destruction), one about the whole
// session. Lines go to `sink` (the app writes them to stderr), untranslated, e.g.
//   frame stats: 150 frames in 5.0 s · total mean 2.3 p50 2.1 p95 3.4 max 8.0 ms · snapshot ...
//   frame stats (session): 612 frames in 20.4 s · total ...
// The session line covers at most the last kSessionFrames frames (over an hour at 30 Hz) and
// says so when there were more. GUI thread only.
class FrameLog : public QObject {
    Q_OBJECT
public:
    using Sink = std::function<void(const QString &line)>;
    static constexpr int kSessionFrames = 1 << 17;

    FrameLog(FrameMeter *meter, Sink sink, int intervalMs = 5000, QObject *parent = nullptr);
    ~FrameLog() override;

    const FrameStats &session() const { return m_session; }

public slots:
    void writeInterval(); // the line about the frames since the last one
    void finish();        // the session line, once; stops the log

private:
    void add(const FrameTime &frame);

    QPointer<FrameMeter> m_meter;
    Sink m_sink;
    QTimer *m_timer;
    QElapsedTimer m_sinceLine;
    QElapsedTimer m_sinceStart;
    FrameStats m_interval;
    FrameStats m_session;
    bool m_finished = false;
};

} // namespace qs
