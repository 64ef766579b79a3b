// ConfigPanel's words: the group titles, each knob's label and a tooltip that says what it does
// in TensorFlow's terms (with the JSON key a scenario file uses for it).
#include "controls/configpanel.h"

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

void describe(QWidget *field, const QString &label, const QString &tip)
{
    const QString withKey =
        QStringLiteral("%1<br><small><code>%2</code></small>").arg(tip, field->objectName());
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

    describe(m_epochs, tr("Epochs:"),
             tr("How many times string_input_producer hands out every file (num_epochs). 0 cycles until "
                "you stop."));
    m_epochs->setSpecialValueText(tr("unlimited"));
    describe(m_shuffleFiles, tr("Shuffle the file order each epoch"),
             tr("string_input_producer(shuffle=True): a fresh permutation of the files every epoch."));
    describe(m_fileSeed, tr("File order seed:"), tr("The seed of the file shuffle; 0 picks a random one."));
    m_fileSeed->setSpecialValueText(tr("random"));
    describe(m_filenameCapacity, tr("Filename queue capacity:"),
             tr("How many file names the filename queue holds (capacity of string_input_producer)."));
    describe(m_readers, tr("Reader threads:"),
             tr("How many threads read, parse, decode and enqueue examples (num_threads of "
                "shuffle_batch)."));
    describe(m_skipCorrupt, tr("Skip corrupt records"),
             tr("Count and skip a record whose checksum fails instead of stopping the run with DataLoss."));

    describe(m_feed, tr("Feed:"),
             tr("How batches reach the trainer: queues filled by reader threads, or the naive way where "
                "the training loop reads every sample itself."));
    m_feed->setItemText(0, tr("shuffle_batch: queues and reader threads"));
    m_feed->setItemText(1, tr("naive: the loop reads each sample"));
    describe(m_shuffleQueue, tr("Shuffle queue (RandomShuffleQueue)"),
             tr("On: tf.train.shuffle_batch over a RandomShuffleQueue. Off: tf.train.batch over a "
                "FIFOQueue, in reading order."));
    describe(m_exampleCapacity, tr("Example queue capacity:"),
             tr("How many decoded examples the example queue holds. TensorFlow's advice: "
                "min_after_dequeue + 3 × batch size."));
    describe(m_minAfterDequeue, tr("min_after_dequeue:"),
             tr("A dequeue waits until this many examples would remain, so each batch is drawn from a "
                "well-mixed pool. Must be smaller than the capacity."));
    describe(m_batchSize, tr("Batch size:"),
             tr("Examples per training step: the trainer's dequeue_many(n)."));
    describe(m_smallerFinal, tr("Allow a smaller final batch"),
             tr("When the data ends, hand out the remaining examples as a last, smaller batch."));
    describe(m_shuffleSeed, tr("Shuffle queue seed:"),
             tr("The seed of the RandomShuffleQueue; 0 picks a random one."));
    m_shuffleSeed->setSpecialValueText(tr("random"));

    describe(m_imageWidth, tr("Image width:"),
             tr("Readers resize every decoded image to this width; the model sees width × height × 3 "
                "values."));
    describe(m_imageHeight, tr("Image height:"),
             tr("Readers resize every decoded image to this height; the model sees width × height × 3 "
                "values."));
    describe(m_hidden, tr("Hidden units:"), tr("Units in the model's hidden layer (OpenCV ANN_MLP)."));
    describe(m_maxSteps, tr("Max steps:"),
             tr("Stop after this many training steps; 0 trains until the data ends or you stop."));
    m_maxSteps->setSpecialValueText(tr("no limit"));
    describe(m_evalEvery, tr("Evaluate every:"),
             tr("Measure the accuracy on held-out samples every N steps; 0 never."));
    m_evalEvery->setSpecialValueText(tr("never"));
    m_evalEvery->setSuffix(tr(" steps"));

    describe(m_readerDelay, tr("Reader delay:"),
             tr("Extra time per record read, to watch the readers work."));
    describe(m_decodeDelay, tr("Decode delay:"), tr("Extra time per example decoded."));
    describe(m_trainerDelay, tr("Trainer delay:"), tr("Extra time per training step: a slow model."));

    describe(m_grace, tr("Grace period:"),
             tr("How long coord.join() waits for the threads after a stop before it names the ones "
                "still running (stop_grace_period_secs)."));
    describe(m_hang, tr("Hang watchdog:"),
             tr("After this long with no progress, the watchdog explains which thread waits on what."));
    describe(m_startRunners, tr("Start the queue runners"),
             tr("Off reproduces the classic mistake of forgetting tf.train.start_queue_runners(): the "
                "first dequeue waits forever."));

    describe(m_workers, tr("Workers:"), tr("How many worker threads loop while not coord.should_stop()."));
    describe(m_workerStep, tr("Step length:"), tr("How long one worker step takes."));
    describe(m_stopProbability, tr("Stop chance per step:"),
             tr("After each step a worker calls coord.request_stop() with this probability."));

    m_reset->setText(tr("Reset to defaults"));
    m_reset->setToolTip(tr("Restore the default settings (with the chosen scenario's settings applied)."));
    revalidate();
}

} // namespace qs
