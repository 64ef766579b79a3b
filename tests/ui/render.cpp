// qs_ui_render: draws the MainWindow fed with a synthetic run into a PNG, to look at the UI
// without a display (QT_QPA_PLATFORM=offscreen or xvfb-run). Test-only: it uses made-up data.
//   qs_ui_render OUT.png [--lang zh_TW] [--size 1600x1000] [--zoom 1.5] [--at SECONDS]
#include "syntheticsnapshot.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QStandardPaths>

#include <cstdio>

int main(int argc, char **argv)
{
    QStandardPaths::setTestModeEnabled(true); // never read or write the user's settings
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("QueueScopeRender"));
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("out"), QStringLiteral("PNG to write"));
    const QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("language"), QStringLiteral("CODE"),
                                  QStringLiteral("en"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("WxH"), QStringLiteral("SIZE"),
                                  QStringLiteral("1600x1000"));
    const QCommandLineOption zoom(QStringLiteral("zoom"), QStringLiteral("presentation zoom"),
                                  QStringLiteral("Z"), QStringLiteral("1"));
    const QCommandLineOption at(QStringLiteral("at"), QStringLiteral("run time shown, seconds"),
                                QStringLiteral("S"), QStringLiteral("12"));
    const QCommandLineOption gray(QStringLiteral("gray"), QStringLiteral("gray digit thumbnails"));
    parser.addOptions({lang, size, zoom, at, gray});
    parser.addHelpOption();
    parser.process(app);
    if (parser.positionalArguments().size() != 1)
        parser.showHelp(2);
    const QStringList wh = parser.value(size).split(QLatin1Char('x'));
    if (wh.size() != 2) {
        std::fprintf(stderr, "qs_ui_render: --size wants WxH\n");
        return 2;
    }

    qs::test::SyntheticOptions options;
    options.rgb = !parser.isSet(gray);
    const qs::test::SyntheticRun run(options);
    qs::MainWindow window;
    if (!window.setLanguage(parser.value(lang))) {
        std::fprintf(stderr, "qs_ui_render: unknown language\n");
        return 2;
    }
    window.setPresentationZoom(parser.value(zoom).toDouble());
    window.resize(wh[0].toInt(), wh[1].toInt());
    window.show();
    const qint64 end = qint64(parser.value(at).toDouble() * 1e6);
    for (qint64 t = 0; t <= end; t += end / 20) {
        window.applySnapshot(run.shared(t, window.eventCursor()));
        QApplication::processEvents();
    }
    window.applySnapshot(run.shared(end, window.eventCursor()));
    QApplication::processEvents();
    const QString out = parser.positionalArguments().constFirst();
    if (!window.grab().save(out)) {
        std::fprintf(stderr, "qs_ui_render: cannot write %s\n", qPrintable(out));
        return 1;
    }
    return 0;
}
