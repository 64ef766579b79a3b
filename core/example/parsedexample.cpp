#include "example/parsedexample.h"

namespace qs {

const Feature *ParsedExample::find(const QString &key) const
{
    const auto it = features.find(key);
    return it == features.end() ? nullptr : &it->second;
}

} // namespace qs
