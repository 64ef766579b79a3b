#include "commands.h"

#include <array>

namespace qs::cli {

// Subcommands register here as they land, one file each.
std::span<const Command> commands()
{
    static const std::array<Command, 0> list{};
    return list;
}

} // namespace qs::cli
