// The seed experiments' headline numbers (seed_experiments, settling_study) against closed forms
// derived by hand from each method's one-step map on the spring x'' = -k x - b x'. Undamped, k = 1,
// from x = 1 at rest, in z = x - i v a step of a Runge-Kutta method is z -> R(i h) z:
//   explicit Euler: R(z) = 1 + z: the energy grows by |R|^2 = 1 + h^2 a step, the phase advances
//     by atan(h) instead of h;
//   classical RK4: Re R(i h) = 1 - h^2/2 + h^4/24, Im R(i h) = h - h^3/6: energy |R|^(2n), phase n arg R;
//   semi-implicit Euler (v -= h x; x += h v): v^2 + x^2 - h x v is conserved exactly (substitute the
//     update), and |h x v| <= h (x^2 + v^2) / 2, so from v = 0 the energy stays within
//     [1 / (1 + h/2), 1 / (1 - h/2)] of its start.
// Damped (spring-damper-10, k = 10, b = 1): explicit Euler's eigenvalues 1 + h lambda, lambda =
// -b/2 +- i sqrt(k - b^2/4), so its spectral radius is sqrt(1 - h b + h^2 k); semi-implicit Euler's
// matrix has determinant 1 - h b, its radius sqrt(1 - h b) while the eigenvalues are complex.
#include <orderly/energy_seeds.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

using namespace orderly;

namespace {

const seed_trajectory& run_named(const std::vector<seed_trajectory>& runs, const std::string& method,
                                 const std::string& scalar) {
  for (const auto& r : runs)
    if (r.method == method && r.scalar == scalar) return r;
  throw std::logic_error("no " + scalar + " run of " + method);
}

// A run's round-off, relative: a few roundings per step (the 2x2 update, the energy quadratic in the
// state, the phase's atan2), added up linearly over n steps (the worst case).
double roundoff_bound(double n, double eps) { return 8 * n * eps; }

// The energy ratio and phase at the end of an undamped run of n steps of h, predicted from
// R(i h) = re + i im.
void expect_rk_headlines(const seed_trajectory& run, double h, double n, double re, double im, double eps) {
  const double ratio = std::pow(re * re + im * im, n);
  const double phase = n * (std::atan2(im, re) - h);
  EXPECT_NEAR(run.energy_ratio_at_end.value() / ratio, 1, roundoff_bound(n, eps)) << run.method;
  EXPECT_NEAR(run.phase_error_at_end.value(), phase, roundoff_bound(n, eps)) << run.method;
}

template <class T>
void expect_undamped(const seed_experiment& experiment, const std::string& euler, const std::string& rk4,
                     const std::string& scalar) {
  const T h_scalar = static_cast<T>(experiment.dt == "1/10" ? T(1) / T(10) : T(1) / T(4));
  const double h = static_cast<double>(h_scalar);
  const double n = std::round(experiment.t_end / h);
  const double eps = std::numeric_limits<T>::epsilon();
  const auto& runs = experiment.runs;
  expect_rk_headlines(run_named(runs, euler, scalar), h, n, 1, h, eps);
  expect_rk_headlines(run_named(runs, rk4, scalar), h, n, 1 - h * h / 2 + h * h * h * h / 24, h - h * h * h / 6, eps);
}

}  // namespace

TEST(EnergySeedNumbers, UndampedOscillatorEnergyAndPhaseFollowTheStabilityFunction) {
  const auto experiments = seed_experiments();
  int undamped = 0;
  for (const auto& e : experiments) {
    if (e.problem != "harmonic") continue;
    ++undamped;
    SCOPED_TRACE("dt = " + e.dt);
    expect_undamped<double>(e, "euler", "rk4", "double");
    expect_undamped<float>(e, "seed-euler", "seed-rk4", "float");
  }
  EXPECT_EQ(undamped, 2);  // dt = 1/10 and 1/4, the article's
}

TEST(EnergySeedNumbers, SemiImplicitEulerKeepsTheEnergyWithinItsModifiedEnergysBounds) {
  for (const auto& e : seed_experiments()) {
    if (e.problem != "harmonic") continue;
    const double h = static_cast<double>(e.dt == "1/10" ? 1.0f / 10 : 1.0f / 4);
    const double n = std::round(e.t_end / h);
    const double slack = roundoff_bound(n, std::numeric_limits<float>::epsilon());
    const double ratio = run_named(e.runs, "seed-semi-implicit-euler", "float").energy_ratio_at_end.value();
    EXPECT_GE(ratio, 1 / (1 + h / 2) - slack) << "dt = " << e.dt;
    EXPECT_LE(ratio, 1 / (1 - h / 2) + slack) << "dt = " << e.dt;
  }
}

TEST(EnergySeedNumbers, DampedSpringSpectralRadiiAreTheClosedForms) {
  const auto settling = settling_study();
  const double k = 10, b = 1;
  // The radius from a 2x2 matrix in double: a few roundings of numbers of size 1.
  const double tolerance = 16 * std::numeric_limits<double>::epsilon();
  int checked = 0;
  for (const auto& r : settling.runs) {
    const double h = r.dt;
    if (r.method == "euler") {
      EXPECT_NEAR(r.prediction.value().spectral_radius, std::sqrt(1 - h * b + h * h * k), tolerance) << "dt = " << h;
      ++checked;
    }
    const double trace = 2 - h * b - h * h * k, det = 1 - h * b;
    if (r.method == "seed-semi-implicit-euler" && trace * trace / 4 < det) {
      EXPECT_NEAR(r.prediction.value().spectral_radius, std::sqrt(det), tolerance) << "dt = " << h;
      ++checked;
    }
  }
  EXPECT_GE(checked, 11 + 1);  // Euler at every one of the 11 steps, semi-implicit Euler at least once
}
