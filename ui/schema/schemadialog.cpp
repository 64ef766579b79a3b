#include "schema/schemadialog.h"

#include "common/uitext.h"
#include "example/sampledecoder.h"
#include "schema/schemapreview.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace qs {

namespace {

enum LabelMode { Detect, None, Key };
constexpr int kModeRole = Qt::UserRole + 1;

QImage toQImage(const cv::Mat &m)
{
    if (m.empty() || m.depth() != CV_8U)
        return {};
    if (m.channels() == 1)
        return QImage(m.data, m.cols, m.rows, int(m.step), QImage::Format_Grayscale8).copy();
    if (m.channels() == 3)
        return QImage(m.data, m.cols, m.rows, int(m.step), QImage::Format_BGR888).copy();
    return {};
}

QString shellWord(const QString &text)
{
    static const QString safe =
        QStringLiteral("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_/.-+=:,");
    if (!text.isEmpty() && std::all_of(text.begin(), text.end(), [](QChar c) { return safe.contains(c); }))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QSpinBox *shapeSpin(const char *name, int max)
{
    auto *s = new QSpinBox;
    s->setObjectName(QLatin1String(name));
    s->setRange(0, max);
    return s;
}

} // namespace

SchemaDialog::SchemaDialog(const QStringList &files, const SpecOverrides &initial, QWidget *parent)
    : QDialog(parent)
    , m_files(files)
{
    setObjectName(QStringLiteral("schemaDialog"));
    if (files.isEmpty()) {
        m_loadError = tr("No file is open.");
    } else {
        Result<SchemaSample> sample = SchemaSample::load(files.first());
        if (sample)
            m_sample = std::move(*sample);
        else
            m_loadError = UiText::error(sample.status());
    }
    buildUi();
    fillChoices();
    retranslateUi();
    setOverrides(initial);
}

void SchemaDialog::buildUi()
{
    m_fileLabel = new QLabel;
    m_fileLabel->setWordWrap(true);
    m_fileLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_schemaModel = new QStandardItemModel(this);
    m_schemaTable = new QTableView;
    m_schemaTable->setObjectName(QStringLiteral("schemaTable"));
    m_schemaTable->setModel(m_schemaModel);
    m_schemaTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_schemaTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_schemaTable->verticalHeader()->hide();
    m_schemaTable->horizontalHeader()->setStretchLastSection(true);
    m_schemaTable->setMinimumHeight(5 * fontMetrics().height());
    m_detected = new QLabel;
    m_detected->setObjectName(QStringLiteral("detectedLabel"));
    m_detected->setWordWrap(true);
    m_detected->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_imageKey = new QComboBox;
    m_imageKey->setObjectName(QStringLiteral("imageKeyBox"));
    m_layout = new QComboBox;
    m_layout->setObjectName(QStringLiteral("layoutBox"));
    m_dtype = new QComboBox;
    m_dtype->setObjectName(QStringLiteral("dtypeBox"));
    for (PixelType t : {PixelType::UInt8, PixelType::Int16, PixelType::Float32})
        m_dtype->addItem(pixelTypeName(t), int(t));
    m_height = shapeSpin("heightSpin", int(kMaxImageSide));
    m_width = shapeSpin("widthSpin", int(kMaxImageSide));
    m_channels = shapeSpin("channelsSpin", 4);
    m_label = new QComboBox;
    m_label->setObjectName(QStringLiteral("labelBox"));
    m_preview = new SchemaPreview;
    m_flags = new QLineEdit;
    m_flags->setObjectName(QStringLiteral("flagsEdit"));
    m_flags->setReadOnly(true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);

    m_imageLabel = new QLabel;
    m_layoutLabel = new QLabel;
    m_dtypeLabel = new QLabel;
    m_shapeLabel = new QLabel;
    m_labelLabel = new QLabel;
    m_previewLabel = new QLabel;
    m_flagsLabel = new QLabel;
    m_imageLabel->setBuddy(m_imageKey);
    m_layoutLabel->setBuddy(m_layout);
    m_dtypeLabel->setBuddy(m_dtype);
    m_shapeLabel->setBuddy(m_height);
    m_labelLabel->setBuddy(m_label);
    m_flagsLabel->setBuddy(m_flags);

    auto *shape = new QHBoxLayout;
    shape->addWidget(m_height);
    shape->addWidget(new QLabel(QStringLiteral("×")));
    shape->addWidget(m_width);
    shape->addWidget(new QLabel(QStringLiteral("×")));
    shape->addWidget(m_channels);
    shape->addStretch(1);
    auto *form = new QGridLayout;
    form->addWidget(m_imageLabel, 0, 0);
    form->addWidget(m_imageKey, 0, 1, 1, 3);
    form->addWidget(m_layoutLabel, 1, 0);
    form->addWidget(m_layout, 1, 1);
    form->addWidget(m_dtypeLabel, 1, 2);
    form->addWidget(m_dtype, 1, 3);
    form->addWidget(m_shapeLabel, 2, 0);
    form->addLayout(shape, 2, 1, 1, 3);
    form->addWidget(m_labelLabel, 3, 0);
    form->addWidget(m_label, 3, 1, 1, 3);
    form->setColumnStretch(1, 1);
    form->setColumnStretch(3, 1);

    auto *flags = new QHBoxLayout;
    flags->addWidget(m_flagsLabel);
    flags->addWidget(m_flags, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_fileLabel);
    layout->addWidget(m_schemaTable, 1);
    layout->addWidget(m_detected);
    layout->addLayout(form);
    layout->addWidget(m_previewLabel);
    layout->addWidget(m_preview);
    layout->addLayout(flags);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    const auto changed = [this] {
        if (m_setting)
            return;
        updateEnabled();
        refresh();
        emit overridesChanged();
    };
    for (QComboBox *box : {m_imageKey, m_layout, m_dtype, m_label})
        connect(box, &QComboBox::currentIndexChanged, this, changed);
    for (QSpinBox *spin : {m_height, m_width, m_channels})
        connect(spin, &QSpinBox::valueChanged, this, changed);
    resize(820, 640);
}

// The keys the controls offer: an image is a bytes or float feature, a label any feature;
// feature lists (a SequenceExample's steps) are neither.
void SchemaDialog::fillChoices()
{
    m_imageKey->addItem(QString(), QString());
    m_label->addItem(QString(), QString());
    m_label->setItemData(0, Detect, kModeRole);
    m_label->addItem(QString(), QString());
    m_label->setItemData(1, None, kModeRole);
    m_layout->addItem(QString(), -1);
    for (ImageEncoding e : {ImageEncoding::Encoded, ImageEncoding::Raw, ImageEncoding::FloatPixels})
        m_layout->addItem(QString(), int(e));
    if (!m_sample)
        return;
    const Detection all = detectFeatureSpec(m_sample->examples(), {}, m_sample->file());
    for (const SchemaField &f : all.schema.fields()) {
        if (f.sequence || f.key.isEmpty())
            continue;
        const QString text =
            QStringLiteral("%1  (%2 ×%3)")
                .arg(f.key, featureKindName(f.kind))
                .arg(f.minCount == f.maxCount ? QString::number(f.minCount)
                                              : QStringLiteral("%1..%2").arg(f.minCount).arg(f.maxCount));
        if (f.kind == FeatureKind::Bytes || f.kind == FeatureKind::Float)
            m_imageKey->addItem(text, f.key);
        m_label->addItem(text, f.key);
        m_label->setItemData(m_label->count() - 1, Key, kModeRole);
    }
}

void SchemaDialog::retranslateUi()
{
    setWindowTitle(tr("Choose Features"));
    if (m_sample)
        m_fileLabel->setText(
            tr("%1 — the first %n record(s), as a run reads them", nullptr, int(m_sample->examples().size()))
                .arg(QDir::toNativeSeparators(m_sample->file())));
    else
        m_fileLabel->setText(tr("Cannot read the records: %1").arg(m_loadError));
    m_imageLabel->setText(tr("&Image feature:"));
    m_layoutLabel->setText(tr("&Layout:"));
    m_dtypeLabel->setText(tr("Pixel &type:"));
    m_shapeLabel->setText(tr("&Height × width × channels:"));
    m_labelLabel->setText(tr("La&bel:"));
    m_previewLabel->setText(tr("Preview: the first records decoded with this choice"));
    m_flagsLabel->setText(tr("Command line:"));
    m_flags->setToolTip(tr("The same choice for queuescope-cli run: select and copy it."));
    m_imageKey->setItemText(0, tr("Detect"));
    m_label->setItemText(0, tr("Detect"));
    m_label->setItemText(1, tr("None: input pipeline only"));
    const QStringList layouts{tr("Detect"), tr("Encoded file (JPEG, PNG, …)"), tr("Raw pixels"),
                              tr("Float list of pixels")};
    for (int i = 0; i < layouts.size(); ++i)
        m_layout->setItemText(i, layouts[i]);
    for (QSpinBox *s : {m_height, m_width, m_channels})
        s->setSpecialValueText(tr("auto"));
    m_schemaModel->setHorizontalHeaderLabels(
        {tr("Feature"), tr("Kind"), tr("Values per record"), tr("Records with it")});
    refresh();
}

void SchemaDialog::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(e);
}

void SchemaDialog::updateEnabled()
{
    const int layout = m_layout->currentData().toInt();
    const bool pixels = layout == int(ImageEncoding::Raw) || layout == int(ImageEncoding::FloatPixels);
    m_dtype->setEnabled(layout == int(ImageEncoding::Raw));
    m_height->setEnabled(pixels);
    m_width->setEnabled(pixels);
    m_channels->setEnabled(layout >= 0);
}

SpecOverrides SchemaDialog::overrides() const
{
    SpecOverrides o;
    if (const QString key = m_imageKey->currentData().toString(); !key.isEmpty())
        o.image.key = key;
    const int layout = m_layout->currentData().toInt();
    if (layout >= 0) {
        o.image.encoding = ImageEncoding(layout);
        if (m_channels->value() > 0)
            o.image.channels = m_channels->value();
    }
    if (layout == int(ImageEncoding::Raw))
        o.image.dtype = PixelType(m_dtype->currentData().toInt());
    if (layout == int(ImageEncoding::Raw) || layout == int(ImageEncoding::FloatPixels)) {
        if (m_height->value() > 0)
            o.image.height = m_height->value();
        if (m_width->value() > 0)
            o.image.width = m_width->value();
    }
    const int mode = m_label->currentData(kModeRole).toInt();
    if (mode == None)
        o.label.disabled = true;
    else if (mode == Key)
        o.label.key = m_label->currentData().toString();
    return o;
}

void SchemaDialog::setOverrides(const SpecOverrides &o)
{
    m_setting = true;
    const auto select = [](QComboBox *box, const QVariant &data, int role = Qt::UserRole) {
        int i = box->findData(data, role);
        if (i < 0 && data.typeId() == QMetaType::QString) { // a key not in the sampled records
            box->addItem(data.toString(), data);
            i = box->count() - 1;
            box->setItemData(i, Key, kModeRole);
        }
        box->setCurrentIndex(std::max(0, i));
    };
    select(m_imageKey, o.image.key.value_or(QString()));
    select(m_layout, o.image.encoding ? int(*o.image.encoding) : -1);
    select(m_dtype, int(o.image.dtype.value_or(PixelType::UInt8)));
    m_height->setValue(o.image.height.value_or(0));
    m_width->setValue(o.image.width.value_or(0));
    m_channels->setValue(o.image.channels.value_or(0));
    if (o.label.disabled)
        m_label->setCurrentIndex(1);
    else if (o.label.key)
        select(m_label, *o.label.key);
    else
        m_label->setCurrentIndex(0);
    m_setting = false;
    updateEnabled();
    refresh();
    emit overridesChanged();
}

QString SchemaDialog::flagsText() const
{
    QStringList words{QStringLiteral("queuescope-cli"), QStringLiteral("run")};
    for (const QString &f : m_files)
        words << shellWord(QDir::toNativeSeparators(f));
    words << overrides().cliFlags();
    return words.join(QLatin1Char(' '));
}

void SchemaDialog::refresh()
{
    if (!m_schemaModel)
        return;
    const SpecOverrides o = overrides();
    m_detection = m_sample ? detectFeatureSpec(m_sample->examples(), o, m_sample->file()) : Detection{};
    m_schemaModel->setRowCount(0);
    for (const SchemaField &f : m_detection.schema.fields()) {
        const QString kind = f.sequence     ? tr("%1 (feature list)").arg(featureKindName(f.kind))
                             : f.mixedKinds ? tr("%1 (mixed kinds)").arg(featureKindName(f.kind))
                                            : featureKindName(f.kind);
        const QString count = f.minCount == f.maxCount
                                  ? QString::number(f.minCount)
                                  : QStringLiteral("%1..%2").arg(f.minCount).arg(f.maxCount);
        QList<QStandardItem *> row{
            new QStandardItem(f.key), new QStandardItem(kind), new QStandardItem(count),
            new QStandardItem(
                QStringLiteral("%1/%2").arg(f.recordsPresent).arg(m_detection.schema.records()))};
        m_schemaModel->appendRow(row);
    }
    m_schemaTable->resizeColumnsToContents();

    QStringList said;
    const FeatureSpec &spec = m_detection.spec;
    if (spec.image)
        said << tr("Image: %1 '%2' — %3")
                    .arg(imageEncodingName(spec.image->encoding), spec.image->key, spec.image->reason);
    else if (m_sample)
        said << tr("Image: none — %1").arg(m_detection.imageStatus.message());
    if (spec.label) {
        said << tr("Label: '%1' (%2) — %3")
                    .arg(spec.label->key, labelEncodingName(spec.label->encoding), spec.label->reason);
        if (spec.label->encoding == LabelEncoding::ClassName)
            said << tr("Classes in these records: %1 (a run scans the files for the full list)")
                        .arg(spec.label->classNames.join(QStringLiteral(", ")));
    } else if (m_sample) {
        said << (!m_detection.labelStatus.isOk()
                     ? tr("Label: cannot be used — %1").arg(m_detection.labelStatus.message())
                 : o.label.disabled ? tr("Label: none (input pipeline only)")
                 : m_detection.labelRejected.isEmpty()
                     ? tr("Label: none found — the run feeds the input pipeline only")
                     : tr("Label: none found (%1) — the run feeds the input pipeline only")
                           .arg(m_detection.labelRejected.join(QStringLiteral("; "))));
    }
    m_detected->setText(m_sample ? said.join(QLatin1Char('\n')) : QString());

    QList<SchemaPreview::Tile> tiles;
    if (m_sample) {
        const auto &examples = m_sample->examples();
        for (qsizetype i = 0; i < std::min<qsizetype>(kPreviewCount, qsizetype(examples.size())); ++i) {
            const Location where{m_sample->file(), m_sample->recordIndex(i), -1};
            SchemaPreview::Tile tile;
            if (!spec.image) {
                tile.caption = tr("no image");
            } else if (Result<cv::Mat> image = decodeImage(examples[size_t(i)], *spec.image, where); !image) {
                tile.caption = tr("does not decode");
                tile.tooltip = UiText::error(image.status());
            } else {
                tile.image = toQImage(*image);
                tile.tooltip = tr("record %1: %2×%3×%4")
                                   .arg(where.record)
                                   .arg(image->rows)
                                   .arg(image->cols)
                                   .arg(image->channels());
                if (!spec.label) {
                    tile.caption = tr("no label");
                } else if (Result<int> label = decodeLabel(examples[size_t(i)], *spec.label, where); !label) {
                    tile.caption = tr("bad label");
                    tile.tooltip = UiText::error(label.status());
                } else {
                    tile.caption = spec.label->encoding == LabelEncoding::ClassName
                                       ? spec.label->classNames.value(*label)
                                       : QString::number(*label);
                }
            }
            tiles << tile;
        }
    }
    m_preview->setTiles(tiles);
    m_flags->setText(flagsText());
    m_flags->setCursorPosition(0);
    if (QPushButton *ok = m_buttons->button(QDialogButtonBox::Ok))
        ok->setEnabled(m_sample && m_detection.forTraining().isOk());
}

} // namespace qs
