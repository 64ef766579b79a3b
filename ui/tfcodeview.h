#pragma once

#include "observe/snapshot.h"
#include "ui/tfcode.h"

#include <QPlainTextEdit>

class QLabel;

namespace qs {

// The TensorFlow code panel: the equivalent TensorFlow 1.x program for the current config,
// with line numbers, and the line each live thread is executing highlighted in that thread's
// state colour with the thread names beside it (hover a name for its state in words).
class TfCodeView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit TfCodeView(QWidget *parent = nullptr);

    // The threads at one line of the program.
    struct LineMark {
        int line = -1; // 0-based
        QStringList threads;
        QList<ThreadState> states; // parallel to threads
        friend bool operator==(const LineMark &, const LineMark &) = default;
    };

    void setInput(const TfCodeInput &input); // regenerates the program (keeps the scroll position)
    void setSnapshot(const Snapshot &snap);  // moves the highlights
    const TfProgram &program() const { return m_program; }
    QList<LineMark> marks() const { return m_marks; }
    QStringList threadsAt(int line) const;

    // Pure: which line of `program` each thread of `snap` is at, grouped by line, in line order.
    static QList<LineMark> computeMarks(const TfProgram &program, const Snapshot &snap);

    int lineNumberAreaWidth() const;

protected:
    void resizeEvent(QResizeEvent *) override;
    void paintEvent(QPaintEvent *) override;
    bool viewportEvent(QEvent *) override;
    void changeEvent(QEvent *) override;

private:
    friend class TfLineNumberArea;
    void paintLineNumbers(QPaintEvent *e);
    void applyHighlights();
    void updateFont();
    struct Tag {
        QRectF rect; // viewport coordinates
        QString thread;
        QString label; // shortThreadName(thread)
        ThreadState state;
    };
    QList<Tag> tags() const;

    QWidget *m_lineNumbers;
    TfProgram m_program;
    QList<LineMark> m_marks;
};

} // namespace qs
