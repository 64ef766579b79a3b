#include "engineloader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTextStream>

#include <dlfcn.h>

#include <optional>
#include <thread>

namespace qs::cli {

namespace {

Result<const EngineApi *> load(const QString &path)
{
    const QByteArray file = QFile::encodeName(path);
    // RTLD_LOCAL: the engine's copies of the core rooms stay its own.
    void *handle = dlopen(file.constData(), RTLD_NOW | RTLD_LOCAL);
    if (!handle)
        return Status(
            ErrorKind::NotFound,
            QStringLiteral("cannot load the engine %1: %2").arg(path, QString::fromLocal8Bit(dlerror())));
    using Entry = const EngineApi *(*)();
    const auto entry = reinterpret_cast<Entry>(dlsym(handle, "qs_cli_engine"));
    if (!entry)
        return Status(ErrorKind::FailedPrecondition,
                      QStringLiteral("%1 is not queuescope-cli's engine (no qs_cli_engine)").arg(path));
    const EngineApi *api = entry();
    if (!api || api->abi != kEngineAbi || qstrcmp(api->version, QS_VERSION) != 0)
        return Status(
            ErrorKind::FailedPrecondition,
            QStringLiteral("the engine %1 is from version %2, this queuescope-cli is %3")
                .arg(path, QString::fromLatin1(api ? api->version : "?"), QStringLiteral(QS_VERSION)));
    return api; // never unloaded: its code runs until the process ends
}

struct Loader {
    std::thread thread;
    std::optional<Result<const EngineApi *>> result;
    ~Loader()
    {
        if (thread.joinable()) // a command that ended before it needed the engine
            thread.join();
    }
};

Loader &loader()
{
    static Loader l;
    return l;
}

} // namespace

QString enginePath()
{
    return QDir::cleanPath(QCoreApplication::applicationDirPath() + QLatin1Char('/') +
                           QStringLiteral(QS_CLI_ENGINE_PATH));
}

void preloadEngine()
{
    Loader &l = loader();
    if (l.thread.joinable() || l.result)
        return;
    l.thread = std::thread([&l, path = enginePath()] { l.result = load(path); });
}

Result<const EngineApi *> engine()
{
    Loader &l = loader();
    if (l.thread.joinable())
        l.thread.join();
    if (!l.result)
        l.result = load(enginePath());
    return *l.result;
}

int runInEngine(int (*EngineApi::*command)(const QStringList &), const QStringList &args)
{
    const Result<const EngineApi *> api = engine();
    if (!api) {
        QTextStream(stderr) << "queuescope-cli: " << api.status().message() << '\n';
        return 1;
    }
    return ((*api)->*command)(args);
}

} // namespace qs::cli
