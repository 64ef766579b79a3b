// Hostile input at every layer a user reaches. Each row of the matrix is one hostile file made
// here, and the same file goes through
//   (a) the read path of a reader thread: RecordReader -> ExampleParser -> decode (SampleMaker),
//       reading on to the end of the stream, with the peak memory of the whole read;
//   (b) Pipeline::create + start, with and without skip_corrupt, and the RunSummary;
//   (c) queuescope-cli inspect --verify and run, as processes.
// An error must have the kind the row expects and name the file, the record and the byte offset
// where they apply; nothing may crash or hang, and memory stays bounded. tst_truncatedinput
// cuts files under readers that are part way through them.
#include "hostilecheck.h"
#include "hostilefiles.h"
#include "peakmemory.h"

#include "example/exampleparser.h"
#include "feed/samplemaker.h"
#include "run/pipeline.h"

#include <QTemporaryDir>
#include <QTest>

#include <optional>

#include <cerrno>
#include <sys/wait.h>

using namespace qs;
using namespace qs::test;
using namespace std::chrono_literals;

namespace {

enum class Stage { Create, Run }; // where a Pipeline meets the problem

struct Row {
    Row() = default;
    explicit Row(Made made)
        : file(std::move(made))
    {}

    Made file;
    Layout layout = Layout::RawDims;
    int classes = kClasses; // num_classes of the run; 0: from the data
    // (a) the reader thread's path
    ErrorKind coreKind = ErrorKind::Ok;
    QString coreText;
    qint64 coreRecords = -1; // frames the reader must get through (-1: not checked)
    double peakMiB = 64;     // bound on the rise of resident memory over the whole read
    // (b) the pipeline: refused by create(), or the run ends with coreKind/coreText
    Stage stage = Stage::Run;
    ErrorKind pipelineKind = ErrorKind::Ok;
    QString pipelineText;
    bool canSkip = false; // with skip_corrupt the run skips it and ends at the end of the data
    // (c) the CLI (run exits 1 for every row)
    int inspectExit = 0;
    bool asNobody = false;           // read it as an unprivileged user (root reads any file)
    std::optional<Made> createPlace; // where create()'s refusal points, when not at `file`

    Row &core(ErrorKind kind, const QString &text)
    {
        coreKind = kind;
        coreText = text;
        return *this;
    }
    Row &in(Layout l)
    {
        layout = l;
        return *this;
    }
    Row &classesFromData()
    {
        classes = 0;
        return *this;
    }
    Row &readsRecords(qint64 n)
    {
        coreRecords = n;
        return *this;
    }
    Row &peakBelowMiB(double mib)
    {
        peakMiB = mib;
        return *this;
    }
    Row &refusedAtCreate(ErrorKind kind, const QString &text = {})
    {
        stage = Stage::Create;
        pipelineKind = kind;
        pipelineText = text;
        return *this;
    }
    // The refusal comes from feature detection, which sees parsed records and no frames: it
    // names the file (and the sampled record in its text) but no record index or offset.
    Row &fromDetection()
    {
        createPlace = Made{file.path};
        return *this;
    }
    const Made &pipelinePlace() const { return createPlace ? *createPlace : file; }
    Row &skippable()
    {
        canSkip = true;
        return *this;
    }
    Row &inspectExits(int code)
    {
        inspectExit = code;
        return *this;
    }
    Row &unreadable()
    {
        asNobody = true;
        return *this;
    }
};

// Whether the unprivileged user the CLI rows run as can execute `path` at all: a checkout under a
// folder others may not enter (root's 0700 home) makes the binary unreachable for nobody, and the
// CLI would "fail" with exit -1 before reading anything. Asked in a child that has really become
// nobody, since access() in this process answers for root.
bool nobodyCanExecute(const QString &path)
{
    if (::geteuid() != 0)
        return true; // the CLI runs as this user
    const QByteArray file = QFile::encodeName(path);
    const pid_t pid = ::fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        if (::setgroups(0, nullptr) != 0 || ::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)
            ::_exit(2);
        ::_exit(::access(file.constData(), X_OK) == 0 ? 0 : 1);
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

FeatureSpec specFor(Layout layout, int classes)
{
    ImageSpec image;
    image.key = QStringLiteral("image_raw");
    image.encoding = ImageEncoding::Raw;
    image.heightKey = QStringLiteral("height");
    image.widthKey = QStringLiteral("width");
    image.channelsKey = QStringLiteral("channels");
    LabelSpec label;
    label.key = QStringLiteral("label");
    label.numClasses = classes;
    switch (layout) {
    case Layout::RawDims:
        break;
    case Layout::OneHot:
        label.encoding = LabelEncoding::OneHot;
        label.numClasses = kClasses;
        break;
    case Layout::Encoded:
        image = ImageSpec{};
        image.key = QStringLiteral("image/encoded");
        image.format = ImageFormat::Png;
        image.channels = 3;
        break;
    case Layout::FloatPixels:
        image.key = QStringLiteral("image");
        image.encoding = ImageEncoding::FloatPixels;
        image.range = {0, 1};
        break;
    case Layout::RawFloat32:
        image.dtype = PixelType::Float32;
        image.range = {0, 1};
        break;
    }
    return FeatureSpec{image, label};
}

struct CoreRead {
    Status error; // the first one, from the reader or from a record
    qint64 records = 0;
    double peakMiB = 0;
    bool peakExact = false;
};

// What a reader thread does with the file, except that it reads on after a bad record so the
// whole stream is read (and measured).
CoreRead readAsAReader(const Row &row)
{
    CoreRead out;
    PeakMemory peak;
    const SampleMaker maker(specFor(row.layout, row.classes), InputSpec{8, 8, 3});
    Result<std::unique_ptr<RecordReader>> reader = [&] {
        Unprivileged guard(row.asNobody);
        return RecordReader::open(row.file.path);
    }();
    if (!reader) {
        out.error = reader.status();
        return out;
    }
    ExampleParser parser;
    QByteArray record;
    for (;;) {
        const Status s = (*reader)->next(&record);
        if (s.kind() == ErrorKind::OutOfRange)
            break;
        if (!s.isOk()) {
            if (out.error.isOk())
                out.error = s;
            break;
        }
        ++out.records;
        if (!out.error.isOk())
            continue;
        const Location where{row.file.path, (*reader)->recordIndex() - 1, (*reader)->recordOffset()};
        const Result<Sample> sample = maker.make(parser, record, where);
        if (!sample)
            out.error = sample.status();
    }
    out.peakMiB = peak.riseMiB();
    out.peakExact = peak.exact();
    return out;
}

} // namespace

Q_DECLARE_METATYPE(Row)

class TestHostileInput : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QList<std::pair<QByteArray, Row>> m_rows;

    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }

    void add(const char *name, Row row)
    {
        if (row.pipelineText.isEmpty())
            row.pipelineText = row.coreText;
        if (row.stage == Stage::Run)
            row.pipelineKind = row.coreKind;
        m_rows.append({QByteArray(name), row});
    }

    void makeRows()
    {
        using K = ErrorKind;
        const QString overLimit = QStringLiteral("over the limit of 268435456 bytes");
        const Made fff0 = HostileStream(Layout::RawDims)
                              .good(3)
                              .hostileBytes(header(0xFFFFFFFFFFFFFFF0ull) + QByteArray(64, 'x'))
                              .good(2)
                              .write(path("length-fff0"));
        add("length 0xFFFFFFFFFFFFFFF0 at record 3",
            Row(fff0)
                .core(K::DataLoss, QStringLiteral("has length 18446744073709551600, ") + overLimit)
                .skippable()
                .inspectExits(1));
        const Made top = HostileStream(Layout::RawDims)
                             .hostileBytes(header(1ull << 63) + QByteArray(64, 'x'))
                             .good(3)
                             .write(path("length-2-63"));
        add("length 2^63 at record 0",
            Row(top)
                .core(K::DataLoss, QStringLiteral("has length 9223372036854775808, ") + overLimit)
                .refusedAtCreate(K::DataLoss)
                .inspectExits(1));
        add("records that are no Examples",
            Row(HostileStream(Layout::RawDims).hostileFrame("plain text, no protobuf").write(path("text")))
                .core(K::InvalidArgument, "record 0 is not a tf.train.Example")
                .refusedAtCreate(K::FailedPrecondition,
                                 "none of its first 1 records is a readable tf.train.Example")
                .inspectExits(1));
        add("zero-length record", Row(withHostileFrame(path("empty-record"), Layout::RawDims, {}))
                                      .core(K::InvalidArgument, "the image feature 'image_raw' is missing"));

        add("raw dims 2^33 x 2^33 x 3 (overflow 64 bits)",
            Row(withHostileFrame(path("dims-sides"), Layout::RawDims, withDims(1ll << 33, 1ll << 33, 3)))
                .core(K::InvalidArgument, "image height 8589934592 from 'height' is outside [1, 1048576]"));
        add("raw dims 8 x 8 x 2^62 (overflow 64 bits)",
            Row(withHostileFrame(path("dims-channels"), Layout::RawDims, withDims(8, 8, 1ll << 62)))
                .core(K::InvalidArgument,
                      "image channels 4611686018427387904 from 'channels' is outside [1, 4]"));
        add("raw dims 20000 x 20000 x 3 (over the pixel limit)",
            Row(withHostileFrame(path("dims-pixels"), Layout::RawDims, withDims(20000, 20000, 3)))
                .core(K::InvalidArgument, "image 'image_raw' would be 20000x20000 = 400000000 pixels, more "
                                          "than the limit of 100000000"));
        add("PNG header claims 60000 x 60000",
            Row(withHostileFrame(path("png-claim"), Layout::Encoded,
                                 withFeature(Layout::Encoded, "image/encoded",
                                             Feature::ofBytes({pngClaiming(60000, 60000)}))))
                .in(Layout::Encoded)
                .core(K::InvalidArgument,
                      "the PNG in 'image/encoded' claims 60000x60000 pixels, more than the limit"));
        add("JPEG header claims 60000 x 60000",
            Row(withHostileFrame(path("jpeg-claim"), Layout::Encoded,
                                 withFeature(Layout::Encoded, "image/encoded",
                                             Feature::ofBytes({jpegClaiming(60000, 60000)}))))
                .in(Layout::Encoded)
                .core(K::InvalidArgument,
                      "the JPEG in 'image/encoded' claims 60000x60000 pixels, more than the limit"));

        add("gzip bomb: a header announcing 1 GiB",
            Row(bombLength(path("bomb-length.gz"), 1ull << 30))
                .core(K::DataLoss, QStringLiteral("has length 1073741824, ") + overLimit)
                .skippable()
                .inspectExits(1));
        add("gzip bomb: 1 GiB of zero-filled records",
            Row(bombZeroRecords(path("bomb-records.gz"), 1ll << 30))
                .core(K::InvalidArgument, "record 20 is not a tf.train.Example")
                .readsRecords(kGoodBefore + 4096)
                .inspectExits(1));
        add("gzip bomb: one 128 MiB record of zeros",
            Row(bombOneRecord(path("bomb-one.gz"), 128 << 20))
                .core(K::InvalidArgument, "record 20 is not a tf.train.Example")
                .readsRecords(kGoodBefore + 1 + kGoodAfter)
                .peakBelowMiB(128 + 64)
                .inspectExits(1));

        const auto label = [&](const char *file, Layout layout, Feature f) {
            return Row(withHostileFrame(path(file), layout, withFeature(layout, "label", std::move(f))))
                .in(layout);
        };
        add("label 7 of 4 classes",
            label("label-7", Layout::RawDims, Feature::ofInts({7}))
                .core(K::InvalidArgument, "label 7 in 'label' is outside the expected "
                                          "range [0, 4)"));
        add("label -1", label("label-negative", Layout::RawDims, Feature::ofInts({-1}))
                            .core(K::InvalidArgument, "label -1 in 'label' is negative"));
        add("label 5000, classes from the data",
            label("label-5000", Layout::RawDims, Feature::ofInts({5000}))
                .classesFromData()
                .refusedAtCreate(K::InvalidArgument,
                                 "label 5000 would make 5001 classes, more than the 1000"));
        add("one-hot label with NaN",
            label("onehot-nan", Layout::OneHot, Feature::ofFloats({kNaN, 1, 0, 0}))
                .core(
                    K::InvalidArgument,
                    "the label feature 'label' is not one-hot (it holds 4 float value(s): nan at index 0)"));
        add("one-hot label with +inf",
            label("onehot-inf", Layout::OneHot, Feature::ofFloats({0, 1, 0, kInf}))
                .core(K::InvalidArgument, "(it holds 4 float value(s): inf at index 3)"));

        for (const auto &[name, value, text] :
             {std::tuple{"float pixel NaN", kNaN, "nan"}, std::tuple{"float pixel +inf", kInf, "inf"},
              std::tuple{"float pixel -inf", -kInf, "-inf"}}) {
            add(name, Row(withHostileFrame(path(name), Layout::FloatPixels, withFloatPixel(value)))
                          .in(Layout::FloatPixels)
                          .core(K::InvalidArgument,
                                QStringLiteral(
                                    "image 'image' holds %1 at value 5 of 192; pixels must be finite numbers")
                                    .arg(QLatin1String(text))));
        }
        add("float pixel NaN in record 3, which detection samples",
            Row(HostileStream(Layout::FloatPixels)
                    .good(3)
                    .hostileFrame(withFloatPixel(kNaN))
                    .good(kGoodBefore)
                    .write(path("nan-sampled")))
                .in(Layout::FloatPixels)
                .core(K::InvalidArgument, "image 'image' holds nan at value 5 of 192")
                .refusedAtCreate(K::NotFound,
                                 "Not usable: 'image': sampled record 3: image 'image' holds nan")
                .fromDetection());
        add("raw float32 pixel NaN",
            Row(withHostileFrame(path("raw-float-nan"), Layout::RawFloat32, withRawFloat32Pixel(kNaN)))
                .in(Layout::RawFloat32)
                .core(K::InvalidArgument, "image 'image_raw' holds nan at value 5 of 192"));

        QVERIFY(writeBytes(path("empty"), {}));
        add("empty file", Row(Made{path("empty")})
                              .readsRecords(0)
                              .refusedAtCreate(K::FailedPrecondition, "holds no records"));
        QVERIFY(QDir().mkpath(path("a-directory")));
        add("a directory", Row(Made{path("a-directory")})
                               .core(K::InvalidArgument, "is a directory")
                               .refusedAtCreate(K::InvalidArgument, "is a directory")
                               .inspectExits(2));
        const Made locked = HostileStream(Layout::RawDims).good(kGoodBefore).write(path("unreadable"));
        QVERIFY(QFile::setPermissions(locked.path, {}));
        add("unreadable (mode 000)", Row(Made{locked.path})
                                         .core(K::PermissionDenied, "cannot open")
                                         .refusedAtCreate(K::PermissionDenied, "cannot open")
                                         .inspectExits(1)
                                         .unreadable());
        const QString mem = QStringLiteral("/proc/self/mem");
        add("read error (EIO): /proc/self/mem",
            Row(Made{mem})
                .core(K::Unknown, "cannot read /proc/self/mem: Input/output error")
                .refusedAtCreate(K::Unknown, "Input/output error")
                .inspectExits(1));
    }

    static void addRows(const QList<std::pair<QByteArray, Row>> &rows)
    {
        QTest::addColumn<Row>("row");
        for (const auto &[name, row] : rows)
            QTest::newRow(name.constData()) << row;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Others may pass through (an unprivileged reader must meet the file's own mode).
        QVERIFY(QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                        QFile::ReadOther | QFile::ExeOther));
        makeRows();
    }
    void cleanupTestCase()
    {
        QFile::setPermissions(path("unreadable"), QFile::ReadOwner | QFile::WriteOwner);
    }

    // (a) The reader thread's read path.
    void coreReadPath_data() { addRows(m_rows); }
    void coreReadPath()
    {
        QFETCH(Row, row);
        if (row.asNobody && !unreadableAsNobody(row.file.path))
            QSKIP("an unprivileged reader can read a mode-000 file here");
        const CoreRead read = readAsAReader(row);
        qInfo("core: %s; %lld records; peak memory +%.1f MiB%s", qPrintable(read.error.toString()),
              read.records, read.peakMiB, read.peakExact ? "" : " (at least: the peak could not be reset)");
        expectStatus(read.error, row.coreKind, row.coreText, row.file);
        if (QTest::currentTestFailed())
            return;
        if (row.coreRecords >= 0)
            QCOMPARE(read.records, row.coreRecords);
        if (kMemoryBoundsHold)
            QVERIFY2(read.peakMiB < row.peakMiB, qPrintable(QString::number(read.peakMiB)));
    }

    // (b) A run over the file refuses at create() or ends with the error; with skip_corrupt a
    // broken frame is skipped instead.
    void pipelineRun_data() { addRows(m_rows); }
    void pipelineRun()
    {
        QFETCH(Row, row);
        if (row.asNobody && !unreadableAsNobody(row.file.path))
            QSKIP("an unprivileged reader can read a mode-000 file here");
        for (const bool skip : {false, true}) {
            PeakMemory peak;
            Result<std::unique_ptr<Pipeline>> created = [&] {
                Unprivileged guard(row.asNobody);
                return Pipeline::create(smallRun(row.file.path, row.classes, skip));
            }();
            if (row.stage == Stage::Create) {
                QVERIFY2(!created, "create() accepted the file");
                qInfo("pipeline%s: create refused: %s", skip ? " (skip_corrupt)" : "",
                      qPrintable(created.status().toString()));
                expectStatus(created.status(), row.pipelineKind, row.pipelineText, row.pipelinePlace());
                if (QTest::currentTestFailed())
                    return;
                continue;
            }
            QVERIFY2(created, qPrintable(created.status().toString()));
            Pipeline &p = **created;
            QVERIFY(p.start().isOk());
            QVERIFY2(p.waitFinished(60s), "the run did not end within 60 s");
            const RunSummary s = p.summary();
            qInfo("pipeline%s: %s, %lld samples, %lld skipped, error %s; peak memory +%.1f MiB",
                  skip ? " (skip_corrupt)" : "", qPrintable(s.howKey()), s.samples, s.skippedRecords,
                  qPrintable(s.error.toString()), peak.riseMiB());
            if (kMemoryBoundsHold)
                QVERIFY2(peak.riseMiB() < row.peakMiB + 128, qPrintable(QString::number(peak.riseMiB())));
            if (skip && row.canSkip) {
                QCOMPARE(s.how, EndHow::EndOfData);
                QCOMPARE(s.skippedRecords, 1);
                QVERIFY2(s.error.isOk(), qPrintable(s.error.toString()));
                continue;
            }
            QCOMPARE(s.how, row.pipelineKind == ErrorKind::Ok ? EndHow::EndOfData : EndHow::Error);
            expectStatus(s.error, row.pipelineKind, row.pipelineText, row.file);
            if (QTest::currentTestFailed())
                return;
            QVERIFY(s.error.thread().startsWith(QStringLiteral("QueueRunnerThread-")));
        }
    }

    // (c) queuescope-cli as a user runs it.
    void cli_data() { addRows(m_rows); }
    void cli()
    {
        QFETCH(Row, row);
        if (row.asNobody && !unreadableAsNobody(row.file.path))
            QSKIP("an unprivileged reader can read a mode-000 file here");
        if (!QFile::exists(kCli))
            QSKIP("queuescope-cli is not built");
        if (row.asNobody && !nobodyCanExecute(kCli))
            QSKIP(qPrintable(QStringLiteral("the unprivileged user (uid %1) cannot execute %2: a folder on "
                                            "the way is closed to others (a checkout under a 0700 home?); "
                                            "coreReadPath and pipelineRun check this row in-process")
                                 .arg(kNobody)
                                 .arg(kCli)));
        const Cli inspect = runCli({"inspect", "--verify", row.file.path}, row.asNobody);
        qInfo("inspect --verify: exit %d: %s", inspect.exitCode, qPrintable(inspect.err.trimmed()));
        QCOMPARE(inspect.exitCode, row.inspectExit);
        if (row.inspectExit != 0)
            expectNamed(inspect.err, row.file);
        if (QTest::currentTestFailed())
            return;

        const Cli run = runCli(cliRunArgs(row.file.path, row.classes), row.asNobody);
        qInfo("run: exit %d: %s", run.exitCode, qPrintable(run.err.trimmed().section(QLatin1Char('\n'), -1)));
        QCOMPARE(run.exitCode, row.inspectExit == 2 ? 2 : 1); // a missing input is 2 for both
        expectNamed(run.err, row.pipelinePlace());
        if (QTest::currentTestFailed())
            return;

        if (row.canSkip) {
            const Cli skipping =
                runCli(cliRunArgs(row.file.path, row.classes) << QStringLiteral("--skip-corrupt"));
            QCOMPARE(skipping.exitCode, 0);
            QVERIFY2(skipping.out.contains(QStringLiteral("skipped records (corrupt or undecodable): 1")),
                     qPrintable(skipping.out));
        }
        qInfo("largest child process so far: %.1f MiB", childrenPeakMiB());
        if (kMemoryBoundsHold)
            QVERIFY(childrenPeakMiB() < 512);
    }
};

QTEST_GUILESS_MAIN(TestHostileInput)
#include "tst_hostileinput.moc"
