// qs_ui_write_demo DIR [FILES [PER_FILE]]: writes demo TFRecord files into DIR and prints their
// paths, one a line (test-only: for the screenshot test and for looking at the real app).
#include "demodata.h"

#include <QCoreApplication>
#include <QDir>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: qs_ui_write_demo DIR [FILES [PER_FILE]]\n");
        return 2;
    }
    const int files = args.size() > 2 ? args[2].toInt() : 2;
    const int perFile = args.size() > 3 ? args[3].toInt() : 200;
    if (files < 1 || perFile < 1 || !QDir().mkpath(args[1])) {
        std::fprintf(stderr, "qs_ui_write_demo: bad arguments\n");
        return 2;
    }
    const qs::Result<QStringList> paths =
        qs::test::writeDemoTfRecords(args[1], QStringLiteral("demo"), files, perFile);
    if (!paths) {
        std::fprintf(stderr, "qs_ui_write_demo: %s\n", qPrintable(paths.status().toString()));
        return 1;
    }
    for (const QString &p : *paths)
        std::printf("%s\n", qPrintable(p));
    return 0;
}
