#include "common/steadyscrollbar.h"

#include <QStandardItemModel>
#include <QStringListModel>
#include <QTableView>
#include <QTest>

using qs::SteadyScrollBar;

namespace {

QImage drawn(QWidget *w)
{
    return w->grab().toImage().convertToFormat(QImage::Format_ARGB32_Premultiplied);
}

// Rows in batches of 50 as the view asks for them (QAbstractItemModel::fetchMore), up to 500.
class PagedModel : public QStringListModel {
public:
    PagedModel() { fetchMore({}); }
    bool canFetchMore(const QModelIndex &parent) const override
    {
        return !parent.isValid() && rowCount() < 500;
    }
    void fetchMore(const QModelIndex &parent) override
    {
        if (parent.isValid())
            return;
        const int from = rowCount();
        insertRows(from, 50);
        for (int r = from; r < from + 50; ++r)
            setData(index(r), QStringLiteral("row %1").arg(r));
    }
};

} // namespace

class TestSteadyScrollBar : public QObject {
    Q_OBJECT
private slots:
    void drawsAsAPlainBar_data();
    void drawsAsAPlainBar();
    void drawsAPressedBarAsAPlainOne();
    void keepsTheViewsWiring();
    void aGrowingTableReusesItsBars();
};

void TestSteadyScrollBar::drawsAsAPlainBar_data()
{
    QTest::addColumn<Qt::Orientation>("orientation");
    QTest::addRow("vertical") << Qt::Vertical;
    QTest::addRow("horizontal") << Qt::Horizontal;
}

// Through a run of range, page and value changes, some that move the handle and many that do
// not, the steady bar's pixels are always a plain QScrollBar's in the same state.
void TestSteadyScrollBar::drawsAsAPlainBar()
{
    QFETCH(Qt::Orientation, orientation);
    SteadyScrollBar steady(orientation);
    QScrollBar plain(orientation);
    const QSize size = orientation == Qt::Vertical ? QSize(16, 300) : QSize(300, 16);
    int x = 100;
    for (QScrollBar *bar : {static_cast<QScrollBar *>(&steady), &plain}) {
        bar->setGeometry(QRect(QPoint(x += 400, 100), size)); // away from the pointer
        bar->show();
        QVERIFY(QTest::qWaitForWindowExposed(bar));
    }
    int checked = 0;
    auto apply = [&](auto change) {
        change(&steady);
        change(&plain);
        QCoreApplication::processEvents();
        QCOMPARE(drawn(&steady), drawn(&plain));
        ++checked;
    };
    for (int rows = 0; rows < 600; rows += 3) {
        apply([rows](QScrollBar *b) { b->setRange(0, rows); });
        apply([rows](QScrollBar *b) { b->setValue(rows); }); // following the end
        if (rows % 60 == 0) {
            apply([rows](QScrollBar *b) { b->setPageStep(10 + rows / 60); });
            apply([rows](QScrollBar *b) { b->setValue(rows / 2); });
            apply([](QScrollBar *b) { b->setValue(0); });
        }
    }
    QVERIFY(checked > 400);
    QVERIFY(!steady.underMouse());
    // A long range followed at its end: the handle is at its least length and stays put.
    apply([](QScrollBar *b) { b->setPageStep(1); });
    const int before = steady.reusedPaints();
    for (int rows = 5000; rows < 5300; ++rows) {
        apply([rows](QScrollBar *b) { b->setRange(0, rows); });
        apply([rows](QScrollBar *b) { b->setValue(rows); });
    }
    // The kept image did the drawing of most of those, or this proved nothing.
    QVERIFY2(steady.reusedPaints() - before > 500, qPrintable(QString::number(steady.reusedPaints())));
    QVERIFY(steady.skippedChanges() > 0);
    apply([](QScrollBar *b) { b->setEnabled(false); });
    apply([](QScrollBar *b) { b->setEnabled(true); });
    apply([](QScrollBar *b) { b->setValue(0); });
    apply([](QScrollBar *b) { b->setRange(0, 0); });
}

void TestSteadyScrollBar::drawsAPressedBarAsAPlainOne()
{
    SteadyScrollBar steady(Qt::Vertical);
    QScrollBar plain(Qt::Vertical);
    int x = 100;
    for (QScrollBar *bar : {static_cast<QScrollBar *>(&steady), &plain}) {
        bar->setGeometry(x += 400, 100, 16, 300);
        bar->setRange(0, 100);
        bar->setValue(50);
        bar->show();
        QVERIFY(QTest::qWaitForWindowExposed(bar));
    }
    QCoreApplication::processEvents();
    QCOMPARE(drawn(&steady), drawn(&plain)); // and the image is kept from here on
    QCoreApplication::processEvents();
    QCOMPARE(drawn(&steady), drawn(&plain));
    const QPoint handle(8, 150); // on the handle, half way
    QTest::mousePress(&steady, Qt::LeftButton, {}, handle);
    QTest::mousePress(&plain, Qt::LeftButton, {}, handle);
    QVERIFY(steady.isSliderDown());
    QCOMPARE(drawn(&steady), drawn(&plain));
    QTest::mouseMove(&steady, handle + QPoint(0, 40));
    QTest::mouseMove(&plain, handle + QPoint(0, 40));
    QCOMPARE(steady.value(), plain.value());
    QCOMPARE(drawn(&steady), drawn(&plain));
    QTest::mouseRelease(&steady, Qt::LeftButton, {}, handle + QPoint(0, 40));
    QTest::mouseRelease(&plain, Qt::LeftButton, {}, handle + QPoint(0, 40));
    QCoreApplication::processEvents();
    QCOMPARE(drawn(&steady), drawn(&plain));
}

// A replaced bar still drives the item view: scrolling to the end asks the model for more rows
// (QAbstractItemView::verticalScrollbarValueChanged) and moves the rows shown.
void TestSteadyScrollBar::keepsTheViewsWiring()
{
    PagedModel model;
    QTableView view;
    view.setModel(&model);
    SteadyScrollBar::install(&view);
    QVERIFY(qobject_cast<SteadyScrollBar *>(view.verticalScrollBar()));
    QVERIFY(qobject_cast<SteadyScrollBar *>(view.horizontalScrollBar()));
    view.resize(200, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(model.rowCount(), 50);
    QCOMPARE(view.rowAt(0), 0);
    view.verticalScrollBar()->triggerAction(QAbstractSlider::SliderToMaximum);
    QTRY_VERIFY(model.rowCount() > 50);
    QVERIFY(view.rowAt(0) > 0);
}

// A table that grows by a row at a time and follows its last row, as the event log does, shows
// what a table with Qt's own bars shows, and its bars mostly copy their kept image.
void TestSteadyScrollBar::aGrowingTableReusesItsBars()
{
    QStandardItemModel model(0, 3);
    QTableView steady;
    QTableView plain;
    SteadyScrollBar::install(&steady);
    for (QTableView *view : {&steady, &plain}) {
        view->setModel(&model);
        view->resize(260, 240); // narrower than the columns: both bars show
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view));
    }
    for (int r = 0; r < 300; ++r) {
        model.appendRow({new QStandardItem(QString::number(r)), new QStandardItem(QStringLiteral("reader")),
                         new QStandardItem(QStringLiteral("state change"))});
        steady.scrollToBottom();
        plain.scrollToBottom();
        QCoreApplication::processEvents();
        if (r % 25 == 0 || r == 299)
            QCOMPARE(drawn(&steady), drawn(&plain));
    }
    auto *v = qobject_cast<SteadyScrollBar *>(steady.verticalScrollBar());
    auto *h = qobject_cast<SteadyScrollBar *>(steady.horizontalScrollBar());
    QVERIFY(v->isVisible() && h->isVisible());
    QVERIFY2(v->reusedPaints() + v->skippedChanges() > 100, qPrintable(QString::number(v->reusedPaints())));
    QVERIFY2(h->reusedPaints() > 100, qPrintable(QString::number(h->reusedPaints())));
}

QTEST_MAIN(TestSteadyScrollBar)
#include "tst_steadyscrollbar.moc"
