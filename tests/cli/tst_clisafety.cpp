// make and demo never lose data: a run that fails or is stopped leaves an existing target
// byte for byte as it was and removes its temporary files.
#include "datasetcheck.h"
#include "imagefolder.h"

#include "demo/datasetwriter.h"

#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>
#include <unistd.h>

using namespace qs;
using namespace qs::test;

namespace {

const QByteArray kOld = QByteArrayLiteral("the previous dataset, which must survive");

// A class folder that takes `make` long enough to stop it halfway: one 512x512 picture
// linked many times over.
QString manyImages(const QString &root, int count)
{
    const QDir dir(root);
    dir.mkpath(QStringLiteral("a"));
    dir.mkpath(QStringLiteral("b"));
    const QString source = dir.filePath(QStringLiteral("source.png"));
    cv::imwrite(source.toStdString(), picture(1, 512, 512));
    for (int i = 0; i < count; ++i) {
        const QString link =
            dir.filePath(QStringLiteral("%1/%2.png").arg(i % 2 ? "b" : "a").arg(i, 5, 10, QLatin1Char('0')));
        QFile::link(source, link);
    }
    return root;
}

qint64 tempBytes(const QString &dir)
{
    const QStringList temps = tempFiles(dir);
    return temps.isEmpty() ? -1 : QFileInfo(QDir(dir).filePath(temps.front())).size();
}

} // namespace

class TestCliSafety : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_bigFolder;
    QString m_smallFolder;

private slots:
    void initTestCase()
    {
        if (!QFileInfo::exists(cliPath()))
            QSKIP("queuescope-cli is not built");
        QVERIFY(m_dir.isValid());
        m_bigFolder = manyImages(m_dir.filePath(QStringLiteral("big")), 4000);
        QString unreadable;
        m_smallFolder = m_dir.filePath(QStringLiteral("small"));
        makeImageFolder(m_smallFolder, &unreadable);
    }

    // Stopped once its temporary file holds data, the program aborts the writer, removes the
    // temporary and exits with 128 + the signal.
    void signalMidWrite_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<int>("signal");
        QTest::addColumn<int>("shards");
        QTest::addRow("demo SIGTERM") << "demo" << SIGTERM << 1;
        QTest::addRow("demo SIGINT") << "demo" << SIGINT << 1;
        QTest::addRow("demo SIGTERM 3 shards") << "demo" << SIGTERM << 3;
        QTest::addRow("make SIGTERM") << "make" << SIGTERM << 1;
        QTest::addRow("make SIGINT gzip") << "make" << SIGINT << 1;
    }
    void signalMidWrite()
    {
        QFETCH(QString, command);
        QFETCH(int, signal);
        QFETCH(int, shards);
        QTemporaryDir dir;
        const QString target = QDir(dir.path()).filePath(QStringLiteral("out.tfrecords"));
        const QStringList files = datasetPaths(target, shards);
        for (const QString &f : files)
            QVERIFY(writeBytes(f, kOld));
        QStringList args{command, "-o", target, "--shards", QString::number(shards)};
        if (command == QLatin1String("demo"))
            args << "--count"
                 << "100000000"
                 << "--size"
                 << "128";
        else
            args << m_bigFolder << "--layout"
                 << "encoded"
                 << "--format"
                 << "png";
        if (QTest::currentDataTag() == QLatin1String("make SIGINT gzip"))
            args << "--compression"
                 << "gzip";

        QProcess p;
        p.start(cliPath(), args);
        QVERIFY(p.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(tempBytes(dir.path()) > 0 || p.state() == QProcess::NotRunning, 60000);
        QCOMPARE(p.state(), QProcess::Running); // still writing: the stop lands mid-write
        QCOMPARE(::kill(pid_t(p.processId()), signal), 0);
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 128 + signal);
        QVERIFY2(err.contains(signal == SIGINT ? QStringLiteral("SIGINT") : QStringLiteral("SIGTERM")),
                 qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("left as it was")), qPrintable(err));
        for (const QString &f : files)
            QCOMPARE(fileBytes(f), kOld);
        QCOMPARE(tempFiles(dir.path()), QStringList());
    }

    // QProcess::terminate() is SIGTERM: what a desktop session or a service manager sends.
    void terminateLeavesNoNewTarget()
    {
        QTemporaryDir dir;
        const QString target = QDir(dir.path()).filePath(QStringLiteral("fresh.tfrecords"));
        QProcess p;
        p.start(cliPath(), {"demo", "-o", target, "--count", "100000000", "--size", "64"});
        QVERIFY(p.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(tempBytes(dir.path()) > 0, 60000);
        p.terminate();
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 143);
        QVERIFY(!QFileInfo::exists(target));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList());
    }

    // The file size limit makes write() fail with EFBIG part way through: a real I/O error.
    void writeErrorMidWrite_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addRow("demo") << QStringList{"demo", "--count", "400", "--size", "128"};
        QTest::addRow("demo with eval")
            << QStringList{"demo", "--count", "10", "--eval-count", "400", "--size", "128"};
        QTest::addRow("make") << QStringList{"make", "SMALL", "--size", "400"};
    }
    void writeErrorMidWrite()
    {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        const QString target = QDir(dir.path()).filePath(QStringLiteral("out.tfrecords"));
        const QString eval = QDir(dir.path()).filePath(QStringLiteral("out-eval.tfrecords"));
        QVERIFY(writeBytes(target, kOld));
        QVERIFY(writeBytes(eval, kOld));
        args.replaceInStrings(QStringLiteral("SMALL"), m_smallFolder);
        args << "-o" << target;
        QProcess p;
        p.setChildProcessModifier([] {
            ::signal(SIGXFSZ, SIG_IGN); // so write() reports EFBIG instead of the signal killing us
            const rlimit limit{1 << 20, 1 << 20};
            ::setrlimit(RLIMIT_FSIZE, &limit);
        });
        p.start(cliPath(), args);
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains(QStringLiteral("cannot write")) && err.contains(target), qPrintable(err));
        QCOMPARE(fileBytes(target), kOld);
        QCOMPARE(fileBytes(eval), kOld);
        QCOMPARE(tempFiles(dir.path()), QStringList());
    }

    // --strict meets the broken file after it has written other images.
    void unreadableImageMidWrite()
    {
        QTemporaryDir dir;
        const QString target = QDir(dir.path()).filePath(QStringLiteral("out.tfrecords"));
        QVERIFY(writeBytes(target, kOld));
        // Rename the broken file so that it sorts after the good ones of its class.
        QVERIFY(QFile::rename(QDir(m_smallFolder).filePath(QStringLiteral("Mango/broken.jpg")),
                              QDir(m_smallFolder).filePath(QStringLiteral("Mango/z-broken.jpg"))));
        const CliRun run = runCli({"make", m_smallFolder, "-o", target, "--strict"});
        QVERIFY(QFile::rename(QDir(m_smallFolder).filePath(QStringLiteral("Mango/z-broken.jpg")),
                              QDir(m_smallFolder).filePath(QStringLiteral("Mango/broken.jpg"))));
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("z-broken.jpg")), qPrintable(run.err));
        QCOMPARE(fileBytes(target), kOld);
        QCOMPARE(tempFiles(dir.path()), QStringList());
    }

    void targetsThatCannotBeWritten_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addRow("demo") << "demo";
        QTest::addRow("make") << "make";
    }
    void targetsThatCannotBeWritten()
    {
        QFETCH(QString, command);
        const QStringList head = command == QLatin1String("demo") ? QStringList{"demo", "--count", "5"}
                                                                  : QStringList{"make", m_smallFolder};
        QTemporaryDir dir;
        // A directory in the target's place stays a directory.
        const QString folder = QDir(dir.path()).filePath(QStringLiteral("folder"));
        QVERIFY(QDir().mkpath(folder + QStringLiteral("/inside")));
        CliRun run = runCli(head + QStringList{"-o", folder});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("is a directory")), qPrintable(run.err));
        QVERIFY(QFileInfo(folder + QStringLiteral("/inside")).isDir());
        // A missing parent folder: make creates it, demo refuses.
        const QString deep = QDir(dir.path()).filePath(QStringLiteral("no/such/out"));
        run = runCli(head + QStringList{"-o", deep});
        if (command == QLatin1String("make")) {
            QVERIFY2(run.exitCode == 0, qPrintable(run.err));
            QVERIFY(QFileInfo::exists(deep));
        } else {
            QCOMPARE(run.exitCode, 1);
            QVERIFY2(run.err.contains(QStringLiteral("no/such/out")), qPrintable(run.err));
        }
        // A folder where no temporary file can be created.
        if (::geteuid() == 0)
            QSKIP("running as root: a read-only folder does not stop root from writing");
        const QString locked = QDir(dir.path()).filePath(QStringLiteral("locked"));
        QVERIFY(QDir().mkpath(locked));
        const QString target = QDir(locked).filePath(QStringLiteral("out.tfrecords"));
        QVERIFY(writeBytes(target, kOld));
        QVERIFY(QFile::setPermissions(locked, QFile::ReadOwner | QFile::ExeOwner));
        run = runCli(head + QStringList{"-o", target});
        QFile::setPermissions(locked, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(fileBytes(target), kOld);
        QCOMPARE(tempFiles(locked), QStringList());
    }

    void successReplacesTheTarget()
    {
        QTemporaryDir dir;
        const QString target = QDir(dir.path()).filePath(QStringLiteral("out.tfrecords"));
        QVERIFY(writeBytes(target, kOld));
        QVERIFY(QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup));
        const CliRun run = runCli({"demo", "-o", target, "--count", "7"});
        QCOMPARE(run.exitCode, 0);
        const Result<ReadBack> back = readDataset({target});
        QVERIFY2(back, qPrintable(back.status().toString()));
        QCOMPARE(back->samples.size(), size_t(7));
        // Replacing a file keeps its permissions.
        const QFile::Permissions modeBits{0xF0FF}; // owner, group, other: not the "current user" bits
        QCOMPARE(QFile::permissions(target) & modeBits,
                 QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup);
        QCOMPARE(tempFiles(dir.path()), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestCliSafety)
#include "tst_clisafety.moc"
