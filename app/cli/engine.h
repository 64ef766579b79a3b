#pragma once

// The boundary between queuescope-cli and its engine.
//
// Everything the CLI does that needs OpenCV (the model, the pipeline, writing datasets, the
// bench, thumbnails, BMP/GIF/TIFF images) lives in the engine, a module of its own that
// queuescope-cli loads only when a command needs it. OpenCV's core alone brings BLAS, LAPACK, TBB
// and X11 into a process, which costs more than reading a large file: --version, --help,
// settings, replay and inspect (its scan, and detection with the decoders of pixelcodecs.h) run
// without any of it. inspect loads the engine for --thumbs, and for samples only OpenCV decodes.
//
// The front and the engine are built from the same tree and check each other's version at load;
// the types passed across are the project's own, with the same layout on both sides.

#include "example/specdetector.h"

#include <QStringList>

#include <span>

namespace qs::cli {

inline constexpr int kEngineAbi = 1;

// What inspect --thumbs wrote, and the records it could not decode or write.
struct Thumbnails {
    QStringList written;
    QList<Status> problems;
};

struct EngineApi {
    int abi;             // kEngineAbi of the engine's build
    const char *version; // QS_VERSION of the engine's build
    int (*make)(const QStringList &args);
    int (*demo)(const QStringList &args);
    int (*run)(const QStringList &args);
    int (*bench)(const QStringList &args);
    // detectFeatureSpec() with every image format: the front's own detection leaves BMP, GIF
    // and TIFF samples to it, as only OpenCV's imgcodecs decodes them.
    Detection (*detect)(std::span<const ParsedExample> samples, const SpecOverrides &overrides,
                        const QString &file);
    // Decodes the first `count` samples with `spec` and writes each as
    // <dir>/<file's name>-<record>.png.
    Thumbnails (*thumbnails)(std::span<const ParsedExample> samples, const ImageSpec &spec,
                             const QString &file, const QString &dir, int count);
};

} // namespace qs::cli

// The engine's one exported symbol.
extern "C" const qs::cli::EngineApi *qs_cli_engine();
