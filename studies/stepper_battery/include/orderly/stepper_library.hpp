#pragma once
// A stepper from a shared library through the C interface (orderly/stepper.h), as the battery
// takes it (user_stepper.hpp). The library stays loaded while any copy of the stepper lives.
#include <orderly/user_stepper.hpp>

#include <stdexcept>
#include <string>

namespace orderly {

// A library the loader cannot use: not loadable, the symbol missing, another ABI version, no
// step function. The message names the library and says which.
struct stepper_library_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "PATH" or "PATH:SYMBOL" (the default symbol is ORDERLY_STEPPER_DEFAULT_SYMBOL).
struct stepper_library_spec {
  std::string path, symbol;
};
stepper_library_spec parse_stepper_library_spec(const std::string& text);

// Text as a message may print it: a path's bytes that are not UTF-8 (a Latin-1 file name) and
// control characters written as \xNN, everything else as it is, so the message is one line of
// valid UTF-8 that still says which file.
std::string escaped_text(const std::string& text);

user_stepper load_stepper_library(const stepper_library_spec& spec);

}  // namespace orderly
