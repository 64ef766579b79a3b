#include "controls/controlspanel.h"

#include "common/uitext.h"
#include "controls/configpanel.h"
#include "controls/scenariopicker.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QEvent>
#include <QFrame>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>

namespace qs {

namespace {
const QString kScenarioKey = QStringLiteral("controls/scenario");
}

ControlsPanel::ControlsPanel(QWidget *parent)
    : QWidget(parent)
    , m_picker(new ScenarioPicker)
    , m_config(new ConfigPanel)
{
    setObjectName(QStringLiteral("controlsPanel"));
    auto *content = new QWidget;
    auto *inner = new QVBoxLayout(content);
    inner->setContentsMargins(4, 4, 4, 4);
    inner->addWidget(m_picker);
    auto *line = new QFrame;
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    inner->addWidget(line);
    inner->addWidget(m_config, 1);
    auto *scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);

    // The window's starting point, before any scenario is chosen, and what Reset goes back to.
    m_config->setDefaults(windowDefaults());
    m_config->setConfig(windowDefaults());
    m_picker->addBuiltins();
    connect(m_picker, &ScenarioPicker::message, this, &ControlsPanel::message);
    connect(m_picker, &ScenarioPicker::scenarioChosen, this, [this](const QString &key) {
        applyScenario();
        emit scenarioChosen(key);
    });
    connect(m_config, &ConfigPanel::configChanged, this, [this] {
        updateStartBlock();
        if (!m_restoring)
            m_config->saveSettings();
        emit configChanged();
    });
    updateStartBlock();
}

RunConfig ControlsPanel::config() const
{
    return m_config->config();
}

std::optional<Scenario> ControlsPanel::scenario() const
{
    return m_picker->scenario();
}

RunMode ControlsPanel::mode() const
{
    const std::optional<Scenario> s = scenario();
    return s ? s->mode : RunMode::Pipeline;
}

RunConfig ControlsPanel::windowDefaults()
{
    return RunConfig{}; // the knob table's, the same as the CLI's
}

void ControlsPanel::applyScenario()
{
    const std::optional<Scenario> s = m_picker->scenario();
    RunConfig defaults = windowDefaults();
    if (s) {
        const Result<RunConfig> applied = RunConfig::fromJson(s->config, windowDefaults());
        if (applied)
            defaults = *applied;
        else
            emit message(tr("The scenario's settings do not apply: %1").arg(UiText::error(applied.status())));
    }
    m_config->setMode(s ? s->mode : RunMode::Pipeline);
    m_config->setDefaults(defaults);
    m_config->setConfig(defaults);
    if (!m_restoring)
        QSettings().setValue(kScenarioKey, m_picker->currentKey());
}

void ControlsPanel::setInputFiles(const QStringList &files)
{
    m_files = files;
    updateFiles();
}

void ControlsPanel::setDefaultFiles(const QStringList &files)
{
    m_defaultFiles = files;
    updateFiles();
}

void ControlsPanel::updateFiles()
{
    m_config->setInputFiles(m_files.isEmpty() ? m_defaultFiles : m_files);
}

void ControlsPanel::setRunning(bool running)
{
    if (running == m_running)
        return;
    m_running = running;
    // The scenario's description stays readable; only the choice is locked.
    m_picker->box()->setEnabled(!running);
    m_picker->loadButton()->setEnabled(!running);
    m_config->setEnabled(!running);
}

QString ControlsPanel::startBlockReason() const
{
    return m_blockReason;
}

void ControlsPanel::updateStartBlock()
{
    QString reason;
    if (mode() != RunMode::Workers && config().pipeline.files.isEmpty())
        reason = tr("Open a TFRecord file");
    else if (!m_config->isValid())
        reason = tr("Cannot start: %1").arg(m_config->problem());
    if (reason == m_blockReason)
        return;
    m_blockReason = reason;
    emit startBlockChanged(reason);
}

void ControlsPanel::setLanguage(const QString &code)
{
    m_picker->setLanguage(code);
}

void ControlsPanel::saveSettings() const
{
    QSettings().setValue(kScenarioKey, m_picker->currentKey());
    m_config->saveSettings();
}

void ControlsPanel::restoreSettings()
{
    m_restoring = true;
    const QString key = QSettings().value(kScenarioKey).toString();
    if (!key.isEmpty())
        m_picker->select(key);   // applies the scenario's settings ...
    m_config->restoreSettings(); // ... which the knobs saved last time then refine
    m_restoring = false;
    updateStartBlock();
}

void ControlsPanel::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange) {
        m_blockReason.clear(); // re-say it in the new language
        updateStartBlock();
    }
    QWidget::changeEvent(e);
}

} // namespace qs
