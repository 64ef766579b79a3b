#include "ui/mainwindow.h"

namespace qs {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(tr("QueueScope"));
    resize(1280, 800);
}

} // namespace qs
