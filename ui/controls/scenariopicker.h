#pragma once

#include "scenario/scenario.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;

namespace qs {

// Chooses the teaching scenario: "(none)" for a plain run, the built-in ones, and any loaded
// from a file. Shows the chosen scenario's title and the teacher's description in the UI's
// language. Choosing emits scenarioChosen; whoever owns the config applies scenario().config.
class ScenarioPicker : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioPicker(QWidget *parent = nullptr);

    // The built-in scenarios (Scenario::builtinNames()); an entry that fails to load is left out
    // and reported through message().
    void addBuiltins();
    // A built-in name, a name already listed, or a path to a .json file (added when new); ""
    // chooses "(none)". Emits scenarioChosen on success; false and a message() otherwise.
    bool select(const QString &nameOrPath);
    void setLanguage(const QString &code); // "en", "zh_TW", "zh_CN"

    std::optional<Scenario> scenario() const; // nullopt for "(none)"
    QString currentKey() const;               // "" for none, the name, or a file's path
    QComboBox *box() const { return m_box; }
    QLabel *titleLabel() const { return m_title; }
    QLabel *descriptionLabel() const { return m_description; }
    QPushButton *loadButton() const { return m_load; }

public slots:
    void chooseFile(); // "Load scenario file..."

signals:
    void scenarioChosen(const QString &key); // "" for none
    void message(const QString &text);       // a load error for the status bar

protected:
    void changeEvent(QEvent *) override;

private:
    int addEntry(const QString &key, const Scenario &s);
    void activate(int index);
    void showCurrent();
    void retranslateUi();

    QComboBox *m_box;
    QLabel *m_label;
    QPushButton *m_load;
    QLabel *m_title;
    QLabel *m_description;
    QList<std::optional<Scenario>> m_scenarios; // parallel to the box's items
    QString m_language = QStringLiteral("en");
};

} // namespace qs
