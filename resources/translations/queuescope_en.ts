<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>Autotuner</name>
    <message>
        <source>%1 buffer %2 -&gt; %3: its consumer found it empty in %4% of calls although it had filled up %5 times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 parallelism %2 -&gt; %3: output latency %4 -&gt; %5 ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Dataset</name>
    <message>
        <source>End of sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleave cycle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reader %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iterator was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 worker %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefetch buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shuffle buffer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ConfigPanel</name>
    <message>
        <source>Cannot start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input: files and readers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model and training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow motion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>random</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shuffle_batch: queues and reader threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>naive: the loop reads each sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore the default settings (with the chosen scenario&apos;s settings applied).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queues: string_input_producer, readers, shuffle_batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tf.data: interleave, map, shuffle, batch, prefetch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as reader threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from the queue knobs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ConfusionModel</name>
    <message numerus="yes">
        <source>true %1, predicted %2: %n sample(s)</source>
        <translation>
            <numerusform>true %1, predicted %2: %n sample</numerusform>
            <numerusform>true %1, predicted %2: %n samples</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1% of the %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (none held out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2%)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ControlsPanel</name>
    <message>
        <source>The scenario&apos;s settings do not apply: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a TFRecord file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::Dataset</name>
    <message>
        <source>cycle_length must be greater than zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block_length must be greater than zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>num_parallel_calls must be positive or AUTOTUNE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>buffer_size must be greater than zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch_size must be greater than zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>buffer_size must be positive or AUTOTUNE</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::EventLogModel</name>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done from the window, not by a pipeline thread.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::EventLogView</name>
    <message>
        <source>All threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Thread:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::EventText</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you (Stop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you (speed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starts as the %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks every thread to stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks to stop; a stop was already requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks every thread to stop: the first error — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks to stop with %1; a stop was already requested, so that error is not kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closes %1 and cancels the enqueues still waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closes %1: what is in it can still be dequeued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — raised after join, too late to stop the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — kept as the run&apos;s error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — not kept: a stop was already requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ends normally</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ends: cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ends: cancelled (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ends with an error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>join returns: every thread has ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>join returns the kept error: every thread has ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>join gives up waiting for %1 (the grace period is over)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run ends: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run ends: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 granted</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>held-out set: %n sample(s) from %1, %2 skipped</source>
        <translation>
            <numerusform>held-out set: %n sample from %1, %2 skipped</numerusform>
            <numerusform>held-out set: %n samples from %1, %2 skipped</numerusform>
        </translation>
    </message>
    <message>
        <source>speed: full speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed: %1× slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 decides to stop the others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stop_after_s reached (%1 s): asks every thread to stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plans the run: model input %1, %2 epoch(s), no label: input pipeline only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plans the run: model input %1, %2 epoch(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 none held out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held-out accuracy per class at step %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unnamed file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped corrupt record %1 at offset %2 in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped corrupt record %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped a corrupt record at offset %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped a corrupt record in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped record %1 at offset %2 in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped record %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped a record at offset %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped a record in %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ExplanationView</name>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 asked every thread to stop (coord.request_stop), without an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 asked every thread to stop (coord.request_stop) with the error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 closed %2, cancelling the enqueues still waiting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 closed %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coord.join() waited its grace period and gave up; still running: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coord.join() found every thread ended and re-raised the kept error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coord.join() returned: every thread had ended.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n later stop request(s) changed nothing: the first one wins.</source>
        <translation>
            <numerusform>%n later stop request changed nothing: the first one wins.</numerusform>
            <numerusform>%n later stop requests changed nothing: the first one wins.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled (their queue was closed under them): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ended with an error: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happened next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A thread that never checks coord.should_stop() holds up the shutdown: coord.join() waits stop_grace_period_secs, then names the threads still running (%1). Make every loop check should_stop(), or give its blocking calls a timeout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trainer waited on a queue that no live thread feeds. Were the queue runners started? Call tf.train.start_queue_runners(sess=sess, coord=coord) before the training loop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A record&apos;s checksum did not match: the file is damaged there. Skip the bad records (the &quot;Skip corrupt records&quot; setting, as tf.data&apos;s ignore_errors() does, or a reader that catches tf.errors.DataLossError) or write the file again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first real error stops the whole run: stop_on_exception hands it to coord.request_stop(), should_stop() turns true in every thread, and coord.join() re-raises it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The input ran out after its epochs: the example queue was closed and drained, and the trainer&apos;s dequeue raised OutOfRangeError, which ends the loop. This is the normal end.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A stop without an error (the Stop button, stop_after_s or a worker): the close-on-stop watchers closed the queues with cancel_pending_enqueues=True, which released the blocked readers, and join returned cleanly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run yet. Press Start to run the pipeline (on the bundled demo data when no file is open), or choose a scenario first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pipeline is running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A stop was requested; the threads are finishing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run has ended: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What went wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>raised by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in the file %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at record %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at byte offset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hint:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At %1, %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coord.request_stop(): from now on coord.should_stop() is true in every thread. The first request with a real error decides the run&apos;s error; later ones change nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queue.close(): no more enqueues. With cancel_pending_enqueues the enqueues already waiting fail at once; dequeues drain what is left, then raise OutOfRangeError.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An error in a coordinated thread: stop_on_exception hands it to coord.request_stop(). Only the first real error is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The thread&apos;s function returned: cleanly, cancelled (its queue was closed under it) or with an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coord.join(threads): waits for every thread, at most stop_grace_period_secs once a stop was requested, then re-raises the kept error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A thread began: a QueueRunner&apos;s thread, the trainer (the script&apos;s main loop) or a watcher.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run is over; its result is what join reported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the whole run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Throughput: input-bound.&lt;/b&gt; In the %1 up to %2 the trainer waited for the example queue %3% of the time: the readers cannot keep up. The knob to turn: more reader threads (Reader threads, reader_threads, now %4), or cheaper reading and decoding (smaller stored images, uncompressed files).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Throughput: model-bound.&lt;/b&gt; In the %1 up to %2 the reader threads were blocked on the full example queue %3% of their time and the trainer waited only %4%: the training step is the limit. More readers will not help; the knob to turn is the model: fewer hidden units (Hidden units) or a smaller input image.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Throughput: balanced.&lt;/b&gt; In the %1 up to %2 the trainer waited for input %3% of the time and the readers were blocked on a full queue %4% of theirs: neither side holds the other up much, so no one knob would gain much alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) skipped; the log&apos;s notes say where and why.</source>
        <translation>
            <numerusform>%n record skipped; the log&apos;s notes say where and why.</numerusform>
            <numerusform>%n records skipped; the log&apos;s notes say where and why.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::FrameTimingView</name>
    <message>
        <source>frame timing: no frames yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frame %1 ms (p95 %2) · snapshot %3 · update %4 · paint %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Time the window spends per frame, over the last %n frame(s), in ms.</source>
        <translation>
            <numerusform>Time the window spends per frame, over the last frame, in ms.</numerusform>
            <numerusform>Time the window spends per frame, over the last %n frames, in ms.</numerusform>
        </translation>
    </message>
    <message>
        <source>snapshot: taking it from the pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>update: handing it to every panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paint: the repaint that follows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole frame</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — median %2, p95 %3, max %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU time of the GUI thread (the rest of a frame is waiting)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::Knob</name>
    <message>
        <source>Files:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The TFRecord files to read: names or glob patterns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Epochs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many times string_input_producer hands out every file (num_epochs). 0 cycles until you stop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shuffle the file order each epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>string_input_producer(shuffle=True): a fresh permutation of the files every epoch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File order seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed of the file shuffle; 0 picks a random one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filename queue capacity:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many file names the filename queue holds (capacity of string_input_producer).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reader threads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many threads read, parse, decode and enqueue examples (num_threads of shuffle_batch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip corrupt records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count and skip a record whose checksum fails instead of stopping the run with DataLoss.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How batches reach the trainer: queues filled by reader threads, or the naive way where the training loop reads every sample itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shuffle queue (RandomShuffleQueue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On: tf.train.shuffle_batch over a RandomShuffleQueue. Off: tf.train.batch over a FIFOQueue, in reading order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Example queue capacity:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many decoded examples the example queue holds. TensorFlow&apos;s advice: min_after_dequeue + 3 × batch size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min_after_dequeue:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A dequeue waits until this many examples would remain, so each batch is drawn from a well-mixed pool. Must be smaller than the capacity.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Examples per training step: the trainer&apos;s dequeue_many(n).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow a smaller final batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When the data ends, hand out the remaining examples as a last, smaller batch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shuffle queue seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed of the RandomShuffleQueue; 0 picks a random one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image width:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Readers resize every decoded image to this width; the model sees width × height × 3 values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image height:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Readers resize every decoded image to this height; the model sees width × height × 3 values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden units:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Units in the model&apos;s hidden layer (OpenCV ANN_MLP).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max steps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after this many training steps; 0 trains until the data ends or you stop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate every:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure the accuracy on held-out samples every N steps; 0 never.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held-out file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held-out data from this TFRecord file instead of every k-th training record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held-out fraction:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without a held-out file, hold out every round(1/F)-th training record; 0 holds out none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held-out samples at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The held-out set is kept in memory: at most this many samples.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many classes the model tells apart; 0 finds out from the labels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feature spec:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which features are the image and the label, as JSON overrides of what was detected (as `inspect --spec` takes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview images:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many images of the latest batch the window shows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reader delay:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra time per record read, to watch the readers work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode delay:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra time per example decoded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trainer delay:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra time per training step: a slow model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow motion for every stage: 1 is full speed, 0.1 ten times slower.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grace period:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long coord.join() waits for the threads after a stop before it names the ones still running (stop_grace_period_secs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hang watchdog:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After this long with no progress, the watchdog explains which thread waits on what.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the queue runners</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off reproduces the classic mistake of forgetting tf.train.start_queue_runners(): the first dequeue waits forever.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request stop after this many seconds; 0 never.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many worker threads loop while not coord.should_stop().</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step length:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long one worker step takes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop chance per step:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After each step a worker calls coord.request_stop() with this probability.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode JPEG at reduced size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode a JPEG larger than the model&apos;s input at 1/2, 1/4 or 1/8 size in the DCT domain, then resize: much faster, within a few grey levels of a full decode.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model input follows the data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s input takes the size and channels of the first image (28x28 gray stays 28x28 gray), scaled down to at most 784 values (28x28x1, 16x16x3) to keep the pace; off uses image_width x image_height x 3. Setting image_width, image_height or input_size turns it off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train at least:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repeat the data (more epochs than num_epochs) until the run trains at least this many steps, or max_steps when larger: epochs = ceil(steps x batch_size / training records per epoch). 0 keeps num_epochs as given; setting num_epochs turns it off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compression:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the training files are compressed: none, gzip, zlib, or auto (detected from each file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which input pipeline reads the files: the TF 1.x queues and queue runners, or its tf.data equivalent built from the same settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tf.data AUTOTUNE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset pipeline: let the tuner choose the interleave and map parallelism and the prefetch buffer while the run goes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interleave parallelism:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset pipeline: threads reading files at once in interleave; 0 follows the reader threads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Map parallelism:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset pipeline: threads parsing and decoding in map; 0 follows the reader threads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefetch batches:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset pipeline: batches prefetch keeps ready; 0 no prefetch, -1 the example queue&apos;s room above min_after_dequeue, in batches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache decoded examples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset pipeline: keep the decoded examples of the first epoch in memory and serve the later epochs from there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deterministic order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset pipeline: interleave and map hand out elements in input order; off, they hand out whichever is ready first, so one slow file or element holds nobody up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Map after batch (vectorised)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset pipeline: batch the serialized records first, then one map call parses and decodes a whole batch, paying the per-call cost once per batch.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::MainWindow</name>
    <message>
        <source>About QueueScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;QueueScope %1&lt;/b&gt;&lt;p&gt;See, teach and debug TensorFlow 1.x style input pipelines: TFRecord readers, queues, the coordinator and the training loop, live.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QueueScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>QueueScope — %n input file(s)</source>
        <translation>
            <numerusform>QueueScope — %n input file</numerusform>
            <numerusform>QueueScope — %n input files</numerusform>
        </translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples of the latest batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue occupancy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run controls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;cenario:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;In (presentation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;Out (presentation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About QueueScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open TFRecord files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TFRecord files (*.tfrecord *.tfrecords *.tfrec);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown scenario: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TensorFlow code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thread states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Thread States</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Frame Timing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show how long the window takes per frame: the snapshot, the panel updates and the repaint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs at its teaching pace, %2× slower; Speed changes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cursor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the time cursor to the previous coordination event (%1); every view shows the run then.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the time cursor to the next coordination event (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the run as it is now again (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples of the batch at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QueueScope — saved run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open R&amp;un…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a saved run (.qsrun) and replay it: every view, with the time cursor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save Run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the last finished run, whole, to one file (SQLite, see the README)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome/Perfetto &amp;Trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event Log as &amp;JSON Lines…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved runs (*.qsrun *.qsrun.partial);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved runs (*.qsrun)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Event Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome trace (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose &amp;Features…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a TFRecord file first: the features are the file&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Features: as detected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Features chosen: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the features chosen before (%2); File ▸ Choose Features… changes them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no image feature was found; choose the features</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::MetricsCharts</name>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held-out accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1: loss %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s: %2/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Curves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confusion matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held-out confusion at step %1 (rows: true class, columns: predicted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: held-out accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: samples/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::PipelineDiagram</name>
    <message numerus="yes">
        <source>%n producer(s)</source>
        <translation>
            <numerusform>%n producer</numerusform>
            <numerusform>%n producers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n reader(s)</source>
        <translation>
            <numerusform>%n reader</numerusform>
            <numerusform>%n readers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trainer(s)</source>
        <translation>
            <numerusform>%n trainer</numerusform>
            <numerusform>%n trainers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other thread(s)</source>
        <translation>
            <numerusform>%n other thread</numerusform>
            <numerusform>%n other threads</numerusform>
        </translation>
    </message>
    <message>
        <source>names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enqueue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dequeue_many = batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dequeue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pipeline appears here when a run starts:
files → filename queue → readers → example queue → batch → trainer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coordination:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TFRecord files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The input files; their names go round the filename queue once per epoch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>floor (min_after_dequeue) %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 elements; %3 enqueued and %4 dequeued since the start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dashed line is min_after_dequeue: a dequeue waits while fewer elements would remain, so the shuffle has enough to mix (until the queue is closed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closed: no more enqueues; dequeues drain what is left, then end the input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n worker(s)</source>
        <translation>
            <numerusform>%n worker</numerusform>
            <numerusform>%n workers</numerusform>
        </translation>
    </message>
    <message>
        <source>in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>floor %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 elements.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::QueueChart</name>
    <message>
        <source>Queue occupancy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>% of capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How full each queue was, as a share of its capacity. A dotted line marks a shuffle queue&apos;s min_after_dequeue floor.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::RunController</name>
    <message>
        <source>Cannot start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input: the bundled demo data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>demo data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run is not being recorded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the run before opening a saved one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved run %1: move the time cursor to replay it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved run %1 was cut short: it holds the run&apos;s first %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a run cut short; copy it together with its -wal file instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run is still going: stop it or let it end, then save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save the run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run to export yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run&apos;s record could not be saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No label: input pipeline only (the trainer takes the batches and learns nothing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run stops itself at %1 (stop_after_s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run cannot be compared: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::RunControls</name>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open TFRecord files (you can also drop them on the window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the input pipeline and the training loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask the coordinator to stop every thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step &amp;mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold each thread at every coordination event until you press Next step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let the next held thread go on to its next coordination event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spee&amp;d:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow motion makes single enqueues and dequeues visible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1× slower</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::RunPlan</name>
    <message>
        <source>no label: input pipeline only. The trainer takes every batch at the model&apos;s cost and learns nothing; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the files hold no training records (%1 held out), so the run trains 0 steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every %1th record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an epoch holds %1 training records, fewer than a batch of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an epoch holds %1 training records: %2 step(s) of a batch of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; so num_epochs %1 becomes 0 (repeat until stopped) to train at least %2 steps (min_steps; --min-steps 0 or --epochs N keeps yours)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; so num_epochs %1 becomes %3 to train at least %2 steps (min_steps; --min-steps 0 or --epochs N keeps yours)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; num_epochs %1 as set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 epoch(s) of %2 training records are fewer than a batch of %3, so the run trains 0 steps: set --allow-smaller-final-batch, more --epochs, or a smaller --batch-size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>labels: &apos;%1&apos; names %2 classes (%3), from a full scan of %4 records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>labels: &apos;%1&apos; names %2 classes (%3), from the first %4 records (sampled): a later record with another name stops the run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::RunStatusView</name>
    <message>
        <source>%1 · %2 samples/s · step %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 %3%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ended: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing held: the run goes on to its next coordination event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>next step: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>(%n more held)</source>
        <translation>
            <numerusform>(%n more held)</numerusform>
            <numerusform>(%n more held)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) skipped</source>
        <translation>
            <numerusform>%n record skipped</numerusform>
            <numerusform>%n records skipped</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::RunSummary</name>
    <message>
        <source>the run ended with an error before the first batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it was stopped before the first batch was ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the data ended before a full batch: %1 training records per epoch x %2 epoch(s), batch size %3; set --allow-smaller-final-batch, more --epochs or a smaller --batch-size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the data ended before a full batch; set --allow-smaller-final-batch or more --epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trained 0 steps: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::RunsModel</name>
    <message>
        <source>%1
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run the views show: its lines are the charts&apos; own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (shown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held-out accuracy</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::RunsPanel</name>
    <message>
        <source>Every run of this session and every run opened from a file. Tick Compare beside up to four: their curves are drawn over the training metrics and their threads&apos; time is compared beside the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thread time per state, by role (thread-seconds, one scale)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::SamplesView</name>
    <message>
        <source>The latest batch appears here during training.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>label, then → prediction: ✓ right, ✗ wrong (dashed frame)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>→ ?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>label %1, prediction %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 × %2, %n channel(s)</source>
        <translation>
            <numerusform>%1 × %2, %n channel</numerusform>
            <numerusform>%1 × %2, %n channels</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 samples</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ScenarioPicker</name>
    <message>
        <source>Cannot load the scenario: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load scenario file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A plain run of the pipeline with the settings below. Choose a scenario to see a bottleneck, a failure or a clean shutdown happen on purpose.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This scenario runs the Coordinator&apos;s worker demo: no files are read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>It injects %n fault(s) into the run.</source>
        <translation>
            <numerusform>It injects %n fault into the run.</numerusform>
            <numerusform>It injects %n faults into the run.</numerusform>
        </translation>
    </message>
    <message>
        <source>S&amp;cenario:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A teaching scenario: a configuration, sometimes with a fault, and what to watch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load scenario file…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::SchemaDialog</name>
    <message>
        <source>No file is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose Features</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 — the first %n record(s), as a run reads them</source>
        <translation>
            <numerusform>%1 — the first record, as a run reads it</numerusform>
            <numerusform>%1 — the first %n records, as a run reads them</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot read the records: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Image feature:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Layout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pixel &amp;type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Height × width × channels:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>La&amp;bel:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview: the first records decoded with this choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command line:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same choice for queuescope-cli run: select and copy it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None: input pipeline only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encoded file (JPEG, PNG, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw pixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Float list of pixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Values per record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records with it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (feature list)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (mixed kinds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image: %1 &apos;%2&apos; — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image: none — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label: &apos;%1&apos; (%2) — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classes in these records: %1 (a run scans the files for the full list)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label: cannot be used — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label: none (input pipeline only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label: none found — the run feeds the input pipeline only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label: none found (%1) — the run feeds the input pipeline only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record %1: %2×%3×%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bad label</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::SchemaPreview</name>
    <message>
        <source>No records to preview</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::SessionRuns</name>
    <message>
        <source>cannot make a folder for this session&apos;s runs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no finished run to save yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no finished run %1 in this session</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::StateHelpView</name>
    <message>
        <source>Every thread is always in one of these states. The timeline, the pipeline diagram, the thread table and the TensorFlow code use the same colours.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A trainer that is often &lt;b&gt;blocked: queue empty&lt;/b&gt; is waiting for its input: add reader threads or make reading cheaper. Readers that are often &lt;b&gt;blocked: queue full&lt;/b&gt; are ahead of the trainer, which is how it should be.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::StateLegend</name>
    <message>
        <source>A coordination event of the kind &quot;%1&quot; on the timeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A record skipped as corrupt (skip_corrupt) by that reader; hover the mark for its file, record and offset.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::StatePalette</name>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocked: queue full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocked: queue empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>joining</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The thread has been created and has not begun its work yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The thread is doing useful work: reading, decoding or training.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The thread waits to enqueue because the queue is full (backpressure from the consumer).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The thread waits to dequeue because the queue is empty (the producers are too slow).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The thread waits for the coordinator to ask every thread to stop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The thread waits in join() for the other threads to finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The thread is held at the step gate until you grant the next step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The thread has finished normally.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The thread ended with an error, which asked every other thread to stop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The thread ended because its queue was cancelled or a stop was requested.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::StateSecondsView</name>
    <message>
        <source>%1 thread-s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick Compare beside two runs to see their threads&apos; time side by side.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such thread in this run</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 (%n thread(s))</source>
        <translation>
            <numerusform>%1 · %2 (%n thread)</numerusform>
            <numerusform>%1 · %2 (%n threads)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
%2: %3 s (%4 % of its thread time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2 in all</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TfCodeView</name>
    <message>
        <source>%1 ×%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n threads</source>
        <translation>
            <numerusform>%n thread</numerusform>
            <numerusform>%n threads</numerusform>
        </translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ThreadTableModel</name>
    <message>
        <source>%1 (%2%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::ThreadTimeline</name>
    <message>
        <source>events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No threads yet. Press Start: it runs on your TFRecord files, or on the demo data when none are open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n skipped</source>
        <translation>
            <numerusform>%1 · %n skipped</numerusform>
            <numerusform>%1 · %n skipped</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::ThreadTimelinePanel</name>
    <message>
        <source>Follow live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the newest time at the right edge; turn off to pause the view and look back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show less time in more detail (or turn the mouse wheel over the lanes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show more time in less detail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the whole run into the view. Drag the lanes to pan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every view shows the run as it was at this instant. Drag on the time ruler or click a lane to move it; Live returns to now.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::TimelineText</name>
    <message>
        <source>From %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarised by the record in steps of %1; zoom in for exact spans where they are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activity: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n short spans folded together; zoom in to see them</source>
        <translation>
            <numerusform>%n short spans folded together; zoom in to see them</numerusform>
            <numerusform>%n short spans folded together; zoom in to see them</numerusform>
        </translation>
    </message>
    <message>
        <source>at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thread: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now: %1 for %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>qs::UiText</name>
    <message>
        <source>producer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trainer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>watcher</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enqueuing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dequeuing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>working</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thread start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queue close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thread exit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>join</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>end of data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped by request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ended by an error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>watchdog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coordinator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stuck worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input producer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>close_on_stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>filename queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>example queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a role word and its number</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
