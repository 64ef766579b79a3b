#pragma once

#include "base/result.h"

#include <QCommandLineOption>
#include <QJsonObject>

class QCommandLineParser;

namespace qs::cli {

// The command-line flags of `run` (all knobs with a flag) or `bench` (those marked benchFlag),
// made from the one knob table (run/knobs.h), plus the shorthands both take:
//   --input-size N  image_width = image_height = N
//   --no-shuffle    tf.train.batch (a FIFOQueue) and files in order
//   --image-feature KEY, --label-feature KEY|none, --image-shape HxWxC, --image-dtype TYPE:
//                   the "spec" overrides, merged into --spec when both are given
// and, for `run` only: --seed S (both seeds) and --naive (feed = naive).
// A number flag takes a value; a true/false knob's flag takes none and sets the opposite of its
// default (--skip-corrupt, --no-queue-runners).
class KnobFlags {
public:
    enum class For { Run, Bench };
    explicit KnobFlags(For command);
    void addTo(QCommandLineParser &parser) const;
    // The flags that were given, as RunConfig JSON (InvalidArgument for a value of the wrong type).
    Result<QJsonObject> json(const QCommandLineParser &parser) const;

private:
    struct Flag {
        QCommandLineOption option;
        const char *key; // the knob, or "" for a shorthand
    };
    For m_for;
    QList<Flag> m_flags;
};

} // namespace qs::cli
