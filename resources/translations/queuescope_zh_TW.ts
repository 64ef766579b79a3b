<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW" sourcelanguage="en">
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
        <source>in %1 · out %2</source>
        <translation>入 %1 · 出 %2</translation>
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
    <name>qs::RunStatusView</name>
    <message numerus="yes">
        <source>step mode: %n thread(s) at the gate</source>
        <translation>
            <numerusform>逐步模式：%n 個執行緒在閘門等待</numerusform>
        </translation>
    </message>
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
</context>
<context>
    <name>qs::StateLegend</name>
    <message>
        <source>A coordination event of the kind &quot;%1&quot; on the timeline.</source>
        <translation>時間軸上「%1」類的協調事件。</translation>
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
        <source>No threads yet. Open TFRecord files and press Start.</source>
        <translation>還沒有執行緒。請開啟 TFRecord 檔案並按「開始」。</translation>
    </message>
    <message>
        <source>thread</source>
        <translation>執行緒</translation>
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
</context>
<context>
    <name>qs::TimelineText</name>
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
</context>
</TS>
