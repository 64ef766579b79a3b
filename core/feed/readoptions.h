#pragma once

#include "feed/recordstream.h"

#include <chrono>
#include <functional>

namespace qs {

// How a reader turns a file's records into samples, shared by the reader threads, the naive
// feed and the held-out loader: which records it keeps, whether it skips corrupt ones, and the
// slow-motion delays of the classroom (reader_delay_ms per record read, decode_delay_ms per
// example decoded).
struct ReadOptions {
    HoldOut holdOut;
    bool skipCorrupt = false;
    Compression compression = Compression::Auto; // of the training files
    std::chrono::milliseconds readDelay{0};
    std::chrono::milliseconds decodeDelay{0};
    SlowFile slowFile;
};

// Told of every record a reader skipped (skip_corrupt): a DataLoss with its Location. Called on
// the reading thread.
using SkipReport = std::function<void(const Status &skipped)>;

} // namespace qs
