#include "controls/scenariopicker.h"

#include "common/uitext.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>

namespace qs {

ScenarioPicker::ScenarioPicker(QWidget *parent)
    : QWidget(parent)
    , m_box(new QComboBox)
    , m_label(new QLabel)
    , m_load(new QPushButton)
    , m_title(new QLabel)
    , m_description(new QLabel)
{
    setObjectName(QStringLiteral("scenarioPicker"));
    m_box->setObjectName(QStringLiteral("scenarioPickerBox"));
    m_box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_box->setMinimumContentsLength(16);
    m_label->setBuddy(m_box);
    m_load->setObjectName(QStringLiteral("loadScenario"));
    m_title->setObjectName(QStringLiteral("scenarioTitle"));
    m_title->setWordWrap(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_description->setObjectName(QStringLiteral("scenarioDescription"));
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_description->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_label);
    row->addWidget(m_box, 1);
    row->addWidget(m_load);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_title);
    layout->addWidget(m_description);

    m_box->addItem(QString(), QString());
    m_scenarios.append(std::nullopt);
    connect(m_box, &QComboBox::activated, this, &ScenarioPicker::activate);
    connect(m_load, &QPushButton::clicked, this, &ScenarioPicker::chooseFile);
    retranslateUi();
}

void ScenarioPicker::addBuiltins()
{
    for (const QString &name : Scenario::builtinNames()) {
        if (m_box->findData(name) >= 0)
            continue;
        const Result<Scenario> s = Scenario::load(name);
        if (s)
            addEntry(name, *s);
        else
            emit message(UiText::error(s.status()));
    }
}

int ScenarioPicker::addEntry(const QString &key, const Scenario &s)
{
    m_box->addItem(s.titleIn(m_language), key);
    m_box->setItemData(m_box->count() - 1, key, Qt::ToolTipRole);
    m_scenarios.append(s);
    return m_box->count() - 1;
}

bool ScenarioPicker::select(const QString &nameOrPath)
{
    int i = m_box->findData(nameOrPath);
    if (i < 0) {
        // A file's scenarios are keyed by their absolute path, built-in ones by their name.
        const QFileInfo file(nameOrPath);
        const QString key = file.isFile() ? file.absoluteFilePath() : nameOrPath;
        i = m_box->findData(key);
        if (i < 0) {
            const Result<Scenario> s = Scenario::load(nameOrPath);
            if (!s) {
                emit message(tr("Cannot load the scenario: %1").arg(UiText::error(s.status())));
                return false;
            }
            i = addEntry(key, *s);
        }
    }
    activate(i);
    return true;
}

void ScenarioPicker::activate(int index)
{
    if (index < 0 || index >= m_scenarios.size())
        return;
    m_box->setCurrentIndex(index);
    showCurrent();
    emit scenarioChosen(currentKey());
}

void ScenarioPicker::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load scenario file"), QString(),
                                                      tr("Scenario files (*.json);;All files (*)"));
    if (!path.isEmpty())
        select(path);
}

std::optional<Scenario> ScenarioPicker::scenario() const
{
    return m_scenarios.value(m_box->currentIndex());
}

QString ScenarioPicker::currentKey() const
{
    return m_box->currentData().toString();
}

void ScenarioPicker::setLanguage(const QString &code)
{
    m_language = code;
    for (int i = 1; i < m_scenarios.size(); ++i)
        m_box->setItemText(i, m_scenarios[i]->titleIn(code));
    showCurrent();
}

void ScenarioPicker::showCurrent()
{
    const std::optional<Scenario> s = scenario();
    if (!s) {
        m_title->setText(tr("No scenario"));
        m_description->setText(
            tr("A plain run of the pipeline with the settings below. Choose a scenario to see a "
               "bottleneck, a failure or a clean shutdown happen on purpose."));
        return;
    }
    m_title->setText(s->titleIn(m_language));
    QString text = s->descriptionIn(m_language);
    if (s->mode == RunMode::Workers)
        text += QStringLiteral("\n\n") + tr("This scenario runs the Coordinator's worker demo: no files "
                                            "are read.");
    if (!s->faults.isEmpty())
        text += QStringLiteral("\n\n") +
                tr("It injects %n fault(s) into the run.", nullptr, int(s->faults.size()));
    m_description->setText(text);
}

void ScenarioPicker::retranslateUi()
{
    m_label->setText(tr("S&cenario:"));
    m_box->setItemText(0, tr("(none)"));
    m_box->setToolTip(tr("A teaching scenario: a configuration, sometimes with a fault, and what to watch"));
    m_load->setText(tr("Load…"));
    m_load->setToolTip(tr("Load scenario file…"));
    showCurrent();
}

void ScenarioPicker::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

} // namespace qs
