#include "frametiming/framemeter.h"

#include <QElapsedTimer>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>
#include <QWidget>

using namespace qs;

namespace {

// A window that notes each paint: how long it took and how many frames the meter had finished
// by then. `chain` more repaints follow each paint through a queued call, the way a chart's
// queued scene update asks for a second repaint after the first.
class PaintProbe : public QWidget {
public:
    explicit PaintProbe(const FrameMeter &meter)
        : m_meter(meter)
    {
        resize(200, 120);
    }
    int chain = 0;
    QList<double> paintMs;
    QList<int> framesAtPaint;

protected:
    void paintEvent(QPaintEvent *) override
    {
        QElapsedTimer t;
        t.start();
        framesAtPaint << m_meter.recent().size();
        QPainter p(this);
        for (int i = 0; i < 200; ++i) // some real drawing, so the paint takes measurable time
            p.drawText(QRect(0, (i % 10) * 12, width(), 12), Qt::AlignLeft, QString::number(i * 7919));
        if (chain > 0) {
            --chain;
            QMetaObject::invokeMethod(
                this, [this] { update(); }, Qt::QueuedConnection);
        }
        paintMs << double(t.nsecsElapsed()) / 1e6;
    }

private:
    const FrameMeter &m_meter;
};

void oneFrame(FrameMeter &meter, QWidget *toRepaint)
{
    meter.beginFrame();
    meter.snapshotTaken();
    if (toRepaint)
        toRepaint->update();
    meter.updated();
}

} // namespace

class TestFrameMeter : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_meter = std::make_unique<FrameMeter>(); // each test counts its own frames
        m_probe = std::make_unique<PaintProbe>(*m_meter);
        m_probe->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_probe.get()));
        QTRY_VERIFY(!m_probe->paintMs.isEmpty()); // the first expose has been painted
        m_probe->paintMs.clear();
        m_probe->framesAtPaint.clear();
    }
    void cleanup()
    {
        m_probe.reset();
        m_meter.reset();
    }

    void anInactiveMeterMeasuresNothing()
    {
        QSignalSpy frames(m_meter.get(), &FrameMeter::frameMeasured);
        QVERIFY(!m_meter->isActive());
        oneFrame(*m_meter, m_probe.get());
        QTRY_COMPARE(m_probe->paintMs.size(), 1);
        QCoreApplication::processEvents();
        QCOMPARE(frames.count(), 0);
        QVERIFY(m_meter->recent().isEmpty());
    }

    void aFrameEndsAfterThePaintItCaused_data()
    {
        QTest::addColumn<int>("chain");
        QTest::addRow("one paint") << 0;
        QTest::addRow("a repaint asked for by the paint") << 1;
        QTest::addRow("three more repaints") << 3;
    }
    void aFrameEndsAfterThePaintItCaused()
    {
        QFETCH(int, chain);
        QSignalSpy frames(m_meter.get(), &FrameMeter::frameMeasured);
        m_meter->retain();
        m_probe->chain = chain;
        oneFrame(*m_meter, m_probe.get());
        QTRY_COMPARE(frames.count(), 1);
        QCOMPARE(m_probe->paintMs.size(), chain + 1);
        for (int seen : std::as_const(m_probe->framesAtPaint))
            QCOMPARE(seen, 0); // every paint came before the frame was counted
        const FrameTime f = frames.at(0).at(0).value<FrameTime>();
        double painted = 0;
        for (double ms : std::as_const(m_probe->paintMs))
            painted += ms;
        QVERIFY2(f.paintMs >= painted, qPrintable(QStringLiteral("%1 < %2").arg(f.paintMs).arg(painted)));
        QVERIFY(f.snapshotMs >= 0);
        QVERIFY(f.updateMs >= 0);
#ifdef Q_OS_LINUX
        // The thread's CPU time is there, and one thread cannot use more than the wall time.
        QVERIFY2(f.cpuMs >= 0 && f.cpuMs <= f.totalMs() + 0.1,
                 qPrintable(QStringLiteral("cpu %1, wall %2").arg(f.cpuMs).arg(f.totalMs())));
#endif
        QCOMPARE(m_meter->recent().size(), 1);
        QCOMPARE(m_meter->recent().latest().paintMs, f.paintMs);
    }

    void nothingToRepaintIsAFrameWithoutPaint()
    {
        QSignalSpy frames(m_meter.get(), &FrameMeter::frameMeasured);
        m_meter->retain();
        oneFrame(*m_meter, nullptr);
        QTRY_COMPARE(frames.count(), 1);
        QCOMPARE(m_probe->paintMs.size(), 0);
        QCOMPARE(frames.at(0).at(0).value<FrameTime>().paintMs, 0.0);
    }

    void theNextFrameEndsOneStillSettling()
    {
        QSignalSpy frames(m_meter.get(), &FrameMeter::frameMeasured);
        m_meter->retain();
        oneFrame(*m_meter, m_probe.get());
        QCOMPARE(frames.count(), 0); // its repaint has not run yet
        oneFrame(*m_meter, m_probe.get());
        QCOMPARE(frames.count(), 1);
        QTRY_COMPARE(frames.count(), 2);
        QCOMPARE(m_meter->recent().added(), qint64(2));
    }

    void aCancelledFrameIsNotCounted()
    {
        QSignalSpy frames(m_meter.get(), &FrameMeter::frameMeasured);
        m_meter->retain();
        m_meter->beginFrame();
        m_meter->cancelFrame();
        m_meter->snapshotTaken(); // out of order: ignored
        m_meter->updated();
        oneFrame(*m_meter, m_probe.get()); // a real frame afterwards is counted alone
        QTRY_COMPARE(frames.count(), 1);
        QCoreApplication::processEvents();
        QCOMPARE(frames.count(), 1);
    }

    void theLastReleaseStopsMeasuring()
    {
        QSignalSpy frames(m_meter.get(), &FrameMeter::frameMeasured);
        m_meter->retain();
        m_meter->retain();
        m_meter->release();
        QVERIFY(m_meter->isActive()); // one holder left
        oneFrame(*m_meter, m_probe.get());
        m_meter->release(); // the frame in flight is dropped
        QVERIFY(!m_meter->isActive());
        QTRY_COMPARE(m_probe->paintMs.size(), 1);
        QCoreApplication::processEvents();
        QCOMPARE(frames.count(), 0);
        m_meter->release(); // one release too many is harmless
        QVERIFY(!m_meter->isActive());
    }

private:
    std::unique_ptr<FrameMeter> m_meter;
    std::unique_ptr<PaintProbe> m_probe;
};

QTEST_MAIN(TestFrameMeter)
#include "tst_framemeter.moc"
