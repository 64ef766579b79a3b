// The feature picker offscreen: the schema it shows, the choice it returns as SpecOverrides and
// as command-line flags, the preview decoded with the real decoder, the choice remembered per
// file, and the window's File ▸ Choose Features… with the picker offered for a file without image.
#include "controls/controlspanel.h"
#include "example/examplebuilder.h"
#include "record/recordwriter.h"
#include "schema/schemadialog.h"
#include "schema/schemamemory.h"
#include "schema/schemapreview.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

namespace {

// Raw int16 gray pixels with no shape features (so detection cannot see the image), a one-hot
// bytes label that is really five groups, and a class name: what the picker is for.
QByteArray captchaPixels(int h, int w, int seed)
{
    QByteArray out(qsizetype(h) * w * 2, '\0');
    for (int i = 0; i < h * w; ++i) {
        const qint16 v = qint16((i * 7 + seed * 13) % 2000);
        out[2 * i] = char(v & 0xff);
        out[2 * i + 1] = char(v >> 8);
    }
    return out;
}

const QStringList kNames{"cat", "dog", "owl"};

void writeFile(const QString &path, int n)
{
    auto writer = RecordWriter::create(path);
    QVERIFY(writer);
    for (int i = 0; i < n; ++i) {
        const QByteArray record = ExampleBuilder()
                                      .addBytes("pixels", captchaPixels(12, 20, i))
                                      .addBytes("animal", kNames[i % 3].toUtf8())
                                      .addFloats("pose", {0.5f, float(i)})
                                      .serialize();
        QVERIFY((*writer)->write(record).isOk());
    }
    QVERIFY((*writer)->commit().isOk());
}

template<typename T> T *child(QWidget *w, const char *name)
{
    T *c = w->findChild<T *>(QLatin1String(name));
    if (!c)
        qFatal("no %s", name);
    return c;
}

void pick(QComboBox *box, const QVariant &data)
{
    const int i = box->findData(data);
    QVERIFY2(i >= 0, qPrintable(data.toString()));
    box->setCurrentIndex(i);
}

void pickRawCaptcha(SchemaDialog &d)
{
    pick(child<QComboBox>(&d, "imageKeyBox"), QStringLiteral("pixels"));
    pick(child<QComboBox>(&d, "layoutBox"), int(ImageEncoding::Raw));
    pick(child<QComboBox>(&d, "dtypeBox"), int(PixelType::Int16));
    child<QSpinBox>(&d, "heightSpin")->setValue(12);
    child<QSpinBox>(&d, "widthSpin")->setValue(20);
    child<QSpinBox>(&d, "channelsSpin")->setValue(1);
    pick(child<QComboBox>(&d, "labelBox"), QStringLiteral("animal"));
}

} // namespace

class TestSchemaDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_file = m_dir.filePath("captcha.tfrecord");
        writeFile(m_file, 12);
    }

    void showsTheSchemaAndWhyThereIsNoImage()
    {
        SchemaDialog d({m_file});
        QVERIFY(d.loadError().isEmpty());
        const QAbstractItemModel *schema = child<QTableView>(&d, "schemaTable")->model();
        QCOMPARE(schema->rowCount(), 3);
        QStringList keys;
        for (int r = 0; r < schema->rowCount(); ++r)
            keys << schema->index(r, 0).data().toString();
        QCOMPARE(keys, (QStringList{"animal", "pixels", "pose"}));
        QCOMPARE(schema->index(2, 2).data().toString(), QStringLiteral("2")); // pose: 2 floats
        QVERIFY(!d.detection().spec.image);
        QVERIFY(child<QLabel>(&d, "detectedLabel")->text().contains("no image feature found"));
        QCOMPARE(d.preview()->decodedCount(), 0);
        QVERIFY(!d.overrides().any());
    }

    void pickingGivesOverridesPreviewAndFlags()
    {
        SchemaDialog d({m_file});
        pickRawCaptcha(d);
        const SpecOverrides o = d.overrides();
        QCOMPARE(o.image.key.value_or(""), QStringLiteral("pixels"));
        QCOMPARE(o.image.encoding, std::optional(ImageEncoding::Raw));
        QCOMPARE(o.image.dtype, std::optional(PixelType::Int16));
        QCOMPARE(o.image.height, std::optional(12));
        QCOMPARE(o.image.width, std::optional(20));
        QCOMPARE(o.image.channels, std::optional(1));
        QCOMPARE(o.label.key.value_or(""), QStringLiteral("animal"));
        // The real decoder ran on the first records: images of the chosen shape, class names.
        QVERIFY2(d.detection().forTraining().isOk(),
                 qPrintable(d.detection().forTraining().status().toString()));
        const QList<SchemaPreview::Tile> tiles = d.preview()->tiles();
        QCOMPARE(tiles.size(), SchemaDialog::kPreviewCount);
        QCOMPARE(d.preview()->decodedCount(), SchemaDialog::kPreviewCount);
        QCOMPARE(tiles[0].image.size(), QSize(20, 12));
        for (int i = 0; i < tiles.size(); ++i)
            QCOMPARE(tiles[i].caption, kNames[i % 3]);
        QVERIFY(child<QLabel>(&d, "detectedLabel")->text().contains("class_name"));
        // The command line that asks for the same, selectable.
        QLineEdit *flags = child<QLineEdit>(&d, "flagsEdit");
        QVERIFY(flags->isReadOnly());
        QVERIFY2(flags->text().startsWith("queuescope-cli run " + m_file + " --spec '"),
                 qPrintable(flags->text()));
        QCOMPARE(flags->text(), d.flagsText());
        // What the flags say is what the dialog returns.
        const QString json = flags->text().section('\'', 1, 1);
        Result<SpecOverrides> back = SpecOverrides::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
        QVERIFY(back);
        QVERIFY(*back == o);
    }

    void labelNoneAndUnusableLabels()
    {
        SchemaDialog d({m_file});
        pickRawCaptcha(d);
        child<QComboBox>(&d, "labelBox")->setCurrentIndex(1); // none
        QVERIFY(d.overrides().label.disabled);
        QVERIFY(d.flagsText().contains("\"label\":null"));
        QCOMPARE(d.preview()->tiles().value(0).caption, QStringLiteral("no label"));
        // Two float scores with one largest in every record: read with argmax.
        pick(child<QComboBox>(&d, "labelBox"), QStringLiteral("pose"));
        QVERIFY(d.detection().spec.label);
        QCOMPARE(d.detection().spec.label->encoding, LabelEncoding::Argmax);
        QCOMPARE(d.preview()->tiles().value(0).caption, QStringLiteral("0")); // {0.5, 0}
        QCOMPARE(d.preview()->tiles().value(1).caption, QStringLiteral("1")); // {0.5, 1}
        // A label that cannot be one: the pixels are no class name; OK is off and it says why.
        pick(child<QComboBox>(&d, "labelBox"), QStringLiteral("pixels"));
        QVERIFY(!d.detection().labelStatus.isOk());
        QVERIFY(child<QLabel>(&d, "detectedLabel")->text().contains("'pixels'"));
        QVERIFY(!d.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
    }

    void aWrongShapeShowsTheDecoderError()
    {
        SchemaDialog d({m_file});
        pickRawCaptcha(d);
        child<QSpinBox>(&d, "widthSpin")->setValue(21); // 12x21x1 int16 is not 480 bytes
        QCOMPARE(d.preview()->decodedCount(), 0);
        QVERIFY(!d.detection().forTraining().isOk());
        QVERIFY(child<QLabel>(&d, "detectedLabel")->text().contains("pixels"));
    }

    void rememberedChoiceIsRestored()
    {
        SpecOverrides chosen;
        {
            SchemaDialog d({m_file});
            pickRawCaptcha(d);
            chosen = d.overrides();
        }
        SchemaMemory().remember(m_file, chosen);
        const std::optional<SpecOverrides> recalled = SchemaMemory().recall(m_file);
        QVERIFY(recalled);
        QVERIFY(*recalled == chosen);
        SchemaDialog again({m_file}, *recalled);
        QVERIFY(again.overrides() == chosen);
        QCOMPARE(child<QComboBox>(&again, "imageKeyBox")->currentData().toString(), QStringLiteral("pixels"));
        QCOMPARE(child<QSpinBox>(&again, "heightSpin")->value(), 12);
        QCOMPARE(again.preview()->decodedCount(), SchemaDialog::kPreviewCount);

        // Another file at the same path (rewritten: other size and time) starts from detection.
        const QString copy = m_dir.filePath("copy.tfrecord");
        QVERIFY(QFile::copy(m_file, copy));
        SchemaMemory().remember(copy, chosen);
        QVERIFY(SchemaMemory().recall(copy));
        writeFile(copy, 13);
        QFile f(copy);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(QDateTime::currentDateTime().addSecs(60), QFileDevice::FileModificationTime));
        f.close();
        QVERIFY(!SchemaMemory().recall(copy));
        SchemaMemory().forget(m_file);
        QVERIFY(!SchemaMemory().recall(m_file));
    }

    void aMissingFileSaysSo()
    {
        SchemaDialog d({m_dir.filePath("missing.tfrecord")});
        QVERIFY(!d.loadError().isEmpty());
        QVERIFY(d.loadError().contains("missing.tfrecord"));
    }

    // The window: File ▸ Choose Features… is enabled once a file is open, opening a file without
    // an image offers the picker, the choice becomes the run's spec and comes back on reopen.
    void windowOffersPickerAndRemembers()
    {
        SchemaMemory().forget(m_file);
        MainWindow window;
        auto *action = window.findChild<QAction *>(QStringLiteral("chooseFeaturesAction"));
        QVERIFY(action);
        QVERIFY(!action->isEnabled());
        window.openFiles({m_file});
        QVERIFY(action->isEnabled());
        QTRY_VERIFY(window.findChild<SchemaDialog *>());
        auto *d = window.findChild<SchemaDialog *>();
        QTRY_VERIFY(d->isVisible());
        pickRawCaptcha(*d);
        const SpecOverrides chosen = d->overrides();
        d->accept();
        const QString spec = window.runConfig().trainer.specJson;
        QVERIFY2(spec.contains("\"pixels\""), qPrintable(spec));
        QVERIFY(SchemaMemory().recall(m_file));
        QTRY_VERIFY(!window.findChild<SchemaDialog *>()); // deleted on close

        // Reopened: the remembered choice applies, no picker.
        MainWindow second;
        second.openFiles({m_file});
        Result<SpecOverrides> applied = SpecOverrides::fromJson(
            QJsonDocument::fromJson(second.runConfig().trainer.specJson.toUtf8()).object());
        QVERIFY(applied);
        QVERIFY(*applied == chosen);
        QCoreApplication::processEvents();
        QVERIFY(!second.findChild<SchemaDialog *>());
        SchemaMemory().forget(m_file);
    }

private:
    QTemporaryDir m_dir;
    QString m_file;
};

QTEST_MAIN(TestSchemaDialog)
#include "tst_schemadialog.moc"
