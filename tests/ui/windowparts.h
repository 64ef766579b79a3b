#pragma once

#include "controls/configpanel.h"
#include "controls/runcontrols.h"
#include "frametiming/framemeter.h"
#include "tfcode/tfcodeview.h"
#include "window/mainwindow.h"
#include "window/runcontroller.h"

#include <QTest>

#include <functional>

namespace qs::test {

// The parts of a MainWindow that tests drive. The window hands out none of its widgets; they are
// found as any tool would find them, by type and object name.
inline RunControls *runControls(const MainWindow &window)
{
    return window.findChild<RunControls *>(QStringLiteral("runControls"));
}

inline ConfigPanel *configPanel(const MainWindow &window)
{
    return window.findChild<ConfigPanel *>(QStringLiteral("configPanel"));
}

inline TfCodeView *codeView(const MainWindow &window)
{
    return window.findChild<TfCodeView *>(QStringLiteral("tfCodeView"));
}

inline FrameMeter *frameMeter(const MainWindow &window)
{
    return window.findChild<FrameMeter *>(QStringLiteral("frameMeter"));
}

// A short real run started with the window's Start and waited for to its end (two epochs of
// `files` through two readers, a tiny model), for the tests that scrub, save and replay a
// finished run. False when it did not end in time.
inline bool runSmallToTheEnd(MainWindow &window, const RunController &controller, const QStringList &files,
                             const std::function<void(RunConfig &)> &tweak = {})
{
    window.setPollInterval(20);
    window.resize(1366, 768);
    window.openFiles(files);
    RunConfig c;
    c.pipeline.numEpochs = 2;
    c.pipeline.batchSize = 8;
    c.pipeline.exampleCapacity = 40;
    c.pipeline.minAfterDequeue = 10;
    c.pipeline.readerThreads = 2;
    c.trainer.hidden = 8;
    c.pipeline.imageWidth = c.pipeline.imageHeight = 8;
    if (tweak)
        tweak(c);
    configPanel(window)->setConfig(c);
    window.show();
    runControls(window)->startAction()->trigger();
    if (!QTest::qWaitFor([&] { return !controller.isRunning(); }, 120000))
        return false;
    window.poll();
    return QTest::qWaitFor(
        [&] {
            window.poll();
            return window.lastSnapshot() && window.lastSnapshot()->run == RunState::Finished;
        },
        10000);
}

} // namespace qs::test
