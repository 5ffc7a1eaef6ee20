#pragma once
// What the adaptive study's files share: the reference local step, and one adaptive run of a pair
// under a controller with every accepted step recorded.
#include <orderly/adaptive.hpp>
#include <orderly/problem.hpp>
#include <orderly/step_control.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace orderly {

// y(t + h) from (t, y) by rkf78 with 2, 4, 8, ... substeps, until two refinements differ by at most
// `required` (2-norm); empty when 4096 substeps do not get there.
template <class T>
std::optional<state_of<T>> reference_step(const rhs_function<T>& f, const T& t, const state_of<T>& y, const T& h,
                                          const T& required);
extern template std::optional<state_of<float128>> reference_step(const rhs_function<float128>&, const float128&,
                                                                 const state_of<float128>&, const float128&,
                                                                 const float128&);

// The least-squares slope of y against x; empty without two distinct x.
inline std::optional<double> least_squares_slope(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() < 2) return std::nullopt;
  double mx = 0, my = 0, sxy = 0, sxx = 0;
  for (std::size_t i = 0; i < x.size(); ++i) mx += x[i], my += y[i];
  mx /= static_cast<double>(x.size()), my /= static_cast<double>(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) sxy += (x[i] - mx) * (y[i] - my), sxx += (x[i] - mx) * (x[i] - mx);
  if (!(sxx > 0)) return std::nullopt;
  return sxy / sxx;
}

struct recorded_run {
  step_control_stats stats;
  std::vector<double> times;             // t_0, t_1, ... at the accepted steps
  std::vector<state_of<double>> states;  // y_0, y_1, ...
  std::optional<std::string> failure;    // why the run stopped early
};

// The pair under Orderly's adaptive driver (integrate_adaptive) from the problem's start to its end,
// with `controller` (a catalog controller's gains; empty: the driver's default law). Catalog pairs
// run on explicit_rk itself (FSAL reuse counted); others through their step function.
recorded_run run_pair(const estimating_pair& pair, const typed_problem<double>& problem, double tolerance,
                      const std::optional<controller_gains>& controller, bool keep_states);

}  // namespace orderly
