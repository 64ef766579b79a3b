#include "demo/bundleddata.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <array>

namespace qs {

namespace {
constexpr quint64 kSeed = 1;
} // namespace

DemoOptions bundledDemoTrainOptions()
{
    DemoOptions o;
    o.count = 2000;
    o.size = 32;
    o.classes = 4;
    o.seed = kSeed;
    return o;
}

DemoOptions bundledDemoEvalOptions()
{
    DemoOptions o = bundledDemoTrainOptions();
    o.count = 400;
    o.seed = demoEvalSeed(kSeed);
    return o;
}

DatasetWriterOptions bundledDemoWriterOptions()
{
    return DatasetWriterOptions{}; // raw, no compression, one file
}

QStringList bundledDemoClassNames()
{
    return demoClassNames(bundledDemoTrainOptions().classes);
}

Status writeBundledDemo(const QString &dir, const WriteControl &control)
{
    if (!QDir().mkpath(dir))
        return Status(ErrorKind::PermissionDenied, QStringLiteral("cannot create the folder %1").arg(dir),
                      {dir});
    const QDir d(dir);
    const std::array splits{
        DemoSplit{d.filePath(QLatin1String(kBundledDemoTrainFile)), bundledDemoTrainOptions()},
        DemoSplit{d.filePath(QLatin1String(kBundledDemoEvalFile)), bundledDemoEvalOptions()},
    };
    const Result<std::vector<DemoSplitResult>> written =
        writeDemoSplits(splits, bundledDemoWriterOptions(), control);
    return written ? Status::ok() : written.status();
}

QStringList bundledDemoSearchPath()
{
    QStringList path;
    const QString env = qEnvironmentVariable("QS_DEMO_DIR");
    if (!env.isEmpty())
        path << env;
    if (!qEnvironmentVariableIsEmpty("QS_NO_BUNDLED_DEMO"))
        return path;
    if (QCoreApplication::instance()) {
        const QDir bin(QCoreApplication::applicationDirPath());
        path << QDir::cleanPath(bin.filePath(QStringLiteral("../data")));
        path << QDir::cleanPath(bin.filePath(QStringLiteral(QS_DEMO_RELATIVE_DIR)));
    }
    const QString installed = QDir::cleanPath(QStringLiteral(QS_DEMO_INSTALL_DIR));
    if (!path.contains(installed))
        path << installed;
    return path;
}

QString findBundledDemoDir(const QStringList &searchPath)
{
    for (const QString &dir : searchPath) {
        if (QFileInfo(QDir(dir).filePath(QLatin1String(kBundledDemoTrainFile))).isFile())
            return dir;
    }
    return {};
}

QString bundledDemoDir()
{
    return findBundledDemoDir(bundledDemoSearchPath());
}

BundledDemo bundledDemo()
{
    BundledDemo demo;
    const QString dir = bundledDemoDir();
    if (dir.isEmpty())
        return demo;
    demo.trainFile = QDir(dir).filePath(QLatin1String(kBundledDemoTrainFile));
    const QString eval = QDir(dir).filePath(QLatin1String(kBundledDemoEvalFile));
    if (QFileInfo::exists(eval))
        demo.evalFile = eval;
    demo.classNames = bundledDemoClassNames();
    return demo;
}

bool BundledDemo::isTheTrainingData(const QStringList &files) const
{
    return isFound() && files.size() == 1 && QFileInfo(files.first()) == QFileInfo(trainFile);
}

QString bundledDemoMissingMessage()
{
    return QStringLiteral("no input files, and the bundled demo dataset was not found. Give TFRecord files, "
                          "or write the demo dataset with `queuescope-cli demo` and pass its files.");
}

} // namespace qs
