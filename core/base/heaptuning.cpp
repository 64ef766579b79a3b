#include "base/heaptuning.h"

#include <cstdlib> // defines __GLIBC__ (from <features.h>), which the test below needs

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace qs {

void keepFreedMemoryForReuse()
{
#if defined(__GLIBC__)
    // Fixed values also turn off glibc's sliding thresholds, which would lower them again.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

} // namespace qs
