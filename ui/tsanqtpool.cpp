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

#include <latch>
#include <memory>

// ThreadSanitizer's dynamic annotations (libtsan): the calling thread's reads and writes are
// ignored from Begin to the matching End.
extern "C" void AnnotateIgnoreReadsBegin(const char *file, int line);
extern "C" void AnnotateIgnoreReadsEnd(const char *file, int line);
extern "C" void AnnotateIgnoreWritesBegin(const char *file, int line);
extern "C" void AnnotateIgnoreWritesEnd(const char *file, int line);

namespace {

// For the rest of the calling thread's life; TSan insists that a thread ends its ignores before
// it exits, which a pool thread does when QCoreApplication goes.
struct IgnoreThisThread {
    IgnoreThisThread()
    {
        AnnotateIgnoreReadsBegin(__FILE__, __LINE__);
        AnnotateIgnoreWritesBegin(__FILE__, __LINE__);
    }
    ~IgnoreThisThread()
    {
        AnnotateIgnoreWritesEnd(__FILE__, __LINE__);
        AnnotateIgnoreReadsEnd(__FILE__, __LINE__);
    }
};

void ignoreQtPoolThreadsForTsan()
{
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
            static thread_local IgnoreThisThread ignore;
            latches->arrived.arrive_and_wait();
            latches->left.count_down();
        });
    }
    latches->left.wait();
}

} // namespace

Q_COREAPP_STARTUP_FUNCTION(ignoreQtPoolThreadsForTsan)
