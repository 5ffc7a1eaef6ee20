// The estimate of an embedded pair judged against the truth: its order as h -> 0 (one step from a
// fixed point, in the wider scalar, against a refined reference step), and, along real runs at
// each tolerance, its reliability (estimate / true local error at the accepted steps) and the
// global error it buys (tolerance proportionality).
#include "adaptive_runs.hpp"

#include <orderly/catalog.hpp>
#include <orderly/explicit_rk.hpp>
#include <orderly/problem_catalog.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace orderly {
namespace {

template <class T>
T two_norm(const state_of<T>& v) {
  using std::sqrt;
  T sum = 0;
  for (const auto& x : v) sum += x * x;
  return sqrt(sum);
}

template <class T>
state_of<T> difference(const state_of<T>& a, const state_of<T>& b) {
  state_of<T> d(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) d[i] = a[i] - b[i];
  return d;
}

// Least-squares slope of log y against log x.
std::optional<double> log_slope(std::vector<double> x, std::vector<double> y) {
  for (auto& v : x) v = std::log(v);
  for (auto& v : y) v = std::log(v);
  return least_squares_slope(x, y);
}

// The order-sweep problem: the order gate's nonlinear non-autonomous problem, where every term of
// the local error is generically non-zero.
constexpr double sweep_first_step = 0.25;
constexpr int sweep_halvings = 11;
// The step starts inside the span, at this fraction of it, on the exact solution: at the start of
// nonlinear-na (t = 0) the solution is a function of t^2, its odd derivatives vanish, and with them
// the leading terms of some pairs' estimates (bs32's and dopri54's measured one order high there).
constexpr double sweep_start_fraction = 0.3;

}  // namespace

template <class T>
std::optional<state_of<T>> reference_step(const rhs_function<T>& f, const T& t, const state_of<T>& y, const T& h,
                                          const T& required) {
  explicit_rk<state_of<T>> stepper(*find_method("rkf78")->tableau());
  auto run = [&](int substeps) {
    state_of<T> x = y;
    const T dt = h / T(substeps);
    for (int i = 0; i < substeps; ++i) stepper.step(f, t + T(i) * dt, x, dt);
    return x;
  };
  constexpr int most_substeps = 4096;
  state_of<T> coarse = run(2);
  for (int m = 4; m <= most_substeps; m *= 2) {
    state_of<T> fine = run(m);
    if (two_norm(difference(fine, coarse)) <= required) return fine;
    coarse = std::move(fine);
  }
  return std::nullopt;
}
template std::optional<state_of<float128>> reference_step(const rhs_function<float128>&, const float128&,
                                                          const state_of<float128>&, const float128&, const float128&);

estimate_order_result measure_estimate_order(const estimating_pair& pair, const std::string& problem_name) {
  const auto* entry = find_problem(problem_name);
  if (!entry) throw std::logic_error("adaptive study names an unknown problem " + problem_name);
  const auto problem = instantiate<float128>(*entry);
  estimate_order_result r{.problem = problem_name, .scalar = pair.step_wide ? "float128" : "double"};
  const double eps = pair.step_wide ? static_cast<double>(std::numeric_limits<float128>::epsilon())
                                    : std::numeric_limits<double>::epsilon();
  const float128 t_start =
      problem.exact ? problem.t0 + float128(sweep_start_fraction) * (problem.t_end - problem.t0) : problem.t0;
  state_of<float128> y_start = problem.exact ? problem.exact(t_start) : problem.y0;
  // A double-only stepper starts from the state rounded to double, and so does its reference.
  if (!pair.step_wide)
    for (auto& v : y_start) v = float128(static_cast<double>(v));
  const double size = static_cast<double>(two_norm(y_start));
  std::vector<double> hs, estimates, trues;
  for (int j = 0; j <= sweep_halvings; ++j) {
    const double h = sweep_first_step / std::ldexp(1.0, j);
    order_point point{.h = h};
    state_of<float128> y1, error;
    if (pair.step_wide) {
      y1 = y_start;
      pair.step_wide(problem.rhs, t_start, y1, float128(h), error);
    } else {
      const auto rhs = instantiate<double>(*entry).rhs;
      state_of<double> y(y_start.size()), e;
      for (std::size_t i = 0; i < y.size(); ++i) y[i] = static_cast<double>(y_start[i]);
      pair.step_double(rhs, static_cast<double>(t_start), y, h, e);
      y1.assign(y.begin(), y.end());
      error.assign(e.begin(), e.end());
    }
    point.estimate = static_cast<double>(two_norm(error));
    // The reference must be good to a fraction of the true error, which it measures: first a rough
    // reference at the round-off floor's accuracy, then one at that fraction of the rough truth.
    const float128 floor = float128(adaptive_policy::roundoff_clearance * eps * size);
    const auto rough = reference_step<float128>(problem.rhs, t_start, y_start, float128(h), floor);
    if (rough) {
      const float128 truth = two_norm(difference(y1, *rough));
      const auto fine = reference_step<float128>(problem.rhs, t_start, y_start, float128(h),
                                                 std::max(truth * float128(adaptive_policy::reference_fraction),
                                                          float128(std::numeric_limits<float128>::epsilon() * 16)));
      if (fine) point.true_error = static_cast<double>(two_norm(difference(y1, *fine)));
    }
    const double floor_value = static_cast<double>(floor);
    point.resolved = point.true_error > floor_value && point.estimate > floor_value;
    r.points.push_back(point);
    if (point.resolved) hs.push_back(h), estimates.push_back(point.estimate), trues.push_back(point.true_error);
  }
  // The finest resolved points, where the leading term dominates: the last four, and the settling
  // test on the last two pairwise slopes.
  constexpr std::size_t fit_points = 4;
  if (hs.size() < 3) {
    r.verdict = "inconclusive";
    r.reason = "fewer than 3 step sizes above round-off";
    return r;
  }
  const std::size_t from = hs.size() > fit_points ? hs.size() - fit_points : 0;
  const std::vector<double> h_fit(hs.begin() + static_cast<long>(from), hs.end());
  const std::vector<double> e_fit(estimates.begin() + static_cast<long>(from), estimates.end());
  const std::vector<double> t_fit(trues.begin() + static_cast<long>(from), trues.end());
  if (auto s = log_slope(h_fit, e_fit)) r.measured_order = *s - 1;
  if (auto s = log_slope(h_fit, t_fit)) r.true_order = *s - 1;
  r.ratio_at_finest = estimates.back() / trues.back();
  const std::size_t n = hs.size();
  const double last = std::log(estimates[n - 1] / estimates[n - 2]) / std::log(hs[n - 1] / hs[n - 2]);
  const double before = std::log(estimates[n - 2] / estimates[n - 3]) / std::log(hs[n - 2] / hs[n - 3]);
  const bool settled = std::abs(last - before) <= adaptive_policy::settled_band;
  const double off = *r.measured_order - pair.estimate_order;
  char text[160];
  std::snprintf(text, sizeof text, "estimate order %.2f, declared %d (pairwise slopes %.2f, %.2f)", *r.measured_order,
                pair.estimate_order, before - 1, last - 1);
  r.reason = text;
  if (!settled)
    r.verdict = "inconclusive";
  else
    r.verdict = std::abs(off) <= adaptive_policy::order_band ? "matches" : "wrong";
  return r;
}

}  // namespace orderly
