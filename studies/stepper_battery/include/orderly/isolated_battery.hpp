#pragma once
// The battery of a stepper from a shared library, run in a forked child process: the library's
// code (its step, its constructors) can crash or abort without taking the caller with it. The
// child loads the library, runs the battery and writes its JSON to a pipe; the parent reads it.
#include <orderly/stepper_library.hpp>

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace orderly {

// The library could not be judged: the loader refused it, the stepper was refused
// (stepper_battery.hpp), or the child died (a signal, an exit of its own). One line that names the library.
struct isolated_battery_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

nlohmann::json isolated_stepper_battery(const stepper_library_spec& spec);

}  // namespace orderly
