// Running a stepper on the linear test problems (see stability_measurement.hpp).
#include "stability_measurement.hpp"

#include <orderly/analysis_policy.hpp>
#include <orderly/linear_test_problems.hpp>

#include <boost/math/tools/roots.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace orderly::stability_measurement {
namespace {

using policy = analysis_policy;

constexpr double infinite_growth = std::numeric_limits<double>::infinity();

// Bisection stops when the bracket is this many units of round-off of its outer end wide: the
// stability test itself is decided to round-off, so a narrower bracket says nothing more.
constexpr double bracket_roundoff_units = 4;
// More halvings than any bracket of doubles can take (about 60 from the scan step to round-off).
constexpr std::uintmax_t max_bisections = 200;

const problem_info& test_equation_info() {
  static const problem_info info = [] {
    problem_info p;
    p.name = "test-equation";
    p.description = "y' = lambda y as a real system in (Re y, Im y)";
    p.dimension = 2;
    p.nonlinear = false;
    return p;
  }();
  return info;
}

// The end of [stable_end, unstable_end] (in either order along the ray) at which stable() last
// holds, bisected with Boost.Math to bracket_roundoff_units of round-off.
double bisect_edge(const std::function<bool(complex)>& stable, complex u, double stable_end, double unstable_end) {
  const auto side = [&](double r) { return stable(r * u) ? -1.0 : 1.0; };
  const auto narrow_enough = [](double a, double b) {
    return std::abs(b - a) <= bracket_roundoff_units * std::numeric_limits<double>::epsilon() * std::max(a, b);
  };
  std::uintmax_t iterations = max_bisections;
  const double low = std::min(stable_end, unstable_end), high = std::max(stable_end, unstable_end);
  const auto bracket = boost::math::tools::bisect(side, low, high, narrow_enough, iterations);
  // bisect keeps the sign of f(low) at bracket.first.
  return stable_end < unstable_end ? bracket.first : bracket.second;
}

}  // namespace

growth_function test_equation_growth(const stepper_maker& make, int steps) {
  struct test_equation_stepper {
    complex z;
    typed_problem<double> problem;
    std::unique_ptr<bound_stepper<double>> stepper;
  };
  auto bound = std::make_shared<test_equation_stepper>();
  bound->problem.info = &test_equation_info();
  const complex* z = &bound->z;  // the problem lives in the same object, so z outlives it
  bound->problem.rhs = [z](const double&, const state_of<double>& y, state_of<double>& dy) {
    dy[0] = z->real() * y[0] - z->imag() * y[1];
    dy[1] = z->imag() * y[0] + z->real() * y[1];
  };
  bound->problem.jacobian = [z](const double&, const state_of<double>&, std::vector<double>& j) {
    j = {z->real(), -z->imag(), z->imag(), z->real()};
  };
  bound->stepper = make(bound->problem);
  return [bound, steps](complex at) {
    bound->z = at;
    bound->stepper->reset();
    state_of<double> y = {1.0, 0.0};
    try {
      for (int n = 0; n < steps; ++n) bound->stepper->step(static_cast<double>(n), y, 1.0);
    } catch (const integration_failure&) {
      return infinite_growth;
    }
    const double norm = std::hypot(y[0], y[1]);
    if (!std::isfinite(norm)) return infinite_growth;
    return steps == 1 ? norm : std::pow(norm, 1.0 / steps);
  };
}

std::function<double(double x)> harmonic_step_radius(const stepper_maker& make, double damping) {
  return [make, damping](double x) {
    const auto problem = spring<double>(x * x, damping);
    auto step = [&](state_of<double> y) {
      auto stepper = make(problem);
      try {
        stepper->step(0.0, y, 1.0);
      } catch (const integration_failure&) {
        return state_of<double>{infinite_growth, infinite_growth};
      }
      return y;
    };
    const auto first = step({1.0, 0.0}), second = step({0.0, x});
    const double radius = spectral_radius(first[0], second[0], first[1] / x, second[1] / x);
    return std::isfinite(radius) ? radius : infinite_growth;
  };
}

bool stable_growth(double growth) {
  return std::isfinite(growth) && growth <= 1 + policy::stable_roundoff_units * std::numeric_limits<double>::epsilon();
}

double first_instability(const std::function<bool(complex)>& stable, complex u, double max_radius) {
  double inside = 0, outside = policy::radial_scan_step;
  while (stable(outside * u)) {
    inside = outside;
    outside += policy::radial_scan_step;
    if (outside > max_radius) return max_radius;
  }
  if (inside == 0 && !stable(complex(0))) return 0;
  return bisect_edge(stable, u, inside, outside);
}

std::vector<std::pair<double, double>> stable_stretches(const std::function<bool(complex)>& stable, complex u,
                                                        double max_radius) {
  std::vector<std::pair<double, double>> stretches;
  bool was_stable = stable(complex(0));
  double start = 0, previous = 0;
  const auto scan_points = static_cast<int>(std::floor(max_radius / policy::radial_scan_step));
  for (int k = 1; k <= scan_points; ++k) {
    const double r = k * policy::radial_scan_step;
    const bool is_stable = stable(r * u);
    if (is_stable != was_stable) {
      if (was_stable)
        stretches.emplace_back(start, bisect_edge(stable, u, previous, r));
      else
        start = bisect_edge(stable, u, r, previous);
      was_stable = is_stable;
    }
    previous = r;
  }
  if (was_stable) stretches.emplace_back(start, previous);
  return stretches;
}

region_box box_for(const std::vector<complex>& boundary, bool a_stable) {
  double extent = 0, right = 0;
  for (const auto& z : boundary)
    if (std::isfinite(z.real()) && std::isfinite(z.imag()) && std::abs(z) < 1e6) {
      extent = std::max(extent, std::abs(z));
      right = std::max(right, z.real());
    }
  extent = std::clamp(1.15 * extent, 3.0, policy::unbounded_region_extent);
  if (a_stable) return {-extent, extent, extent};
  return {-extent, std::max(1.0, std::min(1.15 * right, policy::unbounded_region_extent)), extent};
}

}  // namespace orderly::stability_measurement
