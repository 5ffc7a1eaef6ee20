#pragma once
// The one time bound of the commands whose runs can take hours (check --tableau, energy,
// reference): each estimates its time before it starts and refuses a run estimated beyond
// --max-minutes with one line giving the estimate. Their progress lines (with the time left) go to
// standard error, never to standard output, which may carry --json -.
#include <orderly/command/commands.hpp>
#include <orderly/command/input_limits.hpp>

#include <orderly/formatted.hpp>

#include <string>

namespace orderly::cli {

// Ten minutes: the longest run a default study makes takes a few; anything estimated beyond is a
// typo or a mistake far more often than an intent, and --max-minutes says so.
inline constexpr double default_max_minutes = 10;
// A year: the option's own bound.
inline constexpr double max_max_minutes = 525600;

// `estimated`: how the command estimates its time, for the option's help.
inline CLI::Option* add_max_minutes_option(CLI::App& command, double& minutes, const std::string& estimated) {
  return within(command.add_option("--max-minutes", minutes,
                                   "Refuse, before it starts, a run whose estimated CPU time is beyond this many "
                                   "minutes (" +
                                       estimated + ")"),
                0.0, max_max_minutes)
      ->capture_default_str();
}

// "40 s", "12 min", "3.1 h", "20 days".
inline std::string estimate_text(double seconds) {
  if (seconds < 90) return formatted("%.0f s", seconds);
  if (seconds < 90 * 60) return formatted("%.0f min", seconds / 60);
  if (seconds < 48 * 3600) return formatted("%.1f h", seconds / 3600);
  return formatted("%.3g days", seconds / 86400);
}

// Refuses a run estimated beyond the bound: "--max-minutes 10: WHAT would take about 20 days (WHY);
// HOW, or raise --max-minutes".
inline void refuse_beyond_time_bound(double max_minutes, const std::string& what, double estimated_seconds,
                                     const std::string& why, const std::string& how) {
  if (estimated_seconds <= max_minutes * 60) return;
  throw usage_error("--max-minutes " + formatted("%g", max_minutes) + ": " + what + " would take about " +
                    estimate_text(estimated_seconds) + " (" + why + "); " + how + ", or raise --max-minutes");
}

}  // namespace orderly::cli
