#pragma once
// The tolerances the error-controlled studies use, named once: the sweep that the work-precision
// study and odeint-orders run (the same tolerances, so their curves line up), and the tightest
// tolerance a double run is asked for. Each study writes what it used into its JSON
// (to_json below), beside its results.
#include <nlohmann/json.hpp>

#include <cmath>
#include <vector>

namespace orderly {

// The tightest tolerance a double run is asked for: 1e-13 is about 450 units of double's round-off
// (2^-53 ~ 1.1e-16); below a few hundred of them a final-time error, or an error-controlled step's
// estimate, is rounding rather than the method's.
inline constexpr double smallest_double_tolerance = 1e-13;

// atol = rtol = tol = 10^(-k / per_decade) for k from coarsest_decade * per_decade to
// finest_decade * per_decade: per_decade tolerances in every decade from 10^-coarsest_decade to
// 10^-finest_decade, ends included.
struct tolerance_sweep_policy {
  // 1e-3: the coarsest a user of an adaptive integrator asks for (a plot's accuracy); 1e-12: the
  // finest a double run reaches with room to spare above smallest_double_tolerance.
  int coarsest_decade = 3;
  int finest_decade = 12;
  // Four per decade: the resolution of the work-precision curves and of odeint-orders' slope fits.
  int per_decade = 4;

  int first_index() const { return coarsest_decade * per_decade; }
  int last_index() const { return finest_decade * per_decade; }
  double tolerance(int index) const { return std::pow(10.0, -double(index) / per_decade); }
  std::size_t size() const { return static_cast<std::size_t>(last_index() - first_index() + 1); }
  std::vector<double> tolerances() const {
    std::vector<double> all;
    for (int k = first_index(); k <= last_index(); ++k) all.push_back(tolerance(k));
    return all;
  }
};

inline constexpr tolerance_sweep_policy default_tolerance_sweep{};

inline nlohmann::json to_json(const tolerance_sweep_policy& p) {
  return {{"coarsest", std::pow(10.0, -p.coarsest_decade)},
          {"finest", std::pow(10.0, -p.finest_decade)},
          {"per_decade", p.per_decade}};
}

}  // namespace orderly
