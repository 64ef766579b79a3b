#pragma once

#include <QObject>

namespace qs {

// While it lives, the application drops the user's input: clicks, keys and the shortcuts they
// would trigger, the wheel, touch, context menus and drops. Everything else goes on as usual
// (paints, timers, resizes, closing the window), and the busy cursor shows. Input that arrives
// meanwhile is lost, not kept for later: a Start clicked while a saved run opens does not
// start a run once it is open. GUI thread only; one at a time.
class InputBlock : public QObject {
    Q_OBJECT
public:
    InputBlock();
    ~InputBlock() override;

    InputBlock(const InputBlock &) = delete;
    InputBlock &operator=(const InputBlock &) = delete;

    int dropped() const { return m_dropped; } // input events dropped so far

    static bool isUserInput(int eventType);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    int m_dropped = 0;
};

} // namespace qs
