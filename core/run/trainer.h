#pragma once

#include "base/status.h"

#include <memory>

namespace qs {

class BatchSource;
class Model;
struct HeldOutSet;
struct RunContext;

// The trainer thread (role Trainer, name "trainer"): the Python main thread of a TensorFlow 1.x
// training script.
//
//   held_out = load()                                   # eval_file, or every k-th record
//   try:
//     while not coord.should_stop() and step < max_steps:
//       batch = examples.dequeue_many(batch_size)     # OutOfRange: the normal end, "done"
//       loss, acc = train_step(batch)                 # + metrics, eval every k, previews
//   except Exception as e: coord.request_stop(e)
//   finally:
//     coord.request_stop(); coord.join(threads, grace)  # then the `end` event
//
// run() is the thread's body. It never lets an exception out: a throwing step (the injected
// fault, a bug) is reported with request_stop as stop_on_exception would. It returns the
// trainer's own error, if it had one, so its thread ends failed; the run's outcome (end_of_data
// when the data ran out before any stop, stopped after a stop or max_steps, error when join
// reports one) goes to RunContext::finish. Figures are published as it goes: a metric per
// step, held-out accuracy every eval_every steps and at the end, the latest batch's thumbnails
// (label and prediction) about every 150 ms.
class Trainer {
public:
    Trainer(std::shared_ptr<RunContext> context, std::unique_ptr<BatchSource> source,
            std::unique_ptr<Model> model);
    ~Trainer();
    Trainer(const Trainer &) = delete;
    Trainer &operator=(const Trainer &) = delete;

    Status run();

private:
    struct Loop;
    Status train(bool *endOfData);

    std::shared_ptr<RunContext> m_context;
    std::unique_ptr<BatchSource> m_source;
    std::unique_ptr<Model> m_model;
};

} // namespace qs
