#include "train/annmlpfile.h"
#include "train/annmlpmodel.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <random>

using namespace qs;

namespace {

// Three well separated clusters in 4 dimensions, +-0.3 uniform noise around each centre.
constexpr int kFeatures = 4;
constexpr int kClasses = 3;
constexpr float kCentres[kClasses][kFeatures] = {{1, 1, -1, -1}, {-1, 1, 1, -1}, {-1, -1, 1, 1}};

struct Batch {
    cv::Mat inputs;
    std::vector<int> labels;
};

Batch clusters(int n, quint64 seed)
{
    std::mt19937_64 engine(seed);
    Batch b{cv::Mat(n, kFeatures, CV_32F), std::vector<int>(size_t(n))};
    for (int i = 0; i < n; ++i) {
        const int label = int(engine() % kClasses);
        b.labels[size_t(i)] = label;
        for (int f = 0; f < kFeatures; ++f)
            b.inputs.at<float>(i, f) =
                kCentres[label][f] + float(double(engine() >> 11) * 0x1.0p-53 * 0.6 - 0.3);
    }
    return b;
}

AnnMlpOptions clusterOptions()
{
    AnnMlpOptions o;
    o.input = InputSpec{kFeatures, 1, 1};
    o.classes = kClasses;
    o.hidden = 8;
    o.learningRate = 0.05;
    o.momentum = 0.3;
    return o;
}

std::unique_ptr<AnnMlpModel> makeModel(const AnnMlpOptions &o = clusterOptions())
{
    Result<std::unique_ptr<AnnMlpModel>> m = AnnMlpModel::create(o);
    if (!m)
        qFatal("%s", qPrintable(m.status().toString()));
    return std::move(m).value();
}

void train(Model &model, int steps, quint64 seed)
{
    for (int s = 0; s < steps; ++s) {
        const Batch b = clusters(32, seed * 100000 + quint64(s));
        Result<StepResult> r = model.trainStep(b.inputs, b.labels);
        QVERIFY2(r.isOk(), qPrintable(r.status().toString()));
    }
}

} // namespace

class TestAnnMlpModel : public QObject {
    Q_OBJECT
private slots:
    void rejectsBadOptions_data()
    {
        QTest::addColumn<int>("classes");
        QTest::addColumn<int>("hidden");
        QTest::addColumn<double>("learningRate");
        QTest::addColumn<double>("momentum");
        QTest::addColumn<int>("channels");
        QTest::addColumn<QString>("words");
        QTest::addRow("one class") << 1 << 8 << 0.01 << 0.1 << 1 << "classes";
        QTest::addRow("one hidden unit") << 3 << 1 << 0.01 << 0.1 << 1 << "hidden";
        QTest::addRow("rate below OpenCV's floor") << 3 << 8 << 0.0005 << 0.1 << 1 << "learning rate";
        QTest::addRow("rate above one") << 3 << 8 << 1.5 << 0.1 << 1 << "learning rate";
        QTest::addRow("rate NaN") << 3 << 8 << qQNaN() << 0.1 << 1 << "learning rate";
        QTest::addRow("momentum one") << 3 << 8 << 0.01 << 1.0 << 1 << "momentum";
        QTest::addRow("negative momentum") << 3 << 8 << 0.01 << -0.1 << 1 << "momentum";
        QTest::addRow("two channels") << 3 << 8 << 0.01 << 0.1 << 2 << "channels";
    }
    void rejectsBadOptions()
    {
        QFETCH(int, classes);
        QFETCH(int, hidden);
        QFETCH(double, learningRate);
        QFETCH(double, momentum);
        QFETCH(int, channels);
        QFETCH(QString, words);
        AnnMlpOptions o = clusterOptions();
        o.classes = classes;
        o.hidden = hidden;
        o.learningRate = learningRate;
        o.momentum = momentum;
        o.input.channels = channels;
        Result<std::unique_ptr<AnnMlpModel>> m = AnnMlpModel::create(o);
        QVERIFY(!m.isOk());
        QCOMPARE(m.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(m.status().message().contains(words), qPrintable(m.status().message()));
    }
    void describesItself()
    {
        const auto model = makeModel();
        QCOMPARE(model->kind(), QStringLiteral("ann_mlp"));
        QCOMPARE(model->inputSpec(), (InputSpec{kFeatures, 1, 1}));
        QCOMPARE(model->classCount(), kClasses);
        QVERIFY(!model->isTrained());
        QCOMPARE(model->stepCount(), qint64(0));
    }
    void learnsSeparableClusters()
    {
        auto model = makeModel();
        const Batch first = clusters(32, 1);
        Result<StepResult> r0 = model->trainStep(first.inputs, first.labels);
        QVERIFY(r0.isOk());
        QCOMPARE(r0->count, 32);
        QVERIFY(!r0->beforeUpdate); // the first step creates the weights
        train(*model, 149, 2);
        const Batch last = clusters(32, 3);
        Result<StepResult> r1 = model->trainStep(last.inputs, last.labels);
        QVERIFY(r1.isOk());
        QVERIFY(r1->beforeUpdate);
        QCOMPARE(model->stepCount(), qint64(151));
        QVERIFY(model->isTrained());
        QVERIFY2(r1->loss < r0->loss / 2, qPrintable(QStringLiteral("%1 -> %2").arg(r0->loss).arg(r1->loss)));

        const Batch test = clusters(300, 4);
        Result<EvalResult> e = model->evaluate(test.inputs, test.labels);
        QVERIFY(e.isOk());
        QCOMPARE(e->count, 300);
        QVERIFY2(e->accuracy >= 0.98, qPrintable(QString::number(e->accuracy)));
        QVERIFY(e->loss < 0.2);
        Result<std::vector<int>> p = model->predict(test.inputs);
        QVERIFY(p.isOk());
        int agree = 0;
        for (size_t i = 0; i < p->size(); ++i)
            agree += (*p)[i] == test.labels[i];
        QCOMPARE(double(agree) / 300, e->accuracy);
        Result<cv::Mat> s = model->scores(test.inputs);
        QVERIFY(s.isOk());
        QCOMPARE(s->rows, 300);
        QCOMPARE(s->cols, kClasses);
        QCOMPARE(s->type(), CV_32F);
    }
    void trainingIsDeterministic()
    {
        auto a = makeModel(), b = makeModel();
        train(*a, 20, 5);
        train(*b, 20, 5);
        const Batch test = clusters(50, 6);
        QCOMPARE(cv::norm(*a->scores(test.inputs), *b->scores(test.inputs), cv::NORM_INF), 0.0);
        b->reset();
        QVERIFY(!b->isTrained());
        QCOMPARE(b->stepCount(), qint64(0));
        train(*b, 20, 5);
        QCOMPARE(cv::norm(*a->scores(test.inputs), *b->scores(test.inputs), cv::NORM_INF), 0.0);
    }
    void needsWeightsFirst()
    {
        auto model = makeModel();
        const Batch b = clusters(4, 7);
        QCOMPARE(model->predict(b.inputs).status().kind(), ErrorKind::FailedPrecondition);
        QCOMPARE(model->scores(b.inputs).status().kind(), ErrorKind::FailedPrecondition);
        QCOMPARE(model->evaluate(b.inputs, b.labels).status().kind(), ErrorKind::FailedPrecondition);
        QTemporaryDir dir;
        QCOMPARE(model->save(dir.filePath("m.yml")).kind(), ErrorKind::FailedPrecondition);
        QVERIFY(!QFile::exists(dir.filePath("m.yml")));
    }
    void rejectsBadLabels_data()
    {
        QTest::addColumn<std::vector<int>>("labels");
        QTest::addColumn<QString>("words");
        QTest::addRow("negative") << std::vector<int>{0, -1, 2, 1} << "label -1 of row 1";
        QTest::addRow("equal to classes") << std::vector<int>{0, 1, 2, 3} << "label 3 of row 3";
        QTest::addRow("far out") << std::vector<int>{1000, 1, 2, 0} << "label 1000 of row 0";
        QTest::addRow("too few") << std::vector<int>{0, 1, 2} << "3 labels for 4 input rows";
        QTest::addRow("too many") << std::vector<int>{0, 1, 2, 0, 1} << "5 labels for 4 input rows";
    }
    void rejectsBadLabels()
    {
        QFETCH(std::vector<int>, labels);
        QFETCH(QString, words);
        auto model = makeModel();
        const Batch b = clusters(4, 8);
        // Untrained: the check comes before the weights are created.
        Result<StepResult> r = model->trainStep(b.inputs, labels);
        QCOMPARE(r.status().kind(), ErrorKind::InvalidArgument);
        QVERIFY2(r.status().message().contains(words), qPrintable(r.status().message()));
        QVERIFY(!model->isTrained());

        // Trained: a rejected step changes nothing.
        train(*model, 3, 9);
        const cv::Mat before = model->scores(b.inputs)->clone();
        QCOMPARE(model->trainStep(b.inputs, labels).status().kind(), ErrorKind::InvalidArgument);
        QCOMPARE(model->evaluate(b.inputs, labels).status().kind(), ErrorKind::InvalidArgument);
        QCOMPARE(model->stepCount(), qint64(3));
        QCOMPARE(cv::norm(*model->scores(b.inputs), before, cv::NORM_INF), 0.0);
    }
    void rejectsBadInputs_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("type");
        QTest::addColumn<bool>("nan");
        QTest::addColumn<QString>("words");
        QTest::addRow("empty") << 0 << kFeatures << int(CV_32F) << false << "empty";
        QTest::addRow("wrong width") << 4 << 5 << int(CV_32F) << false << "N x 4 CV_32F";
        QTest::addRow("doubles") << 4 << kFeatures << int(CV_64F) << false << "N x 4 CV_32F";
        QTest::addRow("bytes") << 4 << kFeatures << int(CV_8U) << false << "N x 4 CV_32F";
        QTest::addRow("NaN") << 4 << kFeatures << int(CV_32F) << true << "row 2, feature 1 is not a finite";
    }
    void rejectsBadInputs()
    {
        QFETCH(int, rows);
        QFETCH(int, cols);
        QFETCH(int, type);
        QFETCH(bool, nan);
        QFETCH(QString, words);
        auto model = makeModel();
        train(*model, 2, 10);
        cv::Mat inputs(rows, cols, type, cv::Scalar(0.5));
        if (nan)
            inputs.at<float>(2, 1) = qQNaN();
        const std::vector<int> labels(size_t(rows), 0);
        for (const Status &s : {model->trainStep(inputs, labels).status(), model->predict(inputs).status(),
                                model->evaluate(inputs, labels).status()}) {
            QCOMPARE(s.kind(), ErrorKind::InvalidArgument);
            QVERIFY2(s.message().contains(words), qPrintable(s.message()));
        }
        QCOMPARE(model->stepCount(), qint64(2));
    }
    // The start is LeCun's: each layer's weights uniform with standard deviation
    // gain / sqrt(fan-in), so at most sqrt(3) times that (gain 2 hidden, 1 output). OpenCV's own
    // start drew the output weights from [-1, 1], which let an output unit saturate (the demo's
    // class that never took off). One step at the smallest learning rate moves them little.
    void startsWithLeCunScaledWeights()
    {
        AnnMlpOptions o; // the demo's model: 16x16x3 inputs, 64 hidden units, 4 classes
        o.learningRate = 0.001;
        auto model = makeModel(o);
        const int features = o.input.width * o.input.height * o.input.channels;
        cv::Mat inputs(32, features, CV_32F);
        cv::randu(inputs, -1, 1);
        std::vector<int> labels(32);
        for (int i = 0; i < 32; ++i)
            labels[size_t(i)] = i % o.classes;
        QVERIFY(model->trainStep(inputs, labels).isOk());
        QTemporaryDir dir;
        const QString path = dir.filePath("model.yml");
        QVERIFY(model->save(path).isOk());

        Result<std::string> text = readModelFile(path);
        QVERIFY(text.isOk());
        Result<AnnMlpFile> file = decodeAnnMlpFile(*text, path);
        QVERIFY2(file.isOk(), qPrintable(file.status().toString()));
        const double gains[2] = {2, 1};
        for (int layer = 0; layer < 2; ++layer) {
            const cv::Mat w = file->network->getWeights(layer + 1);
            const int fanIn = w.rows; // the inputs and the bias
            double lo = 0, hi = 0;
            cv::minMaxLoc(w, &lo, &hi);
            const double bound = std::sqrt(3.0) * gains[layer] / std::sqrt(double(fanIn));
            QVERIFY2(std::max(-lo, hi) <= bound + 0.02,
                     qPrintable(QStringLiteral("layer %1: weights in [%2, %3], LeCun bound %4")
                                    .arg(layer + 1)
                                    .arg(lo)
                                    .arg(hi)
                                    .arg(bound)));
            QVERIFY2(std::max(-lo, hi) >= 0.5 * bound, "the weights are not spread over their range");
        }
    }

    void saveLoadRoundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("model.yml");
        auto model = makeModel();
        train(*model, 40, 11);
        QVERIFY(model->save(path).isOk());

        auto copy = makeModel();
        const Status loaded = copy->load(path);
        QVERIFY2(loaded.isOk(), qPrintable(loaded.toString()));
        QVERIFY(copy->isTrained());
        QCOMPARE(copy->stepCount(), qint64(40));
        const Batch test = clusters(200, 12);
        QCOMPARE(*copy->predict(test.inputs), *model->predict(test.inputs));
        QVERIFY(cv::norm(*copy->scores(test.inputs), *model->scores(test.inputs), cv::NORM_INF) < 1e-6);

        Result<std::unique_ptr<AnnMlpModel>> opened = AnnMlpModel::open(path);
        QVERIFY2(opened.isOk(), qPrintable(opened.status().toString()));
        QCOMPARE((*opened)->options().hidden, 8);
        QCOMPARE((*opened)->options().learningRate, 0.05);
        QCOMPARE(*(*opened)->predict(test.inputs), *model->predict(test.inputs));

        // Training goes on from the loaded weights, as from the original ones.
        const Batch next = clusters(32, 13);
        Result<StepResult> a = model->trainStep(next.inputs, next.labels);
        Result<StepResult> b = copy->trainStep(next.inputs, next.labels);
        QVERIFY(a.isOk() && b.isOk());
        QVERIFY(b->beforeUpdate);
        QCOMPARE(copy->stepCount(), qint64(41));
        QVERIFY(qAbs(a->loss - b->loss) < 1e-6);
    }
    void loadErrorsNameTheFile_data()
    {
        QTest::addColumn<QByteArray>("content"); // empty: no file at all
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("words");
        QTest::addRow("missing") << QByteArray() << int(ErrorKind::NotFound) << "does not exist";
        QTest::addRow("not yaml") << QByteArray("\x01\x02 {{{ ]]]") << int(ErrorKind::DataLoss)
                                  << "unreadable";
        QTest::addRow("other yaml") << QByteArray("%YAML:1.0\nanswer: 42\n")
                                    << int(ErrorKind::InvalidArgument) << "not a QueueScope model file";
        QTest::addRow("other kind") << QByteArray("%YAML:1.0\nqueuescope_model:\n  kind: svm\n  version: 1\n")
                                    << int(ErrorKind::InvalidArgument) << "'svm'";
        QTest::addRow("newer version")
            << QByteArray("%YAML:1.0\nqueuescope_model:\n  kind: ann_mlp\n  version: 2\n")
            << int(ErrorKind::Unimplemented) << "version 2";
    }
    void loadErrorsNameTheFile()
    {
        QFETCH(QByteArray, content);
        QFETCH(int, kind);
        QFETCH(QString, words);
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.yml");
        if (!content.isEmpty()) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        auto model = makeModel();
        const Status s = model->load(path);
        QCOMPARE(int(s.kind()), kind);
        QVERIFY2(s.message().contains(words), qPrintable(s.toString()));
        QCOMPARE(s.where().file, path);
        QVERIFY(!model->isTrained());
        QCOMPARE(int(AnnMlpModel::open(path).status().kind()), kind);
    }
    void loadRejectsAnotherShape_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("classes");
        QTest::addColumn<QString>("words");
        QTest::addRow("other input") << 5 << kClasses << "model file has input 5x1x1 and 3 classes";
        QTest::addRow("other classes") << kFeatures << 4 << "input 4x1x1 and 4 classes";
    }
    void loadRejectsAnotherShape()
    {
        QFETCH(int, width);
        QFETCH(int, classes);
        QFETCH(QString, words);
        AnnMlpOptions o = clusterOptions();
        o.input.width = width;
        o.classes = classes;
        auto saved = makeModel(o);
        cv::Mat inputs(8, width, CV_32F, cv::Scalar(0.1));
        QVERIFY(saved->trainStep(inputs, std::vector<int>(8, classes - 1)).isOk());
        QTemporaryDir dir;
        const QString path = dir.filePath("other.yml");
        QVERIFY(saved->save(path).isOk());

        auto model = makeModel();
        const Status s = model->load(path);
        QCOMPARE(s.kind(), ErrorKind::InvalidArgument);
        QVERIFY2(s.message().contains(words), qPrintable(s.toString()));
        QCOMPARE(s.where().file, path);
        QVERIFY(!model->isTrained());
    }
    void loadRejectsDamage_data()
    {
        QTest::addColumn<QString>("edit"); // "from|to" on the text of a good file, or "truncate"
        QTest::addColumn<QString>("words");
        QTest::addRow("header says other input") << "input_width: 4|input_width: 5"
                                                 << "layer sizes";
        QTest::addRow("header says other hidden") << "hidden: 8|hidden: 9"
                                                  << "layer sizes";
        QTest::addRow("header out of range") << "classes: 3|classes: 1"
                                             << "classes";
        QTest::addRow("other activation") << "SIGMOID_SYM|GAUSSIAN"
                                          << "activation";
        QTest::addRow("truncated") << "truncate"
                                   << "model file";
    }
    void loadRejectsDamage()
    {
        QFETCH(QString, edit);
        QFETCH(QString, words);
        QTemporaryDir dir;
        const QString path = dir.filePath("model.yml");
        auto model = makeModel();
        train(*model, 5, 14);
        QVERIFY(model->save(path).isOk());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        if (edit == "truncate") {
            text.truncate(text.size() * 3 / 4);
        } else {
            const QStringList parts = edit.split('|');
            QVERIFY(text.contains(parts[0].toLatin1()));
            text.replace(parts[0].toLatin1(), parts[1].toLatin1());
        }
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(text);
        f.close();

        auto other = makeModel();
        train(*other, 2, 15);
        const Batch test = clusters(20, 16);
        const std::vector<int> before = *other->predict(test.inputs);
        const Status s = other->load(path);
        QCOMPARE(s.kind(), ErrorKind::DataLoss);
        QVERIFY2(s.message().contains(words), qPrintable(s.toString()));
        QCOMPARE(s.where().file, path);
        QCOMPARE(*other->predict(test.inputs), before); // a failed load leaves the model alone
        QCOMPARE(other->stepCount(), qint64(2));
        QCOMPARE(AnnMlpModel::open(path).status().kind(), ErrorKind::DataLoss);
    }
    void saveReportsAnUnwritablePath()
    {
        auto model = makeModel();
        train(*model, 1, 17);
        QTemporaryDir dir;
        const QString path = dir.filePath("no/such/folder/model.yml");
        const Status s = model->save(path);
        QCOMPARE(s.kind(), ErrorKind::NotFound);
        QCOMPARE(s.where().file, path);
    }
};

QTEST_GUILESS_MAIN(TestAnnMlpModel)
#include "tst_annmlpmodel.moc"
