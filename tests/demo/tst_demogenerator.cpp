#include "demo/demogenerator.h"
#include "demo/demoshapes.h"

#include <opencv2/imgproc.hpp>

#include <QCryptographicHash>
#include <QTest>

#include <numbers>

using namespace qs;

namespace {

DemoGenerator make(quint64 seed, int classes = 4, int size = 32, qint64 count = 100)
{
    DemoOptions o;
    o.seed = seed;
    o.classes = classes;
    o.size = size;
    o.count = count;
    Result<DemoGenerator> g = DemoGenerator::create(o);
    if (!g)
        qFatal("%s", qPrintable(g.status().toString()));
    return *g;
}

QByteArray bytesOf(const cv::Mat &m)
{
    return QByteArray(reinterpret_cast<const char *>(m.data), qsizetype(m.total() * m.elemSize()));
}

double maskArea(DemoShape shape, const ShapePose &pose, int side)
{
    cv::Mat mask = cv::Mat::zeros(side, side, CV_8UC1);
    drawShapeMask(mask, shape, pose);
    return cv::sum(mask)[0] / 255.0;
}

} // namespace

class TestDemoGenerator : public QObject {
    Q_OBJECT
private slots:
    void rejectsBadOptions_data()
    {
        QTest::addColumn<qint64>("count");
        QTest::addColumn<int>("size");
        QTest::addColumn<int>("classes");
        QTest::addColumn<QString>("field");
        QTest::addRow("negative count") << qint64(-1) << 32 << 4 << "count";
        QTest::addRow("tiny") << qint64(10) << 15 << 4 << "size";
        QTest::addRow("huge") << qint64(10) << 1025 << 4 << "size";
        QTest::addRow("one class") << qint64(10) << 32 << 1 << "classes";
        QTest::addRow("nine classes") << qint64(10) << 32 << 9 << "classes";
    }
    void rejectsBadOptions()
    {
        QFETCH(qint64, count);
        QFETCH(int, size);
        QFETCH(int, classes);
        QFETCH(QString, field);
        DemoOptions o;
        o.count = count;
        o.size = size;
        o.classes = classes;
        Result<DemoGenerator> g = DemoGenerator::create(o);
        QVERIFY(!g.isOk());
        QCOMPARE(g.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(g.status().message().contains(field), qPrintable(g.status().message()));
    }
    void classNames()
    {
        QCOMPARE(demoClassNames(4), QStringList({"circle", "triangle", "cross", "square"}));
        QCOMPARE(demoClassNames(99).size(), kDemoMaxClasses);
        QCOMPARE(demoClassName(kDemoMaxClasses), QString());
        QCOMPARE(demoClassName(-1), QString());
        QCOMPARE(make(1, 6).classNames().size(), 6);
    }
    void samplesHaveTheRequestedShape_data()
    {
        QTest::addColumn<int>("size");
        QTest::addColumn<int>("classes");
        QTest::addRow("16px, 2 classes") << 16 << 2;
        QTest::addRow("32px, 4 classes") << 32 << 4;
        QTest::addRow("64px, 8 classes") << 64 << 8;
    }
    void samplesHaveTheRequestedShape()
    {
        QFETCH(int, size);
        QFETCH(int, classes);
        const DemoGenerator g = make(3, classes, size);
        for (qint64 i = 0; i < 40; ++i) {
            const DemoSample s = g.sample(i);
            QCOMPARE(s.index, i);
            QCOMPARE(s.image.rows, size);
            QCOMPARE(s.image.cols, size);
            QCOMPARE(s.image.type(), CV_8UC3);
            QVERIFY(s.image.isContinuous());
            QVERIFY(s.label >= 0 && s.label < classes);
            QCOMPARE(s.label, g.labelOf(i));
        }
        QCOMPARE(g.labelOf(-1), -1);
        QVERIFY(g.sample(-5).image.empty());
        QCOMPARE(g.sample(-5).label, -1);
    }
    void sameSeedSameBytes_data()
    {
        QTest::addColumn<int>("size");
        QTest::addColumn<int>("classes");
        QTest::addRow("32px") << 32 << 4;
        QTest::addRow("48px, 8 classes") << 48 << 8;
    }
    void sameSeedSameBytes()
    {
        QFETCH(int, size);
        QFETCH(int, classes);
        DemoGenerator a = make(11, classes, size, 30);
        const DemoGenerator b = make(11, classes, size, 30);
        // b is read out of order: sample i must not depend on what was drawn before it.
        for (qint64 i = 29; i >= 0; --i) {
            const DemoSample fromB = b.sample(i);
            const DemoSample fromA = a.sample(i);
            QCOMPARE(fromA.label, fromB.label);
            QCOMPARE(bytesOf(fromA.image), bytesOf(fromB.image));
        }
        qint64 n = 0;
        while (std::optional<DemoSample> s = a.next()) {
            QCOMPARE(s->index, n);
            QCOMPARE(bytesOf(s->image), bytesOf(b.sample(n).image));
            ++n;
        }
        QCOMPARE(n, qint64(30));
        QVERIFY(a.atEnd());
        QVERIFY(!a.next().has_value());
        a.rewind();
        QCOMPARE(a.position(), qint64(0));
        QCOMPARE(bytesOf(a.next()->image), bytesOf(b.sample(0).image));
    }
    void differentSeedsDiffer()
    {
        const DemoGenerator a = make(1), b = make(2);
        int sameLabels = 0;
        for (qint64 i = 0; i < 200; ++i) {
            QVERIFY(bytesOf(a.sample(i).image) != bytesOf(b.sample(i).image));
            sameLabels += a.labelOf(i) == b.labelOf(i);
        }
        QVERIFY2(sameLabels < 100, qPrintable(QString::number(sameLabels))); // ~50 by chance
        QVERIFY(bytesOf(a.sample(0).image) != bytesOf(a.sample(1).image));
    }
    void pinnedBytes()
    {
        // The dataset is a fixed thing, like a file: the same seed must give these bytes on
        // every machine. A deliberate change to the drawing updates this digest. The digest can
        // only have come from the generator itself, so the labels (shuffled blocks of the four
        // classes) and the image format are pinned as literals of their own.
        const DemoGenerator g = make(1, 4, 32, 16);
        const int labels[16] = {3, 0, 2, 1, 2, 1, 3, 0, 3, 0, 1, 2, 3, 2, 1, 0};
        QCryptographicHash hash(QCryptographicHash::Sha1);
        for (qint64 i = 0; i < 16; ++i) {
            const DemoSample s = g.sample(i);
            QCOMPARE(s.label, labels[i]);
            QCOMPARE(s.image.rows, 32);
            QCOMPARE(s.image.cols, 32);
            QCOMPARE(s.image.type(), CV_8UC3);
            hash.addData(bytesOf(s.image));
            hash.addData(QByteArray::number(s.label));
        }
        QCOMPARE(hash.result().toHex(), QByteArray("b4b2d4e3afe5acca978e70723e945827e6d10b7e"));
    }
    void labelsAreBalanced_data()
    {
        QTest::addColumn<int>("classes");
        QTest::addColumn<qint64>("count");
        QTest::addRow("4 x 250") << 4 << qint64(1000);
        QTest::addRow("3, uneven") << 3 << qint64(1001);
        QTest::addRow("8, short") << 8 << qint64(13);
        QTest::addRow("2") << 2 << qint64(501);
    }
    void labelsAreBalanced()
    {
        QFETCH(int, classes);
        QFETCH(qint64, count);
        const DemoGenerator g = make(5, classes, 32, count);
        std::vector<int> counts(size_t(classes), 0);
        for (qint64 i = 0; i < count; ++i) {
            ++counts[size_t(g.labelOf(i))];
            const auto [lo, hi] = std::minmax_element(counts.begin(), counts.end());
            QVERIFY2(*hi - *lo <= 1, qPrintable(QStringLiteral("prefix %1").arg(i + 1)));
        }
        // Not a fixed cycle: the order within blocks changes.
        int repeats = 0;
        for (qint64 i = classes; i < count; ++i)
            repeats += g.labelOf(i) == g.labelOf(i - classes);
        QVERIFY(repeats < (count - classes) * 0.75);
    }
    void shapeStandsOutFromBackground()
    {
        // The shape sits near the middle; a thin frame at the border is background. One
        // channel of the shape is always bright (a blue shape may still be dark in grey).
        const DemoGenerator g = make(8, 8, 32, 200);
        cv::Mat frame = cv::Mat::ones(32, 32, CV_8U);
        frame(cv::Rect(2, 2, 28, 28)).setTo(0);
        for (qint64 i = 0; i < 200; ++i) {
            const int label = g.labelOf(i);
            if (label == int(DemoShape::Ring) || label == int(DemoShape::Crescent) ||
                label == int(DemoShape::Bars))
                continue; // hollow in the middle
            const cv::Mat image = g.sample(i).image;
            const cv::Scalar centre = cv::mean(image(cv::Rect(13, 13, 6, 6)));
            const cv::Scalar border = cv::mean(image, frame);
            double contrast = 0;
            for (int ch = 0; ch < 3; ++ch)
                contrast = std::max(contrast, centre[ch] - border[ch]);
            QVERIFY2(contrast > 60,
                     qPrintable(QStringLiteral("sample %1: contrast %2").arg(i).arg(contrast)));
        }
    }
    void classesHaveSimilarAreas()
    {
        // Area alone must not give the class away.
        ShapePose pose;
        pose.centre = {48, 48};
        pose.radius = 28;
        const double circle = maskArea(DemoShape::Circle, pose, 96);
        for (int k = 0; k < kDemoMaxClasses; ++k) {
            for (double variant : {0.0, 0.99}) {
                pose.variant = variant;
                const double ratio = maskArea(DemoShape(k), pose, 96) / circle;
                QVERIFY2(ratio > 0.75 && ratio < 1.15, qPrintable(demoClassName(k) + QString::number(ratio)));
            }
        }
    }
    void classesAreDistinctInEveryRotation()
    {
        // For each pair, turn the second shape through every 5 degrees and every variant:
        // the masks always disagree on at least 12% of their union. (The closest pair,
        // circle and square, is at about 16%.)
        const int side = 96;
        ShapePose base;
        base.centre = {side / 2.0, side / 2.0};
        base.radius = 28;
        std::vector<cv::Mat> masks(kDemoMaxClasses);
        for (int a = 0; a < kDemoMaxClasses; ++a) {
            masks[size_t(a)] = cv::Mat::zeros(side, side, CV_8UC1);
            drawShapeMask(masks[size_t(a)], DemoShape(a), base);
        }
        for (int a = 0; a < kDemoMaxClasses; ++a) {
            for (int b = 0; b < kDemoMaxClasses; ++b) {
                if (a == b)
                    continue;
                double closest = 1;
                for (int step = 0; step < 72; ++step) {
                    for (double variant : {0.0, 0.5, 0.99}) {
                        ShapePose pose = base;
                        pose.angle = step * std::numbers::pi / 36;
                        pose.variant = variant;
                        cv::Mat other = cv::Mat::zeros(side, side, CV_8UC1);
                        drawShapeMask(other, DemoShape(b), pose);
                        cv::Mat differ, either;
                        cv::absdiff(masks[size_t(a)], other, differ);
                        cv::max(masks[size_t(a)], other, either);
                        closest = std::min(closest, cv::sum(differ)[0] / cv::sum(either)[0]);
                    }
                }
                QVERIFY2(
                    closest > 0.12,
                    qPrintable(
                        QStringLiteral("%1 vs %2: %3").arg(demoClassName(a), demoClassName(b)).arg(closest)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestDemoGenerator)
#include "tst_demogenerator.moc"
