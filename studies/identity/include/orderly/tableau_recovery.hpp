#pragma once
// A compiled stepper's tableau, read back from its step alone.
//
// An explicit Runge-Kutta step computes y1 = y0 + h sum b_j k_j with k_j = f(t0 + c_j h,
// y0 + h sum_{l<j} a_jl k_l). Handed a right-hand side whose j-th call returns the unit vector e_j
// of a state as wide as the step needs (whatever it is asked), from t0 = 0, y0 = 0 and h = 1,
// every quantity the step forms is one coefficient: the time of call j is c_j, component l of the
// state it is called with is a_jl, component j of the result is b_j, and component j of a step's
// error estimate is its weight e_j (estimate = h sum e_j k_j). Each sum has one nonzero term, so
// the values read are the step's own double coefficients, rounded as its code rounds them.
//
// That the step is such a method is then tested, not assumed: a step from a general state with
// general evaluations (dense random vectors) must form exactly the combinations the coefficients
// predict, with the same number of calls, and a repeated identical step must repeat itself. A
// step that fails a test is said not to be an explicit Runge-Kutta method, with the evidence.
//
// A separable (q, v) stepper for q'' = a(t, q) is read the same way through its accelerations:
// its positions, velocities and times at each call give Nystrom coefficients (c, A_bar, b_bar, b),
// and where they are those of a composition of kicks v += h beta_i a and drifts q += h alpha_i v,
// the kick and drift coefficients.
#include <orderly/analysis/method_identity.hpp>
#include <orderly/user_stepper.hpp>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace orderly {

// A coefficient read back: the double the step formed, the rounding bound it is taken to carry
// (rational_recognition.hpp), and the simplest rational within that bound, when there is one.
struct recovered_coefficient {
  double value = 0;
  double bound = 0;
  std::optional<exact> rational;
  // The exact value the tableau takes: the rational, or the double's own value.
  exact exact_value() const;
};

struct recovered_rk {
  int evaluations = 0;  // per step, each a stage
  std::vector<recovered_coefficient> c, b;
  std::vector<std::vector<recovered_coefficient>> a;  // row i holds i entries
  // The estimate's weights as the step writes its estimate (estimate = h sum e_j k_j), when the
  // stepper exposes one; error_sign as it declares.
  std::optional<std::vector<recovered_coefficient>> error_weights;
  int error_sign = 1;
  bool all_rational() const;
};

// Kick-drift coefficients of a separable step: drift alpha_1, kick beta_1, drift alpha_2, ...
// (alpha_1 and the last drift may be 0).
struct kick_drift {
  std::vector<recovered_coefficient> drift, kick;
};

struct recovered_nystrom {
  int evaluations = 0;
  // c: each evaluation's position node (the drift it lies after); its time, t0 + time_node h, is
  // the same where the step evaluates the force at the time of its position.
  std::vector<recovered_coefficient> c, time_nodes, b_bar, b;
  bool times_follow_positions = true;
  std::vector<std::vector<recovered_coefficient>> a_bar;  // row i holds i entries
  std::optional<kick_drift> composition;                  // when A_bar and b_bar are those of a kick-drift composition
  std::string not_composition;                            // otherwise why not
  // The Nystrom counterparts of c = A 1, each broken one named with its sum and the value it
  // should have: sum_l A_bar_jl = c_j^2 / 2 (the position of stage j is exact for a constant
  // acceleration), sum b_bar = 1/2, sum b = 1.
  std::vector<std::string> row_sum_violations;
};

struct tableau_recovery {
  std::optional<recovered_rk> method;        // an explicit Runge-Kutta method
  std::optional<recovered_nystrom> nystrom;  // a separable stepper's Nystrom form
  std::string not_runge_kutta;               // why neither, with the evidence
  std::vector<std::string> evidence;         // the tests the step passed or failed, one line each
};

// The most evaluations a step is read with (the state is as wide): beyond, it is not read.
inline constexpr int max_recovered_evaluations = 256;

tableau_recovery recover_tableau(const user_stepper& stepper);

// The recovered method as a tableau: rationals where recognised, the doubles' exact values
// elsewhere (then coefficient_digits = 17, a double's round-trip digits), the estimate as b_hat = b - e.
butcher_tableau as_tableau(const recovered_rk& m, const std::string& name, int declared_order);

// The recovered method with each entry's radius, for identify_method: the estimate's sign is
// uncertain unless the stepper declared it.
known_tableau as_known_tableau(const recovered_rk& m, const std::string& name, int declared_order);

// The recovered method as a tableau file (the format `orderly check --tableau` reads): "p/q" where
// recognised, 17-digit decimals elsewhere.
nlohmann::json tableau_document(const recovered_rk& m, const std::string& name, int declared_order,
                                int declared_estimate_order);

}  // namespace orderly
