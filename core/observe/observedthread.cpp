#include "observe/recorder.h"
#include "observe/threadpriority.h"

namespace qs {

namespace {
// The calling thread's binding; each thread reads and writes only its own copy.
struct Binding {
    Recorder *recorder = nullptr;
    int id = -1;
};
thread_local Binding t_binding;
} // namespace

ObservedThread::ObservedThread(Recorder *recorder, const QString &name, ThreadRole role)
    : m_recorder(recorder)
    , m_id(recorder ? recorder->registerThread(name, role) : -1)
    , m_prevRecorder(t_binding.recorder)
    , m_prevId(t_binding.id)
{
    t_binding = Binding{m_id >= 0 ? m_recorder : nullptr, m_id};
    if (m_recorder)
        if (const std::optional<int> nice = m_recorder->threadNice())
            ThreadPriority::lowerCurrentTo(*nice);
}

ObservedThread::~ObservedThread()
{
    t_binding = Binding{m_prevRecorder, m_prevId};
}

void ObservedThread::setState(ThreadState state, Activity activity, const QString &detail)
{
    const Binding &b = t_binding;
    if (b.recorder)
        b.recorder->setState(b.id, state, activity, detail);
}

Recorder *ObservedThread::currentRecorder()
{
    return t_binding.recorder;
}

int ObservedThread::currentId()
{
    return t_binding.recorder ? t_binding.id : -1;
}

QString ObservedThread::currentName()
{
    const Binding &b = t_binding;
    return b.recorder ? b.recorder->threadName(b.id) : QString();
}

StateSpan ObservedThread::currentSpan()
{
    const Binding &b = t_binding;
    return b.recorder ? b.recorder->currentSpan(b.id) : StateSpan{};
}

} // namespace qs
