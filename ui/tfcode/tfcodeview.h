#pragma once

#include "observe/snapshot.h"
#include "tfcode/tfcode.h"

#include <QPlainTextEdit>

class QLabel;

namespace qs {

// The TensorFlow code panel: the equivalent TensorFlow 1.x program for the current config,
// with line numbers, and the line each live thread is executing highlighted in that thread's
// state colour with the thread names beside it (hover a name for its state in words). A strip
// at the right shows where in the whole program the threads are; click it to go there.
class TfCodeView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit TfCodeView(QWidget *parent = nullptr);

    // The threads at one line of the program.
    struct LineMark {
        int line = -1; // 0-based
        QStringList threads;
        QList<ThreadState> states; // parallel to threads
        QStringList labels;        // the topology's short labels, parallel to threads
        friend bool operator==(const LineMark &, const LineMark &) = default;
    };

    void setInput(const TfCodeInput &input); // regenerates the program (keeps the scroll position)
    void setSnapshot(const Snapshot &snap);  // moves the highlights
    // The view follows the highlighted lines (scrolls them into view when they leave it) until the
    // user scrolls it; a new program or a new run (highlights after none) follows again.
    bool isFollowing() const { return m_follow; }
    void setFollowing(bool on);
    int firstVisibleLine() const; // 0-based
    int visibleLineCount() const;
    const TfProgram &program() const { return m_program; }
    QList<LineMark> marks() const { return m_marks; }
    QStringList threadsAt(int line) const;

    // Pure: which line of `program` each thread of `snap` is at, grouped by line, in line order.
    static QList<LineMark> computeMarks(const TfProgram &program, const Snapshot &snap);
    // The tag for threads alike at one line: one name as it is, else what they share and how
    // many: "random_shuffle_queue ×2", "close_on_stop ×2", or "3 threads".
    static QString groupLabel(const QStringList &names);

    int lineNumberAreaWidth() const;

protected:
    void resizeEvent(QResizeEvent *) override;
    void paintEvent(QPaintEvent *) override;
    bool viewportEvent(QEvent *) override;
    void changeEvent(QEvent *) override;

private:
    friend class TfLineNumberArea;
    friend class TfOverviewStrip;
    void paintLineNumbers(QPaintEvent *e);
    void paintOverview(QWidget *strip);
    QString overviewTip(double fraction) const; // the threads near that height of the program
    void scrollToFraction(double fraction);     // centre that part of the program
    void updateMargins();
    void applyHighlights();
    void followMarks();
    void scrollToLine(int line); // the first line shown, not counted as the user's scroll
    void updateFont();
    struct Tag {
        QRectF rect;         // viewport coordinates
        QStringList threads; // full names, all in `state`
        QStringList labels;  // their short labels
        QString label;       // groupLabel of their short names
        ThreadState state;
    };
    QList<Tag> tags() const;

    QWidget *m_lineNumbers;
    QWidget *m_overview;
    TfProgram m_program;
    QList<LineMark> m_marks;
    bool m_follow = true;
};

} // namespace qs
