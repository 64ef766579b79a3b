#pragma once

#include "example/featurespec.h"
#include "observe/runhistory.h"
#include "run/runconfig.h"
#include "scenario/scenario.h"
#include "window/snapshotsource.h"

#include <QFont>
#include <QMainWindow>

#include <functional>
#include <memory>
#include <optional>

class QActionGroup;
class QJsonObject;
class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QScreen;
class QTimer;

namespace qs {

class ControlsPanel;
class EventLogView;
class ExplanationView;
class FrameLog;
class FrameMeter;
class FrameTimingView;
class LanguageManager;
class MetricsCharts;
class PipelineDiagram;
class QueueChart;
class RunControls;
class RunStatusView;
class RunsPanel;
struct RunDigest;
class SamplesView;
class StateHelpView;
class TfCodeView;
class ThreadTableModel;
class ThreadTimelinePanel;

// The QueueScope window. It polls a SnapshotSource on a ~30 Hz timer (GUI thread only) and hands
// each immutable snapshot to every panel; it never calls into the pipeline otherwise. What the
// user asks for (open, start, stop, step mode, next step, speed, scenario) leaves as signals,
// for whoever owns the pipeline to act on (RunController). The timeline is the central widget; the
// other panels are docks whose layout is kept in QSettings. The Controls dock holds the scenario
// and the run's knobs: runConfig() and scenario() are what a Start should run. It hands out none
// of its widgets; tests find them by type and object name.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(SnapshotSource source = {}, QWidget *parent = nullptr);
    ~MainWindow() override;

    // How the docks are laid out: Wide puts them around the timeline as the design sketch does;
    // Compact (small screens, large zoom) gives the diagram and timeline the full width and tabs
    // the rest under them. The window picks one from its size and zoom, at the first show, on
    // Reset Layout and whenever a resize or zoom crosses from one to the other.
    enum class Arrangement { Wide, Compact };
    static Arrangement arrangementFor(QSize size, double zoom);
    Arrangement arrangement() const { return m_arrangement; }

    void setSnapshotSource(SnapshotSource source); // resets the event cursor
    void setPollInterval(int ms);                  // default 33 ms
    SnapshotPtr lastSnapshot() const { return m_last; }
    qint64 eventCursor() const { return m_cursor; }
    double presentationZoom() const { return m_zoom; }
    QString scenario() const; // the chosen scenario's key: "" for none, a name, or a file path
    std::optional<Scenario> currentScenario() const;
    RunConfig runConfig() const; // the Controls dock's knobs with the input files
    QStringList inputFiles() const { return m_inputFiles; }
    QString startBlockReason() const; // why Start must wait (no input, an invalid setting); "" lets it go
    double speed() const;             // the run speed chosen: 1 = full speed
    bool isStepMode() const;          // step mode is on: a new run starts in it
    bool isFrameTimingShown() const;
    // The app's --frame-stats: times each polled frame (snapshot, panel updates, repaint) and
    // writes a FrameLog's lines to `sink`, every 5 s and for the whole session when the app quits.
    void logFrameStats(std::function<void(const QString &line)> sink);

    // The time cursor (mainwindowcursor.cpp). Live (-1) every view shows now; once the run has
    // finished, or while it is in step mode, the cursor can be put at any instant of the run and
    // every view but the timeline's lanes, the event log's rows and the charts' lines (which show
    // the whole run, with the cursor's line and row) shows the run as it was then.
    qint64 cursorUs() const { return m_cursorUs; }
    bool canScrub() const;
    const RunHistory &history() const { return m_history; }
    SnapshotPtr shownSnapshot() const { return m_atCursor ? m_atCursor : m_last; } // what the views show
    int cursorEvent() const { return m_cursorEvent; } // index in history().events(); -1 none

public slots:
    void poll();                                    // ask the source once and apply what it gives
    void applySnapshot(const qs::SnapshotPtr &s);   // show one snapshot (also used by tests)
    void resetRun();                                // forget accumulated events (a new run)
    void openFiles(const QStringList &files);       // remember them and emit openFilesRequested
    void setInputFiles(const QStringList &files);   // show them as the current input (no signal)
    bool selectScenario(const QString &nameOrPath); // emits scenarioChosen; a status note when unknown
    void setDefaultInput(const QStringList &files); // what runs when no file is open (demo data)
    // What the run found in the data, for the TensorFlow code: the feature spec and class count.
    void setDetectedData(const std::optional<qs::FeatureSpec> &spec, int numClasses);
    bool setLanguage(const QString &code);        // "en", "zh_TW", "zh_CN"; saved in QSettings
    bool setSessionLanguage(const QString &code); // the same for this session only (the app's --lang)
    void setPresentationZoom(double factor);      // 0.5 .. 4, scales fonts and timeline lanes
    void zoomIn();
    void zoomOut();
    void zoomReset();
    void showMessage(const QString &text); // a note in the status bar, never a dialog
    // Shows and raises a panel: "controls", "explanation", "pipeline", "events", "threads", "code",
    // "states", "samples", "metrics", "queues". False for an unknown name.
    bool showPanel(const QString &name);
    void setFrameTimingShown(bool on); // the frame-timing overlay in the status bar
    void setCursorUs(qint64 tUs);      // ignored while the run cannot be scrubbed
    void moveCursorToEvent(int index); // index in history().events()
    void previousEvent();              // the cursor to the event before it (from live: the last)
    void nextEvent();
    void followNow(); // the cursor back to live

    // Saved runs (mainwindowruns.cpp): File > Open Run…, Save Run…, Export; a dropped or
    // command-line run file opens as a run, not as input. Whoever owns the runs acts on the
    // signals (RunController) and calls showOpenedRun() with what it read.
    static bool isRunFile(const QString &path); // .qsrun / .qsrun.partial, or an SQLite file
    void chooseRunToOpen();
    void chooseRunToSave();
    void chooseExport(int kind);                // 0: Chrome/Perfetto trace, 1: JSON Lines event log
    void setOpenedRunName(const QString &name); // in the title; "" when a live run shows
    void openDropped(const QStringList &files); // what a drop of these files does
    // File ▸ Choose Features… (mainwindowschema.cpp): the feature picker for the open files; its
    // choice becomes the run's spec and is remembered per file (SchemaMemory), applied again
    // when the file is opened; opening a file where detection finds no image offers it at once.
    void chooseFeatures();

    // The Runs list (mainwindowcompare.cpp): a finished run of the session or a run opened from
    // a file; the compared ones are overlaid on the metrics charts. setShownRunPath names the
    // one the views show ("" for a live run), which is never overlaid on itself.
    void addRun(const RunDigest &digest);
    void setShownRunPath(const QString &path);
    void compareAllRuns(); // ticks Compare beside every listed run (as many as can be compared)

signals:
    void openRunRequested(const QString &path);
    void saveRunRequested(const QString &path);
    void exportRequested(int kind, const QString &path);
    void startRequested();
    void stopRequested();
    void stepModeToggled(bool on);
    void nextStepRequested();
    void speedChanged(double factor); // 1 = full speed, 0.1 = ten times slower
    void openFilesRequested(const QStringList &files);
    void scenarioChosen(const QString &key);
    void languageChanged(const QString &code);

protected:
    void closeEvent(QCloseEvent *) override;
    void changeEvent(QEvent *) override;
    void showEvent(QShowEvent *) override;
    void resizeEvent(QResizeEvent *) override;
    void dragEnterEvent(QDragEnterEvent *) override;
    void dropEvent(QDropEvent *) override;

private:
    static constexpr int kLayoutVersion = 5; // of saveState(): bump when the docks change
    QDockWidget *addPanel(QWidget *panel, const QString &objectName, Qt::DockWidgetArea area);
    void createMenus();
    void createToolBar();
    void retranslateUi();
    void updateRecentMenu();
    void chooseFiles();
    void saveLayout() const;
    void updateCode();
    void applyScenarioPace();
    void applyDefaultSizes();
    void arrange(Arrangement a);
    void resetLayout();
    void rearrangeIfNeeded();
    void fitToScreen();
    static QSize defaultSize(const QScreen *screen);
    QDockWidget *dock(const char *objectName) const;
    void featureFilesOpened(const QStringList &files);
    void applyFeatureChoice(const QJsonObject &spec);
    void createRunFileActions();
    void retranslateRunFiles();
    void createCursorActions();
    void retranslateCursor();
    void updateCursorActions();
    void showViews(const SnapshotPtr &live, const SnapshotPtr &shown);
    SnapshotPtr withRecordQueues(const SnapshotPtr &live) const;
    void updateOverlays();

    SnapshotSource m_source;
    SnapshotPtr m_last;
    RunHistory m_history;
    qint64 m_cursorUs = -1;
    int m_cursorEvent = -1;
    bool m_cursorOnEvent = false; // the cursor sits on m_cursorEvent's time, put there by an event
    SnapshotPtr m_atCursor;       // the run at the cursor; null while live
    SnapshotPtr m_queuesShown;    // the queue chart's snapshot (its history from the record)
    qint64 m_queuesShownAtMs = -1;
    QAction *m_chooseFeatures = nullptr;
    QAction *m_openRun = nullptr;
    QAction *m_saveRun = nullptr;
    QMenu *m_exportMenu = nullptr;
    QAction *m_exportTrace = nullptr;
    QAction *m_exportJsonl = nullptr;
    QString m_openedRunName;
    QMenu *m_cursorMenu = nullptr;
    QAction *m_previousEvent = nullptr;
    QAction *m_nextEvent = nullptr;
    QAction *m_followNow = nullptr;
    qint64 m_cursor = 0;
    QTimer *m_timer;
    FrameMeter *m_frameMeter;
    FrameTimingView *m_frameTiming;
    std::unique_ptr<FrameLog> m_frameLog; // destroyed before the meter (a child)
    LanguageManager *m_languages;
    RunControls *m_controls;
    RunStatusView *m_status;
    ThreadTimelinePanel *m_timeline;
    PipelineDiagram *m_diagram;
    EventLogView *m_eventLog;
    ThreadTableModel *m_threadModel;
    bool m_threadTableShown = false; // its dock is on screen, not behind another tab
    QMetaObject::Connection m_threadDockWatch;
    SamplesView *m_samples;
    MetricsCharts *m_metrics;
    QueueChart *m_queueChart;
    ControlsPanel *m_controlsPanel;
    TfCodeView *m_code;
    StateHelpView *m_stateHelp;
    ExplanationView *m_explanation;
    RunsPanel *m_runsPanel;
    bool m_endedBadly = false; // the last snapshot shown: a run that ended with an error
    std::optional<FeatureSpec> m_spec;
    int m_numClasses = 0;
    QString m_message; // the status bar's note
    bool m_layoutRestored = false;
    bool m_geometryRestored = false;
    bool m_shownOnce = false;
    Arrangement m_arrangement = Arrangement::Wide;
    QList<QDockWidget *> m_docks;
    QByteArray m_defaultLayout;
    QStringList m_inputFiles;
    QFont m_baseFont;
    double m_zoom = 1.0;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_runMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_languageMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QActionGroup *m_languageGroup = nullptr;
    QList<QAction *> m_zoomActions; // in, out, reset
    QAction *m_resetLayout = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_about = nullptr;
    QAction *m_stateHelpAction = nullptr;
    QAction *m_frameTimingAction = nullptr;
    QToolBar *m_toolBar = nullptr;
    QComboBox *m_scenarioBox = nullptr; // shares the Controls dock's scenario list
    QLabel *m_scenarioLabel = nullptr;
};

} // namespace qs
