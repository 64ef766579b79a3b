#include "commands.h"

#include <array>

namespace qs::cli {

int runBench(const QStringList &args);
int runInspect(const QStringList &args);
int runMake(const QStringList &args);
int runDemo(const QStringList &args);
int runRun(const QStringList &args);
int runReplay(const QStringList &args);
int runSettings(const QStringList &args);

// One file per subcommand.
std::span<const Command> commands()
{
    static const std::array list{
        Command{"inspect", "What TFRecord files hold, and what QueueScope would train on", runInspect},
        Command{"make", "A TFRecord dataset from a folder of class subfolders of images", runMake},
        Command{"demo", "The synthetic shapes dataset as TFRecord files", runDemo},
        Command{"run", "Run the input pipeline and train on TFRecord files, headless", runRun},
        Command{"replay", "Print the summary of a run saved with run --record", runReplay},
        Command{"bench", "Measure each pipeline stage and the whole, name the bottleneck", runBench},
        Command{"settings", "Every run setting: key, flag, default, range, TensorFlow argument", runSettings},
    };
    return list;
}

} // namespace qs::cli
