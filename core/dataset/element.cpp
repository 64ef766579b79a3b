#include "dataset/element.h"

namespace qs {

qint64 Element::approxBytes() const
{
    qint64 n = qint64(sizeof(Element)) + bytes.size() + text.size() * 2;
    if (!sample.image.empty())
        n += qint64(sample.image.total() * sample.image.elemSize());
    if (!sample.thumbnail.empty())
        n += qint64(sample.thumbnail.total() * sample.thumbnail.elemSize());
    for (const Element &e : batch)
        n += e.approxBytes();
    return n;
}

} // namespace qs
