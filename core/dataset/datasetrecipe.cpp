#include "dataset/datasetrecipe.h"

#include <algorithm>

namespace qs {

Result<Dataset> DatasetRecipe::build(const SampleMaker &maker) const
{
    Result<Dataset> listed = Dataset::listFiles(files, shuffleFiles, fileSeed);
    if (!listed)
        return listed.status();
    const int parallel = autotune ? Dataset::kAutotune : std::max(1, readerThreads);
    Dataset d = listed->repeat(numEpochs > 0 ? numEpochs : -1)
                    .interleave(Dataset::tfRecordOf, std::max(1, readerThreads), 1, parallel)
                    .map(Dataset::decodeFn(maker), parallel);
    if (skipCorrupt)
        d = d.ignoreErrors();
    if (useShuffleQueue)
        d = d.shuffle(std::max(1, minAfterDequeue), shuffleSeed);
    d = d.batch(std::max(1, batchSize), !allowSmallerFinalBatch);
    const int room = std::max(1, (exampleCapacity - minAfterDequeue) / std::max(1, batchSize));
    return d.prefetch(autotune ? Dataset::kAutotune : room);
}

} // namespace qs
