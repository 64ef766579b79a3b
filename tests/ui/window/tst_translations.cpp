#include "common/eventtext.h"
#include "common/statepalette.h"
#include "controls/runcontrols.h"
#include "syntheticsnapshot.h"
#include "window/languagemanager.h"
#include "window/mainwindow.h"
#include "windowparts.h"

#include <QAction>
#include <QFile>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QXmlStreamReader>

using namespace qs;

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void everyLanguageLoads_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("running");
        QTest::addRow("en") << "en"
                            << "running";
        QTest::addRow("zh_TW") << "zh_TW"
                               << "執行中";
        QTest::addRow("zh_CN") << "zh_CN"
                               << "运行中";
    }
    void everyLanguageLoads()
    {
        QFETCH(QString, code);
        QFETCH(QString, running);
        LanguageManager languages;
        QSignalSpy changed(&languages, &LanguageManager::languageChanged);
        QVERIFY(languages.setLanguage(code));
        QCOMPARE(languages.current(), code);
        QCOMPARE(StatePalette::name(ThreadState::Running), running);
        QVERIFY(languages.setLanguage(QStringLiteral("en")));
        QCOMPARE(StatePalette::name(ThreadState::Running), QStringLiteral("running"));
    }
    void traditionalAndSimplifiedDiffer()
    {
        LanguageManager languages;
        QVERIFY(languages.setLanguage(QStringLiteral("zh_TW")));
        const QString tw = StatePalette::name(ThreadState::BlockedFull);
        QVERIFY(languages.setLanguage(QStringLiteral("zh_CN")));
        const QString cn = StatePalette::name(ThreadState::BlockedFull);
        QVERIFY(languages.setLanguage(QStringLiteral("en")));
        QCOMPARE(tw, QStringLiteral("阻塞：佇列已滿"));
        QCOMPARE(cn, QStringLiteral("阻塞：队列已满"));
    }
    void englishPluralForms()
    {
        LanguageManager languages;
        QVERIFY(languages.setLanguage(QStringLiteral("en")));
        QCOMPARE(QCoreApplication::translate("qs::PipelineDiagram", "%n reader(s)", nullptr, 1),
                 QStringLiteral("1 reader"));
        QCOMPARE(QCoreApplication::translate("qs::PipelineDiagram", "%n reader(s)", nullptr, 4),
                 QStringLiteral("4 readers"));
    }
    // The event log speaks the language too: its details and its "you (Stop)".
    void eventsReadInChinese()
    {
        LanguageManager languages;
        QVERIFY(languages.setLanguage(QStringLiteral("zh_TW")));
        Event stop;
        stop.kind = EventKind::RequestStop;
        stop.details = {{QStringLiteral("error"), QJsonValue()}, {QStringLiteral("first"), true}};
        const QString who = EventText::threadCell(stop);
        const QString what = EventText::details(stop);
        Event exit;
        exit.kind = EventKind::ThreadExit;
        exit.thread = QStringLiteral("reader_0");
        exit.details = {{QStringLiteral("how"), QStringLiteral("clean")}};
        const QString ended = EventText::details(exit);
        QVERIFY(languages.setLanguage(QStringLiteral("en")));
        QCOMPARE(who, QStringLiteral("你（停止）"));
        QCOMPARE(what, QStringLiteral("要求所有執行緒停止"));
        QCOMPARE(ended, QStringLiteral("正常結束"));
        QCOMPARE(EventText::details(exit), QStringLiteral("ends normally"));
    }
    void unknownLanguageChangesNothing()
    {
        LanguageManager languages;
        QVERIFY(!languages.setLanguage(QStringLiteral("fr")));
        QCOMPARE(languages.current(), QStringLiteral("en"));
    }
    void switchingRetranslatesTheWindow()
    {
        MainWindow window;
        window.applySnapshot(test::SyntheticRun().shared(6'000'000));
        const QString english = test::runControls(window)->startAction()->text();
        QVERIFY(window.setLanguage(QStringLiteral("zh_CN")));
        QTRY_COMPARE(test::runControls(window)->startAction()->text(), QStringLiteral("开始(&S)"));
        QVERIFY(window.setLanguage(QStringLiteral("zh_TW")));
        QTRY_COMPARE(test::runControls(window)->startAction()->text(), QStringLiteral("開始(&S)"));
        QVERIFY(window.setLanguage(QStringLiteral("en")));
        QTRY_COMPARE(test::runControls(window)->startAction()->text(), english);
    }
    // Every message of the Chinese files has a translation (no "unfinished" entries, no empty
    // text), so no English is left in the Chinese UI.
    void chineseFilesAreComplete_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addRow("zh_TW") << QStringLiteral(QS_SOURCE_DIR "/resources/translations/queuescope_zh_TW.ts");
        QTest::addRow("zh_CN") << QStringLiteral(QS_SOURCE_DIR "/resources/translations/queuescope_zh_CN.ts");
    }
    void chineseFilesAreComplete()
    {
        QFETCH(QString, file);
        QFile f(file);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(file));
        QXmlStreamReader xml(&f);
        int messages = 0;
        QString source;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (xml.name() == QLatin1String("message")) {
                ++messages;
            } else if (xml.name() == QLatin1String("source")) {
                source = xml.readElementText();
            } else if (xml.name() == QLatin1String("translation")) {
                QVERIFY2(xml.attributes().value(QLatin1String("type")).isEmpty(), qPrintable(source));
                QVERIFY2(!xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed().isEmpty(),
                         qPrintable(source));
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(messages > 150);
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
