#pragma once
// The verdict on a measured order against the declared one. It claims only what the evidence
// supports: fail and superconvergent need settled local slopes and an uncertainty interval clear of
// the band (superconvergence also a confirmation in a more precise scalar); anything short of that
// is inconclusive, with the reason, which tells the study how to refine.
#include <orderly/order_fit.hpp>
#include <orderly/order_policy.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace orderly {

enum class verdict { pass, fail, superconvergent, inconclusive };

// Why a verdict is what it is; the inconclusive codes say what more evidence would take.
enum class verdict_code {
  in_band,                       // pass
  below_band,                    // fail: settled, interval wholly below p - band_below
  above_band,                    // superconvergent: settled, clear of the band, confirmed
  unstable,                      // every grid blew up
  too_few_points,                // fewer than three points in the window
  round_off,                     // the window is cut by round-off: a more precise scalar would help
  pre_asymptotic,                // errors still large against the solution: finer grids would help
  unsettled_slopes,              // the local slopes still drift: finer grids would help
  wide_uncertainty,              // the interval straddles the band's edge
  unconfirmed_superconvergence,  // above the band, not (yet) confirmed in a more precise scalar
};

const char* verdict_name(verdict v);

const char* verdict_code_name(verdict_code c);

struct judgement {
  verdict outcome = verdict::inconclusive;
  verdict_code code = verdict_code::too_few_points;
  std::string reason;  // one line
};

// Minimum window for any verdict but inconclusive: two points give a slope but no evidence that it
// has settled.
inline constexpr std::size_t min_window_points = 3;

// points: the classified points the fit was made from (statuses set); solution_scale: max |y| of
// the reference, against which "errors still large" is measured; confirmed: a more precise scalar
// measured the same superconvergence (the study runs it; false when not yet tried).
judgement judge_order(const std::vector<convergence_point>& points, const order_fit& fit, int declared,
                      double solution_scale, bool confirmed, const order_policy& policy = default_order_policy());

// The gate's rule, shared by `orderly gate`, EXPECT_CONVERGENCE_ORDER and the mutation tests: a
// method passes on the verdict pass, or on superconvergent where that is declared (the baseline's
// declared_superconvergence). Inconclusive does not pass: the evidence must settle.
inline bool gate_accepts(const judgement& judged, bool superconvergence_declared = false) {
  return judged.outcome == verdict::pass || (judged.outcome == verdict::superconvergent && superconvergence_declared);
}

}  // namespace orderly
