// Compiled once into the study library (declared in verdict.hpp).
#include <orderly/verdict.hpp>

namespace orderly {

const char* verdict_name(verdict v) {
  switch (v) {
    case verdict::pass:
      return "pass";
    case verdict::fail:
      return "fail";
    case verdict::superconvergent:
      return "superconvergent";
    case verdict::inconclusive:
      return "inconclusive";
  }
  return "?";
}

const char* verdict_code_name(verdict_code c) {
  switch (c) {
    case verdict_code::in_band:
      return "in-band";
    case verdict_code::below_band:
      return "below-band";
    case verdict_code::above_band:
      return "above-band";
    case verdict_code::unstable:
      return "unstable";
    case verdict_code::too_few_points:
      return "too-few-points";
    case verdict_code::round_off:
      return "round-off";
    case verdict_code::pre_asymptotic:
      return "pre-asymptotic";
    case verdict_code::unsettled_slopes:
      return "unsettled-slopes";
    case verdict_code::wide_uncertainty:
      return "wide-uncertainty";
    case verdict_code::unconfirmed_superconvergence:
      return "unconfirmed-superconvergence";
  }
  return "?";
}

judgement judge_order(const std::vector<convergence_point>& points, const order_fit& fit, int declared,
                      double solution_scale, bool confirmed, const order_policy& policy) {
  judgement j;
  std::size_t usable = 0, roundoff = 0, unstable = 0, window = 0;
  double finest_error = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto s = points[i].status;
    usable += s == point_status::ok;
    roundoff += s == point_status::roundoff || s == point_status::below_reference;
    unstable += s == point_status::unstable;
    if (s == point_status::ok) finest_error = points[i].error;
    if (fit.found && i >= fit.first && i <= fit.last && s == point_status::ok) ++window;
  }
  char text[200];
  auto inconclusive = [&](verdict_code code, const std::string& why) {
    j.outcome = verdict::inconclusive;
    j.code = code;
    j.reason = why;
    return j;
  };
  if (!fit.found) {
    if (unstable == points.size()) return inconclusive(verdict_code::unstable, "every grid blew up");
    if (roundoff > 0) return inconclusive(verdict_code::round_off, "round-off leaves fewer than two usable points");
    return inconclusive(verdict_code::too_few_points, "fewer than two usable points");
  }
  const double p = declared, m = fit.order, u = fit.uncertainty;
  std::snprintf(text, sizeof text, "measured %.3f +- %.3f against declared %d", m, u, declared);
  const std::string measured = text;
  const double relative = solution_scale > 0 ? finest_error / solution_scale : finest_error;
  if (relative > policy.pre_asymptotic_relative_error) {
    std::snprintf(text, sizeof text, "; the finest error is still %.2g of the solution's size", relative);
    return inconclusive(verdict_code::pre_asymptotic, "pre-asymptotic: " + measured + text);
  }
  if (window < min_window_points) {
    if (roundoff > 0)
      return inconclusive(verdict_code::round_off,
                          "round-off leaves " + std::to_string(window) + " points in the window: " + measured);
    return inconclusive(verdict_code::too_few_points, std::to_string(window) + " points in the window: " + measured);
  }
  const double low = p - policy.band_below, high = p + policy.band_above;
  if (m >= low && m <= high) {
    if (u > policy.max_uncertainty_for_pass)
      return inconclusive(verdict_code::wide_uncertainty, "uncertainty too wide for a pass: " + measured);
    j.outcome = verdict::pass;
    j.code = verdict_code::in_band;
    j.reason = measured;
    return j;
  }
  if (!fit.settled) return inconclusive(verdict_code::unsettled_slopes, "local slopes still drift: " + measured);
  if (m < low) {
    if (m + u >= low) return inconclusive(verdict_code::wide_uncertainty, "interval reaches the band: " + measured);
    j.outcome = verdict::fail;
    j.code = verdict_code::below_band;
    j.reason = measured + ", settled, below the band";
    return j;
  }
  if (m - u <= high) return inconclusive(verdict_code::wide_uncertainty, "interval reaches the band: " + measured);
  if (!confirmed)
    return inconclusive(verdict_code::unconfirmed_superconvergence,
                        "above the band, not confirmed in a more precise scalar: " + measured);
  j.outcome = verdict::superconvergent;
  j.code = verdict_code::above_band;
  j.reason = measured + ", settled, confirmed in a more precise scalar";
  return j;
}

}  // namespace orderly
