// Draws the feature picker for a file with a given choice to a PNG, to look at it without
// clicking through it:
//   qs_schema_shot FILE OUT.png [--lang zh_TW] [--spec JSON]
#include "schema/schemadialog.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QJsonDocument>
#include <QStandardPaths>

#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCommandLineParser parser;
    const QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("language"), QStringLiteral("CODE"),
                                  QStringLiteral("en"));
    const QCommandLineOption spec(QStringLiteral("spec"), QStringLiteral("overrides"),
                                  QStringLiteral("JSON"));
    parser.addOptions({lang, spec});
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("TFRecord file"));
    parser.addPositionalArgument(QStringLiteral("out"), QStringLiteral("PNG"));
    parser.process(app);
    if (parser.positionalArguments().size() != 2) {
        std::fprintf(stderr, "usage: qs_schema_shot FILE OUT.png [--lang CODE] [--spec JSON]\n");
        return 2;
    }
    qs::MainWindow window; // installs the translators
    if (!window.setSessionLanguage(parser.value(lang))) {
        std::fprintf(stderr, "qs_schema_shot: unknown language\n");
        return 2;
    }
    qs::Result<qs::SpecOverrides> o =
        qs::SpecOverrides::fromJson(QJsonDocument::fromJson(parser.value(spec).toUtf8()).object());
    if (!o) {
        std::fprintf(stderr, "qs_schema_shot: %s\n", qPrintable(o.status().toString()));
        return 2;
    }
    qs::SchemaDialog dialog({parser.positionalArguments().first()}, *o);
    dialog.show();
    QApplication::processEvents();
    return dialog.grab().save(parser.positionalArguments().last()) ? 0 : 1;
}
