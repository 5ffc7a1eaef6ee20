#pragma once
// The observed order of convergence: a least-squares fit of log(error) against log(h) over an
// automatically detected asymptotic window. Plain data in, plain struct out; the convergence
// study, the gate and users' EXPECT_CONVERGENCE_ORDER all use this one fit.
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
    case point_status::ok: return "ok";
    case point_status::unstable: return "unstable";
    case point_status::roundoff: return "roundoff";
    case point_status::below_reference: return "below-reference";
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
  bool found = false;          // a window of at least two usable points exists
  double order = 0;            // least-squares slope over the window
  double uncertainty = 0;      // see fit_order
  double error_constant = 0;   // C in err ~ C h^order, from the fit's intercept
  std::size_t first = 0, last = 0;   // window, inclusive indices into the points
  std::vector<double> local_slopes;  // slope between consecutive usable points (NaN-free)
  std::string reason;          // why the window is what it is
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

// Points must be ordered from the largest h to the smallest. The window is found in three moves:
//  1. usable points: status ok, finite positive error, and above 10x their noise floor (the
//     round-off plateau: errors near eps * |y| * sqrt(steps)) -- those become status roundoff;
//  2. slope collapse: trailing points within 1000x of their floor whose local slope falls away
//     from the median local slope are on the plateau too (also marked roundoff);
//  3. asymptotic window: start from the three finest remaining points and extend towards larger h
//     while the next local slope stays within max(0.05, 0.01 p) of the current fit's slope p;
//     the coarser points are pre-asymptotic.
// The uncertainty is max(2 x standard error of the slope, |p - finest local slope| + the drift the
// local slopes would still make beyond the finest grid): the fit's noise, or its bias.
inline order_fit fit_order(std::vector<convergence_point>& points) {
  order_fit fit;
  for (auto& p : points)
    if (p.status == point_status::ok && (!std::isfinite(p.error) || p.error <= 0)) p.status = point_status::roundoff;
  for (auto& p : points)
    if (p.status == point_status::ok && p.noise_floor > 0 && p.error < 10 * p.noise_floor)
      p.status = point_status::roundoff;

  std::vector<std::size_t> usable;
  for (std::size_t i = 0; i < points.size(); ++i)
    if (points[i].status == point_status::ok) usable.push_back(i);
  // Only the contiguous run of usable points after the last unstable one can be asymptotic.
  auto slopes_of = [&](const std::vector<std::size_t>& idx) {
    std::vector<double> s;
    for (std::size_t k = 0; k + 1 < idx.size(); ++k) s.push_back(local_slope(points[idx[k]], points[idx[k + 1]]));
    return s;
  };
  std::vector<double> slopes = slopes_of(usable);
  if (slopes.size() >= 3) {
    std::vector<double> sorted = slopes;
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<long>(sorted.size() / 2), sorted.end());
    const double median = sorted[sorted.size() / 2];
    // Near the floor (within 1000x of it) a trailing local slope that falls away from the median
    // is rounding, not truncation. Far above the floor a falling slope is a genuine loss of order
    // and stays in: that is what the gate exists to see.
    auto near_floor = [&](const convergence_point& p) { return p.noise_floor > 0 && p.error < 1000 * p.noise_floor; };
    while (slopes.size() >= 2 && near_floor(points[usable.back()]) &&
           slopes.back() < median - std::max(0.3, 0.1 * std::fabs(median))) {
      points[usable.back()].status = point_status::roundoff;
      usable.pop_back();
      slopes.pop_back();
    }
  }
  fit.local_slopes = slopes;
  if (usable.size() < 2) {
    fit.reason = "fewer than two usable points";
    return fit;
  }

  auto fit_window = [&](std::size_t from) {  // from: position in `usable`
    std::vector<double> x, y;
    for (std::size_t k = from; k < usable.size(); ++k) {
      x.push_back(std::log(points[usable[k]].h));
      y.push_back(std::log(points[usable[k]].error));
    }
    return fit_line(x, y);
  };
  std::size_t from = usable.size() >= 3 ? usable.size() - 3 : 0;
  least_squares_line line = fit_window(from);
  while (from > 0) {
    const double next = slopes[from - 1];
    if (std::fabs(next - line.slope) > std::max(0.05, 0.01 * std::fabs(line.slope))) break;
    --from;
    line = fit_window(from);
  }
  fit.found = true;
  fit.order = line.slope;
  fit.error_constant = std::exp(line.intercept);
  fit.first = usable[from];
  fit.last = usable.back();
  // Systematic part: local slopes drift towards the true order like s_k - p ~ D h_k, so beyond
  // the finest slope the remaining drift is about (s_last - s_prev) / (r - 1), r the step ratio.
  const double finest_slope = slopes.back();
  double remaining_drift = 0;
  if (usable.size() - from >= 3) {
    const double previous_slope = slopes[slopes.size() - 2];
    const double ratio = points[usable[usable.size() - 2]].h / points[usable.back()].h;
    remaining_drift = std::fabs(finest_slope - previous_slope) / std::max(ratio - 1, 1e-3);
  }
  fit.uncertainty =
      std::max(2 * line.slope_standard_error, std::fabs(line.slope - finest_slope) + remaining_drift);
  const std::size_t n = usable.size() - from;
  fit.reason = std::to_string(n) + " points in the asymptotic window";
  if (from > 0) fit.reason += ", " + std::to_string(from) + " pre-asymptotic dropped";
  return fit;
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
