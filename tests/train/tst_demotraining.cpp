#include "demo/demogenerator.h"
#include "train/annmlpmodel.h"

#include <QElapsedTimer>
#include <QTest>

using namespace qs;

// The demo dataset, end to end: what the app shows on first start must actually learn.
// Training takes fresh samples from one seed in batches of 32, as the pipeline would hand
// them out; held-out samples come from another seed.
namespace {

constexpr int kBatch = 32;
constexpr int kSteps = 2000;
constexpr int kHeldOut = 1000;
const InputSpec kInput{16, 16, 3};

DemoGenerator generator(quint64 seed)
{
    DemoOptions o;
    o.seed = seed;
    o.count = qint64(kBatch) * kSteps;
    o.size = 32;
    o.classes = 4;
    return *DemoGenerator::create(o);
}

void batchOf(const DemoGenerator &g, qint64 first, int n, cv::Mat &inputs, std::vector<int> &labels)
{
    inputs.create(n, kInput.featureCount(), CV_32F);
    labels.resize(size_t(n));
    for (int i = 0; i < n; ++i) {
        const DemoSample s = g.sample(first + i);
        QVERIFY(preprocessInto(s.image, kInput, inputs.row(i)).isOk());
        labels[size_t(i)] = s.label;
    }
}

} // namespace

class TestDemoTraining : public QObject {
    Q_OBJECT
private slots:
    void mlpLearnsTheDemoData_data()
    {
        QTest::addColumn<quint64>("trainSeed");
        QTest::addColumn<quint64>("testSeed");
        QTest::addRow("seeds 1 / 1001") << quint64(1) << quint64(1001);
    }
    void mlpLearnsTheDemoData()
    {
        QFETCH(quint64, trainSeed);
        QFETCH(quint64, testSeed);
        AnnMlpOptions o; // the defaults are what the app uses: 16x16x3, 64 hidden
        QCOMPARE(o.input, kInput);
        QCOMPARE(o.hidden, 64);
        Result<std::unique_ptr<AnnMlpModel>> model = AnnMlpModel::create(o);
        QVERIFY(model.isOk());

        const DemoGenerator train = generator(trainSeed), test = generator(testSeed);
        cv::Mat testInputs;
        std::vector<int> testLabels;
        batchOf(test, 0, kHeldOut, testInputs, testLabels);

        cv::Mat inputs;
        std::vector<int> labels;
        qint64 trainNs = 0;
        QElapsedTimer total;
        total.start();
        double lastAccuracy = 0;
        for (int step = 0; step < kSteps; ++step) {
            batchOf(train, qint64(step) * kBatch, kBatch, inputs, labels);
            QElapsedTimer t;
            t.start();
            Result<StepResult> r = (*model)->trainStep(inputs, labels);
            trainNs += t.nsecsElapsed();
            QVERIFY2(r.isOk(), qPrintable(r.status().toString()));
            lastAccuracy = 0.98 * lastAccuracy + 0.02 * r->accuracy;
        }
        const qint64 totalMs = total.elapsed();
        Result<EvalResult> e = (*model)->evaluate(testInputs, testLabels);
        QVERIFY(e.isOk());
        qInfo("%d steps of %d in %lld ms (%.2f ms per trainStep): held-out accuracy %.3f, loss %.3f; "
              "training accuracy (moving average) %.3f",
              kSteps, kBatch, totalMs, trainNs / 1e6 / kSteps, e->accuracy, e->loss, lastAccuracy);
        QVERIFY2(e->accuracy >= 0.90, qPrintable(QString::number(e->accuracy)));
    }
    void linearModelDoesNotSolveIt()
    {
        // Not trivial: the best linear classifier in the least-squares sense (ridge regression
        // onto +-1 targets, closed form) on the same inputs stays far from the MLP.
        const DemoGenerator train = generator(2), test = generator(1002);
        cv::Mat x, tx;
        std::vector<int> labels, testLabels;
        batchOf(train, 0, 3000, x, labels);
        batchOf(test, 0, kHeldOut, tx, testLabels);
        const auto withBias = [](const cv::Mat &m) {
            cv::Mat out(m.rows, m.cols + 1, CV_64F, cv::Scalar(1));
            m.convertTo(out.colRange(0, m.cols), CV_64F);
            return out;
        };
        const cv::Mat a = withBias(x), ta = withBias(tx);
        cv::Mat targets(a.rows, 4, CV_64F, cv::Scalar(-1));
        for (int i = 0; i < a.rows; ++i)
            targets.at<double>(i, labels[size_t(i)]) = 1;
        cv::Mat normal = a.t() * a + 100.0 * cv::Mat::eye(a.cols, a.cols, CV_64F), w;
        QVERIFY(cv::solve(normal, a.t() * targets, w, cv::DECOMP_CHOLESKY));
        const cv::Mat out = ta * w;
        int correct = 0;
        for (int i = 0; i < out.rows; ++i) {
            cv::Point best;
            cv::minMaxLoc(out.row(i), nullptr, nullptr, nullptr, &best);
            correct += best.x == testLabels[size_t(i)];
        }
        const double accuracy = double(correct) / out.rows;
        qInfo("linear least-squares classifier: held-out accuracy %.3f", accuracy);
        QVERIFY2(accuracy > 0.3, "the images carry no signal at all?");
        QVERIFY2(accuracy < 0.75, qPrintable(QString::number(accuracy)));
    }
};

QTEST_GUILESS_MAIN(TestDemoTraining)
#include "tst_demotraining.moc"
