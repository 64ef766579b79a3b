#include "record/parallelscan.h"

#include "record/crc32c.h"

#include <QFile>
#include <QScopeGuard>
#include <QtEndian>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace qs {

namespace {

constexpr qint64 kHeaderBytes = 12;
constexpr qint64 kFooterBytes = 4;
// How long a worker spins for the stripe before its own to be walked before it sleeps: the walk
// takes microseconds, while a sleep and a wake-up cost tens of them on a virtual machine.
constexpr int kSpins = 1000;

inline void pause()
{
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
}

// Reads exactly n bytes at `offset`; false when the file ends first or read fails.
bool readAt(int fd, char *to, qint64 n, qint64 offset)
{
    while (n > 0) {
        const ssize_t got = ::pread(fd, to, size_t(n), off_t(offset));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false;
        to += got;
        offset += got;
        n -= got;
    }
    return true;
}

qint64 sizeOf(int fd)
{
    struct stat st {};
    return ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? qint64(st.st_size) : -1;
}

// What the workers share. start[k] and index[k] (the first record at or after stripe k's first
// byte, and its position in the file) are written once, by the worker that walked stripe k - 1,
// before it raises `walked` past k (release); a worker reads them after seeing that (acquire).
struct Scan {
    int fd = -1;
    qint64 size = 0;
    qint64 stripe = ParallelScan::kStripeBytes;
    qint64 stripes = 0;
    int workers = 1;
    quint64 maxRecordBytes = 0;
    bool verifyCrc = true;
    const ParallelScan::Visit *visit = nullptr;
    std::vector<qint64> start;
    std::vector<qint64> index;
    std::atomic<qint64> walked{1}; // stripes whose first record is known: start[0] = 0
    std::atomic<bool> damaged{false};
    std::mutex mutex; // only for sleeping on `changed`
    std::condition_variable changed;

    void wake()
    {
        {
            std::lock_guard lock(mutex);
        }
        changed.notify_all();
    }
    void fail()
    {
        damaged.store(true, std::memory_order_relaxed);
        wake();
    }
    // True once stripe k's first record is known; false when the scan failed meanwhile.
    bool awaitStart(qint64 k)
    {
        for (int i = 0; i < kSpins; ++i) {
            if (walked.load(std::memory_order_acquire) > k)
                return true;
            if (damaged.load(std::memory_order_relaxed))
                return false;
            pause();
        }
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] {
            return walked.load(std::memory_order_acquire) > k || damaged.load(std::memory_order_relaxed);
        });
        return !damaged.load(std::memory_order_relaxed);
    }
    void publish(qint64 k, qint64 first, qint64 firstIndex)
    {
        start[size_t(k)] = first;
        index[size_t(k)] = firstIndex;
        walked.store(k + 1, std::memory_order_release);
        wake();
    }

    void work(int worker);
};

void Scan::work(int worker)
{
    // The stripe and the header of a record that starts in its last bytes.
    const std::unique_ptr<char[]> buffer(new char[size_t(stripe + kHeaderBytes)]);
    std::vector<char> spill; // a record that runs past the stripe, whole
    struct Frame {
        qint64 at;
        qint64 length;
    };
    std::vector<Frame> frames;
    for (qint64 k = worker; k < stripes; k += workers) {
        if (damaged.load(std::memory_order_relaxed))
            return;
        const qint64 begin = k * stripe;
        const qint64 end = std::min(begin + stripe, size);
        const qint64 held = std::min(stripe + kHeaderBytes, size - begin);
        if (!readAt(fd, buffer.get(), held, begin))
            return fail(); // cut while read
        if (!awaitStart(k))
            return;

        // The walk: headers only, so the next stripe's worker can go on as soon as possible.
        frames.clear();
        qint64 at = start[size_t(k)];
        while (at < end) {
            if (size - at < kHeaderBytes)
                return fail();
            const char *header = buffer.get() + (at - begin);
            if (!crc32c::matchesStored(header, 8, header + 8))
                return fail();
            const quint64 length = qFromLittleEndian<quint64>(header);
            const qint64 after = size - at - kHeaderBytes;
            if (length > maxRecordBytes || after < kFooterBytes || length > quint64(after - kFooterBytes))
                return fail();
            frames.push_back({at, qint64(length)});
            at += kHeaderBytes + qint64(length) + kFooterBytes;
        }
        qint64 position = index[size_t(k)];
        publish(k + 1, at, position + qint64(frames.size()));

        for (const Frame &f : frames) {
            const qint64 payloadAt = f.at + kHeaderBytes;
            const qint64 frameEnd = payloadAt + f.length + kFooterBytes;
            const char *payload = buffer.get() + (payloadAt - begin);
            if (frameEnd > begin + held) {
                // Runs past what was read: the part in the stripe, then the rest from the file.
                spill.resize(size_t(f.length + kFooterBytes));
                const qint64 inStripe = std::max<qint64>(0, begin + held - payloadAt);
                std::memcpy(spill.data(), payload, size_t(inStripe));
                if (!readAt(fd, spill.data() + inStripe, qint64(spill.size()) - inStripe,
                            payloadAt + inStripe))
                    return fail();
                payload = spill.data();
            }
            if (verifyCrc && !crc32c::matchesStored(payload, size_t(f.length), payload + f.length))
                return fail();
            if (*visit)
                (*visit)(worker, ScannedRecord{position, f.at, QByteArrayView(payload, f.length)});
            ++position;
        }
    }
}

} // namespace

int ParallelScan::defaultThreads()
{
    return int(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));
}

ParallelScan::Result ParallelScan::run(const QString &path, const RecordReaderOptions &options, int threads,
                                       const Visit &visit, qint64 stripeBytes)
{
    Result result;
    if (options.compression != Compression::None && options.compression != Compression::Auto)
        return result;
    // Only a regular file: opening a FIFO would wait for its writer, or take bytes that the
    // reader opened after this is meant to get (O_NONBLOCK for one swapped in meanwhile).
    const QByteArray native = QFile::encodeName(path);
    struct stat st {};
    if (::stat(native.constData(), &st) != 0 || !S_ISREG(st.st_mode))
        return result;
    int fd = -1;
    do {
        fd = ::open(native.constData(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return result;
    const auto closeFd = qScopeGuard([fd] { ::close(fd); });
    const qint64 size = sizeOf(fd);
    if (size <= 0)
        return result;
    if (options.compression == Compression::Auto) {
        char head[kHeaderBytes] = {};
        const qint64 n = std::min(kHeaderBytes, size);
        if (!readAt(fd, head, n, 0) || detectCompression(QByteArrayView(head, n)) != Compression::None)
            return result;
    }

    Scan scan;
    scan.fd = fd;
    scan.size = size;
    scan.stripe = std::max<qint64>(16, stripeBytes);
    scan.stripes = (size + scan.stripe - 1) / scan.stripe;
    scan.workers = int(std::clamp<qint64>(threads, 1, scan.stripes));
    scan.maxRecordBytes = options.maxRecordBytes;
    scan.verifyCrc = options.verifyCrc;
    scan.visit = &visit;
    scan.start.assign(size_t(scan.stripes + 1), 0);
    scan.index.assign(size_t(scan.stripes + 1), 0);
    {
        std::vector<std::thread> helpers;
        for (int w = 1; w < scan.workers; ++w)
            helpers.emplace_back([&scan, w] { scan.work(w); });
        scan.work(0);
        for (std::thread &t : helpers)
            t.join();
    }
    result.bytes = size;
    const bool whole = scan.walked.load() > scan.stripes && scan.start.back() == size;
    if (scan.damaged.load() || !whole || sizeOf(fd) != size) {
        result.outcome = Outcome::Damaged;
        return result;
    }
    result.outcome = Outcome::Clean;
    result.records = scan.index.back();
    return result;
}

} // namespace qs
