#pragma once

#include "base/status.h"

#include <QStringList>

namespace qs {

// The demo dataset's classes, in label order: with `classes = k` the labels are 0..k-1 and
// the shapes are the first k of this list.
enum class DemoShape : int { Circle, Triangle, Cross, Square, Ring, Star, Crescent, Bars };
inline constexpr int kDemoMaxClasses = 8;
inline constexpr int kDemoMinSize = 16;
inline constexpr int kDemoMaxSize = 1024;

// What the synthetic demo dataset looks like. The same options give the same images, byte for
// byte, on every machine and standard library.
struct DemoOptions {
    qint64 count = 1000; // samples the generator yields (labels balanced to within one)
    int size = 32;       // square images of size x size pixels, 8-bit BGR
    int classes = 4;     // 2..kDemoMaxClasses
    quint64 seed = 1;

    // InvalidArgument naming the field when one is out of range.
    Status validate() const;
};

QString demoClassName(int label);      // "circle"; empty when label is not in [0, kDemoMaxClasses)
QStringList demoClassNames(int count); // the first `count` names, clamped to [0, kDemoMaxClasses]

} // namespace qs
