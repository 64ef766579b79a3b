#pragma once

#include "run/runconfig.h"
#include "scenario/scenario.h"

#include <QWidget>

#include <optional>

namespace qs {

class ConfigPanel;
class ScenarioPicker;

// The Controls dock: the scenario picker with its description above the run's knobs. Choosing a
// scenario applies its config over the defaults (and makes that what "Reset" restores); the
// knobs, the scenario and the choices persist in QSettings. While a run is going everything is
// read-only. startBlockReason() says why Start must wait (no input, an invalid knob), in words.
class ControlsPanel : public QWidget {
    Q_OBJECT
public:
    // The window's starting point: enough epochs of the bundled demo data (2000 samples) for the
    // model to learn it (about 1900 steps of 32), so a first Start shows a model training, not
    // only a start-up. Scenarios that set num_epochs keep theirs.
    static RunConfig windowDefaults();
    explicit ControlsPanel(QWidget *parent = nullptr);

    ScenarioPicker *picker() const { return m_picker; }
    ConfigPanel *configPanel() const { return m_config; }

    RunConfig config() const; // the knobs with the input files (opened ones, else the defaults)
    std::optional<Scenario> scenario() const;
    RunMode mode() const; // the scenario's mode, Pipeline without one

    void setInputFiles(const QStringList &files);   // the files the user opened
    void setDefaultFiles(const QStringList &files); // used when none are open (the demo data)
    QStringList inputFiles() const { return m_files; }

    void setRunning(bool running);
    bool isRunning() const { return m_running; }
    QString startBlockReason() const;

    void setLanguage(const QString &code);
    void saveSettings() const;
    void restoreSettings();

signals:
    void configChanged();
    void scenarioChosen(const QString &key);
    void startBlockChanged(const QString &reason); // empty: Start may go
    void message(const QString &text);

protected:
    void changeEvent(QEvent *) override;

private:
    void applyScenario();
    void updateFiles();
    void updateStartBlock();

    ScenarioPicker *m_picker;
    ConfigPanel *m_config;
    QStringList m_files;
    QStringList m_defaultFiles;
    QString m_blockReason;
    bool m_running = false;
    bool m_restoring = false;
};

} // namespace qs
