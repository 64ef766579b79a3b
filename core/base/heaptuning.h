#pragma once

namespace qs {

// The window asks the run record for thousands of buckets many times a second (observe/
// rangeview.h): each answer is a few MB in blocks of ~128 KB, freed once drawn. glibc would
// hand those to mmap and back, or trim them off the heap at every free, so each answer paid
// page faults for fresh zeroed memory (a fifth of a query's time, measured with perf). This
// keeps up to 64 MB of freed memory in the heap for the next answer instead. Call it once at
// the start of main(), before any thread starts (the programs that query the record: the
// window, queuescope-cli, the record bench).
void keepFreedMemoryForReuse();

} // namespace qs
