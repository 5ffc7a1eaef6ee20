#pragma once
// The convergence-order study: one method, one problem, one scalar, one norm -> a plain result
// struct (points, fit, verdict) that the CLI writes as JSON and the gate compares with a baseline.
#include <orderly/catalog.hpp>
#include <orderly/order_fit.hpp>
#include <orderly/order_policy.hpp>
#include <orderly/verdict.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/step_control.hpp>

#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace orderly {

enum class error_norm_kind { final, l2, linf };

inline const char* norm_name(error_norm_kind n) {
  return n == error_norm_kind::final ? "final" : n == error_norm_kind::l2 ? "l2" : "linf";
}

// Grids double up to this many steps unless a request says otherwise.
inline constexpr std::size_t default_finest_grid = std::size_t{1} << 14;

struct convergence_request {
  const method_entry* method = nullptr;
  const problem_entry* problem = nullptr;
  scalar_kind scalar = scalar_kind::float64;
  error_norm_kind norm = error_norm_kind::final;
  weight_set weights = weight_set::primary;
  std::size_t min_steps = 0;  // 0: automatic (see step_sequence)
  std::size_t max_steps = 0;
  bool tolerance_sweep = true;  // embedded pairs: also run the adaptive tolerance sweep
  bool refine = true;           // refine an inconclusive run within the policy's budget
  // Measure in double first and keep that measurement when it is clear of rounding (no point near
  // its rounding estimate, none unstable, the grids not stopped short of rounding): the request's
  // more precise scalar would measure the same errors to many digits, at 20 to 50 times the cost.
  bool double_when_clear = false;
  struct measurement_cache* cache = nullptr;  // a suite's shared measurements (measurement_cache.hpp)
};

struct measured_point : convergence_point {
  std::size_t steps = 0;
  std::uint64_t rhs_evaluations = 0;
  std::string note;
};

// One grid's raw result, before the fit reclassifies anything: the solution's point and the
// energy's (unused unless the energy is tracked). A measurement on more grids of the same run
// (same method, problem, weights, norm and scalar) reuses these instead of running them again.
struct grid_point {
  measured_point solution, energy;
};
using grid_points = std::map<std::size_t, grid_point>;  // by step count

struct order_measurement {
  std::vector<measured_point> points;
  order_fit fit;
  double solution_scale = 0;               // max |y| of the reference over the measured times
  bool stopped_short_of_rounding = false;  // the next grid would have come near its rounding
  std::string reference_method;
  double reference_digits = 0;
};

struct adaptive_point {
  double tolerance = 0, error = 0;
  std::uint64_t rhs_evaluations = 0, accepted = 0, rejected = 0;
  point_status status = point_status::ok;
  std::string note;
};

// One measurement of a run: the scalar and grid budget it used and what it concluded. The study
// refines an inconclusive run (more doublings, a more precise scalar) within the policy's budget.
struct refinement_attempt {
  std::string scalar;
  std::size_t max_steps = 0;  // finest grid allowed (automatic doublings included)
  std::size_t finest_steps = 0;
  judgement judged;
};

// How a convergence run steps: equal steps on a sequence of grids, or a tolerance sweep.
enum class run_kind { fixed_step, adaptive };

inline const char* run_kind_name(run_kind k) { return k == run_kind::fixed_step ? "fixed-step" : "adaptive"; }

struct convergence_result {
  method_family family = method_family::explicit_rk;
  std::string method, method_title, problem, problem_description;
  scalar_kind scalar = scalar_kind::float64;  // the scalar of the measurement kept
  error_norm_kind norm = error_norm_kind::final;
  run_kind kind = run_kind::fixed_step;
  weight_set weights = weight_set::primary;
  int declared_order = 0;
  int embedded_declared_order = 0;
  std::string seed_source, seed_description;          // seed specimens only
  order_measurement solution;                         // error of the solution against h
  std::optional<order_measurement> energy;            // splitting methods on Hamiltonian problems
  std::vector<adaptive_point> adaptive;               // embedded pairs: tolerance sweep
  std::optional<order_measurement> embedded_weights;  // embedded pairs: fixed steps with b_hat
  double error_constant_declared = 0;                 // C with p fixed to the declared order
  judgement judged;                                   // verdict, its code and one-line reason
  std::vector<refinement_attempt> refinement;         // every measurement made, the kept one last
  order_policy policy;
  std::string reference_method;
  double reference_digits = 0;
};

// Runs the study (compiled once, in studies/core/convergence.cpp). Default step counts: from 4
// doubling up to 2^14, cut short once the errors have reached the round-off plateau or the
// reference's accuracy.
convergence_result study_convergence(const convergence_request& request);

}  // namespace orderly
