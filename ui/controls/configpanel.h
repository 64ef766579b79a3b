#pragma once

#include "run/runconfig.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace qs {

// The knobs of one run (RunConfig), grouped as the pipeline is: input, batching, model and
// training, slow motion, stopping, and the workers demo. Every edit re-validates the config
// (RunConfig::validate()) and shows the problem inline; knobs not shown here (eval file,
// feature-spec overrides, ...) are carried through from the last setConfig(). The input files
// are not a knob: they come from setInputFiles(), and validation treats "no files yet" as the
// window's concern, not the panel's.
class ConfigPanel : public QWidget {
    Q_OBJECT
public:
    explicit ConfigPanel(QWidget *parent = nullptr);

    RunConfig config() const;
    void setConfig(const RunConfig &config);                               // emits configChanged once
    void setDefaults(const RunConfig &defaults) { m_defaults = defaults; } // what Reset restores
    RunConfig defaults() const { return m_defaults; }
    void setInputFiles(const QStringList &files); // becomes config().pipeline.files
    void setMode(RunMode mode);                   // Workers shows the workers knobs only
    RunMode mode() const { return m_mode; }

    bool isValid() const { return m_problem.isEmpty(); }
    QString problem() const { return m_problem; } // validate()'s message, empty when valid
    QLabel *problemLabel() const { return m_problemLabel; }
    QPushButton *resetButton() const { return m_reset; }

    // QSettings "controls/config": the knobs as RunConfig JSON (files are not kept).
    void saveSettings() const;
    bool restoreSettings(); // false when nothing valid was saved

public slots:
    void resetToDefaults();

signals:
    void configChanged(); // after every edit and every setConfig
    void validityChanged(bool valid);

protected:
    void changeEvent(QEvent *) override;

private:
    void buildForms();
    QSpinBox *addSpin(QFormLayout *form, const char *name);
    QCheckBox *addCheck(QFormLayout *form, const char *name);
    QDoubleSpinBox *addDouble(QFormLayout *form, const char *name, int decimals);
    QDoubleSpinBox *addSeed(QFormLayout *form, const char *name);
    void edited();
    void revalidate();
    void updateEnabled();
    void retranslateUi();

    RunConfig m_base; // carries the knobs without a widget
    RunConfig m_defaults;
    RunMode m_mode = RunMode::Pipeline;
    QString m_problem;
    bool m_loading = false;
    QList<QGroupBox *> m_groups; // input, batching, model, slow motion, stopping, workers
    QLabel *m_problemLabel = nullptr;
    QPushButton *m_reset = nullptr;

    QSpinBox *m_epochs, *m_readers, *m_filenameCapacity, *m_exampleCapacity, *m_minAfterDequeue, *m_batchSize,
        *m_imageWidth, *m_imageHeight, *m_hidden, *m_maxSteps, *m_evalEvery, *m_readerDelay, *m_decodeDelay,
        *m_trainerDelay, *m_workers, *m_workerStep;
    QCheckBox *m_shuffleFiles, *m_shuffleQueue, *m_smallerFinal, *m_skipCorrupt, *m_startRunners;
    QDoubleSpinBox *m_fileSeed, *m_shuffleSeed, *m_grace, *m_hang, *m_stopProbability;
    QComboBox *m_feed = nullptr;
    QComboBox *m_pipeline = nullptr; // queues or tf.data
    QCheckBox *m_autotune = nullptr;
    QCheckBox *m_cache = nullptr;
    QCheckBox *m_deterministic = nullptr;
    QCheckBox *m_mapAfterBatch = nullptr;
    QSpinBox *m_mapCalls = nullptr;
    QSpinBox *m_prefetch = nullptr;
};

} // namespace qs
