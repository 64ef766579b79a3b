#pragma once

#include "demo/demodataset.h"

namespace qs {

// The demo dataset that ships with QueueScope: the build runs `queuescope-cli demo --bundled
// <build>/data` (the CMake target qs_demo_data) and installs the two files into
// <prefix>/share/queuescope/demo. The GUI opens it when no other data is given.
inline constexpr char kBundledDemoTrainFile[] = "demo-train.tfrecords";
inline constexpr char kBundledDemoEvalFile[] = "demo-eval.tfrecords";

DemoOptions bundledDemoTrainOptions();           // 2000 samples, 32x32, 4 classes, seed 1
DemoOptions bundledDemoEvalOptions();            // 400 samples, demoEvalSeed(1)
DatasetWriterOptions bundledDemoWriterOptions(); // the raw (dogs-and-cats) layout, one uncompressed file
QStringList bundledDemoClassNames();             // label order

// Both files into `dir` (created when missing), atomically as writeDemoSplits() says.
Status writeBundledDemo(const QString &dir, const WriteControl &control = {});

// The folders searched, in order:
//  1. $QS_DEMO_DIR, when set;
//  2. <program dir>/../data: the build tree (programs in <build>/bin);
//  3. <program dir>/../share/queuescope/demo: an installed prefix, wherever it was moved;
//  4. the configured install prefix's share/queuescope/demo.
// The program dir comes from QCoreApplication; without an instance, 2 and 3 are left out.
// With $QS_NO_BUNDLED_DEMO set (non-empty), only 1 is searched: tests use it to run as if the
// demo were not built or installed.
QStringList bundledDemoSearchPath();

// The first folder of `searchPath` that holds kBundledDemoTrainFile; empty when none does.
QString findBundledDemoDir(const QStringList &searchPath);
QString bundledDemoDir(); // findBundledDemoDir(bundledDemoSearchPath())

// The one place that knows what a run given no files trains on: the bundled training file, the
// held-out file that goes with it, and the demo's class names. The window, the CLI and the
// bench all ask here.
struct BundledDemo {
    QString trainFile; // empty when the dataset is not found (then: `queuescope-cli demo`)
    QString evalFile;  // empty when absent
    QStringList classNames;
    bool isFound() const { return !trainFile.isEmpty(); }
    // Whether `files` is exactly the bundled training file (the run then names its classes
    // after the demo's shapes).
    bool isTheTrainingData(const QStringList &files) const;
};
BundledDemo bundledDemo();
// What to say when a run was given no files and the demo is missing.
QString bundledDemoMissingMessage();

} // namespace qs
