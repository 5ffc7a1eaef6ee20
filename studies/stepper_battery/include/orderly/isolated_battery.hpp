#pragma once
// The battery of a stepper from a shared library, run in a forked child process: the library's
// code (its step, its constructors) can crash, abort, hang or write where it should not without
// taking the caller with it. The child loads the library, runs the battery and writes its JSON to a
// pipe; the parent reads it into the typed result, and alone keeps the time: the library cannot stop, reset or inherit
// the watchdog.
#include <orderly/stepper_battery.hpp>
#include <orderly/stepper_library.hpp>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <stdexcept>

namespace orderly {

// The library could not be judged: the loader refused it, the stepper was refused
// (stepper_battery.hpp), the child died (a signal, an exit of its own) or overran a time bound.
// One line that names the library.
struct isolated_battery_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// How long the battery may take, decided by the parent's clock.
struct battery_time_limits {
  // A single call into the library (loading it, one step) that has not returned after this long
  // is a step that never returns. An honest step of the battery's small problems takes microseconds.
  double step_seconds = 10;
  // One stage of the battery (the cost count, the order runs on one problem, the energy study on
  // one problem, the stability scan, the game table), however many steps it takes.
  double stage_seconds = 600;
  // A line on this stream every progress_seconds while a stage runs longer than that (nullptr: none).
  std::FILE* progress = stderr;
  double progress_seconds = 10;
};

// The child writes the battery's JSON (to_json); the parent reads it back once (battery_from_json),
// refusing a result whose fields are not what the child writes.
battery_result isolated_stepper_battery(const stepper_library_spec& spec, const battery_time_limits& limits = {});

}  // namespace orderly
