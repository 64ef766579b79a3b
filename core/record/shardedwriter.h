#pragma once

#include "record/recordwriter.h"

#include <QStringList>

#include <vector>

namespace qs {

// TensorFlow's shard naming: shardName("out/train", 0, 4) == "out/train-00000-of-00004".
QString shardName(const QString &base, int index, int count);

// Writes records to `count` shards, each a RecordWriter with its own temporary file. Records go
// round-robin, or to the shard the caller names. commit() first finishes every shard and only
// then renames them, so a write or sync error leaves every target untouched (a failure of the
// renames themselves, after the data is safe, can leave some shards renamed). Not thread-safe.
class ShardedWriter {
public:
    static Result<std::unique_ptr<ShardedWriter>> create(const QString &base, int count,
                                                         Compression compression = Compression::None);

    Status write(QByteArrayView record); // to the next shard in turn
    Status write(int shard, QByteArrayView record);
    Status commit();
    void abort(); // every shard; same guarantees as RecordWriter::abort()

    int shardCount() const { return int(m_shards.size()); }
    QStringList paths() const;
    qint64 recordCount(int shard) const { return m_shards[size_t(shard)]->recordCount(); }

private:
    ShardedWriter() = default;

    std::vector<std::unique_ptr<RecordWriter>> m_shards;
    size_t m_next = 0;
};

} // namespace qs
