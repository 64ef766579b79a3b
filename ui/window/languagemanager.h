#pragma once

#include <QObject>
#include <QStringList>

class QTranslator;

namespace qs {

// Loads the app's translations (compiled .qm files embedded under :/i18n) and Qt's own, and
// switches them at run time: installing a translator makes Qt send every widget a
// LanguageChange event, and each panel retranslates itself in changeEvent(). English is the
// source language and needs no file.
class LanguageManager : public QObject {
    Q_OBJECT
public:
    explicit LanguageManager(QObject *parent = nullptr);
    ~LanguageManager() override;

    static QStringList available();                 // "en", "zh_TW", "zh_CN"
    static QString nativeName(const QString &code); // "English", "繁體中文", "简体中文"
    static QString systemLanguage();                // the best match for the system locale
    static bool isAvailable(const QString &code);

    QString current() const { return m_current; }
    bool setLanguage(const QString &code); // false (and nothing changes) for an unknown code

signals:
    void languageChanged(const QString &code);

private:
    QString m_current = QStringLiteral("en");
    QTranslator *m_app = nullptr;
    QTranslator *m_qt = nullptr;
};

} // namespace qs
