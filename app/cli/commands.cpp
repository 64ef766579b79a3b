#include "commands.h"

#include "engineloader.h"

#include <array>

namespace qs::cli {

int runInspect(const QStringList &args);
int runReplay(const QStringList &args);
int runSettings(const QStringList &args);

// One file per subcommand. inspect, replay and settings run in queuescope-cli itself; the
// commands that decode images, train or write datasets run in the engine (engine.h).
std::span<const Command> commands()
{
    static const std::array list{
        Command{"inspect", "What TFRecord files hold, and what QueueScope would train on", runInspect},
        Command{"make", "A TFRecord dataset from a folder of class subfolders of images",
                [](const QStringList &args) { return runInEngine(&EngineApi::make, args); }},
        Command{"demo", "The synthetic shapes dataset as TFRecord files",
                [](const QStringList &args) { return runInEngine(&EngineApi::demo, args); }},
        Command{"run", "Run the input pipeline and train on TFRecord files, headless",
                [](const QStringList &args) { return runInEngine(&EngineApi::run, args); }},
        Command{"replay", "Print the summary of a run saved with run --record", runReplay},
        Command{"bench", "Measure each pipeline stage and the whole, name the bottleneck",
                [](const QStringList &args) { return runInEngine(&EngineApi::bench, args); }},
        Command{"settings", "Every run setting: key, flag, default, range, TensorFlow argument", runSettings},
    };
    return list;
}

} // namespace qs::cli
