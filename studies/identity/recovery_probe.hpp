#pragma once
// Probing a compiled step for its coefficients (tableau_recovery.hpp): a probe records the
// right-hand side's calls and what the step returns; the readings of an explicit Runge-Kutta step
// and of a separable (Nystrom) step are built on it. Internal to the identity study.
#include <orderly/tableau_recovery.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace orderly::recovery {

// The probes' states start this wide and double up to max_recovered_evaluations.
inline constexpr int first_probe_width = 32;

struct probe_call {
  double t = 0;
  state_of<double> y;
};

struct probe {
  std::vector<probe_call> calls;
  state_of<double> y1, error;
  std::string failure;  // the step refused (threw or returned non-zero)
  bool exceeded = false;
};

using evaluation_source = std::function<state_of<double>(int call, const state_of<double>& y)>;

// One step of `stepper` from (t0, y0) with step h, its right-hand side answered by `source`;
// more than max_calls calls stop it (exceeded).
probe run_probe(const user_stepper& stepper, bool with_error, double t0, const state_of<double>& y0, double h,
                int max_calls, const evaluation_source& source);

// A value read back, with the rounding bound it is taken to carry (by default its own rounding).
recovered_coefficient read_coefficient(double value, double bound);
recovered_coefficient read_coefficient(double value);

// e_j of length n (all zero when j >= n).
state_of<double> unit_vector(int n, int j);
// x with 17 significant digits.
std::string number(double x);

// |predicted - got| within the tolerance, over a vector; the worst excess otherwise.
struct comparison {
  bool agrees = true;
  double worst = 0;  // largest |difference| / tolerance
};
void compare_into(comparison& c, long double predicted, double got, long double magnitude, long double bound);

// The unit-vector probe, widened until the step's calls fit.
probe unit_probe(const user_stepper& stepper, bool with_error, int& width);

// An explicit Runge-Kutta step read and tested: r.method, or r.not_runge_kutta, with the evidence.
void recover_runge_kutta(const user_stepper& stepper, tableau_recovery& r);
// A separable (q, v) step read through its accelerations: its Nystrom coefficients, or why not.
std::optional<recovered_nystrom> recover_nystrom(const user_stepper& stepper, std::vector<std::string>& evidence,
                                                 std::string& why_not);

}  // namespace orderly::recovery
