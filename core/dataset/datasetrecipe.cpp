#include "dataset/datasetrecipe.h"

#include <algorithm>

namespace qs {

Result<Dataset> DatasetRecipe::build(const SampleMaker &maker) const
{
    Result<Dataset> listed = Dataset::listFiles(files, shuffleFiles, fileSeed);
    if (!listed)
        return listed.status();
    const int readers = std::max(1, readerThreads);
    auto calls = [&](int explicitCalls) {
        return autotune ? Dataset::kAutotune : explicitCalls > 0 ? explicitCalls : readers;
    };
    const qint64 count = numEpochs > 0 ? numEpochs : -1;
    const TfRecordOptions options = read;
    InterleaveFn open = [options](const Element &file) { return Dataset::tfRecord(file.text, options); };
    const MapFn decodeOne = decode ? decode : Dataset::decodeFn(maker);
    Dataset d = cache ? *listed : listed->repeat(count);
    d = d.interleave(std::move(open), readers, 1, calls(interleaveCalls), deterministic);
    // Shuffle and batch come after the decode map, or, for the guide's vectorised map, before
    // it: the serialized records are shuffled and batched, and one call decodes a whole batch.
    auto shuffleAndBatch = [&](Dataset in) {
        if (useShuffleQueue)
            in = in.shuffle(std::max(1, minAfterDequeue), shuffleSeed);
        return in.batch(std::max(1, batchSize), !allowSmallerFinalBatch);
    };
    if (mapAfterBatch)
        d = shuffleAndBatch(d).map(Dataset::batchMapFn(decodeOne), calls(mapCalls), deterministic,
                                   QStringLiteral("parse_and_decode_batch"));
    else
        d = d.map(decodeOne, calls(mapCalls), deterministic);
    if (skipCorrupt)
        d = d.ignoreErrors();
    if (cache)
        d = d.cache().repeat(count);
    if (!mapAfterBatch)
        d = shuffleAndBatch(d);
    if (autotune)
        return d.prefetch(Dataset::kAutotune);
    const int room = std::max(1, (exampleCapacity - minAfterDequeue) / std::max(1, batchSize));
    const int buffer = prefetch < 0 ? room : prefetch;
    return buffer > 0 ? d.prefetch(buffer) : d;
}

} // namespace qs
