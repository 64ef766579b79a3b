#pragma once

#include <QImage>

#include <cmath>

namespace qs::test {

// The standard deviation of the pixels' gray levels: about 0 for a blank grab, tens for a drawn one.
inline double grayDeviation(const QImage &image)
{
    const QImage gray = image.convertToFormat(QImage::Format_Grayscale8);
    double sum = 0, squares = 0;
    const double n = double(gray.width()) * gray.height();
    for (int y = 0; y < gray.height(); ++y) {
        const uchar *row = gray.constScanLine(y);
        for (int x = 0; x < gray.width(); ++x) {
            sum += row[x];
            squares += double(row[x]) * row[x];
        }
    }
    return n > 0 ? std::sqrt(std::max(0.0, squares / n - (sum / n) * (sum / n))) : 0;
}

} // namespace qs::test
