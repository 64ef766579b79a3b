#include "ui/mainwindow.h"

#include <QApplication>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("QueueScope"));
    QApplication::setOrganizationName(QStringLiteral("QueueScope"));
    QApplication::setApplicationVersion(QStringLiteral(QS_VERSION));
    qs::MainWindow window;
    window.show();
    return app.exec();
}
