// Compiled into every executable that links qs_ui, in ThreadSanitizer builds only (see
// ui/CMakeLists.txt and scripts/tsan.supp).
//
// Qt's raster paint engine and QImage conversions split large fills, blends and conversions into
// slices run on QThreadPool::globalInstance() and wait for them on a QSemaphore. Debian's Qt is
// not built with TSan and its QMutex/QSemaphore are futex-based, so TSan sees none of the
// hand-offs and reports the slices' heap blocks (the task, its functor, the image rows) as
// racing between the pool's threads and the GUI thread, from Qt functions that have no symbol a
// suppression could name (and TSan does not match race suppressions against the stack that
// created a thread). Nothing of ours runs on that pool: the project uses no QThreadPool and no
// QtConcurrent.
//
// So at QCoreApplication construction this starts every thread the global pool may have, keeps
// them for the life of the process (no expiry, so Qt never starts another), and has each one
// tell TSan to ignore its own memory accesses from then on. Synchronisation on those threads is
// still tracked, and every other thread is checked as before.

#include <QCoreApplication>
#include <QThreadPool>

#include <pthread.h>

#include <climits>
#include <cstdint>
#include <latch>
#include <memory>

// ThreadSanitizer's dynamic annotations (libtsan): the calling thread's reads and writes are
// ignored from Begin to the matching End.
extern "C" void AnnotateIgnoreReadsBegin(const char *file, int line);
extern "C" void AnnotateIgnoreReadsEnd(const char *file, int line);
extern "C" void AnnotateIgnoreWritesBegin(const char *file, int line);
extern "C" void AnnotateIgnoreWritesEnd(const char *file, int line);

namespace {

// For the rest of the calling thread's life. TSan insists that a thread ends its ignores before
// it exits (a pool thread does when QCoreApplication goes), and glib's per-thread destructors
// still free memory late in that exit; TSan finishes a thread in the last of the
// PTHREAD_DESTRUCTOR_ITERATIONS rounds of thread-specific destructors, so the ignores end in
// the round before it.
pthread_key_t g_endIgnoresKey;

void endIgnoresLate(void *roundsLeft)
{
    const auto left = reinterpret_cast<std::uintptr_t>(roundsLeft);
    if (left > 1) {
        pthread_setspecific(g_endIgnoresKey, reinterpret_cast<void *>(left - 1));
        return;
    }
    AnnotateIgnoreWritesEnd(__FILE__, __LINE__);
    AnnotateIgnoreReadsEnd(__FILE__, __LINE__);
}

void ignoreThisThread()
{
    AnnotateIgnoreReadsBegin(__FILE__, __LINE__);
    AnnotateIgnoreWritesBegin(__FILE__, __LINE__);
    pthread_setspecific(g_endIgnoresKey,
                        reinterpret_cast<void *>(std::uintptr_t(PTHREAD_DESTRUCTOR_ITERATIONS - 1)));
}

void ignoreQtPoolThreadsForTsan()
{
    pthread_key_create(&g_endIgnoresKey, endIgnoresLate);
    QThreadPool *pool = QThreadPool::globalInstance();
    pool->setExpiryTimeout(-1); // an expired thread would be restarted later, unannotated
    const int n = pool->maxThreadCount();
    struct Latches {
        explicit Latches(int n)
            : arrived(n)
            , left(n)
        {}
        std::latch arrived; // every task waits for all the others: n tasks on n distinct threads
        std::latch left;
    };
    auto latches = std::make_shared<Latches>(n);
    for (int i = 0; i < n; ++i) {
        pool->start([latches] {
            ignoreThisThread();
            latches->arrived.arrive_and_wait();
            latches->left.count_down();
        });
    }
    latches->left.wait();
}

} // namespace

Q_COREAPP_STARTUP_FUNCTION(ignoreQtPoolThreadsForTsan)
