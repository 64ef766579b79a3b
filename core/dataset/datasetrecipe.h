#pragma once

#include "base/result.h"
#include "dataset/dataset.h"

#include <QStringList>

namespace qs {

class SampleMaker;

// The tf.data equivalent of a queue pipeline's settings, in one call. The fields are the queue
// run's knobs (core/run/knobs.cpp) by the same names; build() makes the program TensorFlow's
// migration guide gives for string_input_producer + TFRecordReader + shuffle_batch:
//
//   files, shuffle_files, file_seed  -> list_files(files, shuffle=shuffle_files, seed=file_seed)
//   num_epochs                       -> .repeat(num_epochs) of the file list (0: repeat())
//   reader_threads                   -> .interleave(TFRecordDataset, cycle_length=reader_threads,
//                                         num_parallel_calls=reader_threads) and
//                                       .map(parse_and_decode, num_parallel_calls=reader_threads)
//                                       (a reader thread both reads and decodes); autotune: AUTOTUNE
//   skip_corrupt                     -> .apply(ignore_errors())
//   use_shuffle_queue, min_after_dequeue, shuffle_seed
//                                    -> .shuffle(max(1, min_after_dequeue), seed=shuffle_seed)
//   batch_size, allow_smaller_final_batch
//                                    -> .batch(batch_size, drop_remainder=not allow_smaller_final_batch)
//   example_capacity                 -> .prefetch(max(1, (capacity - min_after_dequeue) / batch_size))
//                                       batches: the room the example queue keeps above its floor;
//                                       autotune: prefetch(AUTOTUNE)
//   image size, scaled_jpeg, spec    -> the SampleMaker given to build()
//   compression, the held-out split  -> `read` (TFRecordDataset(compression_type), records left out)
// The dataset knobs refine the mapping: interleaveCalls / mapCalls (0: follow reader_threads),
// prefetch (-1: from the queue knobs as above, 0: no prefetch), cache (.cache() after the decode
// map, and the repeat moves after it: later epochs come from memory), deterministic (the
// `deterministic` argument of interleave and map), mapAfterBatch (the guide's vectorised map:
// shuffle and batch the serialized records, then map(decode_batch) decodes a whole batch in one
// call, Dataset::batchMapFn; ignore_errors then drops a batch with a bad record, and cache
// keeps decoded batches). `decode` replaces the SampleMaker's map (a run adds its decode delay);
// empty: Dataset::decodeFn(maker).
struct DatasetRecipe {
    QStringList files;
    bool shuffleFiles = true;
    quint64 fileSeed = 0;
    qint64 numEpochs = 30;
    int readerThreads = 2;
    bool autotune = false;
    bool skipCorrupt = false;
    bool useShuffleQueue = true;
    int exampleCapacity = 224;
    int minAfterDequeue = 128;
    quint64 shuffleSeed = 0;
    int batchSize = 32;
    bool allowSmallerFinalBatch = false;
    int interleaveCalls = 0;
    int mapCalls = 0;
    int prefetch = -1;
    bool cache = false;
    bool deterministic = true;
    bool mapAfterBatch = false;
    TfRecordOptions read;
    MapFn decode;

    // NotFound/InvalidArgument naming the pattern when `files` match nothing.
    Result<Dataset> build(const SampleMaker &maker) const;
};

} // namespace qs
