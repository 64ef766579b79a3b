#pragma once

#include "example/specdetector.h"
#include "example/specoverrides.h"
#include "schema/schemasample.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QStandardItemModel;
class QTableView;

namespace qs {

class SchemaPreview;

// File ▸ Choose Features…: the schema of the opened file's first records (what `inspect`
// prints: key, kind, values per record, records with it; the image and label detection chose
// and why), controls to pick the image feature, its layout (encoded, raw pixels of a dtype and
// height × width × channels, or a float list) and the label (or none), a live preview of the
// first records decoded with the real SampleDecoder and those choices, and the equivalent
// `queuescope-cli run` flags as selectable text. overrides() is the choice; OK is enabled
// while the choice finds an image. Every control starts as "detect", which overrides nothing.
// Widgets carry object names for tests: imageKeyBox, layoutBox, dtypeBox, heightSpin,
// widthSpin, channelsSpin, labelBox, flagsEdit, schemaTable, detectedLabel, schemaPreview.
class SchemaDialog : public QDialog {
    Q_OBJECT
public:
    static constexpr int kPreviewCount = 8;

    explicit SchemaDialog(const QStringList &files, const SpecOverrides &initial = {},
                          QWidget *parent = nullptr);

    SpecOverrides overrides() const; // what the controls say
    void setOverrides(const SpecOverrides &o);
    QString flagsText() const; // "queuescope-cli run FILE --image-feature ..."
    const Detection &detection() const { return m_detection; } // with overrides() applied
    QString loadError() const { return m_loadError; }          // empty when the records loaded
    SchemaPreview *preview() const { return m_preview; }

signals:
    void overridesChanged();

protected:
    void changeEvent(QEvent *) override;

private:
    void buildUi();
    void fillChoices();
    void retranslateUi();
    void updateEnabled();
    void refresh(); // detection, explanation, preview and flags for the current choice

    QStringList m_files;
    std::optional<SchemaSample> m_sample;
    QString m_loadError;
    Detection m_detection;
    bool m_setting = false;

    QLabel *m_fileLabel = nullptr;
    QStandardItemModel *m_schemaModel = nullptr;
    QTableView *m_schemaTable = nullptr;
    QLabel *m_detected = nullptr;
    QLabel *m_imageLabel = nullptr, *m_layoutLabel = nullptr, *m_dtypeLabel = nullptr,
           *m_shapeLabel = nullptr, *m_labelLabel = nullptr, *m_previewLabel = nullptr,
           *m_flagsLabel = nullptr;
    QComboBox *m_imageKey = nullptr;
    QComboBox *m_layout = nullptr;
    QComboBox *m_dtype = nullptr;
    QSpinBox *m_height = nullptr, *m_width = nullptr, *m_channels = nullptr;
    QComboBox *m_label = nullptr;
    SchemaPreview *m_preview = nullptr;
    QLineEdit *m_flags = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace qs
