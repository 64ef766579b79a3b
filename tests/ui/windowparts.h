#pragma once

#include "controls/configpanel.h"
#include "controls/runcontrols.h"
#include "frametiming/framemeter.h"
#include "tfcode/tfcodeview.h"
#include "window/mainwindow.h"

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

} // namespace qs::test
