#include "diagram/pipelinediagram.h"
#include "syntheticsnapshot.h"

#include <QGuiApplication>
#include <QPaintEvent>
#include <QScreen>
#include <QTest>

using namespace qs;

namespace {

// The regions the diagram is asked to paint, as its paint events carry them.
class PaintSpy : public QObject {
public:
    explicit PaintSpy(QWidget *w) { w->installEventFilter(this); }
    QRegion painted;
    int paints = 0;

protected:
    bool eventFilter(QObject *, QEvent *e) override
    {
        if (e->type() == QEvent::Paint) {
            painted += static_cast<QPaintEvent *>(e)->region();
            ++paints;
        }
        return false;
    }
};

// What is on the screen: the window's backing store, with every partial repaint in it.
QImage onScreen(QWidget *w)
{
    return w->screen()->grabWindow(w->winId()).toImage().convertToFormat(QImage::Format_RGB32);
}

// What a whole repaint of the same snapshot draws.
QImage repaintedWhole(QWidget *w)
{
    return w->grab().toImage().convertToFormat(QImage::Format_RGB32);
}

int readerIndex(const Snapshot &s, int nth)
{
    int seen = 0;
    for (int i = 0; i < s.threads.size(); ++i)
        if (s.threads[i].role == ThreadRole::Reader && seen++ == nth)
            return i;
    return -1;
}

struct Shown {
    Shown()
    {
        diagram.resize(1200, 260);
        diagram.show();
        QVERIFY(QTest::qWaitForWindowExposed(&diagram));
    }
    // Gives the diagram `s` and lets it repaint; returns what was repainted.
    QRegion show(const Snapshot &s)
    {
        spy.painted = {};
        diagram.setSnapshot(s);
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        return spy.painted;
    }
    PipelineDiagram diagram;
    PaintSpy spy{&diagram};
};

} // namespace

class TestPipelineDiagram : public QObject {
    Q_OBJECT
private slots:
    void repaintsOnlyWhatChanged();
    void partialRepaintsDrawWhatAWholeOneDraws();
    void keepsEveryLabelAndTipUpToDate();
};

// One reader changing state repaints that reader's node, not the picture; a snapshot that
// changes nothing shown repaints nothing; a new thread (another shape) repaints it all.
void TestPipelineDiagram::repaintsOnlyWhatChanged()
{
    Shown w;
    Snapshot s = test::richSnapshot();
    s.run = RunState::Running;
    QVERIFY(w.show(s).boundingRect().contains(w.diagram.rect()));

    Snapshot same = s;
    same.tUs += 1000;
    QCOMPARE(w.show(same), QRegion());

    Snapshot one = same;
    const int r = readerIndex(one, 1);
    QVERIFY(r >= 0);
    one.threads[r].state =
        one.threads[r].state == ThreadState::Running ? ThreadState::BlockedFull : ThreadState::Running;
    const QRegion painted = w.show(one);
    QVERIFY(!painted.isEmpty());
    const QRect box = painted.boundingRect();
    QVERIFY2(box.width() * box.height() * 20 < w.diagram.width() * w.diagram.height(),
             qPrintable(QStringLiteral("%1x%2").arg(box.width()).arg(box.height())));
    // The label it repainted is that reader's.
    int labelsIn = 0;
    for (const PipelineDiagram::Label &l : w.diagram.labels())
        labelsIn += box.contains(l.rect) ? 1 : 0;
    QVERIFY(labelsIn >= 1);

    Snapshot queueMoved = one;
    queueMoved.queues[1].size = queueMoved.queues[1].size > 0 ? queueMoved.queues[1].size - 1 : 1;
    const QRect queueBox = w.show(queueMoved).boundingRect();
    QVERIFY(!queueBox.isEmpty());
    QVERIFY(queueBox.width() < w.diagram.width() / 3);

    Snapshot grown = queueMoved;
    ThreadInfo extra = grown.threads[r];
    extra.name = QStringLiteral("reader-extra");
    grown.threads.append(extra);
    QVERIFY(w.show(grown).boundingRect().contains(w.diagram.rect()));
}

// Through a run that grows snapshot by snapshot, what the screen holds after each partial
// repaint is, pixel for pixel, what a whole repaint of the same snapshot draws.
void TestPipelineDiagram::partialRepaintsDrawWhatAWholeOneDraws()
{
    Shown w;
    const test::SyntheticRun run;
    int partial = 0;
    for (qint64 t = 0; t <= run.durationUs(); t += run.durationUs() / 40) {
        const QRegion painted = w.show(run.at(t));
        if (!painted.isEmpty() && !painted.boundingRect().contains(w.diagram.rect()))
            ++partial;
        QCOMPARE(onScreen(&w.diagram), repaintedWhole(&w.diagram));
    }
    QVERIFY2(partial > 5, qPrintable(QString::number(partial))); // else this proved little
}

// After partial repaints the diagram still lists every label a whole paint draws, and a node
// that was not repainted tells its thread as it is now.
void TestPipelineDiagram::keepsEveryLabelAndTipUpToDate()
{
    Shown w;
    Snapshot s = test::richSnapshot();
    s.run = RunState::Running;
    w.show(s);
    const int r = readerIndex(s, 0);
    QVERIFY(r >= 0);
    Snapshot next = s;
    next.threads[r].state =
        next.threads[r].state == ThreadState::Waiting ? ThreadState::Running : ThreadState::Waiting;
    const int other = readerIndex(s, 2);
    next.threads[other].detail = QStringLiteral("a detail the node does not draw");
    next.tUs += 500'000;
    QVERIFY(!w.show(next).boundingRect().contains(w.diagram.rect()));

    QStringList kept;
    for (const PipelineDiagram::Label &l : w.diagram.labels())
        kept << QStringLiteral("%1 %2,%3 %4").arg(l.full).arg(l.rect.x()).arg(l.rect.y()).arg(l.shown);
    QRect otherNode;
    for (const PipelineDiagram::Label &l : w.diagram.labels())
        if (l.full.contains(QStringLiteral("reader")) && otherNode.isNull())
            otherNode = l.rect;
    w.diagram.grab(); // a whole paint
    QStringList whole;
    for (const PipelineDiagram::Label &l : w.diagram.labels())
        whole << QStringLiteral("%1 %2,%3 %4").arg(l.full).arg(l.rect.x()).arg(l.rect.y()).arg(l.shown);
    QCOMPARE(kept, whole);

    // Every node's tip, repainted or not, is the thread's now.
    for (int i = 0; i < next.threads.size(); ++i) {
        if (next.threads[i].role != ThreadRole::Reader)
            continue;
        bool found = false;
        for (int y = 0; y < w.diagram.height() && !found; y += 2) {
            for (int x = 0; x < w.diagram.width() && !found; x += 4) {
                const QString tip = w.diagram.toolTipAt(QPoint(x, y));
                if (tip.startsWith(QStringLiteral("<b>%1</b>").arg(next.threads[i].name.toHtmlEscaped()))) {
                    found = true;
                    if (i == other)
                        QVERIFY2(tip.contains(next.threads[i].detail), qPrintable(tip));
                }
            }
        }
        QVERIFY2(found, qPrintable(next.threads[i].name));
    }
}

QTEST_MAIN(TestPipelineDiagram)
#include "tst_pipelinediagram.moc"
