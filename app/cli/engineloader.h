#pragma once

#include "engine.h"

#include "base/result.h"

namespace qs::cli {

// Where queuescope-cli looks for its engine: QS_CLI_ENGINE_PATH relative to the directory of the
// running binary, the same in the build tree and in an installed tree.
QString enginePath();

// Starts loading the engine on a thread of its own, so that a command can do its OpenCV-free
// work meanwhile. Main thread only; at most one load ever runs.
void preloadEngine();

// The engine, once loaded (waiting for preloadEngine()'s thread, or loading it now). An error
// names the file and the loader's reason; the CLI's OpenCV-free commands still work then.
// Main thread only. The engine stays loaded until the process ends.
Result<const EngineApi *> engine();

// A command that runs in the engine, or exit status 1 with the reason on stderr.
int runInEngine(int (*EngineApi::*command)(const QStringList &), const QStringList &args);

} // namespace qs::cli
