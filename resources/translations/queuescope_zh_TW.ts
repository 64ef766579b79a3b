<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW" sourcelanguage="en">
<context>
    <name>Autotuner</name>
    <message>
        <source>%1 buffer %2 -&gt; %3: its consumer found it empty in %4% of calls although it had filled up %5 times</source>
        <translation>%1 緩衝區 %2 -&gt; %3：取用端在 %4% 的呼叫中發現它是空的，雖然其間它曾填滿 %5 次</translation>
    </message>
    <message>
        <source>%1 parallelism %2 -&gt; %3: output latency %4 -&gt; %5 ms</source>
        <translation>%1 平行度 %2 -&gt; %3：輸出延遲 %4 -&gt; %5 毫秒</translation>
    </message>
</context>
<context>
    <name>Dataset</name>
    <message>
        <source>End of sequence</source>
        <translation>序列結束</translation>
    </message>
    <message>
        <source>interleave cycle</source>
        <translation>interleave 循環</translation>
    </message>
    <message>
        <source>%1 reader %2</source>
        <translation>%1 讀取器 %2</translation>
    </message>
    <message>
        <source>Iterator was cancelled</source>
        <translation>迭代器已取消</translation>
    </message>
    <message>
        <source>%1 output</source>
        <translation>%1 輸出</translation>
    </message>
    <message>
        <source>%1 worker %2</source>
        <translation>%1 工作執行緒 %2</translation>
    </message>
    <message>
        <source>prefetch buffer</source>
        <translation>prefetch 緩衝區</translation>
    </message>
    <message>
        <source>%1 thread</source>
        <translation>%1 執行緒</translation>
    </message>
    <message>
        <source>shuffle buffer</source>
        <translation>shuffle 緩衝區</translation>
    </message>
</context>
<context>
    <name>qs::ConfigPanel</name>
    <message>
        <source>Cannot start: %1</source>
        <translation>無法開始：%1</translation>
    </message>
    <message>
        <source>Input: files and readers</source>
        <translation>輸入：檔案與讀取器</translation>
    </message>
    <message>
        <source>Batching</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>Model and training</source>
        <translation>模型與訓練</translation>
    </message>
    <message>
        <source>Slow motion</source>
        <translation>慢動作</translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Workers demo</source>
        <translation>工作執行緒示範</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>random</source>
        <translation>隨機</translation>
    </message>
    <message>
        <source>shuffle_batch: queues and reader threads</source>
        <translation>shuffle_batch：佇列與讀取執行緒</translation>
    </message>
    <message>
        <source>naive: the loop reads each sample</source>
        <translation>naive：迴圈自己讀取每個樣本</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>never</source>
        <translation>從不</translation>
    </message>
    <message>
        <source> steps</source>
        <translation> 步</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>恢復預設值</translation>
    </message>
    <message>
        <source>Restore the default settings (with the chosen scenario&apos;s settings applied).</source>
        <translation>恢復預設設定（並套用所選情境的設定）。</translation>
    </message>
    <message>
        <source>queues: string_input_producer, readers, shuffle_batch</source>
        <translation>佇列：string_input_producer、讀取器、shuffle_batch</translation>
    </message>
    <message>
        <source>tf.data: interleave, map, shuffle, batch, prefetch</source>
        <translation>tf.data：interleave、map、shuffle、batch、prefetch</translation>
    </message>
    <message>
        <source>as reader threads</source>
        <translation>同讀取執行緒數</translation>
    </message>
    <message>
        <source>from the queue knobs</source>
        <translation>依佇列設定推得</translation>
    </message>
</context>
<context>
    <name>qs::ConfusionModel</name>
    <message numerus="yes">
        <source>true %1, predicted %2: %n sample(s)</source>
        <translation>
            <numerusform>真實 %1，預測 %2：%n 個樣本</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1% of the %2)</source>
        <translation>（佔 %2 的 %1%）</translation>
    </message>
    <message>
        <source>%1 (none held out)</source>
        <translation>%1（無保留樣本）</translation>
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
        <translation>無法套用情境的設定：%1</translation>
    </message>
    <message>
        <source>Open a TFRecord file</source>
        <translation>請開啟 TFRecord 檔案</translation>
    </message>
    <message>
        <source>Cannot start: %1</source>
        <translation>無法開始：%1</translation>
    </message>
</context>
<context>
    <name>qs::Dataset</name>
    <message>
        <source>cycle_length must be greater than zero</source>
        <translation>cycle_length 必須大於零</translation>
    </message>
    <message>
        <source>block_length must be greater than zero</source>
        <translation>block_length 必須大於零</translation>
    </message>
    <message>
        <source>num_parallel_calls must be positive or AUTOTUNE</source>
        <translation>num_parallel_calls 必須為正數或 AUTOTUNE</translation>
    </message>
    <message>
        <source>buffer_size must be greater than zero</source>
        <translation>buffer_size 必須大於零</translation>
    </message>
    <message>
        <source>batch_size must be greater than zero</source>
        <translation>batch_size 必須大於零</translation>
    </message>
    <message>
        <source>buffer_size must be positive or AUTOTUNE</source>
        <translation>buffer_size 必須為正數或 AUTOTUNE</translation>
    </message>
</context>
<context>
    <name>qs::EventLogModel</name>
    <message>
        <source>Time</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>執行緒</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>詳細資訊</translation>
    </message>
    <message>
        <source>Done from the window, not by a pipeline thread.</source>
        <translation>由視窗操作，而非管線中的執行緒。</translation>
    </message>
</context>
<context>
    <name>qs::EventLogView</name>
    <message>
        <source>All threads</source>
        <translation>所有執行緒</translation>
    </message>
    <message>
        <source>All events</source>
        <translation>所有事件</translation>
    </message>
    <message>
        <source>&amp;Thread:</source>
        <translation>執行緒(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>種類(&amp;K)：</translation>
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
        <translation>檔案 %1</translation>
    </message>
    <message>
        <source>record %1</source>
        <translation>記錄 %1</translation>
    </message>
    <message>
        <source>offset %1</source>
        <translation>位移 %1</translation>
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
        <translation>以%1身分啟動</translation>
    </message>
    <message>
        <source>asks every thread to stop</source>
        <translation>要求所有執行緒停止</translation>
    </message>
    <message>
        <source>asks to stop; a stop was already requested</source>
        <translation>要求停止；先前已有人要求停止</translation>
    </message>
    <message>
        <source>asks every thread to stop: the first error — %1</source>
        <translation>要求所有執行緒停止：第一個錯誤 — %1</translation>
    </message>
    <message>
        <source>asks to stop with %1; a stop was already requested, so that error is not kept</source>
        <translation>以 %1 要求停止；先前已有人要求停止，所以這個錯誤不會被保留</translation>
    </message>
    <message>
        <source>closes %1 and cancels the enqueues still waiting</source>
        <translation>關閉 %1，並取消仍在等待的入列</translation>
    </message>
    <message>
        <source>closes %1: what is in it can still be dequeued</source>
        <translation>關閉 %1：其中剩下的元素仍可出列</translation>
    </message>
    <message>
        <source>%1 — raised after join, too late to stop the run</source>
        <translation>%1 — 在 join 之後才發生，已來不及停止執行</translation>
    </message>
    <message>
        <source>%1 — kept as the run&apos;s error</source>
        <translation>%1 — 保留為本次執行的錯誤</translation>
    </message>
    <message>
        <source>%1 — not kept: a stop was already requested</source>
        <translation>%1 — 未保留：先前已有人要求停止</translation>
    </message>
    <message>
        <source>ends normally</source>
        <translation>正常結束</translation>
    </message>
    <message>
        <source>ends: cancelled</source>
        <translation>結束：已取消</translation>
    </message>
    <message>
        <source>ends: cancelled (%1)</source>
        <translation>結束：已取消（%1）</translation>
    </message>
    <message>
        <source>ends with an error: %1</source>
        <translation>因錯誤結束：%1</translation>
    </message>
    <message>
        <source>join returns: every thread has ended</source>
        <translation>join 返回：所有執行緒都已結束</translation>
    </message>
    <message>
        <source>join returns the kept error: every thread has ended</source>
        <translation>join 返回保留的錯誤：所有執行緒都已結束</translation>
    </message>
    <message>
        <source>join gives up waiting for %1 (the grace period is over)</source>
        <translation>join 不再等待 %1（寬限期已過）</translation>
    </message>
    <message>
        <source>the run ends: %1</source>
        <translation>執行結束：%1</translation>
    </message>
    <message>
        <source>the run ends: %1 — %2</source>
        <translation>執行結束：%1 — %2</translation>
    </message>
    <message>
        <source>step %1 granted</source>
        <translation>准許第 %1 步</translation>
    </message>
    <message numerus="yes">
        <source>held-out set: %n sample(s) from %1, %2 skipped</source>
        <translation>
            <numerusform>保留集：來自 %1 的 %n 個樣本，略過 %2 個</numerusform>
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
        <translation>%1 決定讓其他執行緒停止</translation>
    </message>
    <message>
        <source>stop_after_s reached (%1 s): asks every thread to stop</source>
        <translation>已達 stop_after_s（%1 秒）：要求所有執行緒停止</translation>
    </message>
    <message>
        <source>plans the run: model input %1, %2 epoch(s), no label: input pipeline only</source>
        <translation>規劃執行：模型輸入 %1，%2 個 epoch，沒有標籤：只執行輸入管線</translation>
    </message>
    <message>
        <source>plans the run: model input %1, %2 epoch(s)</source>
        <translation>規劃執行：模型輸入 %1，%2 個 epoch</translation>
    </message>
    <message>
        <source>%1 %2%</source>
        <translation>%1 %2%</translation>
    </message>
    <message>
        <source>%1 none held out</source>
        <translation>%1 無保留樣本</translation>
    </message>
    <message>
        <source>held-out accuracy per class at step %1: %2</source>
        <translation>第 %1 步各類別的驗證集準確率：%2</translation>
    </message>
    <message>
        <source>skipped record</source>
        <translation>略過的記錄</translation>
    </message>
    <message>
        <source>an unnamed file</source>
        <translation>一個未命名的檔案</translation>
    </message>
    <message>
        <source>skipped corrupt record %1 at offset %2 in %3</source>
        <translation>略過損壞的記錄 %1（位移 %2，於 %3）</translation>
    </message>
    <message>
        <source>skipped corrupt record %1 in %2</source>
        <translation>略過損壞的記錄 %1（於 %2）</translation>
    </message>
    <message>
        <source>skipped a corrupt record at offset %1 in %2</source>
        <translation>略過位移 %1 的一筆損壞記錄（於 %2）</translation>
    </message>
    <message>
        <source>skipped a corrupt record in %1</source>
        <translation>略過一筆損壞的記錄（於 %1）</translation>
    </message>
    <message>
        <source>skipped record %1 at offset %2 in %3</source>
        <translation>略過記錄 %1（位移 %2，於 %3）</translation>
    </message>
    <message>
        <source>skipped record %1 in %2</source>
        <translation>略過記錄 %1（於 %2）</translation>
    </message>
    <message>
        <source>skipped a record at offset %1 in %2</source>
        <translation>略過位移 %1 的一筆記錄（於 %2）</translation>
    </message>
    <message>
        <source>skipped a record in %1</source>
        <translation>略過一筆記錄（於 %1）</translation>
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
        <translation>%1 要求所有執行緒停止（coord.request_stop），沒有附帶錯誤。</translation>
    </message>
    <message>
        <source>%1 asked every thread to stop (coord.request_stop) with the error.</source>
        <translation>%1 帶著這個錯誤要求所有執行緒停止（coord.request_stop）。</translation>
    </message>
    <message>
        <source>%1 closed %2, cancelling the enqueues still waiting.</source>
        <translation>%1 關閉了 %2，並取消仍在等待的入列。</translation>
    </message>
    <message>
        <source>%1 closed %2.</source>
        <translation>%1 關閉了 %2。</translation>
    </message>
    <message>
        <source>coord.join() waited its grace period and gave up; still running: %1.</source>
        <translation>coord.join() 等完寬限期後放棄；仍在執行：%1。</translation>
    </message>
    <message>
        <source>coord.join() found every thread ended and re-raised the kept error.</source>
        <translation>coord.join() 確認所有執行緒都已結束，並重新拋出保留的錯誤。</translation>
    </message>
    <message>
        <source>coord.join() returned: every thread had ended.</source>
        <translation>coord.join() 返回：所有執行緒都已結束。</translation>
    </message>
    <message numerus="yes">
        <source>%n later stop request(s) changed nothing: the first one wins.</source>
        <translation>
            <numerusform>之後的 %n 次停止要求沒有改變任何事：以第一次為準。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled (their queue was closed under them): %1.</source>
        <translation>已取消（它們的佇列在它們等待時被關閉）：%1。</translation>
    </message>
    <message>
        <source>Ended with an error: %1.</source>
        <translation>因錯誤結束：%1。</translation>
    </message>
    <message>
        <source>What happened next</source>
        <translation>接下來發生的事</translation>
    </message>
    <message>
        <source>A thread that never checks coord.should_stop() holds up the shutdown: coord.join() waits stop_grace_period_secs, then names the threads still running (%1). Make every loop check should_stop(), or give its blocking calls a timeout.</source>
        <translation>一個從不檢查 coord.should_stop() 的執行緒拖住了關閉：coord.join() 等待 stop_grace_period_secs，然後列出仍在執行的執行緒（%1）。請讓每個迴圈都檢查 should_stop()，或為其阻塞呼叫設定逾時。</translation>
    </message>
    <message>
        <source>The trainer waited on a queue that no live thread feeds. Were the queue runners started? Call tf.train.start_queue_runners(sess=sess, coord=coord) before the training loop.</source>
        <translation>訓練器在等一個沒有任何存活執行緒供應的佇列。佇列執行緒啟動了嗎？請在訓練迴圈之前呼叫 tf.train.start_queue_runners(sess=sess, coord=coord)。</translation>
    </message>
    <message>
        <source>A record&apos;s checksum did not match: the file is damaged there. Skip the bad records (the &quot;Skip corrupt records&quot; setting, as tf.data&apos;s ignore_errors() does, or a reader that catches tf.errors.DataLossError) or write the file again.</source>
        <translation>一筆記錄的校驗碼不符：檔案在那裡已損壞。請略過壞記錄（「略過損壞的記錄」設定，如同 tf.data 的 ignore_errors()，或讓讀取器捕捉 tf.errors.DataLossError），或重新寫出檔案。</translation>
    </message>
    <message>
        <source>The first real error stops the whole run: stop_on_exception hands it to coord.request_stop(), should_stop() turns true in every thread, and coord.join() re-raises it.</source>
        <translation>第一個真正的錯誤會停止整個執行：stop_on_exception 把它交給 coord.request_stop()，每個執行緒的 should_stop() 都變為 true，coord.join() 會重新拋出它。</translation>
    </message>
    <message>
        <source>The input ran out after its epochs: the example queue was closed and drained, and the trainer&apos;s dequeue raised OutOfRangeError, which ends the loop. This is the normal end.</source>
        <translation>輸入在跑完所有 epoch 後用盡：樣例佇列已關閉並取空，訓練器的出列拋出 OutOfRangeError，結束了迴圈。這是正常的結束。</translation>
    </message>
    <message>
        <source>A stop without an error (the Stop button, stop_after_s or a worker): the close-on-stop watchers closed the queues with cancel_pending_enqueues=True, which released the blocked readers, and join returned cleanly.</source>
        <translation>沒有錯誤的停止（「停止」按鈕、stop_after_s 或某個工作執行緒）：停止時關閉佇列的監看執行緒以 cancel_pending_enqueues=True 關閉佇列，釋放了被阻塞的讀取器，join 乾淨地返回。</translation>
    </message>
    <message>
        <source>No run yet. Press Start to run the pipeline (on the bundled demo data when no file is open), or choose a scenario first.</source>
        <translation>尚未執行。按「開始」執行管線（未開啟檔案時使用內建的示範資料），或先選擇一個情境。</translation>
    </message>
    <message>
        <source>The pipeline is running.</source>
        <translation>管線正在執行。</translation>
    </message>
    <message>
        <source>A stop was requested; the threads are finishing.</source>
        <translation>已要求停止；執行緒正在收尾。</translation>
    </message>
    <message>
        <source>The run has ended: %1.</source>
        <translation>執行已結束：%1。</translation>
    </message>
    <message>
        <source>What went wrong</source>
        <translation>出了什麼問題</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>raised by %1</source>
        <translation>由 %1 拋出</translation>
    </message>
    <message>
        <source>in the file %1</source>
        <translation>在檔案 %1 中</translation>
    </message>
    <message>
        <source>at record %1</source>
        <translation>在第 %1 筆記錄</translation>
    </message>
    <message>
        <source>at byte offset %1</source>
        <translation>在位元組位移 %1</translation>
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
        <translation>coord.request_stop()：從此每個執行緒的 coord.should_stop() 都是 true。第一個帶著真正錯誤的要求決定本次執行的錯誤；之後的要求不會改變任何事。</translation>
    </message>
    <message>
        <source>queue.close(): no more enqueues. With cancel_pending_enqueues the enqueues already waiting fail at once; dequeues drain what is left, then raise OutOfRangeError.</source>
        <translation>queue.close()：不再入列。加上 cancel_pending_enqueues 時，已在等待的入列會立即失敗；出列會取完剩下的元素，然後拋出 OutOfRangeError。</translation>
    </message>
    <message>
        <source>An error in a coordinated thread: stop_on_exception hands it to coord.request_stop(). Only the first real error is kept.</source>
        <translation>受協調的執行緒中發生錯誤：stop_on_exception 把它交給 coord.request_stop()。只有第一個真正的錯誤會被保留。</translation>
    </message>
    <message>
        <source>The thread&apos;s function returned: cleanly, cancelled (its queue was closed under it) or with an error.</source>
        <translation>執行緒的函式返回了：正常結束、被取消（它等待的佇列被關閉）或帶著錯誤。</translation>
    </message>
    <message>
        <source>coord.join(threads): waits for every thread, at most stop_grace_period_secs once a stop was requested, then re-raises the kept error.</source>
        <translation>coord.join(threads)：等待每個執行緒，要求停止後最多等 stop_grace_period_secs，然後重新拋出保留的錯誤。</translation>
    </message>
    <message>
        <source>A thread began: a QueueRunner&apos;s thread, the trainer (the script&apos;s main loop) or a watcher.</source>
        <translation>一個執行緒開始了：QueueRunner 的執行緒、訓練器（腳本的主迴圈）或監看執行緒。</translation>
    </message>
    <message>
        <source>The run is over; its result is what join reported.</source>
        <translation>執行結束；結果就是 join 所回報的。</translation>
    </message>
    <message>
        <source>Back to the whole run</source>
        <translation>回到整個執行</translation>
    </message>
    <message>
        <source>&lt;b&gt;Throughput: input-bound.&lt;/b&gt; In the %1 up to %2 the trainer waited for the example queue %3% of the time: the readers cannot keep up. The knob to turn: more reader threads (Reader threads, reader_threads, now %4), or cheaper reading and decoding (smaller stored images, uncompressed files).</source>
        <translation>&lt;b&gt;吞吐量：受限於輸入。&lt;/b&gt;在到 %2 為止的 %1 內，訓練器有 %3% 的時間在等樣例佇列：讀取器跟不上。該調的設定：更多讀取執行緒（「讀取執行緒」，reader_threads，目前 %4），或讓讀取與解碼更省（存較小的圖片、不壓縮的檔案）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Throughput: model-bound.&lt;/b&gt; In the %1 up to %2 the reader threads were blocked on the full example queue %3% of their time and the trainer waited only %4%: the training step is the limit. More readers will not help; the knob to turn is the model: fewer hidden units (Hidden units) or a smaller input image.</source>
        <translation>&lt;b&gt;吞吐量：受限於模型。&lt;/b&gt;在到 %2 為止的 %1 內，讀取執行緒有 %3% 的時間因樣例佇列已滿而阻塞，訓練器只等了 %4%：訓練步驟才是瓶頸。更多讀取器沒有幫助；該調的是模型：更少的隱藏單元（「隱藏單元」）或更小的輸入圖片。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Throughput: balanced.&lt;/b&gt; In the %1 up to %2 the trainer waited for input %3% of the time and the readers were blocked on a full queue %4% of theirs: neither side holds the other up much, so no one knob would gain much alone.</source>
        <translation>&lt;b&gt;吞吐量：均衡。&lt;/b&gt;在到 %2 為止的 %1 內，訓練器有 %3% 的時間在等輸入，讀取器有 %4% 的時間因佇列已滿而阻塞：兩邊都沒怎麼拖住對方，單調一個設定不會有多少收穫。</translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) skipped; the log&apos;s notes say where and why.</source>
        <translation>
            <numerusform>已略過 %n 筆記錄；記錄中的備註說明了位置與原因。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::FrameTimingView</name>
    <message>
        <source>frame timing: no frames yet</source>
        <translation>影格計時：尚無影格</translation>
    </message>
    <message>
        <source>frame %1 ms (p95 %2) · snapshot %3 · update %4 · paint %5</source>
        <translation>每影格 %1 ms（p95 %2）· 快照 %3 · 更新 %4 · 繪製 %5</translation>
    </message>
    <message numerus="yes">
        <source>Time the window spends per frame, over the last %n frame(s), in ms.</source>
        <translation>
            <numerusform>視窗每個影格花費的時間（最近 %n 個影格，單位 ms）。</numerusform>
        </translation>
    </message>
    <message>
        <source>snapshot: taking it from the pipeline</source>
        <translation>快照：從管線取得快照</translation>
    </message>
    <message>
        <source>update: handing it to every panel</source>
        <translation>更新：交給每個面板</translation>
    </message>
    <message>
        <source>paint: the repaint that follows</source>
        <translation>繪製：隨後的重繪</translation>
    </message>
    <message>
        <source>whole frame</source>
        <translation>整個影格</translation>
    </message>
    <message>
        <source>%1 — median %2, p95 %3, max %4</source>
        <translation>%1 — 中位數 %2，p95 %3，最大 %4</translation>
    </message>
    <message>
        <source>CPU time of the GUI thread (the rest of a frame is waiting)</source>
        <translation>GUI 執行緒的 CPU 時間（影格其餘的時間都在等待）</translation>
    </message>
</context>
<context>
    <name>qs::Knob</name>
    <message>
        <source>Files:</source>
        <translation>檔案：</translation>
    </message>
    <message>
        <source>The TFRecord files to read: names or glob patterns.</source>
        <translation>要讀取的 TFRecord 檔案：檔名或萬用字元樣式。</translation>
    </message>
    <message>
        <source>Epochs:</source>
        <translation>Epoch 數：</translation>
    </message>
    <message>
        <source>How many times string_input_producer hands out every file (num_epochs). 0 cycles until you stop.</source>
        <translation>string_input_producer 把每個檔案交出幾次（num_epochs）。0 表示一直循環，直到你停止。</translation>
    </message>
    <message>
        <source>Shuffle the file order each epoch</source>
        <translation>每個 epoch 打亂檔案順序</translation>
    </message>
    <message>
        <source>string_input_producer(shuffle=True): a fresh permutation of the files every epoch.</source>
        <translation>string_input_producer(shuffle=True)：每個 epoch 都用新的檔案排列順序。</translation>
    </message>
    <message>
        <source>File order seed:</source>
        <translation>檔案順序種子：</translation>
    </message>
    <message>
        <source>The seed of the file shuffle; 0 picks a random one.</source>
        <translation>打亂檔案順序用的種子；0 表示隨機選一個。</translation>
    </message>
    <message>
        <source>Filename queue capacity:</source>
        <translation>檔名佇列容量：</translation>
    </message>
    <message>
        <source>How many file names the filename queue holds (capacity of string_input_producer).</source>
        <translation>檔名佇列可容納的檔名數量（string_input_producer 的 capacity）。</translation>
    </message>
    <message>
        <source>Reader threads:</source>
        <translation>讀取執行緒：</translation>
    </message>
    <message>
        <source>How many threads read, parse, decode and enqueue examples (num_threads of shuffle_batch).</source>
        <translation>有幾個執行緒負責讀取、解析、解碼並把樣例放入佇列（shuffle_batch 的 num_threads）。</translation>
    </message>
    <message>
        <source>Skip corrupt records</source>
        <translation>略過損壞的記錄</translation>
    </message>
    <message>
        <source>Count and skip a record whose checksum fails instead of stopping the run with DataLoss.</source>
        <translation>校驗和錯誤的記錄只計數並略過，而不是以 DataLoss 停止執行。</translation>
    </message>
    <message>
        <source>Feed:</source>
        <translation>餵入方式：</translation>
    </message>
    <message>
        <source>How batches reach the trainer: queues filled by reader threads, or the naive way where the training loop reads every sample itself.</source>
        <translation>批次如何送到訓練器：由讀取執行緒填滿的佇列，或是訓練迴圈自己讀取每個樣本的單純方式。</translation>
    </message>
    <message>
        <source>Shuffle queue (RandomShuffleQueue)</source>
        <translation>打亂佇列（RandomShuffleQueue）</translation>
    </message>
    <message>
        <source>On: tf.train.shuffle_batch over a RandomShuffleQueue. Off: tf.train.batch over a FIFOQueue, in reading order.</source>
        <translation>開啟：以 RandomShuffleQueue 實作的 tf.train.shuffle_batch。關閉：以 FIFOQueue 實作的 tf.train.batch，依讀取順序。</translation>
    </message>
    <message>
        <source>Example queue capacity:</source>
        <translation>樣例佇列容量：</translation>
    </message>
    <message>
        <source>How many decoded examples the example queue holds. TensorFlow&apos;s advice: min_after_dequeue + 3 × batch size.</source>
        <translation>樣例佇列可容納的已解碼樣例數量。TensorFlow 的建議：min_after_dequeue + 3 × 批次大小。</translation>
    </message>
    <message>
        <source>min_after_dequeue:</source>
        <translation>min_after_dequeue：</translation>
    </message>
    <message>
        <source>A dequeue waits until this many examples would remain, so each batch is drawn from a well-mixed pool. Must be smaller than the capacity.</source>
        <translation>取出時會等到佇列中至少還剩這麼多樣例，讓每個批次都取自充分混合的樣例池。必須小於容量。</translation>
    </message>
    <message>
        <source>Batch size:</source>
        <translation>批次大小：</translation>
    </message>
    <message>
        <source>Examples per training step: the trainer&apos;s dequeue_many(n).</source>
        <translation>每個訓練步驟的樣例數：訓練器的 dequeue_many(n)。</translation>
    </message>
    <message>
        <source>Allow a smaller final batch</source>
        <translation>允許較小的最後批次</translation>
    </message>
    <message>
        <source>When the data ends, hand out the remaining examples as a last, smaller batch.</source>
        <translation>資料用完時，把剩下的樣例當作最後一個較小的批次交出。</translation>
    </message>
    <message>
        <source>Shuffle queue seed:</source>
        <translation>打亂佇列種子：</translation>
    </message>
    <message>
        <source>The seed of the RandomShuffleQueue; 0 picks a random one.</source>
        <translation>RandomShuffleQueue 的種子；0 表示隨機選一個。</translation>
    </message>
    <message>
        <source>Image width:</source>
        <translation>影像寬度：</translation>
    </message>
    <message>
        <source>Readers resize every decoded image to this width; the model sees width × height × 3 values.</source>
        <translation>讀取器把每張解碼後的影像縮放到這個寬度；模型看到的是 寬 × 高 × 3 個數值。</translation>
    </message>
    <message>
        <source>Image height:</source>
        <translation>影像高度：</translation>
    </message>
    <message>
        <source>Readers resize every decoded image to this height; the model sees width × height × 3 values.</source>
        <translation>讀取器把每張解碼後的影像縮放到這個高度；模型看到的是 寬 × 高 × 3 個數值。</translation>
    </message>
    <message>
        <source>Hidden units:</source>
        <translation>隱藏單元：</translation>
    </message>
    <message>
        <source>Units in the model&apos;s hidden layer (OpenCV ANN_MLP).</source>
        <translation>模型隱藏層的單元數（OpenCV ANN_MLP）。</translation>
    </message>
    <message>
        <source>Max steps:</source>
        <translation>最多步數：</translation>
    </message>
    <message>
        <source>Stop after this many training steps; 0 trains until the data ends or you stop.</source>
        <translation>訓練這麼多步後停止；0 表示訓練到資料用完或你停止為止。</translation>
    </message>
    <message>
        <source>Evaluate every:</source>
        <translation>評估間隔：</translation>
    </message>
    <message>
        <source>Measure the accuracy on held-out samples every N steps; 0 never.</source>
        <translation>每 N 步在保留樣本上測量一次準確率；0 表示從不。</translation>
    </message>
    <message>
        <source>Held-out file:</source>
        <translation>保留資料檔：</translation>
    </message>
    <message>
        <source>Held-out data from this TFRecord file instead of every k-th training record.</source>
        <translation>從這個 TFRecord 檔案取得保留資料，而不是每隔 k 筆訓練記錄取一筆。</translation>
    </message>
    <message>
        <source>Held-out fraction:</source>
        <translation>保留比例：</translation>
    </message>
    <message>
        <source>Without a held-out file, hold out every round(1/F)-th training record; 0 holds out none.</source>
        <translation>沒有保留資料檔時，每 round(1/F) 筆訓練記錄保留一筆；0 表示不保留。</translation>
    </message>
    <message>
        <source>Held-out samples at most:</source>
        <translation>保留樣本上限：</translation>
    </message>
    <message>
        <source>The held-out set is kept in memory: at most this many samples.</source>
        <translation>保留資料集放在記憶體中：最多這麼多個樣本。</translation>
    </message>
    <message>
        <source>Classes:</source>
        <translation>類別數：</translation>
    </message>
    <message>
        <source>How many classes the model tells apart; 0 finds out from the labels.</source>
        <translation>模型要區分幾個類別；0 表示從標籤推算。</translation>
    </message>
    <message>
        <source>Feature spec:</source>
        <translation>特徵規格：</translation>
    </message>
    <message>
        <source>Which features are the image and the label, as JSON overrides of what was detected (as `inspect --spec` takes).</source>
        <translation>哪些特徵是影像和標籤，以 JSON 覆寫偵測結果（與 `inspect --spec` 相同）。</translation>
    </message>
    <message>
        <source>Preview images:</source>
        <translation>預覽影像數：</translation>
    </message>
    <message>
        <source>How many images of the latest batch the window shows.</source>
        <translation>視窗顯示最新批次中的幾張影像。</translation>
    </message>
    <message>
        <source>Reader delay:</source>
        <translation>讀取延遲：</translation>
    </message>
    <message>
        <source>Extra time per record read, to watch the readers work.</source>
        <translation>每讀取一筆記錄額外花的時間，方便觀察讀取器工作。</translation>
    </message>
    <message>
        <source>Decode delay:</source>
        <translation>解碼延遲：</translation>
    </message>
    <message>
        <source>Extra time per example decoded.</source>
        <translation>每解碼一個樣例額外花的時間。</translation>
    </message>
    <message>
        <source>Trainer delay:</source>
        <translation>訓練延遲：</translation>
    </message>
    <message>
        <source>Extra time per training step: a slow model.</source>
        <translation>每個訓練步驟額外花的時間：模擬很慢的模型。</translation>
    </message>
    <message>
        <source>Speed:</source>
        <translation>速度：</translation>
    </message>
    <message>
        <source>Slow motion for every stage: 1 is full speed, 0.1 ten times slower.</source>
        <translation>每個階段的慢動作：1 為全速，0.1 為慢十倍。</translation>
    </message>
    <message>
        <source>Grace period:</source>
        <translation>寬限時間：</translation>
    </message>
    <message>
        <source>How long coord.join() waits for the threads after a stop before it names the ones still running (stop_grace_period_secs).</source>
        <translation>停止後 coord.join() 要等執行緒多久，才列出仍在執行的執行緒（stop_grace_period_secs）。</translation>
    </message>
    <message>
        <source>Hang watchdog:</source>
        <translation>卡住監視器：</translation>
    </message>
    <message>
        <source>After this long with no progress, the watchdog explains which thread waits on what.</source>
        <translation>經過這麼久都沒有進展時，監視器會說明哪個執行緒在等什麼。</translation>
    </message>
    <message>
        <source>Start the queue runners</source>
        <translation>啟動佇列執行器（queue runners）</translation>
    </message>
    <message>
        <source>Off reproduces the classic mistake of forgetting tf.train.start_queue_runners(): the first dequeue waits forever.</source>
        <translation>關閉時重現忘記呼叫 tf.train.start_queue_runners() 的經典錯誤：第一次取出會永遠等下去。</translation>
    </message>
    <message>
        <source>Stop after:</source>
        <translation>停止時間：</translation>
    </message>
    <message>
        <source>Request stop after this many seconds; 0 never.</source>
        <translation>經過這麼多秒後請求停止；0 表示永不。</translation>
    </message>
    <message>
        <source>Workers:</source>
        <translation>工作執行緒：</translation>
    </message>
    <message>
        <source>How many worker threads loop while not coord.should_stop().</source>
        <translation>有幾個工作執行緒在 coord.should_stop() 為假時迴圈。</translation>
    </message>
    <message>
        <source>Step length:</source>
        <translation>每步時間：</translation>
    </message>
    <message>
        <source>How long one worker step takes.</source>
        <translation>工作執行緒每一步花的時間。</translation>
    </message>
    <message>
        <source>Stop chance per step:</source>
        <translation>每步停止機率：</translation>
    </message>
    <message>
        <source>After each step a worker calls coord.request_stop() with this probability.</source>
        <translation>每一步之後，工作執行緒以這個機率呼叫 coord.request_stop()。</translation>
    </message>
    <message>
        <source>Decode JPEG at reduced size</source>
        <translation>以縮小尺寸解碼 JPEG</translation>
    </message>
    <message>
        <source>Decode a JPEG larger than the model&apos;s input at 1/2, 1/4 or 1/8 size in the DCT domain, then resize: much faster, within a few grey levels of a full decode.</source>
        <translation>比模型輸入大的 JPEG 先在 DCT 域以 1/2、1/4 或 1/8 尺寸解碼，再縮放：快得多，與完整解碼只差幾個灰階。</translation>
    </message>
    <message>
        <source>Model input follows the data</source>
        <translation>模型輸入跟隨資料</translation>
    </message>
    <message>
        <source>The model&apos;s input takes the size and channels of the first image (28x28 gray stays 28x28 gray), scaled down to at most 784 values (28x28x1, 16x16x3) to keep the pace; off uses image_width x image_height x 3. Setting image_width, image_height or input_size turns it off.</source>
        <translation>模型輸入採用第一張影像的尺寸與通道數（28x28 灰階仍是 28x28 灰階），並縮小到最多 784 個值（28x28x1、16x16x3）以維持速度；關閉時使用 image_width x image_height x 3。設定 image_width、image_height 或 input_size 會關閉它。</translation>
    </message>
    <message>
        <source>Train at least:</source>
        <translation>至少訓練：</translation>
    </message>
    <message>
        <source>Repeat the data (more epochs than num_epochs) until the run trains at least this many steps, or max_steps when larger: epochs = ceil(steps x batch_size / training records per epoch). 0 keeps num_epochs as given; setting num_epochs turns it off.</source>
        <translation>重複資料（比 num_epochs 更多的 epoch），直到至少訓練這麼多步，或 max_steps（若更大）：epochs = ceil(步數 x batch_size / 每個 epoch 的訓練紀錄數)。0 保留 num_epochs 原值；設定 num_epochs 會關閉它。</translation>
    </message>
    <message>
        <source>Compression:</source>
        <translation>壓縮：</translation>
    </message>
    <message>
        <source>How the training files are compressed: none, gzip, zlib, or auto (detected from each file).</source>
        <translation>訓練檔案的壓縮方式：none、gzip、zlib，或 auto（從每個檔案偵測）。</translation>
    </message>
    <message>
        <source>Pipeline:</source>
        <translation>輸入管線：</translation>
    </message>
    <message>
        <source>Which input pipeline reads the files: the TF 1.x queues and queue runners, or its tf.data equivalent built from the same settings.</source>
        <translation>由哪一種輸入管線讀取檔案：TF 1.x 的佇列與 queue runner，或由相同設定建立的 tf.data 等效管線。</translation>
    </message>
    <message>
        <source>tf.data AUTOTUNE</source>
        <translation>tf.data AUTOTUNE</translation>
    </message>
    <message>
        <source>Dataset pipeline: let the tuner choose the interleave and map parallelism and the prefetch buffer while the run goes.</source>
        <translation>Dataset 管線：讓調校器在執行中自行選擇 interleave 與 map 的平行度以及 prefetch 緩衝區。</translation>
    </message>
    <message>
        <source>Interleave parallelism:</source>
        <translation>Interleave 平行度：</translation>
    </message>
    <message>
        <source>Dataset pipeline: threads reading files at once in interleave; 0 follows the reader threads.</source>
        <translation>Dataset 管線：interleave 中同時讀取檔案的執行緒數；0 表示跟隨讀取執行緒數。</translation>
    </message>
    <message>
        <source>Map parallelism:</source>
        <translation>Map 平行度：</translation>
    </message>
    <message>
        <source>Dataset pipeline: threads parsing and decoding in map; 0 follows the reader threads.</source>
        <translation>Dataset 管線：map 中剖析與解碼的執行緒數；0 表示跟隨讀取執行緒數。</translation>
    </message>
    <message>
        <source>Prefetch batches:</source>
        <translation>Prefetch 批次數：</translation>
    </message>
    <message>
        <source>Dataset pipeline: batches prefetch keeps ready; 0 no prefetch, -1 the example queue&apos;s room above min_after_dequeue, in batches.</source>
        <translation>Dataset 管線：prefetch 預先備妥的批次數；0 表示不 prefetch，-1 表示樣本佇列在 min_after_dequeue 之上的空間（以批次計）。</translation>
    </message>
    <message>
        <source>Cache decoded examples</source>
        <translation>快取解碼後的樣本</translation>
    </message>
    <message>
        <source>Dataset pipeline: keep the decoded examples of the first epoch in memory and serve the later epochs from there.</source>
        <translation>Dataset 管線：把第一個 epoch 解碼後的樣本保留在記憶體中，之後的 epoch 直接從那裡取用。</translation>
    </message>
    <message>
        <source>Deterministic order</source>
        <translation>確定的順序</translation>
    </message>
    <message>
        <source>Dataset pipeline: interleave and map hand out elements in input order; off, they hand out whichever is ready first, so one slow file or element holds nobody up.</source>
        <translation>Dataset 管線：interleave 與 map 依輸入順序交出元素；關閉時交出最先就緒的元素，一個很慢的檔案或元素就不會拖住其他人。</translation>
    </message>
    <message>
        <source>Map after batch (vectorised)</source>
        <translation>先分批再 map（向量化）</translation>
    </message>
    <message>
        <source>Dataset pipeline: batch the serialized records first, then one map call parses and decodes a whole batch, paying the per-call cost once per batch.</source>
        <translation>Dataset 管線：先把序列化的記錄分批，再由一次 map 呼叫解析並解碼整批，每批只付一次呼叫成本。</translation>
    </message>
</context>
<context>
    <name>qs::MainWindow</name>
    <message>
        <source>About QueueScope</source>
        <translation>關於 QueueScope</translation>
    </message>
    <message>
        <source>&lt;b&gt;QueueScope %1&lt;/b&gt;&lt;p&gt;See, teach and debug TensorFlow 1.x style input pipelines: TFRecord readers, queues, the coordinator and the training loop, live.&lt;/p&gt;</source>
        <translation>&lt;b&gt;QueueScope %1&lt;/b&gt;&lt;p&gt;即時觀察、講解與除錯 TensorFlow 1.x 風格的輸入管線：TFRecord 讀取器、佇列、協調器與訓練迴圈。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>QueueScope</source>
        <translation>QueueScope</translation>
    </message>
    <message numerus="yes">
        <source>QueueScope — %n input file(s)</source>
        <translation>
            <numerusform>QueueScope — %n 個輸入檔案</numerusform>
        </translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>管線</translation>
    </message>
    <message>
        <source>Event log</source>
        <translation>事件記錄</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>執行緒</translation>
    </message>
    <message>
        <source>Samples of the latest batch</source>
        <translation>最新批次的樣本</translation>
    </message>
    <message>
        <source>Training metrics</source>
        <translation>訓練指標</translation>
    </message>
    <message>
        <source>Queue occupancy</source>
        <translation>佇列佔用</translation>
    </message>
    <message>
        <source>Run controls</source>
        <translation>執行控制</translation>
    </message>
    <message>
        <source>S&amp;cenario:</source>
        <translation>情境(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近開啟(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>執行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <source>Zoom &amp;In (presentation)</source>
        <translation>放大(&amp;I)（簡報）</translation>
    </message>
    <message>
        <source>Zoom &amp;Out (presentation)</source>
        <translation>縮小(&amp;O)（簡報）</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>實際大小(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重設版面(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>語言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About QueueScope</source>
        <translation>關於 QueueScope(&amp;A)</translation>
    </message>
    <message>
        <source>Open TFRecord files</source>
        <translation>開啟 TFRecord 檔案</translation>
    </message>
    <message>
        <source>TFRecord files (*.tfrecord *.tfrecords *.tfrec);;All files (*)</source>
        <translation>TFRecord 檔案 (*.tfrecord *.tfrecords *.tfrec);;所有檔案 (*)</translation>
    </message>
    <message>
        <source>Input: %1</source>
        <translation>輸入：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n 個檔案</numerusform>
        </translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清除清單</translation>
    </message>
    <message>
        <source>Unknown scenario: %1</source>
        <translation>未知的情境：%1</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控制</translation>
    </message>
    <message>
        <source>TensorFlow code</source>
        <translation>TensorFlow 程式碼</translation>
    </message>
    <message>
        <source>Thread states</source>
        <translation>執行緒狀態</translation>
    </message>
    <message>
        <source>&amp;Thread States</source>
        <translation>執行緒狀態(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Frame Timing</source>
        <translation>影格計時(&amp;F)</translation>
    </message>
    <message>
        <source>Show how long the window takes per frame: the snapshot, the panel updates and the repaint.</source>
        <translation>顯示視窗每個影格花費的時間：快照、面板更新與重繪。</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>說明</translation>
    </message>
    <message>
        <source>%1 runs at its teaching pace, %2× slower; Speed changes it</source>
        <translation>%1 以教學步調執行（慢 %2 倍）；可用「速度」調整</translation>
    </message>
    <message>
        <source>&amp;Cursor</source>
        <translation>游標(&amp;C)</translation>
    </message>
    <message>
        <source>◀ Event</source>
        <translation>◀ 事件</translation>
    </message>
    <message>
        <source>Move the time cursor to the previous coordination event (%1); every view shows the run then.</source>
        <translation>將時間游標移到上一個協調事件（%1）；每個檢視都顯示當時的執行狀態。</translation>
    </message>
    <message>
        <source>Event ▶</source>
        <translation>事件 ▶</translation>
    </message>
    <message>
        <source>Move the time cursor to the next coordination event (%1).</source>
        <translation>將時間游標移到下一個協調事件（%1）。</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>即時</translation>
    </message>
    <message>
        <source>Show the run as it is now again (%1).</source>
        <translation>再次顯示執行目前的狀態（%1）。</translation>
    </message>
    <message>
        <source>Samples of the batch at %1</source>
        <translation>%1 時的批次樣本</translation>
    </message>
    <message>
        <source>QueueScope — saved run %1</source>
        <translation>QueueScope — 已儲存的執行記錄 %1</translation>
    </message>
    <message>
        <source>Open R&amp;un…</source>
        <translation>開啟執行記錄(&amp;U)…</translation>
    </message>
    <message>
        <source>Open a saved run (.qsrun) and replay it: every view, with the time cursor</source>
        <translation>開啟已儲存的執行記錄（.qsrun）並重播：所有檢視都隨時間游標顯示</translation>
    </message>
    <message>
        <source>&amp;Save Run…</source>
        <translation>儲存執行記錄(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the last finished run, whole, to one file (SQLite, see the README)</source>
        <translation>將最近一次完成的執行完整儲存為一個檔案（SQLite，見 README）</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>匯出(&amp;E)</translation>
    </message>
    <message>
        <source>Chrome/Perfetto &amp;Trace…</source>
        <translation>Chrome/Perfetto 追蹤檔(&amp;T)…</translation>
    </message>
    <message>
        <source>Event Log as &amp;JSON Lines…</source>
        <translation>事件記錄（JSON Lines）(&amp;J)…</translation>
    </message>
    <message>
        <source>Open Run</source>
        <translation>開啟執行記錄</translation>
    </message>
    <message>
        <source>Saved runs (*.qsrun *.qsrun.partial);;All files (*)</source>
        <translation>已儲存的執行記錄 (*.qsrun *.qsrun.partial);;所有檔案 (*)</translation>
    </message>
    <message>
        <source>Save Run</source>
        <translation>儲存執行記錄</translation>
    </message>
    <message>
        <source>Saved runs (*.qsrun)</source>
        <translation>已儲存的執行記錄 (*.qsrun)</translation>
    </message>
    <message>
        <source>Export Trace</source>
        <translation>匯出追蹤檔</translation>
    </message>
    <message>
        <source>Export Event Log</source>
        <translation>匯出事件記錄</translation>
    </message>
    <message>
        <source>Chrome trace (*.json)</source>
        <translation>Chrome 追蹤檔 (*.json)</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Choose &amp;Features…</source>
        <translation>選擇特徵(&amp;F)…</translation>
    </message>
    <message>
        <source>Open a TFRecord file first: the features are the file&apos;s</source>
        <translation>請先開啟 TFRecord 檔案：特徵來自檔案本身</translation>
    </message>
    <message>
        <source>Features: as detected</source>
        <translation>特徵：依偵測結果</translation>
    </message>
    <message>
        <source>Features chosen: %1</source>
        <translation>已選擇特徵：%1</translation>
    </message>
    <message>
        <source>%1: the features chosen before (%2); File ▸ Choose Features… changes them</source>
        <translation>%1：沿用先前選擇的特徵（%2）；可用「檔案 ▸ 選擇特徵…」修改</translation>
    </message>
    <message>
        <source>%1: no image feature was found; choose the features</source>
        <translation>%1：找不到影像特徵；請選擇特徵</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>執行紀錄</translation>
    </message>
</context>
<context>
    <name>qs::MetricsCharts</name>
    <message>
        <source>Training</source>
        <translation>訓練</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>損失</translation>
    </message>
    <message>
        <source>training accuracy</source>
        <translation>訓練準確率</translation>
    </message>
    <message>
        <source>held-out accuracy</source>
        <translation>驗證集準確率</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步數</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>準確率</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>樣本/秒</translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation>時間（秒）</translation>
    </message>
    <message>
        <source>Step %1: loss %2</source>
        <translation>第 %1 步：損失 %2</translation>
    </message>
    <message>
        <source>%1 s: %2/s</source>
        <translation>%1 秒：%2/秒</translation>
    </message>
    <message>
        <source>Curves</source>
        <translation>曲線</translation>
    </message>
    <message>
        <source>Confusion matrix</source>
        <translation>混淆矩陣</translation>
    </message>
    <message>
        <source>Held-out confusion at step %1 (rows: true class, columns: predicted)</source>
        <translation>第 %1 步的驗證集混淆矩陣（列：真實類別，欄：預測類別）</translation>
    </message>
    <message>
        <source>%1: loss</source>
        <translation>%1：損失</translation>
    </message>
    <message>
        <source>%1: held-out accuracy</source>
        <translation>%1：保留集準確率</translation>
    </message>
    <message>
        <source>%1: samples/s</source>
        <translation>%1：樣本/秒</translation>
    </message>
</context>
<context>
    <name>qs::PipelineDiagram</name>
    <message numerus="yes">
        <source>%n producer(s)</source>
        <translation>
            <numerusform>%n 個生產者</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n reader(s)</source>
        <translation>
            <numerusform>%n 個讀取器</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trainer(s)</source>
        <translation>
            <numerusform>%n 個訓練器</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other thread(s)</source>
        <translation>
            <numerusform>%n 個其他執行緒</numerusform>
        </translation>
    </message>
    <message>
        <source>names</source>
        <translation>檔名</translation>
    </message>
    <message>
        <source>enqueue</source>
        <translation>入列</translation>
    </message>
    <message>
        <source>dequeue_many = batch</source>
        <translation>dequeue_many = 批次</translation>
    </message>
    <message>
        <source>dequeue</source>
        <translation>出列</translation>
    </message>
    <message>
        <source>The pipeline appears here when a run starts:
files → filename queue → readers → example queue → batch → trainer</source>
        <translation>執行開始後，管線會顯示在這裡：
檔案 → 檔名佇列 → 讀取器 → 樣例佇列 → 批次 → 訓練器</translation>
    </message>
    <message>
        <source>coordination:</source>
        <translation>協調：</translation>
    </message>
    <message>
        <source>TFRecord files</source>
        <translation>TFRecord 檔案</translation>
    </message>
    <message>
        <source>The input files; their names go round the filename queue once per epoch.</source>
        <translation>輸入檔案；每個 epoch 它們的檔名都會在檔名佇列中走一輪。</translation>
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
        <translation>已關閉</translation>
    </message>
    <message>
        <source>%1 of %2 elements; %3 enqueued and %4 dequeued since the start.</source>
        <translation>%2 個容量中有 %1 個元素；開始以來入列 %3 個、出列 %4 個。</translation>
    </message>
    <message>
        <source>The dashed line is min_after_dequeue: a dequeue waits while fewer elements would remain, so the shuffle has enough to mix (until the queue is closed).</source>
        <translation>虛線是 min_after_dequeue：若出列後剩下的元素會少於它，出列就會等待，讓洗牌有足夠的元素可混合（直到佇列關閉）。</translation>
    </message>
    <message>
        <source>Closed: no more enqueues; dequeues drain what is left, then end the input.</source>
        <translation>已關閉：不再入列；出列會取完剩下的元素，然後輸入結束。</translation>
    </message>
    <message numerus="yes">
        <source>%n worker(s)</source>
        <translation>
            <numerusform>%n 個工作執行緒</numerusform>
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
        <translation>%2 個元素中有 %1 個。</translation>
    </message>
</context>
<context>
    <name>qs::QueueChart</name>
    <message>
        <source>Queue occupancy</source>
        <translation>佇列佔用</translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation>時間（秒）</translation>
    </message>
    <message>
        <source>% of capacity</source>
        <translation>佔容量的 %</translation>
    </message>
    <message>
        <source>How full each queue was, as a share of its capacity. A dotted line marks a shuffle queue&apos;s min_after_dequeue floor.</source>
        <translation>每個佇列的填滿程度，以佔容量的比例表示。點線標出洗牌佇列的 min_after_dequeue 下限。</translation>
    </message>
</context>
<context>
    <name>qs::RunController</name>
    <message>
        <source>Cannot start: %1</source>
        <translation>無法開始：%1</translation>
    </message>
    <message>
        <source>Input: the bundled demo data</source>
        <translation>輸入：內建的示範資料</translation>
    </message>
    <message>
        <source>demo data</source>
        <translation>示範資料</translation>
    </message>
    <message>
        <source>This run is not being recorded: %1</source>
        <translation>這次執行沒有被記錄：%1</translation>
    </message>
    <message>
        <source>Stop the run before opening a saved one.</source>
        <translation>請先停止目前的執行，再開啟已儲存的執行記錄。</translation>
    </message>
    <message>
        <source>Cannot open the run: %1</source>
        <translation>無法開啟執行記錄：%1</translation>
    </message>
    <message>
        <source>Saved run %1: move the time cursor to replay it</source>
        <translation>已儲存的執行記錄 %1：移動時間游標即可重播</translation>
    </message>
    <message>
        <source>Saved run %1 was cut short: it holds the run&apos;s first %2</source>
        <translation>已儲存的執行記錄 %1 被中斷：只含執行的前 %2</translation>
    </message>
    <message>
        <source>%1 is a run cut short; copy it together with its -wal file instead</source>
        <translation>%1 是被中斷的執行記錄；請連同它的 -wal 檔一起複製</translation>
    </message>
    <message>
        <source>the run is still going: stop it or let it end, then save</source>
        <translation>執行仍在進行：請停止或等它結束後再儲存</translation>
    </message>
    <message>
        <source>Run saved to %1</source>
        <translation>執行記錄已儲存到 %1</translation>
    </message>
    <message>
        <source>Cannot save the run: %1</source>
        <translation>無法儲存執行記錄：%1</translation>
    </message>
    <message>
        <source>no run to export yet</source>
        <translation>還沒有可匯出的執行</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>已匯出到 %1</translation>
    </message>
    <message>
        <source>Cannot export: %1</source>
        <translation>無法匯出：%1</translation>
    </message>
    <message>
        <source>The run&apos;s record could not be saved: %1</source>
        <translation>無法儲存這次執行的記錄：%1</translation>
    </message>
    <message>
        <source>No label: input pipeline only (the trainer takes the batches and learns nothing)</source>
        <translation>沒有標籤：只執行輸入管線（訓練器取用批次但不學習）</translation>
    </message>
    <message>
        <source>This run stops itself at %1 (stop_after_s)</source>
        <translation>這次執行會在 %1 時自行停止（stop_after_s）</translation>
    </message>
    <message>
        <source>The run cannot be compared: %1</source>
        <translation>無法比較此執行：%1</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在開啟 %1…</translation>
    </message>
</context>
<context>
    <name>qs::RunControls</name>
    <message>
        <source>&amp;Open…</source>
        <translation>開啟(&amp;O)…</translation>
    </message>
    <message>
        <source>Open TFRecord files (you can also drop them on the window)</source>
        <translation>開啟 TFRecord 檔案（也可以把檔案拖放到視窗上）</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>開始(&amp;S)</translation>
    </message>
    <message>
        <source>Start the input pipeline and the training loop</source>
        <translation>啟動輸入管線與訓練迴圈</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Ask the coordinator to stop every thread</source>
        <translation>請協調器停止所有執行緒</translation>
    </message>
    <message>
        <source>Step &amp;mode</source>
        <translation>逐步模式(&amp;M)</translation>
    </message>
    <message>
        <source>Hold each thread at every coordination event until you press Next step</source>
        <translation>在每個協調事件讓執行緒停住，直到你按下「下一步」</translation>
    </message>
    <message>
        <source>&amp;Next step</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <source>Let the next held thread go on to its next coordination event</source>
        <translation>讓下一個被停住的執行緒繼續到它的下一個協調事件</translation>
    </message>
    <message>
        <source>Spee&amp;d:</source>
        <translation>速度(&amp;D)：</translation>
    </message>
    <message>
        <source>Slow motion makes single enqueues and dequeues visible</source>
        <translation>慢動作可以看清每一次入列與出列</translation>
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
        <translation>沒有標籤：只執行輸入管線。訓練器以模型的成本取用每個批次，但不學習；%1</translation>
    </message>
    <message>
        <source>the files hold no training records (%1 held out), so the run trains 0 steps</source>
        <translation>檔案中沒有訓練記錄（保留 %1 筆），所以這次執行訓練 0 步</translation>
    </message>
    <message>
        <source>every %1th record</source>
        <translation>每第 %1 筆記錄</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>an epoch holds %1 training records, fewer than a batch of %2</source>
        <translation>一個 epoch 只有 %1 筆訓練記錄，少於一個 %2 的批次</translation>
    </message>
    <message>
        <source>an epoch holds %1 training records: %2 step(s) of a batch of %3</source>
        <translation>一個 epoch 有 %1 筆訓練記錄：批次大小 %3 時為 %2 步</translation>
    </message>
    <message>
        <source>; so num_epochs %1 becomes 0 (repeat until stopped) to train at least %2 steps (min_steps; --min-steps 0 or --epochs N keeps yours)</source>
        <translation>；因此 num_epochs %1 改為 0（重複直到停止），以訓練至少 %2 步（min_steps；--min-steps 0 或 --epochs N 可保留你的設定）</translation>
    </message>
    <message>
        <source>; so num_epochs %1 becomes %3 to train at least %2 steps (min_steps; --min-steps 0 or --epochs N keeps yours)</source>
        <translation>；因此 num_epochs %1 改為 %3，以訓練至少 %2 步（min_steps；--min-steps 0 或 --epochs N 可保留你的設定）</translation>
    </message>
    <message>
        <source>; num_epochs %1 as set</source>
        <translation>；num_epochs %1 依設定</translation>
    </message>
    <message>
        <source>%1 epoch(s) of %2 training records are fewer than a batch of %3, so the run trains 0 steps: set --allow-smaller-final-batch, more --epochs, or a smaller --batch-size</source>
        <translation>%1 個 epoch 的 %2 筆訓練記錄少於一個 %3 的批次，所以訓練 0 步：請設定 --allow-smaller-final-batch、更多 --epochs 或更小的 --batch-size</translation>
    </message>
    <message>
        <source>labels: &apos;%1&apos; names %2 classes (%3), from a full scan of %4 records</source>
        <translation>標籤：&apos;%1&apos; 列出 %2 個類別（%3），來自全部 %4 筆記錄的完整掃描</translation>
    </message>
    <message>
        <source>labels: &apos;%1&apos; names %2 classes (%3), from the first %4 records (sampled): a later record with another name stops the run</source>
        <translation>標籤：&apos;%1&apos; 列出 %2 個類別（%3），來自前 %4 筆記錄（抽樣）：之後若有記錄帶著其他名稱，執行會停止</translation>
    </message>
</context>
<context>
    <name>qs::RunStatusView</name>
    <message>
        <source>%1 · %2 samples/s · step %3</source>
        <translation>%1 · %2 樣本/秒 · 第 %3 步</translation>
    </message>
    <message>
        <source>%1 %2 %3%</source>
        <translation>%1 %2 %3%</translation>
    </message>
    <message>
        <source>ended: %1</source>
        <translation>已結束：%1</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>錯誤：%1</translation>
    </message>
    <message>
        <source>step mode</source>
        <translation>單步模式</translation>
    </message>
    <message>
        <source>nothing held: the run goes on to its next coordination event</source>
        <translation>沒有被攔住的執行緒：執行會繼續到下一個協調事件</translation>
    </message>
    <message>
        <source>next step: %1 — %2</source>
        <translation>下一步：%1 — %2</translation>
    </message>
    <message numerus="yes">
        <source>(%n more held)</source>
        <translation>
            <numerusform>（另有 %n 個被攔住）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) skipped</source>
        <translation>
            <numerusform>已略過 %n 筆記錄</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::RunSummary</name>
    <message>
        <source>the run ended with an error before the first batch</source>
        <translation>執行在第一個批次之前因錯誤結束</translation>
    </message>
    <message>
        <source>it was stopped before the first batch was ready</source>
        <translation>在第一個批次準備好之前就被停止</translation>
    </message>
    <message>
        <source>the data ended before a full batch: %1 training records per epoch x %2 epoch(s), batch size %3; set --allow-smaller-final-batch, more --epochs or a smaller --batch-size</source>
        <translation>資料在湊滿一個批次前就結束：每個 epoch %1 筆訓練記錄 × %2 個 epoch，批次大小 %3；請設定 --allow-smaller-final-batch、更多 --epochs 或更小的 --batch-size</translation>
    </message>
    <message>
        <source>the data ended before a full batch; set --allow-smaller-final-batch or more --epochs</source>
        <translation>資料在湊滿一個批次前就結束；請設定 --allow-smaller-final-batch 或更多 --epochs</translation>
    </message>
    <message>
        <source>trained 0 steps: %1</source>
        <translation>訓練了 0 步：%1</translation>
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
        <translation>各視圖顯示的執行：它的曲線就是圖表本身的線。</translation>
    </message>
    <message>
        <source>%1 (shown)</source>
        <translation>%1（顯示中）</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>結束方式</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>時長</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步數</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>樣本/秒</translation>
    </message>
    <message>
        <source>Held-out accuracy</source>
        <translation>保留集準確率</translation>
    </message>
</context>
<context>
    <name>qs::RunsPanel</name>
    <message>
        <source>Every run of this session and every run opened from a file. Tick Compare beside up to four: their curves are drawn over the training metrics and their threads&apos; time is compared beside the list.</source>
        <translation>本次工作階段的每次執行，以及從檔案開啟的每次執行。最多勾選四個「比較」：它們的曲線會疊在訓練指標上，執行緒的時間則在清單旁並列比較。</translation>
    </message>
    <message>
        <source>Thread time per state, by role (thread-seconds, one scale)</source>
        <translation>各角色在各狀態的執行緒時間（執行緒秒，同一比例）</translation>
    </message>
</context>
<context>
    <name>qs::SamplesView</name>
    <message>
        <source>The latest batch appears here during training.</source>
        <translation>訓練時，最新的批次會顯示在這裡。</translation>
    </message>
    <message>
        <source>label, then → prediction: ✓ right, ✗ wrong (dashed frame)</source>
        <translation>標籤，然後 → 預測：✓ 正確，✗ 錯誤（虛線框）</translation>
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
        <translation>標籤 %1，預測 %2</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>來自 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 × %2, %n channel(s)</source>
        <translation>
            <numerusform>%1 × %2，%n 個通道</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 samples</source>
        <translation>%2 個樣本中的 %1 個</translation>
    </message>
</context>
<context>
    <name>qs::ScenarioPicker</name>
    <message>
        <source>Cannot load the scenario: %1</source>
        <translation>無法載入情境：%1</translation>
    </message>
    <message>
        <source>Load scenario file</source>
        <translation>載入情境檔</translation>
    </message>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation>情境檔 (*.json);;所有檔案 (*)</translation>
    </message>
    <message>
        <source>No scenario</source>
        <translation>未選擇情境</translation>
    </message>
    <message>
        <source>A plain run of the pipeline with the settings below. Choose a scenario to see a bottleneck, a failure or a clean shutdown happen on purpose.</source>
        <translation>以下方設定單純執行管線。選擇一個情境，就能刻意看到瓶頸、故障或乾淨的關閉過程。</translation>
    </message>
    <message>
        <source>This scenario runs the Coordinator&apos;s worker demo: no files are read.</source>
        <translation>這個情境執行 Coordinator 的工作執行緒示範：不讀取任何檔案。</translation>
    </message>
    <message numerus="yes">
        <source>It injects %n fault(s) into the run.</source>
        <translation>
            <numerusform>它會在執行中注入 %n 個故障。</numerusform>
        </translation>
    </message>
    <message>
        <source>S&amp;cenario:</source>
        <translation>情境(&amp;C)：</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（無）</translation>
    </message>
    <message>
        <source>A teaching scenario: a configuration, sometimes with a fault, and what to watch</source>
        <translation>教學情境：一組設定（有時帶有故障），以及該觀察什麼</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>載入…</translation>
    </message>
    <message>
        <source>Load scenario file…</source>
        <translation>載入情境檔…</translation>
    </message>
</context>
<context>
    <name>qs::SchemaDialog</name>
    <message>
        <source>No file is open.</source>
        <translation>尚未開啟檔案。</translation>
    </message>
    <message>
        <source>Choose Features</source>
        <translation>選擇特徵</translation>
    </message>
    <message numerus="yes">
        <source>%1 — the first %n record(s), as a run reads them</source>
        <translation>
            <numerusform>%1 — 前 %n 筆記錄，與執行時讀到的相同</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot read the records: %1</source>
        <translation>無法讀取記錄：%1</translation>
    </message>
    <message>
        <source>&amp;Image feature:</source>
        <translation>影像特徵(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Layout:</source>
        <translation>格式(&amp;L)：</translation>
    </message>
    <message>
        <source>Pixel &amp;type:</source>
        <translation>像素型別(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Height × width × channels:</source>
        <translation>高 × 寬 × 通道(&amp;H)：</translation>
    </message>
    <message>
        <source>La&amp;bel:</source>
        <translation>標籤(&amp;B)：</translation>
    </message>
    <message>
        <source>Preview: the first records decoded with this choice</source>
        <translation>預覽：以這個選擇解碼的前幾筆記錄</translation>
    </message>
    <message>
        <source>Command line:</source>
        <translation>命令列：</translation>
    </message>
    <message>
        <source>The same choice for queuescope-cli run: select and copy it.</source>
        <translation>給 queuescope-cli run 用的相同選擇：可選取並複製。</translation>
    </message>
    <message>
        <source>Detect</source>
        <translation>自動偵測</translation>
    </message>
    <message>
        <source>None: input pipeline only</source>
        <translation>無：只執行輸入管線</translation>
    </message>
    <message>
        <source>Encoded file (JPEG, PNG, …)</source>
        <translation>編碼檔案（JPEG、PNG…）</translation>
    </message>
    <message>
        <source>Raw pixels</source>
        <translation>原始像素</translation>
    </message>
    <message>
        <source>Float list of pixels</source>
        <translation>像素的浮點數列表</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>Feature</source>
        <translation>特徵</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Values per record</source>
        <translation>每筆記錄的值數</translation>
    </message>
    <message>
        <source>Records with it</source>
        <translation>含此特徵的記錄</translation>
    </message>
    <message>
        <source>%1 (feature list)</source>
        <translation>%1（特徵列表）</translation>
    </message>
    <message>
        <source>%1 (mixed kinds)</source>
        <translation>%1（混合種類）</translation>
    </message>
    <message>
        <source>Image: %1 &apos;%2&apos; — %3</source>
        <translation>影像：%1 &apos;%2&apos; — %3</translation>
    </message>
    <message>
        <source>Image: none — %1</source>
        <translation>影像：無 — %1</translation>
    </message>
    <message>
        <source>Label: &apos;%1&apos; (%2) — %3</source>
        <translation>標籤：&apos;%1&apos;（%2）— %3</translation>
    </message>
    <message>
        <source>Classes in these records: %1 (a run scans the files for the full list)</source>
        <translation>這些記錄中的類別：%1（執行時會掃描檔案取得完整列表）</translation>
    </message>
    <message>
        <source>Label: cannot be used — %1</source>
        <translation>標籤：無法使用 — %1</translation>
    </message>
    <message>
        <source>Label: none (input pipeline only)</source>
        <translation>標籤：無（只執行輸入管線）</translation>
    </message>
    <message>
        <source>Label: none found — the run feeds the input pipeline only</source>
        <translation>標籤：找不到 — 執行只供應輸入管線</translation>
    </message>
    <message>
        <source>Label: none found (%1) — the run feeds the input pipeline only</source>
        <translation>標籤：找不到（%1）— 執行只供應輸入管線</translation>
    </message>
    <message>
        <source>no image</source>
        <translation>沒有影像</translation>
    </message>
    <message>
        <source>does not decode</source>
        <translation>無法解碼</translation>
    </message>
    <message>
        <source>record %1: %2×%3×%4</source>
        <translation>記錄 %1：%2×%3×%4</translation>
    </message>
    <message>
        <source>no label</source>
        <translation>沒有標籤</translation>
    </message>
    <message>
        <source>bad label</source>
        <translation>標籤有誤</translation>
    </message>
</context>
<context>
    <name>qs::SchemaPreview</name>
    <message>
        <source>No records to preview</source>
        <translation>沒有可預覽的記錄</translation>
    </message>
</context>
<context>
    <name>qs::SessionRuns</name>
    <message>
        <source>cannot make a folder for this session&apos;s runs: %1</source>
        <translation>無法為這個工作階段的執行記錄建立資料夾：%1</translation>
    </message>
    <message>
        <source>Run %1 · %2</source>
        <translation>第 %1 次執行 · %2</translation>
    </message>
    <message>
        <source>no finished run to save yet</source>
        <translation>還沒有已完成的執行可儲存</translation>
    </message>
    <message>
        <source>no finished run %1 in this session</source>
        <translation>這個工作階段沒有已完成的第 %1 次執行</translation>
    </message>
</context>
<context>
    <name>qs::StateHelpView</name>
    <message>
        <source>Every thread is always in one of these states. The timeline, the pipeline diagram, the thread table and the TensorFlow code use the same colours.</source>
        <translation>每個執行緒隨時都處於下列其中一種狀態。時間軸、管線圖、執行緒表格與 TensorFlow 程式碼都使用相同的顏色。</translation>
    </message>
    <message>
        <source>A trainer that is often &lt;b&gt;blocked: queue empty&lt;/b&gt; is waiting for its input: add reader threads or make reading cheaper. Readers that are often &lt;b&gt;blocked: queue full&lt;/b&gt; are ahead of the trainer, which is how it should be.</source>
        <translation>訓練器若經常處於&lt;b&gt;阻塞：佇列為空&lt;/b&gt;，就是在等輸入：增加讀取執行緒或讓讀取更省力。讀取器若經常處於&lt;b&gt;阻塞：佇列已滿&lt;/b&gt;，表示它們領先訓練器，這正是理想的情況。</translation>
    </message>
</context>
<context>
    <name>qs::StateLegend</name>
    <message>
        <source>A coordination event of the kind &quot;%1&quot; on the timeline.</source>
        <translation>時間軸上「%1」類的協調事件。</translation>
    </message>
    <message>
        <source>skipped record</source>
        <translation>略過的記錄</translation>
    </message>
    <message>
        <source>A record skipped as corrupt (skip_corrupt) by that reader; hover the mark for its file, record and offset.</source>
        <translation>該讀取器因損毀而略過的記錄（skip_corrupt）；將滑鼠停在標記上可看到檔案、記錄與位移。</translation>
    </message>
</context>
<context>
    <name>qs::StatePalette</name>
    <message>
        <source>starting</source>
        <translation>啟動中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>執行中</translation>
    </message>
    <message>
        <source>blocked: queue full</source>
        <translation>阻塞：佇列已滿</translation>
    </message>
    <message>
        <source>blocked: queue empty</source>
        <translation>阻塞：佇列為空</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>joining</source>
        <translation>等待匯合</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暫停</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>The thread has been created and has not begun its work yet.</source>
        <translation>執行緒已建立，但還沒開始工作。</translation>
    </message>
    <message>
        <source>The thread is doing useful work: reading, decoding or training.</source>
        <translation>執行緒正在做有用的工作：讀取、解碼或訓練。</translation>
    </message>
    <message>
        <source>The thread waits to enqueue because the queue is full (backpressure from the consumer).</source>
        <translation>佇列已滿，執行緒等待入列（來自消費者的背壓）。</translation>
    </message>
    <message>
        <source>The thread waits to dequeue because the queue is empty (the producers are too slow).</source>
        <translation>佇列為空，執行緒等待出列（生產者太慢）。</translation>
    </message>
    <message>
        <source>The thread waits for the coordinator to ask every thread to stop.</source>
        <translation>執行緒在等待協調器要求所有執行緒停止。</translation>
    </message>
    <message>
        <source>The thread waits in join() for the other threads to finish.</source>
        <translation>執行緒在 join() 中等待其他執行緒結束。</translation>
    </message>
    <message>
        <source>The thread is held at the step gate until you grant the next step.</source>
        <translation>執行緒停在逐步閘門，直到你允許下一步。</translation>
    </message>
    <message>
        <source>The thread has finished normally.</source>
        <translation>執行緒已正常結束。</translation>
    </message>
    <message>
        <source>The thread ended with an error, which asked every other thread to stop.</source>
        <translation>執行緒因錯誤結束，並要求所有其他執行緒停止。</translation>
    </message>
    <message>
        <source>The thread ended because its queue was cancelled or a stop was requested.</source>
        <translation>執行緒因佇列被取消或收到停止請求而結束。</translation>
    </message>
</context>
<context>
    <name>qs::StateSecondsView</name>
    <message>
        <source>%1 thread-s</source>
        <translation>%1 執行緒秒</translation>
    </message>
    <message>
        <source>Tick Compare beside two runs to see their threads&apos; time side by side.</source>
        <translation>勾選兩次執行旁的「比較」，即可並列查看它們執行緒的時間。</translation>
    </message>
    <message>
        <source>no such thread in this run</source>
        <translation>這次執行沒有這類執行緒</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 (%n thread(s))</source>
        <translation>
            <numerusform>%1 · %2（%n 個執行緒）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
%2: %3 s (%4 % of its thread time)</source>
        <translation>%1
%2：%3 秒（佔其執行緒時間的 %4 %）</translation>
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
            <numerusform>%n 個執行緒</numerusform>
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
        <translation>執行緒</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>State</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>For</source>
        <translation>持續</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>細節</translation>
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
        <translation>執行緒</translation>
    </message>
    <message>
        <source>No threads yet. Press Start: it runs on your TFRecord files, or on the demo data when none are open.</source>
        <translation>還沒有執行緒。按「開始」：有開啟的 TFRecord 檔案就讀取它們，沒有就用示範資料。</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n skipped</source>
        <translation>
            <numerusform>%1 · 略過 %n 筆</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::ThreadTimelinePanel</name>
    <message>
        <source>Follow live</source>
        <translation>即時跟隨</translation>
    </message>
    <message>
        <source>Keep the newest time at the right edge; turn off to pause the view and look back.</source>
        <translation>讓最新的時間保持在右邊緣；關閉後畫面暫停，可以回頭查看。</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Show less time in more detail (or turn the mouse wheel over the lanes).</source>
        <translation>以更多細節顯示較短的時間（或在泳道上轉動滑鼠滾輪）。</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>縮小</translation>
    </message>
    <message>
        <source>Show more time in less detail.</source>
        <translation>以較少細節顯示較長的時間。</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>顯示全部</translation>
    </message>
    <message>
        <source>Fit the whole run into the view. Drag the lanes to pan.</source>
        <translation>把整個執行放進畫面。拖曳泳道可以平移。</translation>
    </message>
    <message>
        <source>at %1 of %2</source>
        <translation>位於 %1（共 %2）</translation>
    </message>
    <message>
        <source>Every view shows the run as it was at this instant. Drag on the time ruler or click a lane to move it; Live returns to now.</source>
        <translation>每個檢視都顯示執行在此時刻的狀態。在時間尺上拖曳或點選一條執行緒列即可移動；按「即時」回到現在。</translation>
    </message>
</context>
<context>
    <name>qs::TimelineText</name>
    <message>
        <source>From %1 to %2</source>
        <translation>從 %1 到 %2</translation>
    </message>
    <message>
        <source>Summarised by the record in steps of %1; zoom in for exact spans where they are kept.</source>
        <translation>此處由紀錄以每 %1 一格彙總；放大可看到仍保留的精確區段。</translation>
    </message>
    <message>
        <source>%1, from %2 to %3</source>
        <translation>%1，從 %2 到 %3</translation>
    </message>
    <message>
        <source>now</source>
        <translation>現在</translation>
    </message>
    <message>
        <source>Activity: %1</source>
        <translation>活動：%1</translation>
    </message>
    <message>
        <source>Detail: %1</source>
        <translation>細節：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n short spans folded together; zoom in to see them</source>
        <translation>
            <numerusform>%n 段短區間合併顯示；放大即可看到</numerusform>
        </translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>於 %1</translation>
    </message>
    <message>
        <source>Thread: %1</source>
        <translation>執行緒：%1</translation>
    </message>
    <message>
        <source>Now: %1 for %2</source>
        <translation>目前：%1，已持續 %2</translation>
    </message>
</context>
<context>
    <name>qs::UiText</name>
    <message>
        <source>producer</source>
        <translation>生產者</translation>
    </message>
    <message>
        <source>reader</source>
        <translation>讀取器</translation>
    </message>
    <message>
        <source>trainer</source>
        <translation>訓練器</translation>
    </message>
    <message>
        <source>watcher</source>
        <translation>監看器</translation>
    </message>
    <message>
        <source>worker</source>
        <translation>工作執行緒</translation>
    </message>
    <message>
        <source>main</source>
        <translation>主執行緒</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>讀取中</translation>
    </message>
    <message>
        <source>decoding</source>
        <translation>解碼中</translation>
    </message>
    <message>
        <source>enqueuing</source>
        <translation>入列中</translation>
    </message>
    <message>
        <source>dequeuing</source>
        <translation>出列中</translation>
    </message>
    <message>
        <source>training</source>
        <translation>訓練中</translation>
    </message>
    <message>
        <source>evaluating</source>
        <translation>評估中</translation>
    </message>
    <message>
        <source>working</source>
        <translation>工作中</translation>
    </message>
    <message>
        <source>thread start</source>
        <translation>執行緒啟動</translation>
    </message>
    <message>
        <source>state</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>request stop</source>
        <translation>請求停止</translation>
    </message>
    <message>
        <source>queue close</source>
        <translation>關閉佇列</translation>
    </message>
    <message>
        <source>error</source>
        <translation>錯誤</translation>
    </message>
    <message>
        <source>thread exit</source>
        <translation>執行緒結束</translation>
    </message>
    <message>
        <source>join</source>
        <translation>匯合</translation>
    </message>
    <message>
        <source>end</source>
        <translation>結束</translation>
    </message>
    <message>
        <source>step</source>
        <translation>單步</translation>
    </message>
    <message>
        <source>note</source>
        <translation>備註</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>閒置</translation>
    </message>
    <message>
        <source>running</source>
        <translation>執行中</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>停止中</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已結束</translation>
    </message>
    <message>
        <source>end of data</source>
        <translation>資料已讀完</translation>
    </message>
    <message>
        <source>stopped by request</source>
        <translation>依請求停止</translation>
    </message>
    <message>
        <source>ended by an error</source>
        <translation>因錯誤結束</translation>
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
        <translation>%1（於 %2）</translation>
    </message>
    <message>
        <source>watchdog</source>
        <translation>監視器</translation>
    </message>
    <message>
        <source>coordinator</source>
        <translation>協調器</translation>
    </message>
    <message>
        <source>stuck worker</source>
        <translation>卡住的工作執行緒</translation>
    </message>
    <message>
        <source>input producer</source>
        <translation>輸入產生器</translation>
    </message>
    <message>
        <source>close_on_stop</source>
        <translation>停止時關閉</translation>
    </message>
    <message>
        <source>filename queue</source>
        <translation>檔名佇列</translation>
    </message>
    <message>
        <source>example queue</source>
        <translation>樣例佇列</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a role word and its number</comment>
        <translation>%1 %2</translation>
    </message>
</context>
</TS>
