#include "record/shardedwriter.h"

namespace qs {

QString shardName(const QString &base, int index, int count)
{
    return QStringLiteral("%1-%2-of-%3")
        .arg(base)
        .arg(index, 5, 10, QLatin1Char('0'))
        .arg(count, 5, 10, QLatin1Char('0'));
}

Result<std::unique_ptr<ShardedWriter>> ShardedWriter::create(const QString &base, int count,
                                                             Compression compression)
{
    if (count < 1) {
        return Status(ErrorKind::InvalidArgument,
                      QStringLiteral("cannot write %1: the shard count must be at least 1, not %2")
                          .arg(base)
                          .arg(count));
    }
    std::unique_ptr<ShardedWriter> sharded(new ShardedWriter);
    for (int i = 0; i < count; ++i) {
        Result<std::unique_ptr<RecordWriter>> shard =
            RecordWriter::create(shardName(base, i, count), compression);
        if (!shard)
            return shard.status(); // the shards made so far drop their temporary files
        sharded->m_shards.push_back(std::move(*shard));
    }
    return sharded;
}

Status ShardedWriter::write(QByteArrayView record)
{
    const size_t shard = m_next;
    m_next = (m_next + 1) % m_shards.size();
    return m_shards[shard]->write(record);
}

Status ShardedWriter::write(int shard, QByteArrayView record)
{
    if (shard < 0 || size_t(shard) >= m_shards.size()) {
        return Status(ErrorKind::InvalidArgument,
                      QStringLiteral("shard %1 is out of range [0, %2)").arg(shard).arg(m_shards.size()));
    }
    return m_shards[size_t(shard)]->write(record);
}

Status ShardedWriter::commit()
{
    for (auto &shard : m_shards) {
        if (Status s = shard->finish(); !s) {
            abort();
            return s;
        }
    }
    Status first;
    for (auto &shard : m_shards) {
        if (Status s = shard->rename(); !s && first.isOk())
            first = s;
    }
    return first;
}

void ShardedWriter::abort()
{
    for (auto &shard : m_shards)
        shard->abort();
}

QStringList ShardedWriter::paths() const
{
    QStringList list;
    for (const auto &shard : m_shards)
        list << shard->path();
    return list;
}

} // namespace qs
