#pragma once
// Limits on the CLI's numeric options, each named with its reason, and the one way options are
// held to them: CLI11 validates the text before converting it, so "-1" is refused instead of
// wrapping to 2^64 - 1 in an unsigned option, and the message names the option and its range.
#include "commands.hpp"

#include <orderly/order_policy.hpp>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

namespace orderly::cli {

// More threads than this gain nothing on any machine Orderly runs on and cost a stack each.
inline constexpr unsigned max_threads = 256;
// A grid finer than the order policy's budget is never run by a suite; a single run keeps to it too.
inline const std::size_t max_grid_steps = default_order_policy().max_budget_steps;
// A dense error norm keeps a 50-digit reference state for every step of the finest grid.
inline constexpr std::size_t max_dense_norm_steps = std::size_t{1} << 16;
// The stiff study's steps per run: a thousand times its default budget.
inline constexpr std::uint64_t max_step_budget = 100000000;

// Restricts a numeric option to [low, high], checked on its text before conversion. The message
// gives the bounds as they are ("1e-13 to 1", not fixed-point "0.000000 to 1.000000"), and NaN is
// refused (it compares false with both bounds).
template <class Number>
CLI::Option* within(CLI::Option* option, Number low, Number high) {
  std::ostringstream bounds, description;
  bounds << low << " to " << high;
  description << CLI::detail::type_name<Number>() << " in [" << low << " - " << high << "]";  // as CLI::Range's
  const std::string range = bounds.str();
  return option->check(CLI::Validator(
      [low, high, range](std::string& input) -> std::string {
        Number value{};
        if (!CLI::detail::lexical_cast(input, value)) return "Value " + input + " could not be converted";
        if (!(value >= low && value <= high)) return "Value " + input + " not in range " + range;
        return {};
      },
      description.str(), "RANGE"));
}

inline CLI::Option* add_threads_option(CLI::App& command, unsigned& threads, const std::string& description) {
  return within(command.add_option("--threads", threads, description), 0u, max_threads);
}

}  // namespace orderly::cli
