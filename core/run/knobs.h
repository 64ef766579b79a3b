#pragma once

#include "run/runconfig.h"

#include <QJsonValue>

#include <span>
#include <variant>

namespace qs {

// The one table of run settings. Each knob is declared once, in knobs.cpp: its JSON key, type,
// default, range, unit, label, help text and the TensorFlow 1.x argument it stands for. The
// table drives RunConfig's defaults, JSON parsing and validation, the command-line flags of
// `queuescope-cli run` and `bench`, the window's controls (ranges, suffixes, tooltips) and the
// scenario files (whose "config" is RunConfig JSON). Labels and help are English source text
// marked for translation in the context "qs::Knob" (knobText() translates them).
enum class KnobType : quint8 {
    Int,    // a whole number in [min, max]
    Number, // a finite number in [min, max]
    Bool,
    Seed,   // a whole number from 0 to 2^53 - 1; 0 picks a random seed
    Text,   // a string (a file name)
    Files,  // a list of file names or glob patterns
    Choice, // one of `choices` (a mode, as an enum in RunConfig)
    Json,   // a JSON object (the feature-spec overrides)
};

// A reference to the RunConfig member a knob sets.
using KnobField = std::variant<int *, qint64 *, double *, bool *, quint64 *, QString *, QStringList *,
                               FeedMode *, PipelineKind *>;

struct Knob {
    const char *key; // the JSON key, e.g. "batch_size"
    KnobType type;
    double defaultValue; // numbers and bools (1 = true); Choice: the index in `choices`
    double min;          // numbers: the inclusive range
    double max;
    bool zeroMeansOff; // numbers: 0 is allowed below min and means "none" (num_classes)
    const char *unit;  // "ms", "s", "" ...
    const char *label; // the control's label
    const char *help;  // one or two sentences
    const char *tfArg; // what it stands for in TensorFlow 1.x ("" when nothing does)
    const char *flag;  // the command-line flag without "--" ("" for none)
    const char *valueName;
    bool benchFlag;             // `bench` takes the flag too
    bool workersMode;           // used (and validated) by a workers-mode run
    const char *const *choices; // Choice: the JSON spellings, in enum order, null-terminated
    KnobField (*field)(RunConfig &);

    QJsonValue read(const RunConfig &config) const;
    Status write(RunConfig &config, const QJsonValue &value) const; // type-checked, not range-checked
    Status check(const RunConfig &config) const;                    // the range
};

std::span<const Knob> knobs();
const Knob *findKnob(QStringView key);
// The knob's label or help in the application's language (English without a translator).
QString knobLabel(const Knob &knob);
QString knobHelp(const Knob &knob);
// "--batch-size N   Examples per training step ... (tf.train.shuffle_batch(batch_size)). Default 32."
QString knobFlagHelp(const Knob &knob);

} // namespace qs
