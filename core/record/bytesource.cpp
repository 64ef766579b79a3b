#include "record/bytesource.h"

#include "record/filesource.h"
#include "record/inflatesource.h"

namespace qs {

Result<std::unique_ptr<ByteSource>> ByteSource::open(const QString &path, Compression compression)
{
    Result<std::unique_ptr<FileSource>> file = FileSource::open(path);
    if (!file)
        return file.status();
    if (compression == Compression::Auto) {
        Result<QByteArray> head = (*file)->peek(12);
        if (!head)
            return head.status();
        compression = detectCompression(*head);
    }
    if (compression == Compression::None)
        return std::unique_ptr<ByteSource>(std::move(*file));
    Result<std::unique_ptr<InflateSource>> inflated = InflateSource::open(std::move(*file), compression);
    if (!inflated)
        return inflated.status();
    return std::unique_ptr<ByteSource>(std::move(*inflated));
}

} // namespace qs
