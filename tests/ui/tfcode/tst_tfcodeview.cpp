#include "common/statepalette.h"
#include "syntheticsnapshot.h"
#include "tfcode/tfcodeview.h"

#include <QMap>
#include <QScrollBar>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>

using namespace qs;

namespace {

ThreadInfo thread(const QString &name, ThreadRole role, ThreadState state, Activity activity = Activity::None)
{
    ThreadInfo t;
    t.name = name;
    t.role = role;
    t.state = state;
    t.activity = activity;
    return t;
}

QString labelOf(int i)
{
    const char *labels[] = {"input producer", "close_on_stop", "reader 0", "reader 1", "reader 2",
                            "reader 3",       "close_on_stop", "watchdog", "trainer"};
    return QString::fromLatin1(labels[i]);
}

// A moment of a real-looking run: names as the Pipeline gives them.
Snapshot busyRun()
{
    Snapshot s;
    s.run = RunState::Running;
    s.threads = {
        thread("QueueRunnerThread-input_producer-input_producer/input_producer_EnqueueMany",
               ThreadRole::Producer, ThreadState::BlockedFull, Activity::Enqueuing),
        thread("QueueRunnerThread-input_producer-close_on_stop", ThreadRole::Watcher, ThreadState::Waiting),
        thread(
            "QueueRunnerThread-shuffle_batch/random_shuffle_queue-shuffle_batch/random_shuffle_queue_enqueue",
            ThreadRole::Reader, ThreadState::Running, Activity::Reading),
        thread("QueueRunnerThread-shuffle_batch/random_shuffle_queue-shuffle_batch/"
               "random_shuffle_queue_enqueue_1",
               ThreadRole::Reader, ThreadState::BlockedFull, Activity::Enqueuing),
        thread("QueueRunnerThread-shuffle_batch/random_shuffle_queue-shuffle_batch/"
               "random_shuffle_queue_enqueue_2",
               ThreadRole::Reader, ThreadState::BlockedFull, Activity::Enqueuing),
        thread("QueueRunnerThread-shuffle_batch/random_shuffle_queue-shuffle_batch/"
               "random_shuffle_queue_enqueue_3",
               ThreadRole::Reader, ThreadState::Stopped),
        thread("QueueRunnerThread-shuffle_batch/random_shuffle_queue-close_on_stop", ThreadRole::Watcher,
               ThreadState::Waiting),
        thread("watchdog", ThreadRole::Watcher, ThreadState::Waiting),
        thread("trainer", ThreadRole::Trainer, ThreadState::Running, Activity::Training),
    };
    // The run's own account of what each thread is (the watchdog has no line in the program).
    const CodeRole codes[] = {CodeRole::InputProducer, CodeRole::CloseOnStop, CodeRole::Reader,
                              CodeRole::Reader,        CodeRole::Reader,      CodeRole::Reader,
                              CodeRole::CloseOnStop,   CodeRole::None,        CodeRole::Trainer};
    auto topology = std::make_shared<Topology>();
    for (int i = 0; i < s.threads.size(); ++i)
        topology->threads << TopologyThread{
            s.threads[i].name, s.threads[i].role, codes[i], labelOf(i), {}, {}, {}};
    s.topology = topology;
    return s;
}

TfCodeInput input()
{
    TfCodeInput in;
    in.config.pipeline.files = {QStringLiteral("/data/train.tfrecords")};
    return in;
}

int lineContaining(const TfProgram &program, const QString &text)
{
    for (int i = 0; i < program.lines.size(); ++i)
        if (program.lines[i].contains(text))
            return i;
    return -1;
}

} // namespace

class TestTfCodeView : public QObject {
    Q_OBJECT
private slots:
    void showsTheProgramWithLineNumbers()
    {
        TfCodeView view;
        view.setInput(input());
        QCOMPARE(view.toPlainText(), view.program().text());
        QCOMPARE(view.blockCount(), view.program().lines.size());
        // What the default run's program says, line for line where the knobs show.
        const auto line = [&](int n) { return view.document()->findBlockByNumber(n).text(); };
        QCOMPARE(line(0),
                 QStringLiteral(
                     "# The TensorFlow 1.x program this run re-enacts (tf.compat.v1 in TensorFlow 2)."));
        QCOMPARE(line(4), QStringLiteral("    '/data/train.tfrecords',"));
        QCOMPARE(line(8), QStringLiteral("BATCH_SIZE = 32"));
        QCOMPARE(line(24), QStringLiteral("filename_queue = tf.train.string_input_producer("));
        QCOMPARE(line(25), QStringLiteral("    FILES, num_epochs=30, shuffle=True, seed=None, capacity=32)"));
        QCOMPARE(line(29),
                 QStringLiteral("    [image, label], batch_size=BATCH_SIZE, num_threads=2, capacity=224,"));
        QCOMPARE(line(30),
                 QStringLiteral("    min_after_dequeue=128, seed=None, allow_smaller_final_batch=False)"));
        QVERIFY(view.isReadOnly());
        QVERIFY(view.lineNumberAreaWidth() > view.fontMetrics().horizontalAdvance(QStringLiteral("99")));
    }

    void marksEveryThreadAtItsLine()
    {
        TfCodeView view;
        view.setInput(input());
        view.setSnapshot(busyRun());
        const TfProgram &p = view.program();
        const int producer = lineContaining(p, "tf.train.string_input_producer(");
        const int read = lineContaining(p, "reader.read(filename_queue)");
        const int enqueue = lineContaining(p, "= tf.train.shuffle_batch(");
        const int wait = lineContaining(p, "coord.wait_for_stop()");
        const int train = lineContaining(p, "sess.run([train_op, loss]");
        QList<TfCodeView::LineMark> expected{
            {producer,
             {"QueueRunnerThread-input_producer-input_producer/input_producer_EnqueueMany"},
             {ThreadState::BlockedFull},
             {}},
            {read,
             {"QueueRunnerThread-shuffle_batch/random_shuffle_queue-shuffle_batch/"
              "random_shuffle_queue_enqueue"},
             {ThreadState::Running},
             {}},
            {enqueue,
             {"QueueRunnerThread-shuffle_batch/random_shuffle_queue-shuffle_batch/"
              "random_shuffle_queue_enqueue_1",
              "QueueRunnerThread-shuffle_batch/random_shuffle_queue-shuffle_batch/"
              "random_shuffle_queue_enqueue_2"},
             {ThreadState::BlockedFull, ThreadState::BlockedFull},
             {}},
            {wait,
             {"QueueRunnerThread-input_producer-close_on_stop",
              "QueueRunnerThread-shuffle_batch/random_shuffle_queue-close_on_stop"},
             {ThreadState::Waiting, ThreadState::Waiting},
             {}},
            {train, {"trainer"}, {ThreadState::Running}, {}},
        };
        std::sort(expected.begin(), expected.end(),
                  [](const auto &a, const auto &b) { return a.line < b.line; });
        const Snapshot snap = busyRun();
        for (TfCodeView::LineMark &m : expected)
            for (const QString &name : std::as_const(m.threads))
                m.labels << snap.topology->thread(name)->label;
        QCOMPARE(view.marks(), expected);
        QCOMPARE(view.threadsAt(train), QStringList{"trainer"});
        QVERIFY(view.threadsAt(0).isEmpty()); // the watchdog and the stopped reader have no line

        // One highlight per marked line, in the first thread's state colour blended with the base.
        const QList<QTextEdit::ExtraSelection> selections = view.extraSelections();
        QCOMPARE(selections.size(), expected.size());
        // The first thread's state colours, as the legend shows them (Okabe-Ito).
        const QMap<ThreadState, QColor> legend{{ThreadState::Running, QColor(0x00, 0x9E, 0x73)},
                                               {ThreadState::BlockedFull, QColor(0xE6, 0x9F, 0x00)},
                                               {ThreadState::Waiting, QColor(0x56, 0xB4, 0xE9)}};
        for (int i = 0; i < selections.size(); ++i) {
            QCOMPARE(selections[i].cursor.blockNumber(), expected[i].line);
            QVERIFY(legend.contains(expected[i].states.constFirst()));
            const QColor c = legend.value(expected[i].states.constFirst());
            const QColor bg = selections[i].format.background().color();
            const QColor base = view.palette().base().color();
            QCOMPARE(bg.red(), (c.red() + base.red()) / 2);
            QCOMPARE(bg.green(), (c.green() + base.green()) / 2);
            QCOMPARE(bg.blue(), (c.blue() + base.blue()) / 2);
        }
    }

    // A tf.data run: its stages' threads are told apart by their topology's CodeRole, not by
    // their ThreadRole (a map worker and the prefetch thread are both Workers).
    void marksADatasetRunByItsTopology()
    {
        TfCodeInput in;
        in.config.pipeline.files = {QStringLiteral("/data/a.tfrecords")};
        in.config.pipeline.kind = PipelineKind::Dataset;
        TfCodeView view;
        view.setInput(in);
        Snapshot s;
        s.run = RunState::Running;
        s.threads = {
            ::thread("interleave/0", ThreadRole::Reader, ThreadState::Running, Activity::Reading),
            ::thread("map/0", ThreadRole::Worker, ThreadState::Running, Activity::Decoding),
            ::thread("map/1", ThreadRole::Worker, ThreadState::BlockedFull, Activity::Enqueuing),
            ::thread("prefetch/0", ThreadRole::Worker, ThreadState::BlockedFull, Activity::Enqueuing),
            ::thread("trainer", ThreadRole::Trainer, ThreadState::BlockedEmpty, Activity::Dequeuing),
            ::thread("dataset/cancel_on_stop", ThreadRole::Watcher, ThreadState::Waiting),
            ::thread("watchdog", ThreadRole::Watcher, ThreadState::Waiting)};
        auto topology = std::make_shared<Topology>();
        const CodeRole codes[] = {
            CodeRole::DatasetRead, CodeRole::DatasetMap,  CodeRole::DatasetMap, CodeRole::DatasetPrefetch,
            CodeRole::Trainer,     CodeRole::CloseOnStop, CodeRole::None};
        for (int i = 0; i < s.threads.size(); ++i)
            topology->threads << TopologyThread{
                s.threads[i].name, s.threads[i].role, codes[i], s.threads[i].name, {}, {}, {}};
        s.topology = topology;
        view.setSnapshot(s);
        const TfProgram &p = view.program();
        QCOMPARE(view.threadsAt(lineContaining(p, "tf.data.TFRecordDataset(f")), QStringList{"interleave/0"});
        QCOMPARE(view.threadsAt(lineContaining(p, "image = tf.image.decode_image(")), QStringList{"map/0"});
        QCOMPARE(view.threadsAt(lineContaining(p, "dataset = dataset.map(")), QStringList{"map/1"});
        QCOMPARE(view.threadsAt(lineContaining(p, "dataset = dataset.prefetch(")), QStringList{"prefetch/0"});
        QCOMPARE(view.threadsAt(lineContaining(p, "# get_next()")), QStringList{"trainer"});
        QCOMPARE(view.threadsAt(lineContaining(p, "#     coord.wait_for_stop()")),
                 QStringList{"dataset/cancel_on_stop"});
        QCOMPARE(view.marks().size(), 6); // the watchdog has no line
    }

    void highlightsFollowTheSnapshot()
    {
        TfCodeView view;
        view.setInput(input());
        Snapshot s = busyRun();
        view.setSnapshot(s);
        const int train = lineContaining(view.program(), "sess.run([train_op, loss]");
        const int dequeue = lineContaining(view.program(), "sess.run([image_batch, label_batch])");
        QCOMPARE(view.threadsAt(train), QStringList{"trainer"});
        s.threads.last().state = ThreadState::BlockedEmpty;
        s.threads.last().activity = Activity::Dequeuing;
        view.setSnapshot(s);
        QVERIFY(view.threadsAt(train).isEmpty());
        QCOMPARE(view.threadsAt(dequeue), QStringList{"trainer"});
        view.setSnapshot(Snapshot{});
        QVERIFY(view.marks().isEmpty());
        QVERIFY(view.extraSelections().isEmpty());
    }

    // Every live thread of the synthetic run that plays a part in the program is beside the
    // line the mapping names, and nowhere else.
    void syntheticRunMarks_data()
    {
        QTest::addColumn<qint64>("tUs");
        const test::SyntheticRun run;
        for (qint64 t : {qint64(50'000), run.durationUs() / 3, run.durationUs() * 2 / 3, run.durationUs()})
            QTest::addRow("t=%lld", t) << t;
    }
    void syntheticRunMarks()
    {
        QFETCH(qint64, tUs);
        const test::SyntheticRun run;
        const Snapshot snap = run.at(tUs);
        TfCodeView view;
        view.setInput(input());
        view.setSnapshot(snap);
        int marked = 0;
        for (const ThreadInfo &t : snap.threads) {
            const int line = view.program().lineOf(codeLineFor(t.role, t.state, t.activity));
            const bool expected = line >= 0 && hasTfCounterpart(snap.topology.get(), t.name);
            int found = 0;
            for (const TfCodeView::LineMark &m : view.marks()) {
                if (m.threads.contains(t.name)) {
                    ++found;
                    QCOMPARE(m.line, line);
                    QCOMPARE(m.states.at(m.threads.indexOf(t.name)), t.state);
                }
            }
            QCOMPARE(found, expected ? 1 : 0);
            marked += found;
        }
        int listed = 0;
        for (const TfCodeView::LineMark &m : view.marks())
            listed += int(m.threads.size());
        QCOMPARE(listed, marked);
    }

    void groupLabels_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QString>("label");
        QTest::addRow("one") << QStringList{"trainer"} << "trainer";
        QTest::addRow("readers") << QStringList{"random_shuffle_queue-0", "random_shuffle_queue-1"}
                                 << "random_shuffle_queue ×2";
        QTest::addRow("watchers") << QStringList{"input_producer-close_on_stop",
                                                 "random_shuffle_queue-close_on_stop"}
                                  << "close_on_stop ×2";
        QTest::addRow("workers") << QStringList{"worker-0", "worker-1", "worker-2"} << "worker ×3";
        QTest::addRow("nothing shared") << QStringList{"trainer", "watchdog"} << "2 threads";
    }
    void groupLabels()
    {
        QFETCH(QStringList, names);
        QFETCH(QString, label);
        QCOMPARE(TfCodeView::groupLabel(names), label);
    }

    void regeneratesWhenTheConfigChanges()
    {
        TfCodeView view;
        view.setInput(input());
        view.setSnapshot(busyRun());
        QVERIFY(view.toPlainText().contains("tf.train.shuffle_batch("));
        TfCodeInput fifo = input();
        fifo.config.pipeline.useShuffleQueue = false;
        view.setInput(fifo);
        QVERIFY(view.toPlainText().contains("tf.train.batch("));
        QVERIFY(!view.toPlainText().contains("shuffle_batch"));
        view.setSnapshot(busyRun());
        const int enqueue = lineContaining(view.program(), "= tf.train.batch(");
        QCOMPARE(view.threadsAt(enqueue).size(), 2);
    }

    // A short view cannot show every thread's line; the strip at the right shows them all, and a
    // click there brings that part of the program into view.
    void overviewStripFindsThreadsOffScreen()
    {
        TfCodeView view;
        view.resize(700, 220);
        view.setInput(input());
        view.setSnapshot(busyRun());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const int train = lineContaining(view.program(), "sess.run([train_op, loss]");
        QVERIFY(!view.viewport()->rect().contains(
            view.cursorRect(QTextCursor(view.document()->findBlockByNumber(train)))));
        auto *strip = view.findChild<QWidget *>(QStringLiteral("tfCodeOverview"));
        QVERIFY(strip);
        const QImage image = strip->grab().toImage();
        const int y = int(double(train) / view.blockCount() * strip->height());
        const QColor tick = image.pixelColor(strip->width() / 2, y + 1);
        QCOMPARE(tick, StatePalette::color(ThreadState::Running));
        QTest::mouseClick(strip, Qt::LeftButton, {}, QPoint(strip->width() / 2, y + 1));
        QVERIFY(view.viewport()->rect().contains(
            view.cursorRect(QTextCursor(view.document()->findBlockByNumber(train)))));
    }

    // At the default dock size the highlighted line stays in view as the trainer moves through
    // the loop, until the user scrolls away; a new run follows again.
    void keepsTheHighlightInView()
    {
        TfCodeView view;
        view.resize(420, 200);
        view.setInput(input());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const int train = lineContaining(view.program(), "sess.run([train_op, loss]");
        const int dequeue = lineContaining(view.program(), "sess.run([image_batch, label_batch])");
        QVERIFY(train >= view.visibleLineCount()); // below the fold at the start
        auto inView = [&view](int line) {
            return line >= view.firstVisibleLine() &&
                   line < view.firstVisibleLine() + view.visibleLineCount();
        };
        auto trainerAt = [](ThreadState state, Activity activity) {
            Snapshot s;
            s.run = RunState::Running;
            s.threads = {::thread("trainer", ThreadRole::Trainer, state, activity)};
            auto topology = std::make_shared<Topology>();
            topology->threads << TopologyThread{
                "trainer", ThreadRole::Trainer, CodeRole::Trainer, "trainer", {}, {}, {}};
            s.topology = topology;
            return s;
        };
        view.setSnapshot(trainerAt(ThreadState::Running, Activity::Training));
        QVERIFY(view.isFollowing());
        QVERIFY(inView(train));
        view.setSnapshot(trainerAt(ThreadState::BlockedEmpty, Activity::Dequeuing));
        QVERIFY(inView(dequeue));

        view.verticalScrollBar()->triggerAction(QAbstractSlider::SliderToMinimum); // the user reads the top
        QVERIFY(!view.isFollowing());
        view.setSnapshot(trainerAt(ThreadState::Running, Activity::Training));
        QCOMPARE(view.firstVisibleLine(), 0);

        view.setSnapshot(Snapshot{}); // the run is over; the next one is followed again
        view.setSnapshot(trainerAt(ThreadState::Running, Activity::Training));
        QVERIFY(view.isFollowing());
        QVERIFY(inView(train));
    }

    void paintsTheHighlight()
    {
        TfCodeView view;
        view.resize(1400, 1400);
        view.setInput(input());
        view.setSnapshot(busyRun());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QImage image = view.viewport()->grab().toImage();
        const int train = lineContaining(view.program(), "sess.run([train_op, loss]");
        const QRect r = view.cursorRect(QTextCursor(view.document()->findBlockByNumber(train)));
        // Far right of the line, past the text and the tags: the blended running colour.
        const QColor c = StatePalette::color(ThreadState::Running);
        const QColor base = view.palette().base().color();
        const QColor got = image.pixelColor(image.width() - 4, r.center().y());
        QVERIFY2(std::abs(got.green() - (c.green() + base.green()) / 2) <= 2, qPrintable(got.name()));
    }
};

QTEST_MAIN(TestTfCodeView)
#include "tst_tfcodeview.moc"
