#pragma once

#include "base/result.h"
#include "demo/demooptions.h"

#include <opencv2/core.hpp>

#include <optional>

namespace qs {

struct DemoSample {
    cv::Mat image;  // options.size x options.size, CV_8UC3, BGR
    int label = -1; // [0, options.classes)
    qint64 index = -1;
};

// The bundled demo dataset: bright shapes (see DemoShape) of random position, size, rotation
// and colour on a dark background with a brightness gradient, a few distracting strokes and
// dots, and per-pixel noise. Learnable by a small MLP, not by a linear model.
//
// Sample i depends only on (seed, i): it is drawn from its own std::mt19937_64 stream, so
// sample(i) gives the same bytes whether or not samples 0..i-1 were drawn, on any machine.
// Labels come in blocks of `classes` consecutive indices, each block a seeded permutation of
// all labels, so any prefix is balanced to within one sample per class.
//
// Threads: sample() and labelOf() are const and touch no shared state, so several threads
// may call them on one generator at once. next() and rewind() move the cursor and belong to
// one thread at a time.
class DemoGenerator {
public:
    static Result<DemoGenerator> create(const DemoOptions &options); // InvalidArgument if invalid

    const DemoOptions &options() const { return m_options; }
    qint64 count() const { return m_options.count; }
    QStringList classNames() const { return demoClassNames(m_options.classes); }

    // Any index >= 0, also past count(): count() only bounds next(). A negative index gives
    // label -1 and an empty sample.
    int labelOf(qint64 index) const;
    DemoSample sample(qint64 index) const;

    // The samples 0..count()-1 one at a time; nullopt once they are all out.
    std::optional<DemoSample> next();
    bool atEnd() const { return m_next >= m_options.count; }
    qint64 position() const { return m_next; }
    void rewind() { m_next = 0; }

private:
    explicit DemoGenerator(const DemoOptions &options)
        : m_options(options)
    {}

    DemoOptions m_options;
    qint64 m_next = 0;
};

} // namespace qs
