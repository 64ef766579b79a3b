#pragma once

// Pictures for the dataset tests, and a folder of class subfolders for `make` built from them.

#include "datasetcheck.h"

#include <QDir>
#include <QFile>
#include <QString>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <vector>

namespace qs::test {

// A smooth picture (JPEG keeps it well) that differs from picture k+1 everywhere; k < 10.
inline cv::Mat picture(int k, int rows, int cols, int channels = 3)
{
    cv::Mat m(rows, cols, CV_8UC(channels));
    for (int y = 0; y < rows; ++y) {
        for (int x = 0; x < cols; ++x) {
            uchar *p = m.ptr<uchar>(y) + x * channels;
            for (int c = 0; c < channels; ++c)
                p[c] = uchar(std::min(255, 20 + 3 * k + x * 80 / cols + y * 50 / rows + 35 * c));
        }
    }
    return m;
}

struct SourceImage {
    QString path;
    int label = -1;
    cv::Mat bgr; // what cv::imread(path, IMREAD_COLOR) gives
};

// Under `root`: classes "zebra", "apple" and "Mango" (so labels Mango 0, apple 1, zebra 2 in
// code point order, where upper case comes first, unlike a case-blind or locale sort), eight 24x24 PNGs (one
// of them gray) with names that sort differently as text and as numbers, a file that is no image
// (Mango/broken.jpg), and things `make` must not see: hidden files and folders and a file beside the class
// folders. Returns the readable images in the order `make` writes them, and sets *unreadable to the broken
// file's path.
inline std::vector<SourceImage> makeImageFolder(const QString &root, QString *unreadable)
{
    const QDir dir(root);
    for (const char *sub : {"zebra", "apple", "Mango", ".git"})
        dir.mkpath(QLatin1String(sub));
    struct Spec {
        const char *file;
        int label;
        int channels;
    };
    const Spec specs[] = {
        {"Mango/m-a.png", 0, 3},   {"Mango/m-b.png", 0, 3},  {"apple/gray.png", 1, 1},
        {"apple/img10.png", 1, 3}, {"apple/img2.png", 1, 3}, {"zebra/01.png", 2, 3},
        {"zebra/02.png", 2, 3},    {"zebra/10.png", 2, 3},
    };
    std::vector<SourceImage> images;
    int k = 0;
    for (const Spec &s : specs) {
        const cv::Mat m = picture(k++, 24, 24, s.channels);
        const QString path = dir.filePath(QLatin1String(s.file));
        cv::imwrite(path.toStdString(), m);
        cv::Mat bgr;
        if (s.channels == 1)
            cv::cvtColor(m, bgr, cv::COLOR_GRAY2BGR);
        else
            bgr = m;
        images.push_back({path, s.label, bgr});
    }
    *unreadable = dir.filePath(QStringLiteral("Mango/broken.jpg"));
    writeBytes(*unreadable, "this is not a JPEG file\n");
    writeBytes(dir.filePath(QStringLiteral("Mango/.DS_Store")), "hidden");
    writeBytes(dir.filePath(QStringLiteral("README.txt")), "not a class");
    cv::imwrite(dir.filePath(QStringLiteral(".git/x.png")).toStdString(), picture(9, 24, 24));
    return images;
}

} // namespace qs::test
