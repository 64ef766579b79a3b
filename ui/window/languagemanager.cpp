#include "window/languagemanager.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace qs {

LanguageManager::LanguageManager(QObject *parent)
    : QObject(parent)
{}

LanguageManager::~LanguageManager()
{
    for (QTranslator *t : {m_app, m_qt}) {
        if (t) {
            QCoreApplication::removeTranslator(t);
            delete t;
        }
    }
}

QStringList LanguageManager::available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_TW"), QStringLiteral("zh_CN")};
}

bool LanguageManager::isAvailable(const QString &code)
{
    return available().contains(code);
}

QString LanguageManager::nativeName(const QString &code)
{
    if (code == QLatin1String("zh_TW"))
        return QStringLiteral("繁體中文");
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString LanguageManager::systemLanguage()
{
    const QLocale locale = QLocale::system();
    if (locale.language() != QLocale::Chinese)
        return QStringLiteral("en");
    const bool traditional = locale.script() == QLocale::TraditionalChineseScript ||
                             locale.territory() == QLocale::Taiwan ||
                             locale.territory() == QLocale::HongKong || locale.territory() == QLocale::Macao;
    return traditional ? QStringLiteral("zh_TW") : QStringLiteral("zh_CN");
}

bool LanguageManager::setLanguage(const QString &code)
{
    if (!isAvailable(code))
        return false;
    if (code == m_current && m_app)
        return true;
    // English is the source language; its file only holds the plural forms ("1 file", "2 files").
    auto *app = new QTranslator(this);
    if (!app->load(QStringLiteral(":/i18n/queuescope_%1.qm").arg(code))) {
        delete app;
        return false;
    }
    QTranslator *qt = nullptr;
    if (code != QLatin1String("en")) {
        // Qt's own strings (file dialogs, standard buttons) where the system has them.
        qt = new QTranslator(this);
        if (!qt->load(QStringLiteral("qtbase_%1").arg(code),
                      QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            delete qt;
            qt = nullptr;
        }
    }
    for (QTranslator *old : {m_app, m_qt}) {
        if (old) {
            QCoreApplication::removeTranslator(old);
            delete old;
        }
    }
    m_app = app;
    m_qt = qt;
    m_current = code;
    QLocale::setDefault(QLocale(code == QLatin1String("en") ? QStringLiteral("en_US") : code));
    // Installing sends LanguageChange to every widget; the last install triggers the retranslation.
    if (m_qt)
        QCoreApplication::installTranslator(m_qt);
    QCoreApplication::installTranslator(m_app);
    emit languageChanged(code);
    return true;
}

} // namespace qs
