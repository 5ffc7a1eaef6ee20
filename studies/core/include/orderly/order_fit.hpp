#pragma once
// The observed order of convergence: a least-squares fit of log(error) against log(h) over an
// automatically detected asymptotic window. Plain data in, plain struct out; the convergence
// study, the gate and users' EXPECT_CONVERGENCE_ORDER all use this one fit.
#include <orderly/order_policy.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace orderly {

// Why a point cannot enter the fit.
enum class point_status { ok, unstable, roundoff, below_reference };

inline const char* status_name(point_status s) {
  switch (s) {
    case point_status::ok:
      return "ok";
    case point_status::unstable:
      return "unstable";
    case point_status::roundoff:
      return "roundoff";
    case point_status::below_reference:
      return "below-reference";
  }
  return "?";
}

struct convergence_point {
  double h = 0;      // step size (or tolerance for tolerance sweeps)
  double error = 0;  // >= 0; meaningless unless status == ok
  point_status status = point_status::ok;
  // Errors below this are indistinguishable from rounding (eps * |y| * sqrt(steps)); 0 if unknown.
  double noise_floor = 0;
};

struct order_fit {
  bool found = false;                // a window of at least two usable points exists
  double order = 0;                  // least-squares slope over the window
  double uncertainty = 0;            // see fit_order
  double error_constant = 0;         // C in err ~ C h^order, from the fit's intercept
  std::size_t first = 0, last = 0;   // window, inclusive indices into the points
  std::vector<double> local_slopes;  // slope between consecutive usable points (NaN-free)
  bool settled = false;              // the last two local slopes agree within the settle tolerance
  std::string reason;                // why the window is what it is
};

// Pairwise slope between two points: log(e_i/e_j) / log(h_i/h_j). Correct for any step ratio.
inline double local_slope(const convergence_point& a, const convergence_point& b) {
  return std::log(a.error / b.error) / std::log(a.h / b.h);
}

struct least_squares_line {
  double slope = 0, intercept = 0, slope_standard_error = 0;
};

inline least_squares_line fit_line(const std::vector<double>& x, const std::vector<double>& y) {
  const double n = static_cast<double>(x.size());
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) mx += x[i], my += y[i];
  mx /= n;
  my /= n;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) sxx += (x[i] - mx) * (x[i] - mx), sxy += (x[i] - mx) * (y[i] - my);
  least_squares_line line;
  line.slope = sxy / sxx;
  line.intercept = my - line.slope * mx;
  if (x.size() > 2) {
    double ssr = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
      const double r = y[i] - (line.intercept + line.slope * x[i]);
      ssr += r * r;
    }
    line.slope_standard_error = std::sqrt(ssr / (n - 2) / sxx);
  }
  return line;
}

// The fit runs in three pure stages, each reading the previous one's output:
//  1. classify_points: which points are usable. Not ok, not finite or not positive: out. Below
//     roundoff_floor_factor x their noise floor (eps |y| sqrt(N)): round-off. Trailing points
//     within near_floor_factor of their floor whose local slope collapses below the median local
//     slope: round-off too (far above the floor a falling slope is a real loss of order and stays).
//  2. select_window: start from the three finest usable points and extend towards larger h while
//     the next local slope stays within the settle tolerance of the current fit's slope; coarser
//     points are pre-asymptotic.
//  3. fit_window: least-squares slope over the window, with its uncertainty: max(2 x standard
//     error, |p - finest local slope| + the drift the local slopes would still make beyond the
//     finest grid), the fit's noise or its bias, whichever is larger.
// Points must be ordered from the largest h to the smallest.

inline double settle_tolerance(double slope, const order_policy& policy) {
  return std::max(policy.slope_settle_absolute, policy.slope_settle_relative * std::fabs(slope));
}

inline std::vector<point_status> classify_points(const std::vector<convergence_point>& points,
                                                 const order_policy& policy = default_order_policy()) {
  std::vector<point_status> status;
  for (const auto& p : points) {
    point_status s = p.status;
    if (s == point_status::ok && (!std::isfinite(p.error) || p.error <= 0)) s = point_status::roundoff;
    if (s == point_status::ok && p.noise_floor > 0 && p.error < policy.roundoff_floor_factor * p.noise_floor)
      s = point_status::roundoff;
    status.push_back(s);
  }
  std::vector<std::size_t> usable;
  for (std::size_t i = 0; i < points.size(); ++i)
    if (status[i] == point_status::ok) usable.push_back(i);
  std::vector<double> slopes;
  for (std::size_t k = 0; k + 1 < usable.size(); ++k)
    slopes.push_back(local_slope(points[usable[k]], points[usable[k + 1]]));
  if (slopes.size() >= 3) {
    std::vector<double> sorted = slopes;
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<long>(sorted.size() / 2), sorted.end());
    const double median = sorted[sorted.size() / 2];
    auto near_floor = [&](const convergence_point& p) {
      return p.noise_floor > 0 && p.error < policy.near_floor_factor * p.noise_floor;
    };
    const double collapse = std::max(policy.collapse_absolute, policy.collapse_relative * std::fabs(median));
    while (slopes.size() >= 2 && near_floor(points[usable.back()]) && slopes.back() < median - collapse) {
      status[usable.back()] = point_status::roundoff;
      usable.pop_back();
      slopes.pop_back();
    }
  }
  return status;
}

struct fit_window {
  std::vector<std::size_t> usable;  // indices of usable points, coarse to fine
  std::vector<double> slopes;       // local slopes between consecutive usable points
  std::size_t from = 0;             // the window is usable[from..]
  bool found = false;
};

inline fit_window select_window(const std::vector<convergence_point>& points, const std::vector<point_status>& status,
                                const order_policy& policy = default_order_policy()) {
  fit_window w;
  for (std::size_t i = 0; i < points.size(); ++i)
    if (status[i] == point_status::ok) w.usable.push_back(i);
  for (std::size_t k = 0; k + 1 < w.usable.size(); ++k)
    w.slopes.push_back(local_slope(points[w.usable[k]], points[w.usable[k + 1]]));
  if (w.usable.size() < 2) return w;
  w.found = true;
  auto slope_from = [&](std::size_t from) {
    std::vector<double> x, y;
    for (std::size_t k = from; k < w.usable.size(); ++k) {
      x.push_back(std::log(points[w.usable[k]].h));
      y.push_back(std::log(points[w.usable[k]].error));
    }
    return fit_line(x, y).slope;
  };
  w.from = w.usable.size() >= 3 ? w.usable.size() - 3 : 0;
  double slope = slope_from(w.from);
  while (w.from > 0 && std::fabs(w.slopes[w.from - 1] - slope) <= settle_tolerance(slope, policy)) {
    --w.from;
    slope = slope_from(w.from);
  }
  return w;
}

inline order_fit fit_over_window(const std::vector<convergence_point>& points, const fit_window& w,
                                 const order_policy& policy = default_order_policy()) {
  order_fit fit;
  fit.local_slopes = w.slopes;
  if (!w.found) {
    fit.reason = "fewer than two usable points";
    return fit;
  }
  std::vector<double> x, y;
  for (std::size_t k = w.from; k < w.usable.size(); ++k) {
    x.push_back(std::log(points[w.usable[k]].h));
    y.push_back(std::log(points[w.usable[k]].error));
  }
  const auto line = fit_line(x, y);
  fit.found = true;
  fit.order = line.slope;
  fit.error_constant = std::exp(line.intercept);
  fit.first = w.usable[w.from];
  fit.last = w.usable.back();
  // Systematic part: local slopes drift towards the true order like s_k - p ~ D h_k, so beyond
  // the finest slope the remaining drift is about (s_last - s_prev) / (r - 1), r the step ratio.
  const double finest_slope = w.slopes.back();
  const std::size_t n = w.usable.size() - w.from;
  double remaining_drift = 0;
  if (n >= 3) {
    const double previous_slope = w.slopes[w.slopes.size() - 2];
    const double ratio = points[w.usable[w.usable.size() - 2]].h / points[w.usable.back()].h;
    remaining_drift = std::fabs(finest_slope - previous_slope) / std::max(ratio - 1, 1e-3);
    fit.settled = std::fabs(finest_slope - previous_slope) <= settle_tolerance(line.slope, policy);
  }
  fit.uncertainty = std::max(2 * line.slope_standard_error, std::fabs(line.slope - finest_slope) + remaining_drift);
  fit.reason = std::to_string(n) + " points in the asymptotic window";
  if (w.from > 0) fit.reason += ", " + std::to_string(w.from) + " pre-asymptotic dropped";
  return fit;
}

// The three stages together; the points' statuses are set from stage 1 (the only place that
// decides them).
inline order_fit fit_order(std::vector<convergence_point>& points,
                           const order_policy& policy = default_order_policy()) {
  const auto status = classify_points(points, policy);
  for (std::size_t i = 0; i < points.size(); ++i) points[i].status = status[i];
  return fit_over_window(points, select_window(points, status, policy), policy);
}

// Constant of err ~ C h^p for a given p (the declared order), geometric mean over the window.
inline double error_constant_at(const std::vector<convergence_point>& points, const order_fit& fit, double p) {
  double sum = 0;
  int n = 0;
  for (std::size_t i = fit.first; i <= fit.last && fit.found; ++i)
    if (points[i].status == point_status::ok) sum += std::log(points[i].error) - p * std::log(points[i].h), ++n;
  return n ? std::exp(sum / n) : 0.0;
}

}  // namespace orderly
