#pragma once

#include <QTextBrowser>

namespace qs {

// The "Thread states" help panel: every state's colour swatch, name and one-sentence
// explanation (StatePalette's), and how the views use them, in the UI's language.
class StateHelpView : public QTextBrowser {
    Q_OBJECT
public:
    explicit StateHelpView(QWidget *parent = nullptr);

    static QString helpHtml(); // what the panel shows (also for tests)

protected:
    void changeEvent(QEvent *) override;
};

} // namespace qs
