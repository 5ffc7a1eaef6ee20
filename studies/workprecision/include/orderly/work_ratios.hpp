#pragma once
// Work-precision curves and their comparison at equal achieved error: a candidate curve's
// evaluations over a baseline curve's at the candidate's achieved errors.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace orderly {

struct work_point {
  double tolerance = 0, error = 0;
  std::uint64_t rhs_evaluations = 0;
  double seconds = 0;  // wall time of the integration: the minimum over repeated runs (0: not timed)
};

struct work_curve {
  std::string method, problem;
  std::vector<work_point> points;  // in the order of the tolerances
};

// At a candidate point's achieved error: its evaluations, the baseline curve's (interpolated in
// log-log), and the ratio.
struct work_ratio {
  std::string problem, candidate;  // candidate: the candidate curve's method
  double error = 0, candidate_evaluations = 0, baseline_evaluations = 0, ratio = 0;
};

// log(work) at log(error) = log(target) by linear interpolation between neighbouring points, at
// the first pair (in tolerance order) whose errors bracket the target; none when no pair does.
inline std::optional<double> work_at(const std::vector<work_point>& points, double target) {
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    const auto& a = points[i];
    const auto& b = points[i + 1];
    if ((a.error - target) * (b.error - target) > 0 || a.error <= 0 || b.error <= 0) continue;
    if (a.error == b.error) return std::sqrt(double(a.rhs_evaluations) * double(b.rhs_evaluations));
    const double s = std::log(target / a.error) / std::log(b.error / a.error);
    return std::exp(std::log(double(a.rhs_evaluations)) +
                    s * (std::log(double(b.rhs_evaluations)) - std::log(double(a.rhs_evaluations))));
  }
  return std::nullopt;
}

// At each of `candidate`'s points: its evaluations over `baseline`'s at the same achieved error
// (points outside the baseline's error range are left out).
inline std::vector<work_ratio> ratios_at_equal_error(const work_curve& candidate, const work_curve& baseline) {
  std::vector<work_ratio> out;
  for (const auto& p : candidate.points)
    if (auto w = work_at(baseline.points, p.error))
      out.push_back({candidate.problem, candidate.method, p.error, double(p.rhs_evaluations), *w,
                     double(p.rhs_evaluations) / *w});
  return out;
}

// Per problem and candidate curve: how its ratios spread, where it needs more work than the
// baseline, and whether the comparison resolves that. `null` holds the ratios of null comparisons
// (may be empty): the baseline's own method rerun with immaterial changes (one curve per change,
// named by the ratio's `candidate`), compared with the baseline as a candidate is; so a call with
// a null compares every candidate with that one baseline (per problem). Within the
// errors where a candidate's ratios exceed 1, their largest ratio is how far above 1 a ratio goes
// there when nothing differs, and the number of null curves whose own largest ratio there reaches
// the candidate's worst ranks that worst among them.
struct work_ratio_summary {
  std::string problem, candidate;
  std::size_t ratios = 0, above_one = 0;                      // how many ratios; how many of them above 1
  double worst = 0, geometric_mean = 0;                       // the largest ratio; exp(mean(log ratio))
  std::optional<std::pair<double, double>> errors_above_one;  // smallest and largest error of those
  std::optional<double> null_worst_there;                     // the null's largest ratio within that range
  std::size_t null_curves_there = 0;                          // null curves with a ratio within that range
  std::size_t null_curves_reaching_worst = 0;                 // of those, how many reach `worst` there
};

inline std::vector<work_ratio_summary> summarise_ratios(const std::vector<work_ratio>& candidates,
                                                        const std::vector<work_ratio>& null) {
  std::vector<work_ratio_summary> out;
  std::vector<double> log_sum;  // per entry of out: the sum of log(ratio)
  // (problem, candidate) -> index in out, in the order of first appearance
  std::map<std::pair<std::string, std::string>, std::size_t> slot;
  for (const auto& r : candidates) {
    if (!(r.ratio > 0)) continue;
    auto [it, fresh] = slot.try_emplace({r.problem, r.candidate}, out.size());
    if (fresh) {
      out.push_back({.problem = r.problem, .candidate = r.candidate});
      log_sum.push_back(0);
    }
    auto& s = out[it->second];
    ++s.ratios;
    log_sum[it->second] += std::log(r.ratio);
    s.worst = std::max(s.worst, r.ratio);
    if (r.ratio <= 1) continue;
    ++s.above_one;
    s.errors_above_one = s.errors_above_one ? std::pair{std::min(s.errors_above_one->first, r.error),
                                                        std::max(s.errors_above_one->second, r.error)}
                                            : std::pair{r.error, r.error};
  }
  for (std::size_t i = 0; i < out.size(); ++i) out[i].geometric_mean = std::exp(log_sum[i] / double(out[i].ratios));
  std::vector<std::map<std::string, double>> null_worst_by_curve(out.size());  // per entry of out
  for (const auto& r : null)
    for (std::size_t i = 0; i < out.size(); ++i) {  // every candidate's entry of the null's problem
      auto& s = out[i];
      if (s.problem != r.problem || !s.errors_above_one || r.error < s.errors_above_one->first ||
          r.error > s.errors_above_one->second)
        continue;
      s.null_worst_there = std::max(s.null_worst_there.value_or(0.0), r.ratio);
      auto& curve_worst = null_worst_by_curve[i].try_emplace(r.candidate, r.ratio).first->second;
      curve_worst = std::max(curve_worst, r.ratio);
    }
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i].null_curves_there = null_worst_by_curve[i].size();
    for (const auto& [curve, worst] : null_worst_by_curve[i])
      if (worst >= out[i].worst) ++out[i].null_curves_reaching_worst;
  }
  return out;
}

}  // namespace orderly
