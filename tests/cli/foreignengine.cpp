// An engine of another version, for tst_clifront: queuescope-cli must refuse it.
#include "engine.h"

namespace {
int refuse(const QStringList &)
{
    return 99;
}
const qs::cli::EngineApi kForeign{
    qs::cli::kEngineAbi, "0.0.0-foreign", refuse, refuse, refuse, refuse, nullptr, nullptr};
} // namespace

extern "C" Q_DECL_EXPORT const qs::cli::EngineApi *qs_cli_engine()
{
    return &kForeign;
}
