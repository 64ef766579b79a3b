#pragma once

// The pieces the TensorFlow program generator (tfcode.cpp) builds its three programs from:
// an emitter of tagged lines, Python literals, and the blocks the programs share. Private to
// tfcode*.cpp.

#include "tfcode/tfcode.h"

namespace qs::tfcode_detail {

// Collects lines with their tags; `line` takes %-free text, indentation included.
class Emitter {
public:
    void line(const QString &text, CodeLine tag = CodeLine::None)
    {
        m_program.lines << text;
        m_program.tags << tag;
    }
    void blank() { line(QString()); }
    TfProgram take(TfVariant variant)
    {
        m_program.variant = variant;
        return std::move(m_program);
    }

private:
    TfProgram m_program;
};

QString pyBool(bool b);
QString pySeed(quint64 seed); // 0 (random) is None
QString pyString(const QString &s);

void emitHeader(Emitter &out, const TfCodeInput &in, bool needsRandom); // imports and constants
// parse_single_example with the (detected or generic) features, then decode and resize; the
// decode line gets `decodeTag`.
void emitParseAndDecode(Emitter &out, const TfCodeInput &in, const QString &serialized, const QString &indent,
                        CodeLine decodeTag);
void emitSlowMotion(Emitter &out, const PipelineConfig &p, const QString &indent);
void emitModel(Emitter &out, const RunConfig &c);
void emitHeldOut(Emitter &out, const TrainerConfig &t, const QString &indent);
void emitStep(Emitter &out, const TrainerConfig &t, const QString &feed, const QString &indent);

TfProgram datasetProgram(const TfCodeInput &in); // tfcodedataset.cpp

} // namespace qs::tfcode_detail
