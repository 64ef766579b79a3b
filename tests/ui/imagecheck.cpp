// qs_ui_image_check PNG MIN_DEVIATION: exits 0 when the image loads and its gray levels vary by
// at least MIN_DEVIATION (a drawn window, not a blank grab).
#include "imagecheck.h"

#include <QCoreApplication>
#include <QImage>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv); // reading a PNG needs no display
    const QStringList args = app.arguments();
    if (args.size() != 3) {
        std::fprintf(stderr, "usage: qs_ui_image_check PNG MIN_DEVIATION\n");
        return 2;
    }
    const QImage image(args[1]);
    if (image.isNull()) {
        std::fprintf(stderr, "qs_ui_image_check: cannot read %s\n", qPrintable(args[1]));
        return 1;
    }
    const double deviation = qs::test::grayDeviation(image);
    std::printf("%s: %dx%d, gray deviation %.1f\n", qPrintable(args[1]), image.width(), image.height(),
                deviation);
    return deviation >= args[2].toDouble() && image.width() > 200 && image.height() > 200 ? 0 : 1;
}
