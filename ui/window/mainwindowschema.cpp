// MainWindow and the feature picker: File ▸ Choose Features…, the choice remembered per file and
// applied when the file is opened again, the picker offered when a file opens without an image.
#include "window/mainwindow.h"

#include "controls/configpanel.h"
#include "controls/controlspanel.h"
#include "example/specdetector.h"
#include "schema/schemadialog.h"
#include "schema/schemamemory.h"
#include "schema/schemasample.h"

#include <QAction>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTimer>

namespace qs {

namespace {

std::optional<SpecOverrides> overridesIn(const QString &specJson)
{
    if (specJson.isEmpty())
        return SpecOverrides{};
    Result<SpecOverrides> o = SpecOverrides::fromJson(QJsonDocument::fromJson(specJson.toUtf8()).object());
    return o ? std::optional<SpecOverrides>(*o) : std::nullopt;
}

} // namespace

// The choice is the run's "spec" knob: the Controls dock carries it to every Start.
void MainWindow::applyFeatureChoice(const QJsonObject &spec)
{
    ConfigPanel *panel = m_controlsPanel->configPanel();
    RunConfig config = panel->config();
    config.trainer.specJson =
        spec.isEmpty() ? QString() : QString::fromUtf8(QJsonDocument(spec).toJson(QJsonDocument::Compact));
    panel->setConfig(config);
}

void MainWindow::chooseFeatures()
{
    if (m_inputFiles.isEmpty()) {
        showMessage(tr("Open a TFRecord file first: the features are the file's"));
        return;
    }
    const std::optional<SpecOverrides> current = overridesIn(runConfig().trainer.specJson);
    auto *dialog = new SchemaDialog(m_inputFiles, current.value_or(SpecOverrides{}), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const SpecOverrides chosen = dialog->overrides();
        SchemaMemory().remember(m_inputFiles.value(0), chosen);
        applyFeatureChoice(chosen.toJson());
        const QStringList flags = chosen.cliFlags();
        showMessage(flags.isEmpty() ? tr("Features: as detected")
                                    : tr("Features chosen: %1").arg(flags.join(QLatin1Char(' '))));
    });
    dialog->open();
}

void MainWindow::featureFilesOpened(const QStringList &files)
{
    m_chooseFeatures->setEnabled(!files.isEmpty());
    if (files.isEmpty() || isRunFile(files.first()))
        return;
    const QString name = QFileInfo(files.first()).fileName();
    if (const std::optional<SpecOverrides> remembered = SchemaMemory().recall(files.first())) {
        applyFeatureChoice(remembered->toJson());
        showMessage(tr("%1: the features chosen before (%2); File ▸ Choose Features… changes them")
                        .arg(name, remembered->cliFlags().join(QLatin1Char(' '))));
        return;
    }
    applyFeatureChoice({}); // another file: detect again
    Result<SchemaSample> sample = SchemaSample::load(files.first());
    if (sample && !detectFeatureSpec(sample->examples(), {}, files.first()).spec.image) {
        showMessage(tr("%1: no image feature was found; choose the features").arg(name));
        QTimer::singleShot(0, this, &MainWindow::chooseFeatures);
    }
}

} // namespace qs
