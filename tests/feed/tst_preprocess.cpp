#include "feed/preprocess.h"

#include <opencv2/imgproc.hpp>

#include <QTest>

using namespace qs;

namespace {

cv::Mat noiseImage(int rows, int cols, int type, quint64 seed)
{
    cv::Mat m(rows, cols, type);
    cv::RNG rng(seed);
    rng.fill(m, cv::RNG::UNIFORM, 0, 256);
    return m;
}

void checkStandardised(const cv::Mat &row)
{
    cv::Scalar mean, stddev;
    cv::meanStdDev(row, mean, stddev);
    QVERIFY2(qAbs(mean[0]) < 1e-4, qPrintable(QString::number(mean[0])));
    QVERIFY2(qAbs(stddev[0] - 1) < 1e-3, qPrintable(QString::number(stddev[0])));
    QVERIFY(cv::checkRange(row));
}

} // namespace

class TestPreprocess : public QObject {
    Q_OBJECT
private slots:
    void shapesAndRanges_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("channels");
        QTest::addRow("bgr 32 -> 16x16x3") << 32 << 32 << int(CV_8UC3) << 16 << 16 << 3;
        QTest::addRow("bgr 32 -> 24x24x1") << 32 << 32 << int(CV_8UC3) << 24 << 24 << 1;
        QTest::addRow("grey 17x9 -> 8x8x3") << 9 << 17 << int(CV_8UC1) << 8 << 8 << 3;
        QTest::addRow("bgra 48x64 -> 12x10x3") << 48 << 64 << int(CV_8UC4) << 12 << 10 << 3;
        QTest::addRow("bgra -> grey") << 20 << 20 << int(CV_8UC4) << 20 << 20 << 1;
        QTest::addRow("upscale") << 8 << 8 << int(CV_8UC3) << 16 << 16 << 3;
        QTest::addRow("same size") << 16 << 16 << int(CV_8UC3) << 16 << 16 << 3;
    }
    void shapesAndRanges()
    {
        QFETCH(int, rows);
        QFETCH(int, cols);
        QFETCH(int, type);
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, channels);
        const InputSpec spec{width, height, channels};
        Result<cv::Mat> row = preprocessImage(noiseImage(rows, cols, type, 1), spec);
        QVERIFY2(row.isOk(), qPrintable(row.status().toString()));
        QCOMPARE(row->rows, 1);
        QCOMPARE(row->cols, width * height * channels);
        QCOMPARE(row->type(), CV_32F);
        checkStandardised(*row);
    }
    void flatImageIsAllZeros_data()
    {
        QTest::addColumn<int>("channels");
        QTest::addRow("grey input") << 1;
        QTest::addRow("colour input") << 3;
    }
    void flatImageIsAllZeros()
    {
        QFETCH(int, channels);
        const cv::Mat flat(32, 32, CV_8UC3, cv::Scalar::all(173));
        Result<cv::Mat> row = preprocessImage(flat, InputSpec{16, 16, channels});
        QVERIFY(row.isOk());
        QCOMPARE(cv::countNonZero(*row), 0);
    }
    void brightnessAndContrastDoNotMatter()
    {
        const cv::Mat base = noiseImage(16, 16, CV_8UC3, 2) * 0.5; // values in [0, 128)
        cv::Mat brighter;
        base.convertTo(brighter, CV_8U, 1.5, 40); // max 231: nothing saturates
        const InputSpec spec{16, 16, 3};
        const cv::Mat a = *preprocessImage(base, spec), b = *preprocessImage(brighter, spec);
        QVERIFY(cv::norm(a, b, cv::NORM_INF) < 0.05); // only rounding to 8 bits differs
    }
    void layoutIsRowMajorInterleaved()
    {
        cv::Mat image(4, 5, CV_8UC3, cv::Scalar::all(10));
        image.at<cv::Vec3b>(1, 2)[2] = 250; // y = 1, x = 2, channel 2 (red)
        const cv::Mat row = *preprocessImage(image, InputSpec{5, 4, 3});
        cv::Point at;
        cv::minMaxLoc(row, nullptr, nullptr, nullptr, &at);
        QCOMPARE(at.x, (1 * 5 + 2) * 3 + 2);
    }
    void colourOrderIsBgr()
    {
        // Left half pure blue, right half pure red: in grey, red (luma 76) is brighter than
        // blue (luma 29), so the right half must come out positive.
        cv::Mat image(8, 8, CV_8UC3, cv::Scalar(255, 0, 0));
        image(cv::Rect(4, 0, 4, 8)).setTo(cv::Scalar(0, 0, 255));
        const cv::Mat row = *preprocessImage(image, InputSpec{8, 8, 1});
        QVERIFY(row.at<float>(0, 0) < 0);
        QVERIFY(row.at<float>(0, 7) > 0);
    }
    void greyToColourRepeatsTheChannel()
    {
        const cv::Mat row = *preprocessImage(noiseImage(10, 10, CV_8UC1, 3), InputSpec{10, 10, 3});
        for (int i = 0; i < 100; ++i) {
            QCOMPARE(row.at<float>(0, 3 * i), row.at<float>(0, 3 * i + 1));
            QCOMPARE(row.at<float>(0, 3 * i), row.at<float>(0, 3 * i + 2));
        }
    }
    void downscaleAveragesAreas()
    {
        // A one-pixel checkerboard halved with INTER_AREA is flat grey; nearest or linear
        // sampling would keep (part of) the pattern.
        cv::Mat checker(32, 32, CV_8UC1);
        for (int y = 0; y < 32; ++y)
            for (int x = 0; x < 32; ++x)
                checker.at<uchar>(y, x) = (x + y) % 2 ? 255 : 0;
        const cv::Mat row = *preprocessImage(checker, InputSpec{16, 16, 1});
        QCOMPARE(cv::countNonZero(row), 0);
    }
    void rejectsBadImages_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<bool>("empty");
        QTest::addColumn<QString>("words");
        QTest::addRow("empty") << int(CV_8UC3) << true << "empty";
        QTest::addRow("16-bit") << int(CV_16UC3) << false << "8-bit";
        QTest::addRow("float") << int(CV_32FC1) << false << "8-bit";
        QTest::addRow("two channels") << int(CV_8UC2) << false << "channels";
    }
    void rejectsBadImages()
    {
        QFETCH(int, type);
        QFETCH(bool, empty);
        QFETCH(QString, words);
        const cv::Mat image = empty ? cv::Mat() : cv::Mat(8, 8, type, cv::Scalar::all(1));
        Result<cv::Mat> row = preprocessImage(image, InputSpec{});
        QVERIFY(!row.isOk());
        QCOMPARE(row.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(row.status().message().contains(words), qPrintable(row.status().message()));
    }
    void rejectsBadSpecs_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("channels");
        QTest::addRow("zero width") << 0 << 16 << 3;
        QTest::addRow("too tall") << 16 << 2000 << 3;
        QTest::addRow("two channels") << 16 << 16 << 2;
        QTest::addRow("four channels") << 16 << 16 << 4;
    }
    void rejectsBadSpecs()
    {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, channels);
        const InputSpec spec{width, height, channels};
        QCOMPARE(spec.validate().kind(), ErrorKind::InvalidArgument);
        QCOMPARE(preprocessImage(noiseImage(8, 8, CV_8UC3, 4), spec).status().kind(),
                 ErrorKind::InvalidArgument);
    }
    void preprocessIntoChecksTheRow()
    {
        const cv::Mat image = noiseImage(8, 8, CV_8UC3, 5);
        const InputSpec spec{8, 8, 3};
        QCOMPARE(preprocessInto(image, spec, cv::Mat(1, 100, CV_32F)).kind(), ErrorKind::InvalidArgument);
        QCOMPARE(preprocessInto(image, spec, cv::Mat(1, 192, CV_64F)).kind(), ErrorKind::InvalidArgument);
        cv::Mat batch(3, 192, CV_32F, cv::Scalar(7));
        QVERIFY(preprocessInto(image, spec, batch.row(1)).isOk());
        QCOMPARE(cv::norm(batch.row(1), *preprocessImage(image, spec), cv::NORM_INF), 0.0);
        QCOMPARE(batch.at<float>(0, 0), 7.0f); // neighbours untouched
        QCOMPARE(batch.at<float>(2, 191), 7.0f);
    }
    void batchStacksRowsAndNamesTheBadImage()
    {
        const InputSpec spec{6, 6, 3};
        std::vector<cv::Mat> images{noiseImage(12, 12, CV_8UC3, 6), noiseImage(7, 9, CV_8UC1, 7),
                                    noiseImage(6, 6, CV_8UC4, 8)};
        Result<cv::Mat> batch = preprocessBatch(images, spec);
        QVERIFY(batch.isOk());
        QCOMPARE(batch->rows, 3);
        QCOMPARE(batch->cols, 108);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(cv::norm(batch->row(i), *preprocessImage(images[size_t(i)], spec), cv::NORM_INF), 0.0);

        images.push_back(cv::Mat(4, 4, CV_16UC1, cv::Scalar(3)));
        Result<cv::Mat> bad = preprocessBatch(images, spec);
        QCOMPARE(bad.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(bad.status().message().contains("batch image 3"), qPrintable(bad.status().message()));
    }
    void inputToImageShowsWhatTheModelSees()
    {
        const InputSpec spec{8, 6, 3};
        const cv::Mat source = noiseImage(6, 8, CV_8UC3, 9);
        Result<cv::Mat> image = inputToImage(*preprocessImage(source, spec), spec);
        QVERIFY(image.isOk());
        QCOMPARE(image->type(), CV_8UC3);
        QCOMPARE(image->size(), cv::Size(8, 6));
        // Standardising keeps the order of values: a brighter source value never shows darker.
        const cv::Mat src = source.reshape(1, 1), out = image->reshape(1, 1);
        for (int i = 0; i < src.cols; ++i)
            for (int j = 0; j < src.cols; ++j)
                if (src.at<uchar>(0, i) < src.at<uchar>(0, j))
                    QVERIFY(out.at<uchar>(0, i) <= out.at<uchar>(0, j));
        QCOMPARE(inputToImage(cv::Mat(1, 10, CV_32F), spec).status().kind(), ErrorKind::InvalidArgument);
        const cv::Mat zeros = cv::Mat::zeros(1, spec.featureCount(), CV_32F);
        QCOMPARE(cv::countNonZero(inputToImage(zeros, spec)->reshape(1) != 128), 0);
    }
};

QTEST_GUILESS_MAIN(TestPreprocess)
#include "tst_preprocess.moc"
