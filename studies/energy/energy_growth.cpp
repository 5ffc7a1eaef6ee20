// The energy study's growth fit and classes: envelope ~ C t^p over the policy's window, the class
// of the exponent, and the class of a whole record of a relative error (energy.hpp).
#include <orderly/energy.hpp>
#include <orderly/formatted.hpp>
#include <orderly/order_fit.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace orderly {

nlohmann::json energy_policy::to_json() const {
  return {
      {"bins_per_decade", bins_per_decade},
      {"probes_per_bin", probes_per_bin},
      {"fit_decades", fit_decades},
      {"min_fit_points", min_fit_points},
      {"bounded_below", bounded_below},
      {"random_walk_below", random_walk_below},
      {"linear_below", linear_below},
      {"saturated_at", saturated_at},
      {"exponent_agreement", exponent_agreement},
      {"roundoff_level", roundoff_level},
      {"envelope", "running maximum over log-spaced bins of the bin's maximum over its probes"},
      {"fit", "least squares of log envelope on log t over [t_end / 10^fit_decades, t_end]"},
      {"uncertainty", "max(2 x standard error of the slope, |slope(first half) - slope(second half)| / 2)"},
      {"classes",
       "exponent < bounded_below: bounded; < random_walk_below: random-walk (t^(1/2), Brouwer's law); "
       "< linear_below: linear-drift; else faster. Decided on the whole record first: a value that is not finite "
       "or a blow-up of the run: unstable; a relative error (energy, angular momentum) >= saturated_at anywhere, "
       "the end included: saturated (the quantity is lost)"},
      {"theory",
       "energy: from the coefficients (geometric_properties): bounded for a symplectic method with its stage "
       "equations solved to round-off; for a method conjugate symplectic to order p + k, bounded while t_end < h^-k, "
       "linear-drift once the fit window starts past h^-k, either in between; linear-drift otherwise (a random walk or "
       "bounded energy at round-off, envelope <= roundoff_level x eps sqrt(n), is "
       "explained by it); phase (Kepler, mean anomaly), from the energy's measured class: exponent 1 for "
       "bounded, 2 for a drift, 1 to 3/2 for a random walk; a disagreement whose slope over the window's second "
       "half is nearer the model than over its first half is explained by the horizon; round-off alone (shadow run): "
       "exponent 1/2 plain, 0 compensated; an exponent agrees within "
       "exponent_agreement of the model range; a disagreement carries the measured reason where there is one"}};
}

energy_growth_class growth_class_of(double exponent, const energy_policy& policy) {
  if (exponent < policy.bounded_below) return energy_growth_class::bounded;
  if (exponent < policy.random_walk_below) return energy_growth_class::random_walk;
  if (exponent < policy.linear_below) return energy_growth_class::linear_drift;
  return energy_growth_class::faster;
}

growth_fit fit_growth(const std::vector<double>& t, const std::vector<double>& envelope, const energy_policy& policy) {
  growth_fit fit;
  if (t.empty()) {
    fit.growth_class = energy_growth_class::undetermined;
    fit.reason = "no samples";
    return fit;
  }
  const double t_end = t.back();
  const double t_from = t_end / std::pow(10.0, policy.fit_decades);
  std::vector<double> x, y;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i] >= t_from && t[i] > 0 && envelope[i] > 0 && std::isfinite(envelope[i])) {
      x.push_back(std::log10(t[i]));
      y.push_back(std::log10(envelope[i]));
    }
  fit.t_from = t_from;
  fit.t_to = t_end;
  fit.points = static_cast<int>(x.size());
  if (fit.points < policy.min_fit_points) {
    const bool all_zero = std::all_of(envelope.begin(), envelope.end(), [](double e) { return e == 0; });
    if (all_zero) {  // conserved to the evaluation's precision at every probe: nothing grows
      fit.found = true;
      fit.growth_class = energy_growth_class::bounded;
      fit.reason = "no deviation measured at any probe";
      return fit;
    }
    fit.growth_class = energy_growth_class::undetermined;
    fit.reason = "only " + std::to_string(fit.points) +
                 " positive envelope points in the window (t >= " + std::to_string(t_from) + "); need " +
                 std::to_string(policy.min_fit_points);
    return fit;
  }
  const auto line = fit_line(x, y);
  const std::size_t half = x.size() / 2;
  const auto first = fit_line(std::vector<double>(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(half + 1)),
                              std::vector<double>(y.begin(), y.begin() + static_cast<std::ptrdiff_t>(half + 1)));
  const auto second = fit_line(std::vector<double>(x.begin() + static_cast<std::ptrdiff_t>(half), x.end()),
                               std::vector<double>(y.begin() + static_cast<std::ptrdiff_t>(half), y.end()));
  fit.found = true;
  fit.exponent = line.slope;
  fit.uncertainty = std::max(2 * line.slope_standard_error, std::fabs(first.slope - second.slope) / 2);
  fit.first_half_exponent = first.slope;
  fit.second_half_exponent = second.slope;
  fit.growth_class = growth_class_of(fit.exponent, policy);
  return fit;
}

std::vector<double> running_max(const std::vector<double>& v) {
  std::vector<double> out(v.size());
  double m = 0;
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = m = std::max(m, v[i]);
  return out;
}

namespace {

std::string at_time(double value, double t) { return formatted("%.3g at t = %.6g", value, t); }

}  // namespace

growth_fit classify_relative_error(const std::vector<double>& t, const std::vector<double>& error,
                                   const energy_policy& policy) {
  // A value that is not finite anywhere: the run blew up, whatever the fit window would say.
  for (std::size_t i = 0; i < error.size(); ++i)
    if (!std::isfinite(error[i])) {
      growth_fit fit;
      fit.growth_class = energy_growth_class::unstable;
      fit.reason = "relative error not finite at t = " + std::to_string(t[i]) + ": blow-up";
      return fit;
    }
  const auto envelope = running_max(error);
  growth_fit fit = fit_growth(t, envelope, policy);
  // The whole record, the end included: a running maximum at or past saturated_at anywhere means
  // the quantity itself was lost there, even if the fit window's slope looks like a growth law.
  for (std::size_t i = 0; i < envelope.size(); ++i)
    if (envelope[i] >= policy.saturated_at) {
      fit.growth_class = energy_growth_class::saturated;
      fit.reason = "relative error " + at_time(envelope[i], t[i]) + " (saturated_at " +
                   std::to_string(policy.saturated_at) + "; " + at_time(envelope.back(), t.back()) +
                   " at the end): the quantity itself is lost, the envelope is capped by it";
      return fit;
    }
  return fit;
}

}  // namespace orderly
