#pragma once
// What a study's subcommand file needs from the CLI, in one include: the registry it joins
// (registered_command), usage errors and exit codes, option limits, name lookups, output writing
// and its guards, the data paths, and running a suite whole or in shards. The orderly executable
// links every study's command; nothing here or in cli/ names a study.
#include <orderly/command/commands.hpp>
#include <orderly/command/data_paths.hpp>
#include <orderly/command/input_limits.hpp>
#include <orderly/command/output.hpp>
#include <orderly/command/output_guard.hpp>
#include <orderly/command/resolve.hpp>
#include <orderly/command/sharded_run.hpp>
#include <orderly/command/time_bound.hpp>
