// ConfigPanel's words: the group titles and the special values here; each knob's label and
// help come from the knob table (run/knobs.h), with the TensorFlow argument it stands for and
// the JSON key a scenario file uses for it.
#include "controls/configpanel.h"

#include "run/knobs.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

namespace qs {

namespace {

void describe(QWidget *field)
{
    const Knob *knob = findKnob(field->objectName());
    if (!knob)
        return;
    const QString label = knobLabel(*knob);
    QString withKey = knobHelp(*knob);
    if (*knob->tfArg)
        withKey +=
            QStringLiteral("<br><small>TensorFlow: <code>%1</code></small>").arg(QLatin1String(knob->tfArg));
    withKey += QStringLiteral("<br><small><code>%1</code></small>").arg(field->objectName());
    field->setToolTip(withKey);
    if (auto *check = qobject_cast<QCheckBox *>(field)) {
        check->setText(label);
        return;
    }
    auto *form = qobject_cast<QFormLayout *>(field->parentWidget()->layout());
    if (!form)
        return;
    if (auto *l = qobject_cast<QLabel *>(form->labelForField(field))) {
        l->setText(label);
        l->setToolTip(withKey);
        l->setBuddy(field);
    }
}

} // namespace

void ConfigPanel::retranslateUi()
{
    const QStringList titles{tr("Input: files and readers"),
                             tr("Batching"),
                             tr("Model and training"),
                             tr("Slow motion"),
                             tr("Stopping"),
                             tr("Workers demo")};
    for (int i = 0; i < m_groups.size(); ++i)
        m_groups[i]->setTitle(titles.value(i));

    describe(m_epochs);
    m_epochs->setSpecialValueText(tr("unlimited"));
    describe(m_shuffleFiles);
    describe(m_fileSeed);
    m_fileSeed->setSpecialValueText(tr("random"));
    describe(m_filenameCapacity);
    describe(m_readers);
    describe(m_skipCorrupt);
    describe(m_pipeline);
    m_pipeline->setItemText(0, tr("queues: string_input_producer, readers, shuffle_batch"));
    m_pipeline->setItemText(1, tr("tf.data: interleave, map, shuffle, batch, prefetch"));
    describe(m_autotune);
    describe(m_mapCalls);
    m_mapCalls->setSpecialValueText(tr("as reader threads"));
    describe(m_prefetch);
    m_prefetch->setSpecialValueText(tr("from the queue knobs"));
    describe(m_cache);
    describe(m_deterministic);
    describe(m_mapAfterBatch);

    describe(m_feed);
    m_feed->setItemText(0, tr("shuffle_batch: queues and reader threads"));
    m_feed->setItemText(1, tr("naive: the loop reads each sample"));
    describe(m_shuffleQueue);
    describe(m_exampleCapacity);
    describe(m_minAfterDequeue);
    describe(m_batchSize);
    describe(m_smallerFinal);
    describe(m_shuffleSeed);
    m_shuffleSeed->setSpecialValueText(tr("random"));

    describe(m_imageWidth);
    describe(m_imageHeight);
    describe(m_hidden);
    describe(m_maxSteps);
    m_maxSteps->setSpecialValueText(tr("no limit"));
    describe(m_evalEvery);
    m_evalEvery->setSpecialValueText(tr("never"));
    m_evalEvery->setSuffix(tr(" steps"));

    describe(m_readerDelay);
    describe(m_decodeDelay);
    describe(m_trainerDelay);

    describe(m_grace);
    describe(m_hang);
    describe(m_startRunners);

    describe(m_workers);
    describe(m_workerStep);
    describe(m_stopProbability);

    m_reset->setText(tr("Reset to defaults"));
    m_reset->setToolTip(tr("Restore the default settings (with the chosen scenario's settings applied)."));
    revalidate();
}

} // namespace qs
