#pragma once
// The order gate: measured orders and error constants compared with the declared orders and with
// a committed baseline (tests/baselines/order.json). Plain functions on plain data, so the CLI,
// CTest and the perturbation test share one judgement.
#include <orderly/convergence.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <stdexcept>
#include <sstream>
#include <string>
#include <vector>

namespace orderly {

// A method's error constant may grow this much (relative) over its baseline before the gate
// refuses it: the constants are reproducible to far better than this across compilers and thread
// counts, and a real accuracy regression in a coefficient moves them by more.
inline constexpr double error_constant_tolerance = 0.1;

struct baseline_entry {
  double measured_order = 0;
  double error_constant = 0;  // C at the declared order (seed specimens: at the baseline's measured order)
};

struct order_baseline {
  std::map<std::string, baseline_entry> entries;        // key: method/problem/weights
  std::map<std::string, std::string> superconvergence;  // key -> declared reason
};

inline std::string gate_key(const convergence_result& r) {
  return r.method + "/" + r.problem + "/" + weight_set_name(r.weights);
}

inline constexpr const char* baseline_schema = "orderly.order-baseline/1";

// Reads a baseline, refusing anything that could loosen the gate unnoticed: another schema, an
// entry without its fields or with a non-finite or non-positive constant, and the same key twice
// (a second entry with a larger constant would otherwise win). Throws std::invalid_argument.
order_baseline baseline_from_json(const nlohmann::json& j);

// The constant the gate tracks: C in err ~ C h^p at p = declared order, or, for a seed specimen
// (pinned to what it achieves), at its baseline measured order.
inline double gated_constant(const convergence_result& r, double p) {
  return error_constant_at(std::vector<convergence_point>(r.solution.points.begin(), r.solution.points.end()),
                           r.solution.fit, p);
}

nlohmann::json baseline_to_json(const std::vector<convergence_result>& results, const order_baseline& previous);

struct gate_finding {
  std::string key;
  std::vector<std::string> failures;  // empty: passes
};

std::string describe_points(const convergence_result& r);

gate_finding judge_against_baseline(const convergence_result& r, const order_baseline& baseline);

}  // namespace orderly
