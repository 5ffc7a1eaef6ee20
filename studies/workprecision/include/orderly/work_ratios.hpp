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

// At a candidate point's achieved error: its evaluations, the baseline's (interpolated in log-log
// on the baseline's monotone envelope), and the ratio. A curve whose error is not monotone in the
// tolerance (an orbit's final-time error) brackets an error at several pairs of neighbouring
// points; the ratio at each such pair of the raw baseline curve gives the spread (lowest, highest)
// that reading the curve at one bracket, as the first version of this comparison did, hides.
struct work_ratio {
  std::string problem, candidate;  // candidate: the candidate curve's method
  double error = 0, candidate_evaluations = 0, baseline_evaluations = 0, ratio = 0;
  std::size_t brackets = 0;  // pairs of neighbouring raw baseline points that bracket `error`
  double first_bracket_ratio = 0, lowest_bracket_ratio = 0, highest_bracket_ratio = 0;
};

// The monotone envelope of a curve: the runs that no other run beats in both evaluations and
// error, by increasing evaluations, along which the error falls strictly. It is the least work at
// which the curve's method reached each error, whatever tolerance gave it; its error range runs
// from the cheapest run's error down to the curve's smallest.
inline std::vector<work_point> monotone_envelope(std::vector<work_point> points) {
  std::erase_if(points, [](const work_point& p) { return !(p.error > 0); });
  std::sort(points.begin(), points.end(), [](const work_point& a, const work_point& b) {
    return a.rhs_evaluations != b.rhs_evaluations ? a.rhs_evaluations < b.rhs_evaluations : a.error < b.error;
  });
  std::vector<work_point> front;
  for (const auto& p : points)
    if (front.empty() || p.error < front.back().error) front.push_back(p);
  return front;
}

// log(work) at log(error) = log(target), linear between two points whose errors bracket it.
inline double interpolated_work(const work_point& a, const work_point& b, double target) {
  if (a.error == b.error) return std::sqrt(double(a.rhs_evaluations) * double(b.rhs_evaluations));
  const double s = std::log(target / a.error) / std::log(b.error / a.error);
  return std::exp(std::log(double(a.rhs_evaluations)) +
                  s * (std::log(double(b.rhs_evaluations)) - std::log(double(a.rhs_evaluations))));
}

// The interpolated work at every pair of neighbouring points (in the order given) whose errors
// bracket `target`, in that order.
inline std::vector<double> work_at_every_bracket(const std::vector<work_point>& points, double target) {
  std::vector<double> works;
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    const auto& a = points[i];
    const auto& b = points[i + 1];
    if ((a.error - target) * (b.error - target) > 0 || a.error <= 0 || b.error <= 0) continue;
    works.push_back(interpolated_work(a, b, target));
  }
  return works;
}

// The work at the first bracketing pair; none when no pair brackets `target`. On a monotone
// envelope the first is the only one (two, of equal work, where `target` is a vertex's error).
inline std::optional<double> work_at(const std::vector<work_point>& points, double target) {
  const auto works = work_at_every_bracket(points, target);
  if (works.empty()) return std::nullopt;
  return works.front();
}

// At each point of `candidate`'s monotone envelope: its evaluations over the baseline envelope's
// at the same achieved error (points outside the envelope's error range are left out), with the
// spread of the ratio over every bracketing pair of the raw baseline curve. Both curves are read
// on their envelopes, so neither is charged for a run another of its own runs beats.
inline std::vector<work_ratio> ratios_at_equal_error(const work_curve& candidate, const work_curve& baseline) {
  std::vector<work_ratio> out;
  const auto baseline_front = monotone_envelope(baseline.points);
  for (const auto& p : monotone_envelope(candidate.points)) {
    const auto w = work_at(baseline_front, p.error);
    if (!w) continue;
    const double work = double(p.rhs_evaluations);
    // The envelope's range lies within the raw curve's, whose errors then cross p.error between
    // some pair of neighbours; only a run with error 0 between them (skipped, as it has no log)
    // can leave none, and then the envelope's reading is the one bracket.
    auto works = work_at_every_bracket(baseline.points, p.error);
    if (works.empty()) works.push_back(*w);
    const auto [least, most] = std::minmax_element(works.begin(), works.end());
    out.push_back({.problem = candidate.problem,
                   .candidate = candidate.method,
                   .error = p.error,
                   .candidate_evaluations = work,
                   .baseline_evaluations = *w,
                   .ratio = work / *w,
                   .brackets = works.size(),
                   .first_bracket_ratio = work / works.front(),
                   .lowest_bracket_ratio = work / *most,
                   .highest_bracket_ratio = work / *least});
  }
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
