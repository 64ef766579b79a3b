<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Autotuner</name>
    <message>
        <source>%1 buffer %2 -&gt; %3: its consumer found it empty in %4% of calls although it had filled up %5 times</source>
        <translation>%1 缓冲区 %2 -&gt; %3：取用端在 %4% 的调用中发现它是空的，虽然其间它曾填满 %5 次</translation>
    </message>
    <message>
        <source>%1 parallelism %2 -&gt; %3: output latency %4 -&gt; %5 ms</source>
        <translation>%1 并行度 %2 -&gt; %3：输出延迟 %4 -&gt; %5 毫秒</translation>
    </message>
</context>
<context>
    <name>Dataset</name>
    <message>
        <source>End of sequence</source>
        <translation>序列结束</translation>
    </message>
    <message>
        <source>interleave cycle</source>
        <translation>interleave 循环</translation>
    </message>
    <message>
        <source>%1 reader %2</source>
        <translation>%1 读取器 %2</translation>
    </message>
    <message>
        <source>Iterator was cancelled</source>
        <translation>迭代器已取消</translation>
    </message>
    <message>
        <source>%1 output</source>
        <translation>%1 输出</translation>
    </message>
    <message>
        <source>%1 worker %2</source>
        <translation>%1 工作线程 %2</translation>
    </message>
    <message>
        <source>prefetch buffer</source>
        <translation>prefetch 缓冲区</translation>
    </message>
    <message>
        <source>%1 thread</source>
        <translation>%1 线程</translation>
    </message>
    <message>
        <source>shuffle buffer</source>
        <translation>shuffle 缓冲区</translation>
    </message>
</context>
<context>
    <name>qs::ConfigPanel</name>
    <message>
        <source>Cannot start: %1</source>
        <translation>无法开始：%1</translation>
    </message>
    <message>
        <source>Input: files and readers</source>
        <translation>输入：文件和读取器</translation>
    </message>
    <message>
        <source>Batching</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>Model and training</source>
        <translation>模型和训练</translation>
    </message>
    <message>
        <source>Slow motion</source>
        <translation>慢动作</translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Workers demo</source>
        <translation>工作线程演示</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>shuffle_batch: queues and reader threads</source>
        <translation>shuffle_batch：队列和读取线程</translation>
    </message>
    <message>
        <source>naive: the loop reads each sample</source>
        <translation>naive：循环自己读取每个样本</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source> steps</source>
        <translation> 步</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>恢复默认值</translation>
    </message>
    <message>
        <source>Restore the default settings (with the chosen scenario&apos;s settings applied).</source>
        <translation>恢复默认设置（并应用所选场景的设置）。</translation>
    </message>
    <message>
        <source>queues: string_input_producer, readers, shuffle_batch</source>
        <translation>队列：string_input_producer、读取器、shuffle_batch</translation>
    </message>
    <message>
        <source>tf.data: interleave, map, shuffle, batch, prefetch</source>
        <translation>tf.data：interleave、map、shuffle、batch、prefetch</translation>
    </message>
    <message>
        <source>as reader threads</source>
        <translation>同读取线程数</translation>
    </message>
    <message>
        <source>from the queue knobs</source>
        <translation>依队列设置推得</translation>
    </message>
</context>
<context>
    <name>qs::ConfusionModel</name>
    <message numerus="yes">
        <source>true %1, predicted %2: %n sample(s)</source>
        <translation>
            <numerusform>真实 %1，预测 %2：%n 个样本</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1% of the %2)</source>
        <translation>（占 %2 的 %1%）</translation>
    </message>
    <message>
        <source>%1 (none held out)</source>
        <translation>%1（无保留样本）</translation>
    </message>
    <message>
        <source>%1 (%2%)</source>
        <translation>%1（%2%）</translation>
    </message>
</context>
<context>
    <name>qs::ControlsPanel</name>
    <message>
        <source>The scenario&apos;s settings do not apply: %1</source>
        <translation>无法应用场景的设置：%1</translation>
    </message>
    <message>
        <source>Open a TFRecord file</source>
        <translation>请打开 TFRecord 文件</translation>
    </message>
    <message>
        <source>Cannot start: %1</source>
        <translation>无法开始：%1</translation>
    </message>
</context>
<context>
    <name>qs::Dataset</name>
    <message>
        <source>cycle_length must be greater than zero</source>
        <translation>cycle_length 必须大于零</translation>
    </message>
    <message>
        <source>block_length must be greater than zero</source>
        <translation>block_length 必须大于零</translation>
    </message>
    <message>
        <source>num_parallel_calls must be positive or AUTOTUNE</source>
        <translation>num_parallel_calls 必须为正数或 AUTOTUNE</translation>
    </message>
    <message>
        <source>buffer_size must be greater than zero</source>
        <translation>buffer_size 必须大于零</translation>
    </message>
    <message>
        <source>batch_size must be greater than zero</source>
        <translation>batch_size 必须大于零</translation>
    </message>
    <message>
        <source>buffer_size must be positive or AUTOTUNE</source>
        <translation>buffer_size 必须为正数或 AUTOTUNE</translation>
    </message>
</context>
<context>
    <name>qs::EventLogModel</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>Done from the window, not by a pipeline thread.</source>
        <translation>由窗口操作，而非管线中的线程。</translation>
    </message>
</context>
<context>
    <name>qs::EventLogView</name>
    <message>
        <source>All threads</source>
        <translation>所有线程</translation>
    </message>
    <message>
        <source>All events</source>
        <translation>所有事件</translation>
    </message>
    <message>
        <source>&amp;Thread:</source>
        <translation>线程(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>类型(&amp;K)：</translation>
    </message>
</context>
<context>
    <name>qs::EventText</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>file %1</source>
        <translation>文件 %1</translation>
    </message>
    <message>
        <source>record %1</source>
        <translation>记录 %1</translation>
    </message>
    <message>
        <source>offset %1</source>
        <translation>偏移 %1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>you (Stop)</source>
        <translation>你（停止）</translation>
    </message>
    <message>
        <source>you (speed)</source>
        <translation>你（速度）</translation>
    </message>
    <message>
        <source>you</source>
        <translation>你</translation>
    </message>
    <message>
        <source>starts as the %1</source>
        <translation>以%1身份启动</translation>
    </message>
    <message>
        <source>asks every thread to stop</source>
        <translation>要求所有线程停止</translation>
    </message>
    <message>
        <source>asks to stop; a stop was already requested</source>
        <translation>要求停止；之前已有人要求停止</translation>
    </message>
    <message>
        <source>asks every thread to stop: the first error — %1</source>
        <translation>要求所有线程停止：第一个错误 — %1</translation>
    </message>
    <message>
        <source>asks to stop with %1; a stop was already requested, so that error is not kept</source>
        <translation>以 %1 要求停止；之前已有人要求停止，所以这个错误不会被保留</translation>
    </message>
    <message>
        <source>closes %1 and cancels the enqueues still waiting</source>
        <translation>关闭 %1，并取消仍在等待的入队</translation>
    </message>
    <message>
        <source>closes %1: what is in it can still be dequeued</source>
        <translation>关闭 %1：其中剩下的元素仍可出队</translation>
    </message>
    <message>
        <source>%1 — raised after join, too late to stop the run</source>
        <translation>%1 — 在 join 之后才发生，已来不及停止运行</translation>
    </message>
    <message>
        <source>%1 — kept as the run&apos;s error</source>
        <translation>%1 — 保留为本次运行的错误</translation>
    </message>
    <message>
        <source>%1 — not kept: a stop was already requested</source>
        <translation>%1 — 未保留：之前已有人要求停止</translation>
    </message>
    <message>
        <source>ends normally</source>
        <translation>正常结束</translation>
    </message>
    <message>
        <source>ends: cancelled</source>
        <translation>结束：已取消</translation>
    </message>
    <message>
        <source>ends: cancelled (%1)</source>
        <translation>结束：已取消（%1）</translation>
    </message>
    <message>
        <source>ends with an error: %1</source>
        <translation>因错误结束：%1</translation>
    </message>
    <message>
        <source>join returns: every thread has ended</source>
        <translation>join 返回：所有线程都已结束</translation>
    </message>
    <message>
        <source>join returns the kept error: every thread has ended</source>
        <translation>join 返回保留的错误：所有线程都已结束</translation>
    </message>
    <message>
        <source>join gives up waiting for %1 (the grace period is over)</source>
        <translation>join 不再等待 %1（宽限期已过）</translation>
    </message>
    <message>
        <source>the run ends: %1</source>
        <translation>运行结束：%1</translation>
    </message>
    <message>
        <source>the run ends: %1 — %2</source>
        <translation>运行结束：%1 — %2</translation>
    </message>
    <message>
        <source>step %1 granted</source>
        <translation>准许第 %1 步</translation>
    </message>
    <message numerus="yes">
        <source>held-out set: %n sample(s) from %1, %2 skipped</source>
        <translation>
            <numerusform>保留集：来自 %1 的 %n 个样本，跳过 %2 个</numerusform>
        </translation>
    </message>
    <message>
        <source>speed: full speed</source>
        <translation>速度：全速</translation>
    </message>
    <message>
        <source>speed: %1× slower</source>
        <translation>速度：慢 %1 倍</translation>
    </message>
    <message>
        <source>%1 decides to stop the others</source>
        <translation>%1 决定让其他线程停止</translation>
    </message>
    <message>
        <source>stop_after_s reached (%1 s): asks every thread to stop</source>
        <translation>已达 stop_after_s（%1 秒）：要求所有线程停止</translation>
    </message>
    <message>
        <source>plans the run: model input %1, %2 epoch(s), no label: input pipeline only</source>
        <translation>规划运行：模型输入 %1，%2 个 epoch，没有标签：只运行输入管线</translation>
    </message>
    <message>
        <source>plans the run: model input %1, %2 epoch(s)</source>
        <translation>规划运行：模型输入 %1，%2 个 epoch</translation>
    </message>
    <message>
        <source>%1 %2%</source>
        <translation>%1 %2%</translation>
    </message>
    <message>
        <source>%1 none held out</source>
        <translation>%1 无保留样本</translation>
    </message>
    <message>
        <source>held-out accuracy per class at step %1: %2</source>
        <translation>第 %1 步各类别的验证集准确率：%2</translation>
    </message>
    <message>
        <source>skipped record</source>
        <translation>跳过的记录</translation>
    </message>
    <message>
        <source>an unnamed file</source>
        <translation>一个未命名的文件</translation>
    </message>
    <message>
        <source>skipped corrupt record %1 at offset %2 in %3</source>
        <translation>跳过损坏的记录 %1（偏移 %2，于 %3）</translation>
    </message>
    <message>
        <source>skipped corrupt record %1 in %2</source>
        <translation>跳过损坏的记录 %1（于 %2）</translation>
    </message>
    <message>
        <source>skipped a corrupt record at offset %1 in %2</source>
        <translation>跳过偏移 %1 的一条损坏记录（于 %2）</translation>
    </message>
    <message>
        <source>skipped a corrupt record in %1</source>
        <translation>跳过一条损坏的记录（于 %1）</translation>
    </message>
    <message>
        <source>skipped record %1 at offset %2 in %3</source>
        <translation>跳过记录 %1（偏移 %2，于 %3）</translation>
    </message>
    <message>
        <source>skipped record %1 in %2</source>
        <translation>跳过记录 %1（于 %2）</translation>
    </message>
    <message>
        <source>skipped a record at offset %1 in %2</source>
        <translation>跳过偏移 %1 的一条记录（于 %2）</translation>
    </message>
    <message>
        <source>skipped a record in %1</source>
        <translation>跳过一条记录（于 %1）</translation>
    </message>
</context>
<context>
    <name>qs::ExplanationView</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 asked every thread to stop (coord.request_stop), without an error.</source>
        <translation>%1 要求所有线程停止（coord.request_stop），没有附带错误。</translation>
    </message>
    <message>
        <source>%1 asked every thread to stop (coord.request_stop) with the error.</source>
        <translation>%1 带着这个错误要求所有线程停止（coord.request_stop）。</translation>
    </message>
    <message>
        <source>%1 closed %2, cancelling the enqueues still waiting.</source>
        <translation>%1 关闭了 %2，并取消仍在等待的入队。</translation>
    </message>
    <message>
        <source>%1 closed %2.</source>
        <translation>%1 关闭了 %2。</translation>
    </message>
    <message>
        <source>coord.join() waited its grace period and gave up; still running: %1.</source>
        <translation>coord.join() 等完宽限期后放弃；仍在运行：%1。</translation>
    </message>
    <message>
        <source>coord.join() found every thread ended and re-raised the kept error.</source>
        <translation>coord.join() 确认所有线程都已结束，并重新抛出保留的错误。</translation>
    </message>
    <message>
        <source>coord.join() returned: every thread had ended.</source>
        <translation>coord.join() 返回：所有线程都已结束。</translation>
    </message>
    <message numerus="yes">
        <source>%n later stop request(s) changed nothing: the first one wins.</source>
        <translation>
            <numerusform>之后的 %n 次停止要求没有改变任何事：以第一次为准。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled (their queue was closed under them): %1.</source>
        <translation>已取消（它们的队列在它们等待时被关闭）：%1。</translation>
    </message>
    <message>
        <source>Ended with an error: %1.</source>
        <translation>因错误结束：%1。</translation>
    </message>
    <message>
        <source>What happened next</source>
        <translation>接下来发生的事</translation>
    </message>
    <message>
        <source>A thread that never checks coord.should_stop() holds up the shutdown: coord.join() waits stop_grace_period_secs, then names the threads still running (%1). Make every loop check should_stop(), or give its blocking calls a timeout.</source>
        <translation>一个从不检查 coord.should_stop() 的线程拖住了关闭：coord.join() 等待 stop_grace_period_secs，然后列出仍在运行的线程（%1）。请让每个循环都检查 should_stop()，或为其阻塞调用设置超时。</translation>
    </message>
    <message>
        <source>The trainer waited on a queue that no live thread feeds. Were the queue runners started? Call tf.train.start_queue_runners(sess=sess, coord=coord) before the training loop.</source>
        <translation>训练器在等一个没有任何存活线程供应的队列。队列线程启动了吗？请在训练循环之前调用 tf.train.start_queue_runners(sess=sess, coord=coord)。</translation>
    </message>
    <message>
        <source>A record&apos;s checksum did not match: the file is damaged there. Skip the bad records (the &quot;Skip corrupt records&quot; setting, as tf.data&apos;s ignore_errors() does, or a reader that catches tf.errors.DataLossError) or write the file again.</source>
        <translation>一条记录的校验码不符：文件在那里已损坏。请跳过坏记录（“跳过损坏的记录”设置，如同 tf.data 的 ignore_errors()，或让读取器捕获 tf.errors.DataLossError），或重新写出文件。</translation>
    </message>
    <message>
        <source>The first real error stops the whole run: stop_on_exception hands it to coord.request_stop(), should_stop() turns true in every thread, and coord.join() re-raises it.</source>
        <translation>第一个真正的错误会停止整个运行：stop_on_exception 把它交给 coord.request_stop()，每个线程的 should_stop() 都变为 true，coord.join() 会重新抛出它。</translation>
    </message>
    <message>
        <source>The input ran out after its epochs: the example queue was closed and drained, and the trainer&apos;s dequeue raised OutOfRangeError, which ends the loop. This is the normal end.</source>
        <translation>输入在跑完所有 epoch 后用尽：样例队列已关闭并取空，训练器的出队抛出 OutOfRangeError，结束了循环。这是正常的结束。</translation>
    </message>
    <message>
        <source>A stop without an error (the Stop button, stop_after_s or a worker): the close-on-stop watchers closed the queues with cancel_pending_enqueues=True, which released the blocked readers, and join returned cleanly.</source>
        <translation>没有错误的停止（“停止”按钮、stop_after_s 或某个工作线程）：停止时关闭队列的监视线程以 cancel_pending_enqueues=True 关闭队列，释放了被阻塞的读取器，join 干净地返回。</translation>
    </message>
    <message>
        <source>No run yet. Press Start to run the pipeline (on the bundled demo data when no file is open), or choose a scenario first.</source>
        <translation>尚未运行。按“开始”运行管线（未打开文件时使用内置的示例数据），或先选择一个情境。</translation>
    </message>
    <message>
        <source>The pipeline is running.</source>
        <translation>管线正在运行。</translation>
    </message>
    <message>
        <source>A stop was requested; the threads are finishing.</source>
        <translation>已要求停止；线程正在收尾。</translation>
    </message>
    <message>
        <source>The run has ended: %1.</source>
        <translation>运行已结束：%1。</translation>
    </message>
    <message>
        <source>What went wrong</source>
        <translation>出了什么问题</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>raised by %1</source>
        <translation>由 %1 抛出</translation>
    </message>
    <message>
        <source>in the file %1</source>
        <translation>在文件 %1 中</translation>
    </message>
    <message>
        <source>at record %1</source>
        <translation>在第 %1 条记录</translation>
    </message>
    <message>
        <source>at byte offset %1</source>
        <translation>在字节偏移 %1</translation>
    </message>
    <message>
        <source>Hint:</source>
        <translation>提示：</translation>
    </message>
    <message>
        <source>At %1, %2: %3</source>
        <translation>%1，%2：%3</translation>
    </message>
    <message>
        <source>coord.request_stop(): from now on coord.should_stop() is true in every thread. The first request with a real error decides the run&apos;s error; later ones change nothing.</source>
        <translation>coord.request_stop()：从此每个线程的 coord.should_stop() 都是 true。第一个带着真正错误的要求决定本次运行的错误；之后的要求不会改变任何事。</translation>
    </message>
    <message>
        <source>queue.close(): no more enqueues. With cancel_pending_enqueues the enqueues already waiting fail at once; dequeues drain what is left, then raise OutOfRangeError.</source>
        <translation>queue.close()：不再入队。加上 cancel_pending_enqueues 时，已在等待的入队会立即失败；出队会取完剩下的元素，然后抛出 OutOfRangeError。</translation>
    </message>
    <message>
        <source>An error in a coordinated thread: stop_on_exception hands it to coord.request_stop(). Only the first real error is kept.</source>
        <translation>受协调的线程中发生错误：stop_on_exception 把它交给 coord.request_stop()。只有第一个真正的错误会被保留。</translation>
    </message>
    <message>
        <source>The thread&apos;s function returned: cleanly, cancelled (its queue was closed under it) or with an error.</source>
        <translation>线程的函数返回了：正常结束、被取消（它等待的队列被关闭）或带着错误。</translation>
    </message>
    <message>
        <source>coord.join(threads): waits for every thread, at most stop_grace_period_secs once a stop was requested, then re-raises the kept error.</source>
        <translation>coord.join(threads)：等待每个线程，要求停止后最多等 stop_grace_period_secs，然后重新抛出保留的错误。</translation>
    </message>
    <message>
        <source>A thread began: a QueueRunner&apos;s thread, the trainer (the script&apos;s main loop) or a watcher.</source>
        <translation>一个线程开始了：QueueRunner 的线程、训练器（脚本的主循环）或监视线程。</translation>
    </message>
    <message>
        <source>The run is over; its result is what join reported.</source>
        <translation>运行结束；结果就是 join 所报告的。</translation>
    </message>
    <message>
        <source>Back to the whole run</source>
        <translation>回到整个运行</translation>
    </message>
    <message>
        <source>&lt;b&gt;Throughput: input-bound.&lt;/b&gt; In the %1 up to %2 the trainer waited for the example queue %3% of the time: the readers cannot keep up. The knob to turn: more reader threads (Reader threads, reader_threads, now %4), or cheaper reading and decoding (smaller stored images, uncompressed files).</source>
        <translation>&lt;b&gt;吞吐量：受限于输入。&lt;/b&gt;在到 %2 为止的 %1 内，训练器有 %3% 的时间在等样例队列：读取器跟不上。该调的设置：更多读取线程（“读取线程”，reader_threads，当前 %4），或让读取与解码更省（存较小的图片、不压缩的文件）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Throughput: model-bound.&lt;/b&gt; In the %1 up to %2 the reader threads were blocked on the full example queue %3% of their time and the trainer waited only %4%: the training step is the limit. More readers will not help; the knob to turn is the model: fewer hidden units (Hidden units) or a smaller input image.</source>
        <translation>&lt;b&gt;吞吐量：受限于模型。&lt;/b&gt;在到 %2 为止的 %1 内，读取线程有 %3% 的时间因样例队列已满而阻塞，训练器只等了 %4%：训练步骤才是瓶颈。更多读取器没有帮助；该调的是模型：更少的隐藏单元（“隐藏单元”）或更小的输入图片。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Throughput: balanced.&lt;/b&gt; In the %1 up to %2 the trainer waited for input %3% of the time and the readers were blocked on a full queue %4% of theirs: neither side holds the other up much, so no one knob would gain much alone.</source>
        <translation>&lt;b&gt;吞吐量：均衡。&lt;/b&gt;在到 %2 为止的 %1 内，训练器有 %3% 的时间在等输入，读取器有 %4% 的时间因队列已满而阻塞：两边都没怎么拖住对方，单调一个设置不会有多少收获。</translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) skipped; the log&apos;s notes say where and why.</source>
        <translation>
            <numerusform>已跳过 %n 条记录；日志中的备注说明了位置和原因。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::FrameTimingView</name>
    <message>
        <source>frame timing: no frames yet</source>
        <translation>帧计时：尚无帧</translation>
    </message>
    <message>
        <source>frame %1 ms (p95 %2) · snapshot %3 · update %4 · paint %5</source>
        <translation>每帧 %1 ms（p95 %2）· 快照 %3 · 更新 %4 · 绘制 %5</translation>
    </message>
    <message numerus="yes">
        <source>Time the window spends per frame, over the last %n frame(s), in ms.</source>
        <translation>
            <numerusform>窗口每帧花费的时间（最近 %n 帧，单位 ms）。</numerusform>
        </translation>
    </message>
    <message>
        <source>snapshot: taking it from the pipeline</source>
        <translation>快照：从管线取得快照</translation>
    </message>
    <message>
        <source>update: handing it to every panel</source>
        <translation>更新：交给每个面板</translation>
    </message>
    <message>
        <source>paint: the repaint that follows</source>
        <translation>绘制：随后的重绘</translation>
    </message>
    <message>
        <source>whole frame</source>
        <translation>整帧</translation>
    </message>
    <message>
        <source>%1 — median %2, p95 %3, max %4</source>
        <translation>%1 — 中位数 %2，p95 %3，最大 %4</translation>
    </message>
    <message>
        <source>CPU time of the GUI thread (the rest of a frame is waiting)</source>
        <translation>GUI 线程的 CPU 时间（帧其余的时间都在等待）</translation>
    </message>
</context>
<context>
    <name>qs::Knob</name>
    <message>
        <source>Files:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>The TFRecord files to read: names or glob patterns.</source>
        <translation>要读取的 TFRecord 文件：文件名或通配符模式。</translation>
    </message>
    <message>
        <source>Epochs:</source>
        <translation>Epoch 数：</translation>
    </message>
    <message>
        <source>How many times string_input_producer hands out every file (num_epochs). 0 cycles until you stop.</source>
        <translation>string_input_producer 把每个文件交出几次（num_epochs）。0 表示一直循环，直到你停止。</translation>
    </message>
    <message>
        <source>Shuffle the file order each epoch</source>
        <translation>每个 epoch 打乱文件顺序</translation>
    </message>
    <message>
        <source>string_input_producer(shuffle=True): a fresh permutation of the files every epoch.</source>
        <translation>string_input_producer(shuffle=True)：每个 epoch 都用新的文件排列顺序。</translation>
    </message>
    <message>
        <source>File order seed:</source>
        <translation>文件顺序种子：</translation>
    </message>
    <message>
        <source>The seed of the file shuffle; 0 picks a random one.</source>
        <translation>打乱文件顺序用的种子；0 表示随机选一个。</translation>
    </message>
    <message>
        <source>Filename queue capacity:</source>
        <translation>文件名队列容量：</translation>
    </message>
    <message>
        <source>How many file names the filename queue holds (capacity of string_input_producer).</source>
        <translation>文件名队列可容纳的文件名数量（string_input_producer 的 capacity）。</translation>
    </message>
    <message>
        <source>Reader threads:</source>
        <translation>读取线程：</translation>
    </message>
    <message>
        <source>How many threads read, parse, decode and enqueue examples (num_threads of shuffle_batch).</source>
        <translation>有几个线程负责读取、解析、解码并把样例放入队列（shuffle_batch 的 num_threads）。</translation>
    </message>
    <message>
        <source>Skip corrupt records</source>
        <translation>跳过损坏的记录</translation>
    </message>
    <message>
        <source>Count and skip a record whose checksum fails instead of stopping the run with DataLoss.</source>
        <translation>校验和错误的记录只计数并跳过，而不是以 DataLoss 停止运行。</translation>
    </message>
    <message>
        <source>Feed:</source>
        <translation>喂入方式：</translation>
    </message>
    <message>
        <source>How batches reach the trainer: queues filled by reader threads, or the naive way where the training loop reads every sample itself.</source>
        <translation>批次如何送到训练器：由读取线程填满的队列，或是训练循环自己读取每个样本的朴素方式。</translation>
    </message>
    <message>
        <source>Shuffle queue (RandomShuffleQueue)</source>
        <translation>打乱队列（RandomShuffleQueue）</translation>
    </message>
    <message>
        <source>On: tf.train.shuffle_batch over a RandomShuffleQueue. Off: tf.train.batch over a FIFOQueue, in reading order.</source>
        <translation>开启：以 RandomShuffleQueue 实现的 tf.train.shuffle_batch。关闭：以 FIFOQueue 实现的 tf.train.batch，按读取顺序。</translation>
    </message>
    <message>
        <source>Example queue capacity:</source>
        <translation>样例队列容量：</translation>
    </message>
    <message>
        <source>How many decoded examples the example queue holds. TensorFlow&apos;s advice: min_after_dequeue + 3 × batch size.</source>
        <translation>样例队列可容纳的已解码样例数量。TensorFlow 的建议：min_after_dequeue + 3 × 批次大小。</translation>
    </message>
    <message>
        <source>min_after_dequeue:</source>
        <translation>min_after_dequeue：</translation>
    </message>
    <message>
        <source>A dequeue waits until this many examples would remain, so each batch is drawn from a well-mixed pool. Must be smaller than the capacity.</source>
        <translation>取出时会等到队列中至少还剩这么多样例，让每个批次都取自充分混合的样例池。必须小于容量。</translation>
    </message>
    <message>
        <source>Batch size:</source>
        <translation>批次大小：</translation>
    </message>
    <message>
        <source>Examples per training step: the trainer&apos;s dequeue_many(n).</source>
        <translation>每个训练步骤的样例数：训练器的 dequeue_many(n)。</translation>
    </message>
    <message>
        <source>Allow a smaller final batch</source>
        <translation>允许较小的最后批次</translation>
    </message>
    <message>
        <source>When the data ends, hand out the remaining examples as a last, smaller batch.</source>
        <translation>数据用完时，把剩下的样例当作最后一个较小的批次交出。</translation>
    </message>
    <message>
        <source>Shuffle queue seed:</source>
        <translation>打乱队列种子：</translation>
    </message>
    <message>
        <source>The seed of the RandomShuffleQueue; 0 picks a random one.</source>
        <translation>RandomShuffleQueue 的种子；0 表示随机选一个。</translation>
    </message>
    <message>
        <source>Image width:</source>
        <translation>图像宽度：</translation>
    </message>
    <message>
        <source>Readers resize every decoded image to this width; the model sees width × height × 3 values.</source>
        <translation>读取器把每张解码后的图像缩放到这个宽度；模型看到的是 宽 × 高 × 3 个数值。</translation>
    </message>
    <message>
        <source>Image height:</source>
        <translation>图像高度：</translation>
    </message>
    <message>
        <source>Readers resize every decoded image to this height; the model sees width × height × 3 values.</source>
        <translation>读取器把每张解码后的图像缩放到这个高度；模型看到的是 宽 × 高 × 3 个数值。</translation>
    </message>
    <message>
        <source>Hidden units:</source>
        <translation>隐藏单元：</translation>
    </message>
    <message>
        <source>Units in the model&apos;s hidden layer (OpenCV ANN_MLP).</source>
        <translation>模型隐藏层的单元数（OpenCV ANN_MLP）。</translation>
    </message>
    <message>
        <source>Max steps:</source>
        <translation>最多步数：</translation>
    </message>
    <message>
        <source>Stop after this many training steps; 0 trains until the data ends or you stop.</source>
        <translation>训练这么多步后停止；0 表示训练到数据用完或你停止为止。</translation>
    </message>
    <message>
        <source>Evaluate every:</source>
        <translation>评估间隔：</translation>
    </message>
    <message>
        <source>Measure the accuracy on held-out samples every N steps; 0 never.</source>
        <translation>每 N 步在保留样本上测量一次准确率；0 表示从不。</translation>
    </message>
    <message>
        <source>Held-out file:</source>
        <translation>保留数据文件：</translation>
    </message>
    <message>
        <source>Held-out data from this TFRecord file instead of every k-th training record.</source>
        <translation>从这个 TFRecord 文件获取保留数据，而不是每隔 k 条训练记录取一条。</translation>
    </message>
    <message>
        <source>Held-out fraction:</source>
        <translation>保留比例：</translation>
    </message>
    <message>
        <source>Without a held-out file, hold out every round(1/F)-th training record; 0 holds out none.</source>
        <translation>没有保留数据文件时，每 round(1/F) 条训练记录保留一条；0 表示不保留。</translation>
    </message>
    <message>
        <source>Held-out samples at most:</source>
        <translation>保留样本上限：</translation>
    </message>
    <message>
        <source>The held-out set is kept in memory: at most this many samples.</source>
        <translation>保留数据集放在内存中：最多这么多个样本。</translation>
    </message>
    <message>
        <source>Classes:</source>
        <translation>类别数：</translation>
    </message>
    <message>
        <source>How many classes the model tells apart; 0 finds out from the labels.</source>
        <translation>模型要区分几个类别；0 表示从标签推算。</translation>
    </message>
    <message>
        <source>Feature spec:</source>
        <translation>特征规格：</translation>
    </message>
    <message>
        <source>Which features are the image and the label, as JSON overrides of what was detected (as `inspect --spec` takes).</source>
        <translation>哪些特征是图像和标签，以 JSON 覆盖检测结果（与 `inspect --spec` 相同）。</translation>
    </message>
    <message>
        <source>Preview images:</source>
        <translation>预览图像数：</translation>
    </message>
    <message>
        <source>How many images of the latest batch the window shows.</source>
        <translation>窗口显示最新批次中的几张图像。</translation>
    </message>
    <message>
        <source>Reader delay:</source>
        <translation>读取延迟：</translation>
    </message>
    <message>
        <source>Extra time per record read, to watch the readers work.</source>
        <translation>每读取一条记录额外花的时间，方便观察读取器工作。</translation>
    </message>
    <message>
        <source>Decode delay:</source>
        <translation>解码延迟：</translation>
    </message>
    <message>
        <source>Extra time per example decoded.</source>
        <translation>每解码一个样例额外花的时间。</translation>
    </message>
    <message>
        <source>Trainer delay:</source>
        <translation>训练延迟：</translation>
    </message>
    <message>
        <source>Extra time per training step: a slow model.</source>
        <translation>每个训练步骤额外花的时间：模拟很慢的模型。</translation>
    </message>
    <message>
        <source>Speed:</source>
        <translation>速度：</translation>
    </message>
    <message>
        <source>Slow motion for every stage: 1 is full speed, 0.1 ten times slower.</source>
        <translation>每个阶段的慢动作：1 为全速，0.1 为慢十倍。</translation>
    </message>
    <message>
        <source>Grace period:</source>
        <translation>宽限时间：</translation>
    </message>
    <message>
        <source>How long coord.join() waits for the threads after a stop before it names the ones still running (stop_grace_period_secs).</source>
        <translation>停止后 coord.join() 要等线程多久，才列出仍在运行的线程（stop_grace_period_secs）。</translation>
    </message>
    <message>
        <source>Hang watchdog:</source>
        <translation>卡住监视器：</translation>
    </message>
    <message>
        <source>After this long with no progress, the watchdog explains which thread waits on what.</source>
        <translation>经过这么久都没有进展时，监视器会说明哪个线程在等什么。</translation>
    </message>
    <message>
        <source>Start the queue runners</source>
        <translation>启动队列运行器（queue runners）</translation>
    </message>
    <message>
        <source>Off reproduces the classic mistake of forgetting tf.train.start_queue_runners(): the first dequeue waits forever.</source>
        <translation>关闭时重现忘记调用 tf.train.start_queue_runners() 的经典错误：第一次取出会永远等下去。</translation>
    </message>
    <message>
        <source>Stop after:</source>
        <translation>停止时间：</translation>
    </message>
    <message>
        <source>Request stop after this many seconds; 0 never.</source>
        <translation>经过这么多秒后请求停止；0 表示永不。</translation>
    </message>
    <message>
        <source>Workers:</source>
        <translation>工作线程：</translation>
    </message>
    <message>
        <source>How many worker threads loop while not coord.should_stop().</source>
        <translation>有几个工作线程在 coord.should_stop() 为假时循环。</translation>
    </message>
    <message>
        <source>Step length:</source>
        <translation>每步时间：</translation>
    </message>
    <message>
        <source>How long one worker step takes.</source>
        <translation>工作线程每一步花的时间。</translation>
    </message>
    <message>
        <source>Stop chance per step:</source>
        <translation>每步停止概率：</translation>
    </message>
    <message>
        <source>After each step a worker calls coord.request_stop() with this probability.</source>
        <translation>每一步之后，工作线程以这个概率调用 coord.request_stop()。</translation>
    </message>
    <message>
        <source>Decode JPEG at reduced size</source>
        <translation>以缩小尺寸解码 JPEG</translation>
    </message>
    <message>
        <source>Decode a JPEG larger than the model&apos;s input at 1/2, 1/4 or 1/8 size in the DCT domain, then resize: much faster, within a few grey levels of a full decode.</source>
        <translation>比模型输入大的 JPEG 先在 DCT 域以 1/2、1/4 或 1/8 尺寸解码，再缩放：快得多，与完整解码只差几个灰阶。</translation>
    </message>
    <message>
        <source>Model input follows the data</source>
        <translation>模型输入跟随数据</translation>
    </message>
    <message>
        <source>The model&apos;s input takes the size and channels of the first image (28x28 gray stays 28x28 gray), scaled down to at most 784 values (28x28x1, 16x16x3) to keep the pace; off uses image_width x image_height x 3. Setting image_width, image_height or input_size turns it off.</source>
        <translation>模型输入采用第一张图像的尺寸与通道数（28x28 灰度仍是 28x28 灰度），并缩小到最多 784 个值（28x28x1、16x16x3）以保持速度；关闭时使用 image_width x image_height x 3。设置 image_width、image_height 或 input_size 会关闭它。</translation>
    </message>
    <message>
        <source>Train at least:</source>
        <translation>至少训练：</translation>
    </message>
    <message>
        <source>Repeat the data (more epochs than num_epochs) until the run trains at least this many steps, or max_steps when larger: epochs = ceil(steps x batch_size / training records per epoch). 0 keeps num_epochs as given; setting num_epochs turns it off.</source>
        <translation>重复数据（比 num_epochs 更多的 epoch），直到至少训练这么多步，或 max_steps（若更大）：epochs = ceil(步数 x batch_size / 每个 epoch 的训练记录数)。0 保留 num_epochs 原值；设置 num_epochs 会关闭它。</translation>
    </message>
    <message>
        <source>Compression:</source>
        <translation>压缩：</translation>
    </message>
    <message>
        <source>How the training files are compressed: none, gzip, zlib, or auto (detected from each file).</source>
        <translation>训练文件的压缩方式：none、gzip、zlib，或 auto（从每个文件检测）。</translation>
    </message>
    <message>
        <source>Pipeline:</source>
        <translation>输入管线：</translation>
    </message>
    <message>
        <source>Which input pipeline reads the files: the TF 1.x queues and queue runners, or its tf.data equivalent built from the same settings.</source>
        <translation>由哪一种输入管线读取文件：TF 1.x 的队列与 queue runner，或由相同设置建立的 tf.data 等效管线。</translation>
    </message>
    <message>
        <source>tf.data AUTOTUNE</source>
        <translation>tf.data AUTOTUNE</translation>
    </message>
    <message>
        <source>Dataset pipeline: let the tuner choose the interleave and map parallelism and the prefetch buffer while the run goes.</source>
        <translation>Dataset 管线：让调优器在运行中自行选择 interleave 与 map 的并行度以及 prefetch 缓冲区。</translation>
    </message>
    <message>
        <source>Interleave parallelism:</source>
        <translation>Interleave 并行度：</translation>
    </message>
    <message>
        <source>Dataset pipeline: threads reading files at once in interleave; 0 follows the reader threads.</source>
        <translation>Dataset 管线：interleave 中同时读取文件的线程数；0 表示跟随读取线程数。</translation>
    </message>
    <message>
        <source>Map parallelism:</source>
        <translation>Map 并行度：</translation>
    </message>
    <message>
        <source>Dataset pipeline: threads parsing and decoding in map; 0 follows the reader threads.</source>
        <translation>Dataset 管线：map 中解析与解码的线程数；0 表示跟随读取线程数。</translation>
    </message>
    <message>
        <source>Prefetch batches:</source>
        <translation>Prefetch 批次数：</translation>
    </message>
    <message>
        <source>Dataset pipeline: batches prefetch keeps ready; 0 no prefetch, -1 the example queue&apos;s room above min_after_dequeue, in batches.</source>
        <translation>Dataset 管线：prefetch 预先备好的批次数；0 表示不 prefetch，-1 表示样本队列在 min_after_dequeue 之上的空间（以批次计）。</translation>
    </message>
    <message>
        <source>Cache decoded examples</source>
        <translation>缓存解码后的样本</translation>
    </message>
    <message>
        <source>Dataset pipeline: keep the decoded examples of the first epoch in memory and serve the later epochs from there.</source>
        <translation>Dataset 管线：把第一个 epoch 解码后的样本保留在内存中，之后的 epoch 直接从那里取用。</translation>
    </message>
    <message>
        <source>Deterministic order</source>
        <translation>确定的顺序</translation>
    </message>
    <message>
        <source>Dataset pipeline: interleave and map hand out elements in input order; off, they hand out whichever is ready first, so one slow file or element holds nobody up.</source>
        <translation>Dataset 管线：interleave 与 map 按输入顺序交出元素；关闭时交出最先就绪的元素，一个很慢的文件或元素就不会拖住其他人。</translation>
    </message>
    <message>
        <source>Map after batch (vectorised)</source>
        <translation>先分批再 map（向量化）</translation>
    </message>
    <message>
        <source>Dataset pipeline: batch the serialized records first, then one map call parses and decodes a whole batch, paying the per-call cost once per batch.</source>
        <translation>Dataset 管线：先把序列化的记录分批，再由一次 map 调用解析并解码整批，每批只付一次调用成本。</translation>
    </message>
</context>
<context>
    <name>qs::MainWindow</name>
    <message>
        <source>About QueueScope</source>
        <translation>关于 QueueScope</translation>
    </message>
    <message>
        <source>&lt;b&gt;QueueScope %1&lt;/b&gt;&lt;p&gt;See, teach and debug TensorFlow 1.x style input pipelines: TFRecord readers, queues, the coordinator and the training loop, live.&lt;/p&gt;</source>
        <translation>&lt;b&gt;QueueScope %1&lt;/b&gt;&lt;p&gt;实时观察、讲解和调试 TensorFlow 1.x 风格的输入管线：TFRecord 读取器、队列、协调器和训练循环。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>QueueScope</source>
        <translation>QueueScope</translation>
    </message>
    <message numerus="yes">
        <source>QueueScope — %n input file(s)</source>
        <translation>
            <numerusform>QueueScope — %n 个输入文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>管线</translation>
    </message>
    <message>
        <source>Event log</source>
        <translation>事件日志</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Samples of the latest batch</source>
        <translation>最新批次的样本</translation>
    </message>
    <message>
        <source>Training metrics</source>
        <translation>训练指标</translation>
    </message>
    <message>
        <source>Queue occupancy</source>
        <translation>队列占用</translation>
    </message>
    <message>
        <source>Run controls</source>
        <translation>运行控制</translation>
    </message>
    <message>
        <source>S&amp;cenario:</source>
        <translation>场景(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Zoom &amp;In (presentation)</source>
        <translation>放大(&amp;I)（演示）</translation>
    </message>
    <message>
        <source>Zoom &amp;Out (presentation)</source>
        <translation>缩小(&amp;O)（演示）</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About QueueScope</source>
        <translation>关于 QueueScope(&amp;A)</translation>
    </message>
    <message>
        <source>Open TFRecord files</source>
        <translation>打开 TFRecord 文件</translation>
    </message>
    <message>
        <source>TFRecord files (*.tfrecord *.tfrecords *.tfrec);;All files (*)</source>
        <translation>TFRecord 文件 (*.tfrecord *.tfrecords *.tfrec);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Input: %1</source>
        <translation>输入：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清除列表</translation>
    </message>
    <message>
        <source>Unknown scenario: %1</source>
        <translation>未知的场景：%1</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控制</translation>
    </message>
    <message>
        <source>TensorFlow code</source>
        <translation>TensorFlow 代码</translation>
    </message>
    <message>
        <source>Thread states</source>
        <translation>线程状态</translation>
    </message>
    <message>
        <source>&amp;Thread States</source>
        <translation>线程状态(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Frame Timing</source>
        <translation>帧计时(&amp;F)</translation>
    </message>
    <message>
        <source>Show how long the window takes per frame: the snapshot, the panel updates and the repaint.</source>
        <translation>显示窗口每帧花费的时间：快照、面板更新与重绘。</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>%1 runs at its teaching pace, %2× slower; Speed changes it</source>
        <translation>%1 以教学节奏运行（慢 %2 倍）；可用“速度”调整</translation>
    </message>
    <message>
        <source>&amp;Cursor</source>
        <translation>游标(&amp;C)</translation>
    </message>
    <message>
        <source>◀ Event</source>
        <translation>◀ 事件</translation>
    </message>
    <message>
        <source>Move the time cursor to the previous coordination event (%1); every view shows the run then.</source>
        <translation>将时间游标移到上一个协调事件（%1）；每个视图都显示当时的运行状态。</translation>
    </message>
    <message>
        <source>Event ▶</source>
        <translation>事件 ▶</translation>
    </message>
    <message>
        <source>Move the time cursor to the next coordination event (%1).</source>
        <translation>将时间游标移到下一个协调事件（%1）。</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>Show the run as it is now again (%1).</source>
        <translation>再次显示运行当前的状态（%1）。</translation>
    </message>
    <message>
        <source>Samples of the batch at %1</source>
        <translation>%1 时的批次样本</translation>
    </message>
    <message>
        <source>QueueScope — saved run %1</source>
        <translation>QueueScope — 已保存的运行记录 %1</translation>
    </message>
    <message>
        <source>Open R&amp;un…</source>
        <translation>打开运行记录(&amp;U)…</translation>
    </message>
    <message>
        <source>Open a saved run (.qsrun) and replay it: every view, with the time cursor</source>
        <translation>打开已保存的运行记录（.qsrun）并回放：所有视图都随时间游标显示</translation>
    </message>
    <message>
        <source>&amp;Save Run…</source>
        <translation>保存运行记录(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the last finished run, whole, to one file (SQLite, see the README)</source>
        <translation>将最近一次完成的运行完整保存为一个文件（SQLite，见 README）</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Chrome/Perfetto &amp;Trace…</source>
        <translation>Chrome/Perfetto 跟踪文件(&amp;T)…</translation>
    </message>
    <message>
        <source>Event Log as &amp;JSON Lines…</source>
        <translation>事件日志（JSON Lines）(&amp;J)…</translation>
    </message>
    <message>
        <source>Open Run</source>
        <translation>打开运行记录</translation>
    </message>
    <message>
        <source>Saved runs (*.qsrun *.qsrun.partial);;All files (*)</source>
        <translation>已保存的运行记录 (*.qsrun *.qsrun.partial);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save Run</source>
        <translation>保存运行记录</translation>
    </message>
    <message>
        <source>Saved runs (*.qsrun)</source>
        <translation>已保存的运行记录 (*.qsrun)</translation>
    </message>
    <message>
        <source>Export Trace</source>
        <translation>导出跟踪文件</translation>
    </message>
    <message>
        <source>Export Event Log</source>
        <translation>导出事件日志</translation>
    </message>
    <message>
        <source>Chrome trace (*.json)</source>
        <translation>Chrome 跟踪文件 (*.json)</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Choose &amp;Features…</source>
        <translation>选择特征(&amp;F)…</translation>
    </message>
    <message>
        <source>Open a TFRecord file first: the features are the file&apos;s</source>
        <translation>请先打开 TFRecord 文件：特征来自文件本身</translation>
    </message>
    <message>
        <source>Features: as detected</source>
        <translation>特征：按检测结果</translation>
    </message>
    <message>
        <source>Features chosen: %1</source>
        <translation>已选择特征：%1</translation>
    </message>
    <message>
        <source>%1: the features chosen before (%2); File ▸ Choose Features… changes them</source>
        <translation>%1：沿用之前选择的特征（%2）；可用“文件 ▸ 选择特征…”修改</translation>
    </message>
    <message>
        <source>%1: no image feature was found; choose the features</source>
        <translation>%1：找不到图像特征；请选择特征</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行记录</translation>
    </message>
</context>
<context>
    <name>qs::MetricsCharts</name>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>training accuracy</source>
        <translation>训练准确率</translation>
    </message>
    <message>
        <source>held-out accuracy</source>
        <translation>验证集准确率</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>Step %1: loss %2</source>
        <translation>第 %1 步：损失 %2</translation>
    </message>
    <message>
        <source>%1 s: %2/s</source>
        <translation>%1 秒：%2/秒</translation>
    </message>
    <message>
        <source>Curves</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>Confusion matrix</source>
        <translation>混淆矩阵</translation>
    </message>
    <message>
        <source>Held-out confusion at step %1 (rows: true class, columns: predicted)</source>
        <translation>第 %1 步的验证集混淆矩阵（行：真实类别，列：预测类别）</translation>
    </message>
    <message>
        <source>%1: loss</source>
        <translation>%1：损失</translation>
    </message>
    <message>
        <source>%1: held-out accuracy</source>
        <translation>%1：保留集准确率</translation>
    </message>
    <message>
        <source>%1: samples/s</source>
        <translation>%1：样本/秒</translation>
    </message>
</context>
<context>
    <name>qs::PipelineDiagram</name>
    <message numerus="yes">
        <source>%n producer(s)</source>
        <translation>
            <numerusform>%n 个生产者</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n reader(s)</source>
        <translation>
            <numerusform>%n 个读取器</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trainer(s)</source>
        <translation>
            <numerusform>%n 个训练器</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other thread(s)</source>
        <translation>
            <numerusform>%n 个其他线程</numerusform>
        </translation>
    </message>
    <message>
        <source>names</source>
        <translation>文件名</translation>
    </message>
    <message>
        <source>enqueue</source>
        <translation>入队</translation>
    </message>
    <message>
        <source>dequeue_many = batch</source>
        <translation>dequeue_many = 批次</translation>
    </message>
    <message>
        <source>dequeue</source>
        <translation>出队</translation>
    </message>
    <message>
        <source>The pipeline appears here when a run starts:
files → filename queue → readers → example queue → batch → trainer</source>
        <translation>运行开始后，管线会显示在这里：
文件 → 文件名队列 → 读取器 → 样例队列 → 批次 → 训练器</translation>
    </message>
    <message>
        <source>coordination:</source>
        <translation>协调：</translation>
    </message>
    <message>
        <source>TFRecord files</source>
        <translation>TFRecord 文件</translation>
    </message>
    <message>
        <source>The input files; their names go round the filename queue once per epoch.</source>
        <translation>输入文件；每个 epoch 它们的文件名都会在文件名队列中走一轮。</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>floor (min_after_dequeue) %1</source>
        <translation>下限 (min_after_dequeue) %1</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>%1 of %2 elements; %3 enqueued and %4 dequeued since the start.</source>
        <translation>%2 个容量中有 %1 个元素；开始以来入队 %3 个、出队 %4 个。</translation>
    </message>
    <message>
        <source>The dashed line is min_after_dequeue: a dequeue waits while fewer elements would remain, so the shuffle has enough to mix (until the queue is closed).</source>
        <translation>虚线是 min_after_dequeue：若出队后剩下的元素会少于它，出队就会等待，让洗牌有足够的元素可混合（直到队列关闭）。</translation>
    </message>
    <message>
        <source>Closed: no more enqueues; dequeues drain what is left, then end the input.</source>
        <translation>已关闭：不再入队；出队会取完剩下的元素，然后输入结束。</translation>
    </message>
    <message numerus="yes">
        <source>%n worker(s)</source>
        <translation>
            <numerusform>%n 个工作线程</numerusform>
        </translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>入 %1</translation>
    </message>
    <message>
        <source>out %1</source>
        <translation>出 %1</translation>
    </message>
    <message>
        <source>floor %1</source>
        <translation>下限 %1</translation>
    </message>
    <message>
        <source>%1 of %2 elements.</source>
        <translation>%2 个元素中有 %1 个。</translation>
    </message>
</context>
<context>
    <name>qs::QueueChart</name>
    <message>
        <source>Queue occupancy</source>
        <translation>队列占用</translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>% of capacity</source>
        <translation>占容量的 %</translation>
    </message>
    <message>
        <source>How full each queue was, as a share of its capacity. A dotted line marks a shuffle queue&apos;s min_after_dequeue floor.</source>
        <translation>每个队列的填满程度，以占容量的比例表示。点线标出洗牌队列的 min_after_dequeue 下限。</translation>
    </message>
</context>
<context>
    <name>qs::RunController</name>
    <message>
        <source>Cannot start: %1</source>
        <translation>无法开始：%1</translation>
    </message>
    <message>
        <source>Input: the bundled demo data</source>
        <translation>输入：内置的演示数据</translation>
    </message>
    <message>
        <source>demo data</source>
        <translation>演示数据</translation>
    </message>
    <message>
        <source>This run is not being recorded: %1</source>
        <translation>这次运行没有被记录：%1</translation>
    </message>
    <message>
        <source>Stop the run before opening a saved one.</source>
        <translation>请先停止当前的运行，再打开已保存的运行记录。</translation>
    </message>
    <message>
        <source>Cannot open the run: %1</source>
        <translation>无法打开运行记录：%1</translation>
    </message>
    <message>
        <source>Saved run %1: move the time cursor to replay it</source>
        <translation>已保存的运行记录 %1：移动时间游标即可回放</translation>
    </message>
    <message>
        <source>Saved run %1 was cut short: it holds the run&apos;s first %2</source>
        <translation>已保存的运行记录 %1 被中断：只含运行的前 %2</translation>
    </message>
    <message>
        <source>%1 is a run cut short; copy it together with its -wal file instead</source>
        <translation>%1 是被中断的运行记录；请连同它的 -wal 文件一起复制</translation>
    </message>
    <message>
        <source>the run is still going: stop it or let it end, then save</source>
        <translation>运行仍在进行：请停止或等它结束后再保存</translation>
    </message>
    <message>
        <source>Run saved to %1</source>
        <translation>运行记录已保存到 %1</translation>
    </message>
    <message>
        <source>Cannot save the run: %1</source>
        <translation>无法保存运行记录：%1</translation>
    </message>
    <message>
        <source>no run to export yet</source>
        <translation>还没有可导出的运行</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <source>Cannot export: %1</source>
        <translation>无法导出：%1</translation>
    </message>
    <message>
        <source>The run&apos;s record could not be saved: %1</source>
        <translation>无法保存这次运行的记录：%1</translation>
    </message>
    <message>
        <source>No label: input pipeline only (the trainer takes the batches and learns nothing)</source>
        <translation>没有标签：只运行输入管线（训练器取用批次但不学习）</translation>
    </message>
    <message>
        <source>This run stops itself at %1 (stop_after_s)</source>
        <translation>这次运行会在 %1 时自行停止（stop_after_s）</translation>
    </message>
    <message>
        <source>The run cannot be compared: %1</source>
        <translation>无法比较此运行：%1</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
</context>
<context>
    <name>qs::RunControls</name>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open TFRecord files (you can also drop them on the window)</source>
        <translation>打开 TFRecord 文件（也可以把文件拖放到窗口上）</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>Start the input pipeline and the training loop</source>
        <translation>启动输入管线和训练循环</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Ask the coordinator to stop every thread</source>
        <translation>请协调器停止所有线程</translation>
    </message>
    <message>
        <source>Step &amp;mode</source>
        <translation>单步模式(&amp;M)</translation>
    </message>
    <message>
        <source>Hold each thread at every coordination event until you press Next step</source>
        <translation>在每个协调事件让线程停住，直到你按下“下一步”</translation>
    </message>
    <message>
        <source>&amp;Next step</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <source>Let the next held thread go on to its next coordination event</source>
        <translation>让下一个被停住的线程继续到它的下一个协调事件</translation>
    </message>
    <message>
        <source>Spee&amp;d:</source>
        <translation>速度(&amp;D)：</translation>
    </message>
    <message>
        <source>Slow motion makes single enqueues and dequeues visible</source>
        <translation>慢动作可以看清每一次入队和出队</translation>
    </message>
    <message>
        <source>full speed</source>
        <translation>全速</translation>
    </message>
    <message>
        <source>%1× slower</source>
        <translation>慢 %1 倍</translation>
    </message>
</context>
<context>
    <name>qs::RunPlan</name>
    <message>
        <source>no label: input pipeline only. The trainer takes every batch at the model&apos;s cost and learns nothing; %1</source>
        <translation>没有标签：只运行输入管线。训练器以模型的成本取用每个批次，但不学习；%1</translation>
    </message>
    <message>
        <source>the files hold no training records (%1 held out), so the run trains 0 steps</source>
        <translation>文件中没有训练记录（保留 %1 条），所以这次运行训练 0 步</translation>
    </message>
    <message>
        <source>every %1th record</source>
        <translation>每第 %1 条记录</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>an epoch holds %1 training records, fewer than a batch of %2</source>
        <translation>一个 epoch 只有 %1 条训练记录，少于一个 %2 的批次</translation>
    </message>
    <message>
        <source>an epoch holds %1 training records: %2 step(s) of a batch of %3</source>
        <translation>一个 epoch 有 %1 条训练记录：批次大小 %3 时为 %2 步</translation>
    </message>
    <message>
        <source>; so num_epochs %1 becomes 0 (repeat until stopped) to train at least %2 steps (min_steps; --min-steps 0 or --epochs N keeps yours)</source>
        <translation>；因此 num_epochs %1 改为 0（重复直到停止），以训练至少 %2 步（min_steps；--min-steps 0 或 --epochs N 可保留你的设置）</translation>
    </message>
    <message>
        <source>; so num_epochs %1 becomes %3 to train at least %2 steps (min_steps; --min-steps 0 or --epochs N keeps yours)</source>
        <translation>；因此 num_epochs %1 改为 %3，以训练至少 %2 步（min_steps；--min-steps 0 或 --epochs N 可保留你的设置）</translation>
    </message>
    <message>
        <source>; num_epochs %1 as set</source>
        <translation>；num_epochs %1 按设置</translation>
    </message>
    <message>
        <source>%1 epoch(s) of %2 training records are fewer than a batch of %3, so the run trains 0 steps: set --allow-smaller-final-batch, more --epochs, or a smaller --batch-size</source>
        <translation>%1 个 epoch 的 %2 条训练记录少于一个 %3 的批次，所以训练 0 步：请设置 --allow-smaller-final-batch、更多 --epochs 或更小的 --batch-size</translation>
    </message>
    <message>
        <source>labels: &apos;%1&apos; names %2 classes (%3), from a full scan of %4 records</source>
        <translation>标签：&apos;%1&apos; 列出 %2 个类别（%3），来自全部 %4 条记录的完整扫描</translation>
    </message>
    <message>
        <source>labels: &apos;%1&apos; names %2 classes (%3), from the first %4 records (sampled): a later record with another name stops the run</source>
        <translation>标签：&apos;%1&apos; 列出 %2 个类别（%3），来自前 %4 条记录（抽样）：之后若有记录带有其他名称，运行会停止</translation>
    </message>
</context>
<context>
    <name>qs::RunStatusView</name>
    <message>
        <source>%1 · %2 samples/s · step %3</source>
        <translation>%1 · %2 样本/秒 · 第 %3 步</translation>
    </message>
    <message>
        <source>%1 %2 %3%</source>
        <translation>%1 %2 %3%</translation>
    </message>
    <message>
        <source>ended: %1</source>
        <translation>已结束：%1</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>step mode</source>
        <translation>单步模式</translation>
    </message>
    <message>
        <source>nothing held: the run goes on to its next coordination event</source>
        <translation>没有被拦住的线程：运行会继续到下一个协调事件</translation>
    </message>
    <message>
        <source>next step: %1 — %2</source>
        <translation>下一步：%1 — %2</translation>
    </message>
    <message numerus="yes">
        <source>(%n more held)</source>
        <translation>
            <numerusform>（另有 %n 个被拦住）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) skipped</source>
        <translation>
            <numerusform>已跳过 %n 条记录</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::RunSummary</name>
    <message>
        <source>the run ended with an error before the first batch</source>
        <translation>运行在第一个批次之前因错误结束</translation>
    </message>
    <message>
        <source>it was stopped before the first batch was ready</source>
        <translation>在第一个批次准备好之前就被停止</translation>
    </message>
    <message>
        <source>the data ended before a full batch: %1 training records per epoch x %2 epoch(s), batch size %3; set --allow-smaller-final-batch, more --epochs or a smaller --batch-size</source>
        <translation>数据在凑满一个批次前就结束：每个 epoch %1 条训练记录 × %2 个 epoch，批次大小 %3；请设置 --allow-smaller-final-batch、更多 --epochs 或更小的 --batch-size</translation>
    </message>
    <message>
        <source>the data ended before a full batch; set --allow-smaller-final-batch or more --epochs</source>
        <translation>数据在凑满一个批次前就结束；请设置 --allow-smaller-final-batch 或更多 --epochs</translation>
    </message>
    <message>
        <source>trained 0 steps: %1</source>
        <translation>训练了 0 步：%1</translation>
    </message>
</context>
<context>
    <name>qs::RunsModel</name>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>The run the views show: its lines are the charts&apos; own.</source>
        <translation>各视图显示的运行：它的曲线就是图表本身的线。</translation>
    </message>
    <message>
        <source>%1 (shown)</source>
        <translation>%1（显示中）</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>结束方式</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <source>Held-out accuracy</source>
        <translation>保留集准确率</translation>
    </message>
</context>
<context>
    <name>qs::RunsPanel</name>
    <message>
        <source>Every run of this session and every run opened from a file. Tick Compare beside up to four: their curves are drawn over the training metrics and their threads&apos; time is compared beside the list.</source>
        <translation>本次会话的每次运行，以及从文件打开的每次运行。最多勾选四个“比较”：它们的曲线会叠在训练指标上，线程的时间则在列表旁并列比较。</translation>
    </message>
    <message>
        <source>Thread time per state, by role (thread-seconds, one scale)</source>
        <translation>各角色在各状态的线程时间（线程秒，同一比例）</translation>
    </message>
</context>
<context>
    <name>qs::SamplesView</name>
    <message>
        <source>The latest batch appears here during training.</source>
        <translation>训练时，最新的批次会显示在这里。</translation>
    </message>
    <message>
        <source>label, then → prediction: ✓ right, ✗ wrong (dashed frame)</source>
        <translation>标签，然后 → 预测：✓ 正确，✗ 错误（虚线框）</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>→ ?</source>
        <translation>→ ?</translation>
    </message>
    <message>
        <source>label %1, prediction %2</source>
        <translation>标签 %1，预测 %2</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>来自 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 × %2, %n channel(s)</source>
        <translation>
            <numerusform>%1 × %2，%n 个通道</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 samples</source>
        <translation>%2 个样本中的 %1 个</translation>
    </message>
</context>
<context>
    <name>qs::ScenarioPicker</name>
    <message>
        <source>Cannot load the scenario: %1</source>
        <translation>无法加载场景：%1</translation>
    </message>
    <message>
        <source>Load scenario file</source>
        <translation>加载场景文件</translation>
    </message>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation>场景文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>No scenario</source>
        <translation>未选择场景</translation>
    </message>
    <message>
        <source>A plain run of the pipeline with the settings below. Choose a scenario to see a bottleneck, a failure or a clean shutdown happen on purpose.</source>
        <translation>以下方设置单纯运行管线。选择一个场景，就能刻意看到瓶颈、故障或干净的关闭过程。</translation>
    </message>
    <message>
        <source>This scenario runs the Coordinator&apos;s worker demo: no files are read.</source>
        <translation>这个场景运行 Coordinator 的工作线程演示：不读取任何文件。</translation>
    </message>
    <message numerus="yes">
        <source>It injects %n fault(s) into the run.</source>
        <translation>
            <numerusform>它会在运行中注入 %n 个故障。</numerusform>
        </translation>
    </message>
    <message>
        <source>S&amp;cenario:</source>
        <translation>场景(&amp;C)：</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>A teaching scenario: a configuration, sometimes with a fault, and what to watch</source>
        <translation>教学场景：一组设置（有时带有故障），以及该观察什么</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
    <message>
        <source>Load scenario file…</source>
        <translation>加载场景文件…</translation>
    </message>
</context>
<context>
    <name>qs::SchemaDialog</name>
    <message>
        <source>No file is open.</source>
        <translation>尚未打开文件。</translation>
    </message>
    <message>
        <source>Choose Features</source>
        <translation>选择特征</translation>
    </message>
    <message numerus="yes">
        <source>%1 — the first %n record(s), as a run reads them</source>
        <translation>
            <numerusform>%1 — 前 %n 条记录，与运行时读到的相同</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot read the records: %1</source>
        <translation>无法读取记录：%1</translation>
    </message>
    <message>
        <source>&amp;Image feature:</source>
        <translation>图像特征(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Layout:</source>
        <translation>格式(&amp;L)：</translation>
    </message>
    <message>
        <source>Pixel &amp;type:</source>
        <translation>像素类型(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Height × width × channels:</source>
        <translation>高 × 宽 × 通道(&amp;H)：</translation>
    </message>
    <message>
        <source>La&amp;bel:</source>
        <translation>标签(&amp;B)：</translation>
    </message>
    <message>
        <source>Preview: the first records decoded with this choice</source>
        <translation>预览：按此选择解码的前几条记录</translation>
    </message>
    <message>
        <source>Command line:</source>
        <translation>命令行：</translation>
    </message>
    <message>
        <source>The same choice for queuescope-cli run: select and copy it.</source>
        <translation>给 queuescope-cli run 用的相同选择：可选取并复制。</translation>
    </message>
    <message>
        <source>Detect</source>
        <translation>自动检测</translation>
    </message>
    <message>
        <source>None: input pipeline only</source>
        <translation>无：只运行输入管道</translation>
    </message>
    <message>
        <source>Encoded file (JPEG, PNG, …)</source>
        <translation>编码文件（JPEG、PNG…）</translation>
    </message>
    <message>
        <source>Raw pixels</source>
        <translation>原始像素</translation>
    </message>
    <message>
        <source>Float list of pixels</source>
        <translation>像素的浮点数列表</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Feature</source>
        <translation>特征</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <source>Values per record</source>
        <translation>每条记录的值数</translation>
    </message>
    <message>
        <source>Records with it</source>
        <translation>含此特征的记录</translation>
    </message>
    <message>
        <source>%1 (feature list)</source>
        <translation>%1（特征列表）</translation>
    </message>
    <message>
        <source>%1 (mixed kinds)</source>
        <translation>%1（混合种类）</translation>
    </message>
    <message>
        <source>Image: %1 &apos;%2&apos; — %3</source>
        <translation>图像：%1 &apos;%2&apos; — %3</translation>
    </message>
    <message>
        <source>Image: none — %1</source>
        <translation>图像：无 — %1</translation>
    </message>
    <message>
        <source>Label: &apos;%1&apos; (%2) — %3</source>
        <translation>标签：&apos;%1&apos;（%2）— %3</translation>
    </message>
    <message>
        <source>Classes in these records: %1 (a run scans the files for the full list)</source>
        <translation>这些记录中的类别：%1（运行时会扫描文件获得完整列表）</translation>
    </message>
    <message>
        <source>Label: cannot be used — %1</source>
        <translation>标签：无法使用 — %1</translation>
    </message>
    <message>
        <source>Label: none (input pipeline only)</source>
        <translation>标签：无（只运行输入管道）</translation>
    </message>
    <message>
        <source>Label: none found — the run feeds the input pipeline only</source>
        <translation>标签：找不到 — 运行只供应输入管道</translation>
    </message>
    <message>
        <source>Label: none found (%1) — the run feeds the input pipeline only</source>
        <translation>标签：找不到（%1）— 运行只供应输入管道</translation>
    </message>
    <message>
        <source>no image</source>
        <translation>没有图像</translation>
    </message>
    <message>
        <source>does not decode</source>
        <translation>无法解码</translation>
    </message>
    <message>
        <source>record %1: %2×%3×%4</source>
        <translation>记录 %1：%2×%3×%4</translation>
    </message>
    <message>
        <source>no label</source>
        <translation>没有标签</translation>
    </message>
    <message>
        <source>bad label</source>
        <translation>标签有误</translation>
    </message>
</context>
<context>
    <name>qs::SchemaPreview</name>
    <message>
        <source>No records to preview</source>
        <translation>没有可预览的记录</translation>
    </message>
</context>
<context>
    <name>qs::SessionRuns</name>
    <message>
        <source>cannot make a folder for this session&apos;s runs: %1</source>
        <translation>无法为这个会话的运行记录创建文件夹：%1</translation>
    </message>
    <message>
        <source>Run %1 · %2</source>
        <translation>第 %1 次运行 · %2</translation>
    </message>
    <message>
        <source>no finished run to save yet</source>
        <translation>还没有已完成的运行可保存</translation>
    </message>
    <message>
        <source>no finished run %1 in this session</source>
        <translation>这个会话没有已完成的第 %1 次运行</translation>
    </message>
</context>
<context>
    <name>qs::StateHelpView</name>
    <message>
        <source>Every thread is always in one of these states. The timeline, the pipeline diagram, the thread table and the TensorFlow code use the same colours.</source>
        <translation>每个线程随时都处于下列其中一种状态。时间轴、管线图、线程表格和 TensorFlow 代码都使用相同的颜色。</translation>
    </message>
    <message>
        <source>A trainer that is often &lt;b&gt;blocked: queue empty&lt;/b&gt; is waiting for its input: add reader threads or make reading cheaper. Readers that are often &lt;b&gt;blocked: queue full&lt;/b&gt; are ahead of the trainer, which is how it should be.</source>
        <translation>训练器若经常处于&lt;b&gt;阻塞：队列为空&lt;/b&gt;，就是在等输入：增加读取线程或让读取更省力。读取器若经常处于&lt;b&gt;阻塞：队列已满&lt;/b&gt;，表示它们领先训练器，这正是理想的情况。</translation>
    </message>
</context>
<context>
    <name>qs::StateLegend</name>
    <message>
        <source>A coordination event of the kind &quot;%1&quot; on the timeline.</source>
        <translation>时间轴上“%1”类的协调事件。</translation>
    </message>
    <message>
        <source>skipped record</source>
        <translation>跳过的记录</translation>
    </message>
    <message>
        <source>A record skipped as corrupt (skip_corrupt) by that reader; hover the mark for its file, record and offset.</source>
        <translation>该读取器因损坏而跳过的记录（skip_corrupt）；将鼠标停在标记上可看到文件、记录与偏移。</translation>
    </message>
</context>
<context>
    <name>qs::StatePalette</name>
    <message>
        <source>starting</source>
        <translation>启动中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>blocked: queue full</source>
        <translation>阻塞：队列已满</translation>
    </message>
    <message>
        <source>blocked: queue empty</source>
        <translation>阻塞：队列为空</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>joining</source>
        <translation>等待汇合</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>The thread has been created and has not begun its work yet.</source>
        <translation>线程已创建，但还没开始工作。</translation>
    </message>
    <message>
        <source>The thread is doing useful work: reading, decoding or training.</source>
        <translation>线程正在做有用的工作：读取、解码或训练。</translation>
    </message>
    <message>
        <source>The thread waits to enqueue because the queue is full (backpressure from the consumer).</source>
        <translation>队列已满，线程等待入队（来自消费者的背压）。</translation>
    </message>
    <message>
        <source>The thread waits to dequeue because the queue is empty (the producers are too slow).</source>
        <translation>队列为空，线程等待出队（生产者太慢）。</translation>
    </message>
    <message>
        <source>The thread waits for the coordinator to ask every thread to stop.</source>
        <translation>线程在等待协调器要求所有线程停止。</translation>
    </message>
    <message>
        <source>The thread waits in join() for the other threads to finish.</source>
        <translation>线程在 join() 中等待其他线程结束。</translation>
    </message>
    <message>
        <source>The thread is held at the step gate until you grant the next step.</source>
        <translation>线程停在单步闸门，直到你允许下一步。</translation>
    </message>
    <message>
        <source>The thread has finished normally.</source>
        <translation>线程已正常结束。</translation>
    </message>
    <message>
        <source>The thread ended with an error, which asked every other thread to stop.</source>
        <translation>线程因错误结束，并要求所有其他线程停止。</translation>
    </message>
    <message>
        <source>The thread ended because its queue was cancelled or a stop was requested.</source>
        <translation>线程因队列被取消或收到停止请求而结束。</translation>
    </message>
</context>
<context>
    <name>qs::StateSecondsView</name>
    <message>
        <source>%1 thread-s</source>
        <translation>%1 线程秒</translation>
    </message>
    <message>
        <source>Tick Compare beside two runs to see their threads&apos; time side by side.</source>
        <translation>勾选两次运行旁的“比较”，即可并列查看它们线程的时间。</translation>
    </message>
    <message>
        <source>no such thread in this run</source>
        <translation>这次运行没有这类线程</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 (%n thread(s))</source>
        <translation>
            <numerusform>%1 · %2（%n 个线程）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
%2: %3 s (%4 % of its thread time)</source>
        <translation>%1
%2：%3 秒（占其线程时间的 %4 %）</translation>
    </message>
    <message>
        <source>%1
%2 in all</source>
        <translation>%1
共 %2</translation>
    </message>
</context>
<context>
    <name>qs::TfCodeView</name>
    <message>
        <source>%1 ×%2</source>
        <translation>%1 ×%2</translation>
    </message>
    <message numerus="yes">
        <source>%n threads</source>
        <translation>
            <numerusform>%n 个线程</numerusform>
        </translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
</context>
<context>
    <name>qs::ThreadTableModel</name>
    <message>
        <source>%1 (%2%)</source>
        <translation>%1（%2%）</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>For</source>
        <translation>持续</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>细节</translation>
    </message>
</context>
<context>
    <name>qs::ThreadTimeline</name>
    <message>
        <source>events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>No threads yet. Press Start: it runs on your TFRecord files, or on the demo data when none are open.</source>
        <translation>还没有线程。按“开始”：打开了 TFRecord 文件就读取它们，没有就使用演示数据。</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n skipped</source>
        <translation>
            <numerusform>%1 · 跳过 %n 条</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::ThreadTimelinePanel</name>
    <message>
        <source>Follow live</source>
        <translation>实时跟随</translation>
    </message>
    <message>
        <source>Keep the newest time at the right edge; turn off to pause the view and look back.</source>
        <translation>让最新的时间保持在右边缘；关闭后画面暂停，可以回头查看。</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Show less time in more detail (or turn the mouse wheel over the lanes).</source>
        <translation>以更多细节显示较短的时间（或在泳道上滚动鼠标滚轮）。</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Show more time in less detail.</source>
        <translation>以较少细节显示较长的时间。</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>Fit the whole run into the view. Drag the lanes to pan.</source>
        <translation>把整个运行放进画面。拖动泳道可以平移。</translation>
    </message>
    <message>
        <source>at %1 of %2</source>
        <translation>位于 %1（共 %2）</translation>
    </message>
    <message>
        <source>Every view shows the run as it was at this instant. Drag on the time ruler or click a lane to move it; Live returns to now.</source>
        <translation>每个视图都显示运行在此时刻的状态。在时间标尺上拖动或点击一条线程行即可移动；按“实时”回到现在。</translation>
    </message>
</context>
<context>
    <name>qs::TimelineText</name>
    <message>
        <source>From %1 to %2</source>
        <translation>从 %1 到 %2</translation>
    </message>
    <message>
        <source>Summarised by the record in steps of %1; zoom in for exact spans where they are kept.</source>
        <translation>此处由记录以每 %1 一格汇总；放大可看到仍保留的精确区段。</translation>
    </message>
    <message>
        <source>%1, from %2 to %3</source>
        <translation>%1，从 %2 到 %3</translation>
    </message>
    <message>
        <source>now</source>
        <translation>现在</translation>
    </message>
    <message>
        <source>Activity: %1</source>
        <translation>活动：%1</translation>
    </message>
    <message>
        <source>Detail: %1</source>
        <translation>细节：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n short spans folded together; zoom in to see them</source>
        <translation>
            <numerusform>%n 段短区间合并显示；放大即可看到</numerusform>
        </translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>于 %1</translation>
    </message>
    <message>
        <source>Thread: %1</source>
        <translation>线程：%1</translation>
    </message>
    <message>
        <source>Now: %1 for %2</source>
        <translation>当前：%1，已持续 %2</translation>
    </message>
</context>
<context>
    <name>qs::UiText</name>
    <message>
        <source>producer</source>
        <translation>生产者</translation>
    </message>
    <message>
        <source>reader</source>
        <translation>读取器</translation>
    </message>
    <message>
        <source>trainer</source>
        <translation>训练器</translation>
    </message>
    <message>
        <source>watcher</source>
        <translation>监视器</translation>
    </message>
    <message>
        <source>worker</source>
        <translation>工作线程</translation>
    </message>
    <message>
        <source>main</source>
        <translation>主线程</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>读取中</translation>
    </message>
    <message>
        <source>decoding</source>
        <translation>解码中</translation>
    </message>
    <message>
        <source>enqueuing</source>
        <translation>入队中</translation>
    </message>
    <message>
        <source>dequeuing</source>
        <translation>出队中</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练中</translation>
    </message>
    <message>
        <source>evaluating</source>
        <translation>评估中</translation>
    </message>
    <message>
        <source>working</source>
        <translation>工作中</translation>
    </message>
    <message>
        <source>thread start</source>
        <translation>线程启动</translation>
    </message>
    <message>
        <source>state</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>request stop</source>
        <translation>请求停止</translation>
    </message>
    <message>
        <source>queue close</source>
        <translation>关闭队列</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>thread exit</source>
        <translation>线程退出</translation>
    </message>
    <message>
        <source>join</source>
        <translation>汇合</translation>
    </message>
    <message>
        <source>end</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>停止中</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已结束</translation>
    </message>
    <message>
        <source>end of data</source>
        <translation>数据已读完</translation>
    </message>
    <message>
        <source>stopped by request</source>
        <translation>按请求停止</translation>
    </message>
    <message>
        <source>ended by an error</source>
        <translation>因错误结束</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/秒</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1（在 %2）</translation>
    </message>
    <message>
        <source>watchdog</source>
        <translation>监视器</translation>
    </message>
    <message>
        <source>coordinator</source>
        <translation>协调器</translation>
    </message>
    <message>
        <source>stuck worker</source>
        <translation>卡住的工作线程</translation>
    </message>
    <message>
        <source>input producer</source>
        <translation>输入生成器</translation>
    </message>
    <message>
        <source>close_on_stop</source>
        <translation>停止时关闭</translation>
    </message>
    <message>
        <source>filename queue</source>
        <translation>文件名队列</translation>
    </message>
    <message>
        <source>example queue</source>
        <translation>样例队列</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a role word and its number</comment>
        <translation>%1 %2</translation>
    </message>
</context>
</TS>
