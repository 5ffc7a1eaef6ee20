#pragma once
// Cross-check of Orderly's steppers against Boost.Odeint's: the same method, problem, fixed steps
// and initial state in both, compared step by step in units of the round-off one expects.
#include <orderly/shard.hpp>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace orderly {

struct crosscheck_policy {
  // Two correct implementations of one method evaluate the same formulas with different
  // summation orders: each step each component may differ by a few roundings per stage
  // (at most ~ stages + 1 ulps of |y|), and independent per-step differences add up like a
  // random walk, sqrt(steps). The unit eps * |y|_inf * sqrt(steps) therefore absorbs the walk;
  // the bound allows the per-step rounding count of the largest method compared (rkf78, 13
  // stages) plus the problem's mild amplification of a perturbation over the span (periodic,
  // non-chaotic problems only). A wrong coefficient in either implementation shows up as a
  // truncation-size difference, orders of magnitude above it (see studies/crosscheck/tests/crosscheck_pairs.cpp).
  static constexpr double roundoff_units_bound = 100;
  static constexpr std::size_t steps = 2000;
};

// A pair's outcome; the JSON and the table spell it with status_name. A control pair (two different
// methods) passes when the check sees them part.
enum class crosscheck_status { pass, fail, not_run };

inline const char* status_name(crosscheck_status s) {
  switch (s) {
    case crosscheck_status::pass:
      return "pass";
    case crosscheck_status::fail:
      return "fail";
    case crosscheck_status::not_run:
      return "not-run";
  }
  return "?";
}

struct crosscheck_result {
  std::string method;          // Orderly catalog name
  std::string odeint_stepper;  // odeint class as an odeint user names it
  std::string problem;
  std::string scalar;
  std::size_t steps = 0;
  crosscheck_status status = crosscheck_status::not_run;
  bool control = false;             // a pair of different methods, listed to show the check tells them apart
  std::string reason;               // why not run / where they part
  double max_difference_units = 0;  // max over steps n of |y_ours - y_odeint|_inf / (eps |y_n|_inf sqrt(n))
  double max_difference_absolute = 0;
  std::size_t first_parting_step = 0;  // first n above the bound (0: none)
  std::size_t worst_step = 0;
};

// Every library method that has an odeint counterpart, in double, plus rk4 and rkf78 in mp50.
std::vector<crosscheck_result> run_crosscheck();

nlohmann::json crosscheck_json(const std::vector<crosscheck_result>& results);

// The study as a suite of its three parts (orderly/shard.hpp), writing crosscheck.json.
sharded_suite crosscheck_suite();
suite_outputs crosscheck_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                 const std::vector<const nlohmann::json*>& results);

}  // namespace orderly
