// qs_timeline_shot: a real run on demo data drawn by the timeline panel into PNGs, to look at
// the lanes of a long run without a display (QT_QPA_PLATFORM=offscreen): the whole run fitted
// when it ends, then windows from t = 0 at finer zooms.
//   qs_timeline_shot OUT_PREFIX [--readers N] [--seconds S] [--size WxH]
// writes OUT_PREFIX-all.png, -first-1s.png, -first-20ms.png and -end-20ms.png.
#include "demodata.h"
#include "run/pipeline.h"
#include "timeline/threadtimeline.h"
#include "timeline/threadtimelinepanel.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <cstdio>

using namespace qs;
using namespace std::chrono_literals;

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("prefix"), QStringLiteral("PNG path prefix"));
    const QCommandLineOption readers(QStringLiteral("readers"), QStringLiteral("reader threads"),
                                     QStringLiteral("N"), QStringLiteral("6"));
    const QCommandLineOption seconds(QStringLiteral("seconds"), QStringLiteral("run length"),
                                     QStringLiteral("S"), QStringLiteral("20"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("WxH"), QStringLiteral("SIZE"),
                                  QStringLiteral("1400x560"));
    parser.addOptions({readers, seconds, size});
    parser.addHelpOption();
    parser.process(app);
    if (parser.positionalArguments().size() != 1)
        parser.showHelp(2);
    const QString prefix = parser.positionalArguments().first();

    QTemporaryDir dir;
    const Result<QStringList> files = test::writeDemoTfRecords(dir.path(), QStringLiteral("shot"), 4, 250);
    if (!files) {
        std::fprintf(stderr, "%s\n", qPrintable(files.status().toString()));
        return 1;
    }
    RunConfig c;
    c.pipeline.files = *files;
    c.pipeline.numEpochs = 0;
    c.pipeline.readerThreads = parser.value(readers).toInt();
    c.trainer.stopAfterS = parser.value(seconds).toDouble();
    auto p = Pipeline::create(c);
    if (!p || !(*p)->start().isOk()) {
        std::fprintf(stderr, "%s\n", qPrintable(p ? QStringLiteral("start failed") : p.status().toString()));
        return 1;
    }
    Pipeline &run = **p;

    ThreadTimelinePanel panel;
    const QStringList wh = parser.value(size).split(QLatin1Char('x'));
    panel.resize(wh.value(0).toInt(), wh.value(1).toInt());
    panel.show();
    qint64 cursor = 0;
    SnapshotPtr snap;
    do { // as the window's ~30 Hz timer does
        run.waitFinished(33ms);
        snap = run.snapshot(cursor);
        cursor = snap->nextEventSeq;
        panel.setSnapshot(*snap);
        QApplication::processEvents();
    } while (snap->run != RunState::Finished);

    auto save = [&](const char *name) {
        QApplication::processEvents();
        const QString path = prefix + QLatin1Char('-') + QLatin1String(name) + QStringLiteral(".png");
        if (!panel.grab().save(path))
            std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
        else
            std::printf("%s\n", qPrintable(path));
    };
    ThreadTimeline *t = panel.timeline();
    save("all");
    const qint64 end = t->runEndUs();
    TimeAxis axis = t->axis();
    for (auto [name, from, to] : {std::tuple<const char *, qint64, qint64>{"first-1s", 0, 1'000'000},
                                  {"first-20ms", 0, 20'000},
                                  {"end-20ms", end - 20'000, end}}) {
        axis.startUs = from;
        axis.endUs = to;
        t->setAxis(axis);
        save(name);
    }
    QElapsedTimer timer; // the cost of a whole-run relayout (one range query and the layout)
    timer.start();
    t->showAll();
    std::printf("whole-run relayout: %.2f ms (%d lanes, %d px)\n", double(timer.nsecsElapsed()) / 1e6,
                t->laneCount(), t->axis().width);
    return 0;
}
