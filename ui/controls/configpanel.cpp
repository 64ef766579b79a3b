#include "controls/configpanel.h"

#include "run/knobs.h"

#include <QBoxLayout>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QJsonDocument>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

#include <limits>

namespace qs {

namespace {
constexpr int kIntMax = std::numeric_limits<int>::max();
const QString kSettingsKey = QStringLiteral("controls/config");
} // namespace

ConfigPanel::ConfigPanel(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("configPanel"));
    buildForms();
    setConfig(RunConfig{});
    retranslateUi();
}

namespace {

// The knob behind a control: its range and unit are the table's (run/knobs.h).
const Knob &knobNamed(const char *name)
{
    const Knob *k = findKnob(QString::fromLatin1(name));
    Q_ASSERT_X(k, "ConfigPanel", name);
    return *k;
}

QString suffixOf(const Knob &k)
{
    return *k.unit ? QStringLiteral(" ") + QLatin1String(k.unit) : QString();
}

} // namespace

QSpinBox *ConfigPanel::addSpin(QFormLayout *form, const char *name)
{
    const Knob &k = knobNamed(name);
    auto *box = new QSpinBox;
    box->setObjectName(QLatin1String(name));
    box->setRange(k.zeroMeansOff ? 0 : int(k.min), int(std::min<double>(k.max, kIntMax)));
    box->setSuffix(suffixOf(k));
    box->setAccelerated(true);
    form->addRow(QStringLiteral("-"), box);
    connect(box, &QSpinBox::valueChanged, this, &ConfigPanel::edited);
    return box;
}

QCheckBox *ConfigPanel::addCheck(QFormLayout *form, const char *name)
{
    auto *box = new QCheckBox;
    box->setObjectName(QLatin1String(name));
    form->addRow(box);
    connect(box, &QCheckBox::toggled, this, &ConfigPanel::edited);
    return box;
}

QDoubleSpinBox *ConfigPanel::addDouble(QFormLayout *form, const char *name, int decimals)
{
    const Knob &k = knobNamed(name);
    auto *box = new QDoubleSpinBox;
    box->setObjectName(QLatin1String(name));
    box->setDecimals(decimals);
    if (k.type == KnobType::Seed)
        box->setRange(0, double(PipelineConfig::kMaxSeed));
    else
        box->setRange(k.min, k.max);
    box->setSuffix(suffixOf(k));
    form->addRow(QStringLiteral("-"), box);
    connect(box, &QDoubleSpinBox::valueChanged, this, &ConfigPanel::edited);
    return box;
}

// Seeds go up to 2^53 - 1, past QSpinBox's int; a double holds them exactly.
QDoubleSpinBox *ConfigPanel::addSeed(QFormLayout *form, const char *name)
{
    QDoubleSpinBox *box = addDouble(form, name, 0);
    box->setSingleStep(1);
    return box;
}

void ConfigPanel::buildForms()
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto group = [&](const char *name) {
        auto *box = new QGroupBox;
        box->setObjectName(QLatin1String(name));
        auto *form = new QFormLayout(box);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        form->setContentsMargins(6, 4, 6, 4);
        layout->addWidget(box);
        m_groups.append(box);
        return form;
    };

    QFormLayout *input = group("inputGroup");
    // Which pipeline the knobs build: the TF 1.x queues or their tf.data equivalent.
    m_pipeline = new QComboBox;
    m_pipeline->setObjectName(QStringLiteral("pipeline"));
    m_pipeline->addItems({QString(), QString()}); // texts in retranslateUi
    input->addRow(QStringLiteral("-"), m_pipeline);
    connect(m_pipeline, &QComboBox::currentIndexChanged, this, &ConfigPanel::edited);
    m_epochs = addSpin(input, "num_epochs");
    m_shuffleFiles = addCheck(input, "shuffle_files");
    m_fileSeed = addSeed(input, "file_seed");
    m_filenameCapacity = addSpin(input, "filename_capacity");
    m_readers = addSpin(input, "reader_threads");
    m_skipCorrupt = addCheck(input, "skip_corrupt");
    m_autotune = addCheck(input, "dataset_autotune");
    m_mapCalls = addSpin(input, "dataset_map_calls");
    m_prefetch = addSpin(input, "dataset_prefetch");
    m_cache = addCheck(input, "dataset_cache");
    m_deterministic = addCheck(input, "dataset_deterministic");
    m_mapAfterBatch = addCheck(input, "dataset_map_after_batch");

    QFormLayout *batching = group("batchingGroup");
    m_feed = new QComboBox;
    m_feed->setObjectName(QStringLiteral("feed"));
    m_feed->addItems({QString(), QString()}); // texts in retranslateUi
    batching->addRow(QStringLiteral("-"), m_feed);
    connect(m_feed, &QComboBox::currentIndexChanged, this, &ConfigPanel::edited);
    m_shuffleQueue = addCheck(batching, "use_shuffle_queue");
    m_exampleCapacity = addSpin(batching, "example_capacity");
    m_minAfterDequeue = addSpin(batching, "min_after_dequeue");
    m_batchSize = addSpin(batching, "batch_size");
    m_smallerFinal = addCheck(batching, "allow_smaller_final_batch");
    m_shuffleSeed = addSeed(batching, "shuffle_seed");

    QFormLayout *model = group("modelGroup");
    m_imageWidth = addSpin(model, "image_width");
    m_imageHeight = addSpin(model, "image_height");
    m_hidden = addSpin(model, "hidden");
    m_maxSteps = addSpin(model, "max_steps");
    m_evalEvery = addSpin(model, "eval_every");

    QFormLayout *slow = group("slowMotionGroup");
    m_readerDelay = addSpin(slow, "reader_delay_ms");
    m_decodeDelay = addSpin(slow, "decode_delay_ms");
    m_trainerDelay = addSpin(slow, "trainer_delay_ms");

    QFormLayout *stopping = group("stoppingGroup");
    m_grace = addDouble(stopping, "grace_period_s", 1);
    m_hang = addDouble(stopping, "hang_s", 1);
    m_startRunners = addCheck(stopping, "start_queue_runners");

    QFormLayout *workers = group("workersGroup");
    m_workers = addSpin(workers, "workers");
    m_workerStep = addSpin(workers, "worker_step_ms");
    m_stopProbability = addDouble(workers, "stop_probability", 3);
    m_stopProbability->setSingleStep(0.01);

    m_problemLabel = new QLabel;
    m_problemLabel->setObjectName(QStringLiteral("configProblem"));
    m_problemLabel->setWordWrap(true);
    m_problemLabel->setStyleSheet(QStringLiteral("color: #B00020;"));
    m_problemLabel->hide();
    m_reset = new QPushButton;
    m_reset->setObjectName(QStringLiteral("resetConfig"));
    connect(m_reset, &QPushButton::clicked, this, &ConfigPanel::resetToDefaults);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_reset);
    layout->addWidget(m_problemLabel);
    layout->addLayout(buttons);
    layout->addStretch(1);
    setMode(RunMode::Pipeline);
}

RunConfig ConfigPanel::config() const
{
    RunConfig c = m_base;
    PipelineConfig &p = c.pipeline;
    TrainerConfig &t = c.trainer;
    p.numEpochs = m_epochs->value();
    p.shuffleFiles = m_shuffleFiles->isChecked();
    p.fileSeed = quint64(m_fileSeed->value());
    p.filenameCapacity = m_filenameCapacity->value();
    p.readerThreads = m_readers->value();
    p.skipCorrupt = m_skipCorrupt->isChecked();
    p.kind = m_pipeline->currentIndex() == 1 ? PipelineKind::Dataset : PipelineKind::Queues;
    p.datasetAutotune = m_autotune->isChecked();
    p.datasetMapCalls = m_mapCalls->value();
    p.datasetPrefetch = m_prefetch->value();
    p.datasetCache = m_cache->isChecked();
    p.datasetDeterministic = m_deterministic->isChecked();
    p.datasetMapAfterBatch = m_mapAfterBatch->isChecked();
    t.feed = m_feed->currentIndex() == 1 ? FeedMode::Naive : FeedMode::ShuffleBatch;
    p.useShuffleQueue = m_shuffleQueue->isChecked();
    p.exampleCapacity = m_exampleCapacity->value();
    p.minAfterDequeue = m_minAfterDequeue->value();
    p.batchSize = m_batchSize->value();
    p.allowSmallerFinalBatch = m_smallerFinal->isChecked();
    p.shuffleSeed = quint64(m_shuffleSeed->value());
    p.imageWidth = m_imageWidth->value();
    p.imageHeight = m_imageHeight->value();
    t.hidden = m_hidden->value();
    t.maxSteps = m_maxSteps->value();
    t.evalEvery = m_evalEvery->value();
    p.readerDelayMs = m_readerDelay->value();
    p.decodeDelayMs = m_decodeDelay->value();
    p.trainerDelayMs = m_trainerDelay->value();
    t.gracePeriodS = m_grace->value();
    t.hangSeconds = m_hang->value();
    t.startQueueRunners = m_startRunners->isChecked();
    t.workers = m_workers->value();
    t.workerStepMs = m_workerStep->value();
    t.stopProbability = m_stopProbability->value();
    return c;
}

void ConfigPanel::setConfig(const RunConfig &config)
{
    m_loading = true;
    const QStringList files = m_base.pipeline.files;
    m_base = config;
    if (config.pipeline.files.isEmpty())
        m_base.pipeline.files = files; // a scenario's config names no files: keep the chosen ones
    const PipelineConfig &p = config.pipeline;
    const TrainerConfig &t = config.trainer;
    m_epochs->setValue(p.numEpochs);
    m_shuffleFiles->setChecked(p.shuffleFiles);
    m_fileSeed->setValue(double(p.fileSeed));
    m_filenameCapacity->setValue(p.filenameCapacity);
    m_readers->setValue(p.readerThreads);
    m_skipCorrupt->setChecked(p.skipCorrupt);
    m_pipeline->setCurrentIndex(p.kind == PipelineKind::Dataset ? 1 : 0);
    m_autotune->setChecked(p.datasetAutotune);
    m_mapCalls->setValue(p.datasetMapCalls);
    m_prefetch->setValue(p.datasetPrefetch);
    m_cache->setChecked(p.datasetCache);
    m_deterministic->setChecked(p.datasetDeterministic);
    m_mapAfterBatch->setChecked(p.datasetMapAfterBatch);
    m_feed->setCurrentIndex(t.feed == FeedMode::Naive ? 1 : 0);
    m_shuffleQueue->setChecked(p.useShuffleQueue);
    m_exampleCapacity->setValue(p.exampleCapacity);
    m_minAfterDequeue->setValue(p.minAfterDequeue);
    m_batchSize->setValue(p.batchSize);
    m_smallerFinal->setChecked(p.allowSmallerFinalBatch);
    m_shuffleSeed->setValue(double(p.shuffleSeed));
    m_imageWidth->setValue(p.imageWidth);
    m_imageHeight->setValue(p.imageHeight);
    m_hidden->setValue(t.hidden);
    m_maxSteps->setValue(int(std::clamp<qint64>(t.maxSteps, 0, kIntMax)));
    m_evalEvery->setValue(t.evalEvery);
    m_readerDelay->setValue(p.readerDelayMs);
    m_decodeDelay->setValue(p.decodeDelayMs);
    m_trainerDelay->setValue(p.trainerDelayMs);
    m_grace->setValue(t.gracePeriodS);
    m_hang->setValue(t.hangSeconds);
    m_startRunners->setChecked(t.startQueueRunners);
    m_workers->setValue(t.workers);
    m_workerStep->setValue(t.workerStepMs);
    m_stopProbability->setValue(t.stopProbability);
    m_loading = false;
    edited();
}

void ConfigPanel::setInputFiles(const QStringList &files)
{
    m_base.pipeline.files = files;
    edited();
}

void ConfigPanel::setMode(RunMode mode)
{
    m_mode = mode;
    const bool workers = mode == RunMode::Workers;
    for (int i = 0; i < m_groups.size(); ++i)
        m_groups[i]->setVisible((i == m_groups.size() - 1) == workers);
    revalidate();
}

void ConfigPanel::resetToDefaults()
{
    setConfig(m_defaults);
}

void ConfigPanel::edited()
{
    if (m_loading)
        return;
    updateEnabled();
    revalidate();
    emit configChanged();
}

void ConfigPanel::updateEnabled()
{
    const bool dataset = m_pipeline->currentIndex() == 1;
    for (QWidget *w : std::initializer_list<QWidget *>{m_autotune, m_mapCalls, m_prefetch, m_cache,
                                                       m_deterministic, m_mapAfterBatch})
        w->setEnabled(dataset);
    m_feed->setEnabled(!dataset);
    m_filenameCapacity->setEnabled(!dataset);
    const bool queues = m_feed->currentIndex() == 0;
    m_shuffleQueue->setEnabled(queues);
    m_readers->setEnabled(queues);
    m_exampleCapacity->setEnabled(queues);
    m_minAfterDequeue->setEnabled(queues && m_shuffleQueue->isChecked());
    m_shuffleSeed->setEnabled(queues && m_shuffleQueue->isChecked());
    m_fileSeed->setEnabled(m_shuffleFiles->isChecked());
}

void ConfigPanel::revalidate()
{
    RunConfig c = config();
    if (c.pipeline.files.isEmpty())
        c.pipeline.files = QStringList{QStringLiteral("-")}; // no files yet is not a knob's fault
    const Status s = c.validate(m_mode);
    const QString problem = s.isOk() ? QString() : s.message();
    const bool changed = problem.isEmpty() != m_problem.isEmpty();
    m_problem = problem;
    m_problemLabel->setText(problem.isEmpty() ? QString() : tr("Cannot start: %1").arg(problem));
    m_problemLabel->setVisible(!problem.isEmpty());
    if (changed)
        emit validityChanged(problem.isEmpty());
}

void ConfigPanel::saveSettings() const
{
    QJsonObject json = config().toJson();
    json.remove(QStringLiteral("files"));
    json.remove(QStringLiteral("spec")); // the features are a file's: SchemaMemory keeps them per file
    QSettings().setValue(kSettingsKey, QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact)));
}

bool ConfigPanel::restoreSettings()
{
    const QByteArray text = QSettings().value(kSettingsKey).toString().toUtf8();
    const QJsonDocument doc = QJsonDocument::fromJson(text);
    if (!doc.isObject())
        return false;
    RunConfig base;
    base.pipeline.files = m_base.pipeline.files;
    const Result<RunConfig> saved = RunConfig::fromJson(doc.object(), base);
    if (!saved)
        return false;
    setConfig(*saved);
    return true;
}

void ConfigPanel::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

} // namespace qs
