#include "rundata.h"

#include "run/pipeline.h"

#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace std::chrono_literals;

namespace {

QList<Event> eventsOf(const Pipeline &p, EventKind kind)
{
    QList<Event> out;
    for (const Event &e : p.snapshot(0)->events) {
        if (e.kind == kind)
            out << e;
    }
    return out;
}

} // namespace

class TestPipeline : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_files = test::writeDemoFiles(m_dir.path(), QStringLiteral("train"), 3, 60);
    }

    void cleanEndOfData()
    {
        RunConfig c = test::smallConfig(m_files);
        auto p = Pipeline::create(c);
        QVERIFY2(p.isOk(), qPrintable(p.status().toString()));
        QCOMPARE((*p)->numClasses(), 4);
        QVERIFY((*p)->start().isOk());
        QVERIFY((*p)->waitFinished(30s));
        const RunSummary s = (*p)->summary();
        QCOMPARE(s.howKey(), QStringLiteral("end_of_data"));
        QVERIFY2(s.error.isOk(), qPrintable(s.error.toString()));
        // 180 records, every 10th held out: 162 to train on, 20 whole batches of 8.
        QCOMPARE(s.steps, 20);
        QCOMPARE(s.samples, 160);
        QCOMPARE(s.heldOutSamples, 18);
        QCOMPARE(s.joinResult, QStringLiteral("ok"));
        const QList<Event> closes = eventsOf(**p, EventKind::QueueClose);
        QVERIFY(closes.size() >= 2);
        QCOMPARE(closes[0].details.value("queue").toString(), QStringLiteral("input_producer"));
        QCOMPARE(closes[1].details.value("queue").toString(),
                 QStringLiteral("shuffle_batch/random_shuffle_queue"));
        QCOMPARE(closes[1].details.value("cancel_pending").toBool(), false);
        const QList<Event> ends = eventsOf(**p, EventKind::End);
        QCOMPARE(ends.size(), 1);
        QCOMPARE(ends[0].details.value("how").toString(), QStringLiteral("end_of_data"));
    }

    void destroyedMidRunDoesNotHang()
    {
        RunConfig c = test::smallConfig(m_files);
        c.pipeline.numEpochs = 0;
        auto p = Pipeline::create(c);
        QVERIFY(p.isOk());
        QVERIFY((*p)->start().isOk());
        QTRY_VERIFY_WITH_TIMEOUT((*p)->snapshot(0)->steps > 3, 20000);
        p->reset();
    }

private:
    QTemporaryDir m_dir;
    QStringList m_files;
};

QTEST_GUILESS_MAIN(TestPipeline)
#include "tst_pipeline.moc"
