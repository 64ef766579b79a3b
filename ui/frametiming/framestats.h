#pragma once

#include <QList>
#include <QString>

namespace qs {

// The time one window frame took, in milliseconds, by part: taking the snapshot from the
// pipeline, handing it to every panel (model and view updates), and the repaint that follows
// until the event loop has nothing left of that frame (see FrameMeter). cpuMs is the GUI
// thread's CPU time over the whole frame (< 0 where there is no thread clock): what the frame
// cost, where the wall time also holds waiting for a busy CPU or the display server.
struct FrameTime {
    double snapshotMs = 0;
    double updateMs = 0;
    double paintMs = 0;
    double cpuMs = -1;
    double totalMs() const { return snapshotMs + updateMs + paintMs; }
};

// A rolling window of the last `capacity` frames with their mean, median, 95th percentile and
// maximum, per part and for the whole frame (the total of each frame, not the sum of the parts'
// percentiles). Percentiles are nearest-rank: the smallest value that at least p% of the
// frames in the window do not exceed. A plain value: GUI thread or any one thread at a time.
class FrameStats {
public:
    enum Part { Snapshot, Update, Paint, Total, Cpu }; // Cpu: frames that have it
    static constexpr int kPartCount = 5;
    struct Figures {
        double mean = 0;
        double p50 = 0;
        double p95 = 0;
        double max = 0;
    };

    explicit FrameStats(int capacity = 300); // at least 1
    void add(const FrameTime &frame);        // drops the oldest frame once the window is full
    void clear();

    int capacity() const { return m_capacity; }
    int size() const { return int(m_frames.size()); } // frames in the window
    qint64 added() const { return m_added; }          // frames since construction or clear()
    bool isEmpty() const { return m_frames.isEmpty(); }
    FrameTime latest() const; // a zero FrameTime when empty

    Figures figures(Part part) const;      // all zero when empty
    QList<double> values(Part part) const; // the window, oldest first

    // Nearest-rank percentile of `values` (any order), p in (0, 100]; 0 for no values.
    static double percentile(QList<double> values, double p);
    static QString partKey(Part part); // "snapshot", "update", "paint", "total", "cpu"

    // One line for a log, not translated: "total mean 2.3 p50 2.1 p95 3.4 max 8.0 ms ·
    // snapshot ... · update ... · paint ... · cpu ..." (cpu where the frames have it).
    QString summaryLine() const;

private:
    int m_capacity;
    int m_head = 0; // the oldest frame once the window is full
    qint64 m_added = 0;
    QList<FrameTime> m_frames;
};

} // namespace qs
