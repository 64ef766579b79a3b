#include "charts/metricscharts.h"
#include "charts/queuechart.h"
#include "diagram/pipelinediagram.h"
#include "samples/samplesview.h"
#include "syntheticsnapshot.h"
#include "timeline/threadtimelinepanel.h"
#include "window/mainwindow.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QDockWidget>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace qs;

// The real window on an offscreen screen of each classroom size (the test's main() gives the
// offscreen platform three screens: 1024×768, 1366×768 and 1920×1080), with and without
// presentation zoom, in English and Traditional Chinese, fed a synthetic run. Nothing may be cut
// by its parent, stick out of the window, or be squeezed below its minimum size; the views a
// lesson needs must be on screen together where the screen has room for them.
namespace {

QScreen *screenOfSize(QSize size)
{
    for (QScreen *s : QGuiApplication::screens())
        if (s->geometry().size() == size)
            return s;
    return nullptr;
}

// The docks waiting behind another dock's tab: Qt keeps them shown but moves them out of the
// way, so they are not checked (their turn comes when their tab is raised).
std::set<const QWidget *> docksBehindTabs(const MainWindow &window)
{
    std::set<const QWidget *> behind;
    for (const QTabBar *bar : window.findChildren<QTabBar *>(Qt::FindDirectChildrenOnly)) {
        if (!bar->isVisible())
            continue;
        for (int i = 0; i < bar->count(); ++i)
            if (i != bar->currentIndex())
                behind.insert(reinterpret_cast<const QWidget *>(bar->tabData(i).value<quintptr>()));
    }
    return behind;
}

bool isBehindTab(const QWidget *w, const std::set<const QWidget *> &behind)
{
    for (const QWidget *p = w; p; p = p->parentWidget())
        if (behind.count(p))
            return true;
    return false;
}

// Inside a scroll area's viewport a child may be larger than what shows: that is what scrolling is.
bool isScrolledContent(const QWidget *w)
{
    for (const QWidget *p = w->parentWidget(); p; p = p->parentWidget()) {
        const QWidget *pp = p->parentWidget();
        if (auto *area = qobject_cast<const QAbstractScrollArea *>(pp); area && area->viewport() == p)
            return true;
    }
    return false;
}

QString describe(const QWidget *w)
{
    QString name = QString::fromLatin1(w->metaObject()->className());
    if (!w->objectName().isEmpty())
        name += QLatin1Char('#') + w->objectName();
    for (const QWidget *p = w->parentWidget(); p; p = p->parentWidget())
        if (auto *dock = qobject_cast<const QDockWidget *>(p))
            return name + QStringLiteral(" in ") + dock->objectName();
    return name;
}

// Every problem found: "QLabel in controlsDock: 40x12 below its minimum 60x16", ...
QStringList layoutProblems(const MainWindow &window)
{
    QStringList problems;
    const std::set<const QWidget *> behind = docksBehindTabs(window);
    const QRect inWindow = window.rect();
    for (const QWidget *w : window.findChildren<QWidget *>()) {
        if (!w->isVisible() || w->isWindow() || isBehindTab(w, behind) || isScrolledContent(w))
            continue;
        // Qt's own parts that are sized by rule, not by their hints: a dock title's buttons take
        // the title's height, a header takes one row (its scroll-area minimum is not its size).
        if (w->inherits("QDockWidgetTitleButton") || w->inherits("QHeaderView"))
            continue;
        const QRect r = w->geometry();
        if (r.isEmpty())
            continue;
        const QWidget *parent = w->parentWidget();
        if (!parent->rect().contains(r))
            problems << QStringLiteral("%1: %2,%3 %4x%5 outside its parent's %6x%7")
                            .arg(describe(w))
                            .arg(r.x())
                            .arg(r.y())
                            .arg(r.width())
                            .arg(r.height())
                            .arg(parent->width())
                            .arg(parent->height());
        const QRect mapped(w->mapTo(&window, QPoint(0, 0)), r.size());
        if (!inWindow.contains(mapped))
            problems << QStringLiteral("%1: outside the window").arg(describe(w));
        const QSizePolicy policy = w->sizePolicy();
        const QSize min = w->minimumSizeHint();
        const bool ignoresW = policy.horizontalPolicy() == QSizePolicy::Ignored;
        const bool ignoresH = policy.verticalPolicy() == QSizePolicy::Ignored;
        if (min.isValid() &&
            ((!ignoresW && r.width() < min.width()) || (!ignoresH && r.height() < min.height())))
            problems << QStringLiteral("%1: %2x%3 below its minimum %4x%5")
                            .arg(describe(w))
                            .arg(r.width())
                            .arg(r.height())
                            .arg(min.width())
                            .arg(min.height());
    }
    return problems;
}

// On screen: shown, not behind a tab, all of it inside the window, at least its minimum size,
// and not covered by another dock.
bool onScreen(const MainWindow &window, const QWidget *w)
{
    if (!w || !w->isVisible() || isBehindTab(w, docksBehindTabs(window)))
        return false;
    const QRect mapped(w->mapTo(&window, QPoint(0, 0)), w->size());
    if (!window.rect().contains(mapped) || w->width() < w->minimumSizeHint().width() ||
        w->height() < w->minimumSizeHint().height())
        return false;
    const std::set<const QWidget *> behind = docksBehindTabs(window);
    for (const QDockWidget *d : window.findChildren<QDockWidget *>()) {
        if (!d->isVisible() || behind.count(d) || d->isAncestorOf(w))
            continue;
        if (d->geometry().intersects(mapped))
            return false;
    }
    return true;
}

} // namespace

class TestWindowLayout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("QueueScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_windowlayout"));
        QSettings().clear();
        QVERIFY2(screenOfSize({1024, 768}) && screenOfSize({1366, 768}) && screenOfSize({1920, 1080}),
                 "the offscreen platform did not take the three screens");
        m_baseFont = QApplication::font();
    }
    void cleanup()
    {
        QApplication::setFont(m_baseFont);
        QSettings().clear(); // each row opens with the default layout
    }
    void fitsEveryClassroomScreen_data()
    {
        QTest::addColumn<QSize>("screen");
        QTest::addColumn<double>("zoom");
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("wide"); // the arrangement expected
        for (const QString &lang : {QStringLiteral("en"), QStringLiteral("zh_TW")}) {
            const QByteArray latin = lang.toLatin1();
            const char *l = latin.constData();
            QTest::addRow("1024x768 %s", l) << QSize(1024, 768) << 1.0 << lang << false;
            QTest::addRow("1024x768 zoomed %s", l) << QSize(1024, 768) << 1.2 << lang << false;
            QTest::addRow("1366x768 %s", l) << QSize(1366, 768) << 1.0 << lang << true;
            QTest::addRow("1366x768 zoomed %s", l) << QSize(1366, 768) << 1.2 << lang << false;
            QTest::addRow("1920x1080 %s", l) << QSize(1920, 1080) << 1.0 << lang << true;
            QTest::addRow("1920x1080 zoomed %s", l) << QSize(1920, 1080) << 1.44 << lang << true;
        }
    }
    void fitsEveryClassroomScreen()
    {
        QFETCH(QSize, screen);
        QFETCH(double, zoom);
        QFETCH(QString, language);
        QFETCH(bool, wide);
        QScreen *target = screenOfSize(screen);
        QVERIFY(target);
        MainWindow window;
        QVERIFY(window.setSessionLanguage(language));
        window.setScreen(target);
        window.move(target->availableGeometry().topLeft());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // It opens within the screen's available area, not bigger than it.
        QVERIFY2(target->availableGeometry().contains(window.frameGeometry()),
                 qPrintable(QStringLiteral("%1x%2 at %3,%4")
                                .arg(window.frameGeometry().width())
                                .arg(window.frameGeometry().height())
                                .arg(window.frameGeometry().x() - target->geometry().x())
                                .arg(window.frameGeometry().y() - target->geometry().y())));

        // Maximised on it (as a classroom would have it), zoomed, with a run to show.
        window.setGeometry(target->availableGeometry());
        window.setPresentationZoom(zoom);
        const test::SyntheticRun run;
        window.applySnapshot(run.shared(run.durationUs(), 0));
        QTRY_COMPARE(window.size(), target->availableGeometry().size());
        QCOMPARE(window.arrangement(),
                 wide ? MainWindow::Arrangement::Wide : MainWindow::Arrangement::Compact);
        // The layouts settle through chains of posted events (a font or text change asks the
        // parent again, and so on up): let them finish, then read what is left.
        const bool settled = QTest::qWaitFor([&window] { return layoutProblems(window).isEmpty(); }, 10000);
        const QStringList problems = settled ? QStringList() : layoutProblems(window);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));

        // The lesson's views: the diagram and the timeline always; at 1366×768 and up also the
        // samples and both charts at once. Compact keeps the samples' tab in front.
        QVERIFY(onScreen(window, window.findChild<PipelineDiagram *>()));
        QVERIFY(onScreen(window, window.findChild<ThreadTimelinePanel *>()));
        QVERIFY(onScreen(window, window.findChild<SamplesView *>()));
        if (wide) {
            QVERIFY(onScreen(window, window.findChild<MetricsCharts *>()));
            QVERIFY(onScreen(window, window.findChild<QueueChart *>()));
        }
    }

private:
    QFont m_baseFont;
};

// The offscreen platform reads its screens from a JSON file named on the platform's arguments.
int main(int argc, char **argv)
{
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("screens.json"));
    QFile f(config);
    if (!dir.isValid() || !f.open(QIODevice::WriteOnly))
        return 1;
    f.write(R"({"windowFrameMargins": false, "screens": [
        {"name": "projector", "x": 0, "y": 0, "width": 1024, "height": 768, "logicalDpi": 96},
        {"name": "laptop", "x": 1024, "y": 0, "width": 1366, "height": 768, "logicalDpi": 96},
        {"name": "desktop", "x": 2390, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96}]})");
    f.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    QApplication app(argc, argv);
    TestWindowLayout test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_windowlayout.moc"
