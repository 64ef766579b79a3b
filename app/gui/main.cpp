#include "base/heaptuning.h"
#include "window/languagemanager.h"
#include "window/mainwindow.h"
#include "window/runcontroller.h"

#include <algorithm>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>

namespace {

// Saves the window as a PNG once the delay has passed (for docs and bug reports).
void scheduleScreenshot(qs::MainWindow *window, const QString &path, double afterSeconds)
{
    QTimer::singleShot(int(afterSeconds * 1000), window, [window, path] {
        if (!window->grab().save(path))
            std::fprintf(stderr, "queuescope: could not write the screenshot %s\n", qPrintable(path));
    });
}

} // namespace

int main(int argc, char **argv)
{
    qs::keepFreedMemoryForReuse();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("QueueScope"));
    QApplication::setOrganizationName(QStringLiteral("QueueScope"));
    QApplication::setApplicationVersion(QStringLiteral(QS_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("queuescope"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Watch a TensorFlow 1.x style input pipeline run."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("files"),
        QStringLiteral("TFRecord files to read, or saved runs (.qsrun): the last is replayed, all are "
                       "listed in the Runs panel to compare."),
        QStringLiteral("[FILE...]"));
    const QCommandLineOption scenario(QStringLiteral("scenario"),
                                      QStringLiteral("Select the scenario NAME (or a .json file)."),
                                      QStringLiteral("NAME"));
    const QCommandLineOption start(QStringLiteral("start"), QStringLiteral("Start the run at once."));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Save the window as PNG (after --after seconds)."),
                                        QStringLiteral("PNG"));
    const QCommandLineOption after(QStringLiteral("after"),
                                   QStringLiteral("Seconds before the screenshot (2)."),
                                   QStringLiteral("SECONDS"), QStringLiteral("2"));
    const QCommandLineOption quitAfter(QStringLiteral("quit-after"), QStringLiteral("Quit after SECONDS."),
                                       QStringLiteral("SECONDS"));
    const QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("Language: en, zh_TW or zh_CN."),
                                  QStringLiteral("CODE"));
    const QCommandLineOption zoom(QStringLiteral("zoom"),
                                  QStringLiteral("Presentation zoom FACTOR (0.5 to 4; View > Zoom In)."),
                                  QStringLiteral("FACTOR"));
    const QCommandLineOption panels(
        QStringLiteral("panel"),
        QStringLiteral(
            "Raise the panel NAME (controls, explanation, events, threads, code, states, samples, metrics, "
            "queues, runs); may be repeated."),
        QStringLiteral("NAME"));
    const QCommandLineOption frameStats(
        QStringLiteral("frame-stats"),
        QStringLiteral("Time every frame (snapshot, panel updates, repaint) and print p50/p95/max to stderr "
                       "every 5 s and for the whole session at quit."));
    const QCommandLineOption frameOverlay(
        QStringLiteral("frame-overlay"),
        QStringLiteral("Show the frame timing in the status bar (View > Frame Timing, F12)."));
    const QCommandLineOption compare(
        QStringLiteral("compare"),
        QStringLiteral("With saved runs: tick Compare beside each of them (up to four) in the Runs panel."));
    const QCommandLineOption cursorAt(
        QStringLiteral("cursor"),
        QStringLiteral("With a saved run: put the time cursor at SECONDS into the run (Cursor menu)."),
        QStringLiteral("SECONDS"));
    parser.addOptions({scenario, start, screenshot, after, quitAfter, lang, zoom, panels, frameStats,
                       frameOverlay, compare, cursorAt});
    parser.process(app);

    bool ok = true;
    const double afterSeconds = parser.value(after).toDouble(&ok);
    if (!ok || afterSeconds < 0) {
        std::fprintf(stderr, "queuescope: --after needs a number of seconds\n");
        return 2;
    }
    double quitSeconds = -1;
    if (parser.isSet(quitAfter)) {
        quitSeconds = parser.value(quitAfter).toDouble(&ok);
        if (!ok || quitSeconds < 0) {
            std::fprintf(stderr, "queuescope: --quit-after needs a number of seconds\n");
            return 2;
        }
    }
    double zoomFactor = 1;
    if (parser.isSet(zoom)) {
        zoomFactor = parser.value(zoom).toDouble(&ok);
        if (!ok || zoomFactor < 0.5 || zoomFactor > 4) {
            std::fprintf(stderr, "queuescope: --zoom needs a factor from 0.5 to 4\n");
            return 2;
        }
    }
    const QString language = parser.value(lang);
    if (!language.isEmpty() && !qs::LanguageManager::isAvailable(language)) {
        std::fprintf(stderr, "queuescope: unknown language %s (use en, zh_TW or zh_CN)\n",
                     qPrintable(language));
        return 2;
    }

    qs::MainWindow window; // in the saved language, else the system's
    qs::RunController controller(&window);
    if (!language.isEmpty())
        window.setSessionLanguage(language); // for this session only
    QStringList files;
    for (const QString &f : parser.positionalArguments())
        files << QDir::current().absoluteFilePath(f);
    // `queuescope RUN.qsrun` replays a saved run (several: all listed, the last replayed); other
    // files are the input of the next run.
    const bool runs =
        !files.isEmpty() && std::all_of(files.cbegin(), files.cend(), &qs::MainWindow::isRunFile);
    if (runs) {
        double at = -1;
        if (parser.isSet(cursorAt)) {
            at = parser.value(cursorAt).toDouble(&ok);
            if (!ok || at < 0) {
                std::fprintf(stderr, "queuescope: --cursor needs a number of seconds\n");
                return 2;
            }
        }
        // Once the window shows: an hour-long run takes minutes to read, and the window draws
        // ("Opening RUN…") meanwhile.
        QTimer::singleShot(
            0, &window, [&controller, &window, files, at, compareRuns = parser.isSet(compare)] {
                for (const QString &f : files) {
                    const qs::Status s =
                        &f == &files.constLast() ? controller.openRun(f) : controller.listRun(f);
                    if (!s.isOk())
                        std::fprintf(stderr, "queuescope: %s\n",
                                     qPrintable(s.toString())); // the window says it too
                }
                if (compareRuns)
                    window.compareAllRuns();
                if (at >= 0)
                    QTimer::singleShot(0, &window, [&window, at] { window.setCursorUs(qint64(at * 1e6)); });
            });
    } else if (!files.isEmpty()) {
        window.openFiles(files);
    }
    if (parser.isSet(scenario) && !window.selectScenario(parser.value(scenario))) {
        std::fprintf(stderr, "queuescope: unknown scenario %s\n", qPrintable(parser.value(scenario)));
        return 2;
    }
    for (const QString &panel : parser.values(panels)) {
        if (!window.showPanel(panel)) {
            std::fprintf(stderr, "queuescope: unknown panel %s\n", qPrintable(panel));
            return 2;
        }
    }
    // Once more after the first show, which lays the docks out anew.
    QTimer::singleShot(0, &window, [&window, names = parser.values(panels)] {
        for (const QString &panel : names)
            window.showPanel(panel);
    });
    if (parser.isSet(frameStats)) {
        window.logFrameStats([](const QString &line) {
            std::fprintf(stderr, "queuescope: %s\n", qPrintable(line));
            std::fflush(stderr);
        });
    }
    if (zoomFactor != 1)
        window.setPresentationZoom(zoomFactor);
    if (parser.isSet(frameOverlay))
        window.setFrameTimingShown(true);
    if (parser.isSet(start)) {
        QObject::connect(&controller, &qs::RunController::startFailed, [](const QString &message) {
            std::fprintf(stderr, "queuescope: %s\n", qPrintable(message));
        });
        QTimer::singleShot(0, &controller, &qs::RunController::start);
    }
    window.show();
    if (parser.isSet(screenshot))
        scheduleScreenshot(&window, parser.value(screenshot), afterSeconds);
    if (quitSeconds >= 0)
        QTimer::singleShot(int(quitSeconds * 1000), &app, &QApplication::quit);
    return app.exec();
}
