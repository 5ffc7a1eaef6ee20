// The energy expectation from a method's coefficients and the drift rates predicted from its
// modified equation, against values derived independently: Euler's drift on Kepler from the
// closed form of its modified field's first term, and RK4's drift measured by running it.
#include <orderly/energy.hpp>
#include <orderly/energy_expectation.hpp>
#include <orderly/problem_catalog.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>
#include <numbers>

using namespace orderly;

namespace {

const method_entry& method(const char* name) { return *find_method(name); }

TEST(EnergyExpectation, ClassesFromTheCoefficients) {
  const auto rk4 = coefficient_expectation_of(method("rk4"));
  ASSERT_TRUE(rk4);
  EXPECT_EQ(rk4->energy_class, "drift");
  EXPECT_EQ(*rk4->drift_power, 6);
  EXPECT_DOUBLE_EQ(*rk4->drift_coefficient, -1.0 / 72);  // |R(iy)|^2 = 1 - y^6/72 + ...
  EXPECT_EQ(coefficient_expectation_of(method("velocity-verlet"))->energy_class, "bounded");
  EXPECT_EQ(coefficient_expectation_of(method("gauss4"))->energy_class, "bounded");
  // Heun, order 2, conjugate symplectic to order 3: bounded up to t ~ h^-1.
  const auto heun = coefficient_expectation_of(method("heun"));
  EXPECT_EQ(heun->energy_class, "bounded-to-horizon");
  EXPECT_EQ(*heun->horizon_exponent, 1);
}

TEST(EnergyExpectation, EulerDriftOnKeplerFromTheClosedFormOfItsModifiedField) {
  // Euler's modified field is f - h/2 f'f + ...; grad H . f'f = -f^T H'' f (differentiate grad H . f = 0),
  // so dH/dt = h/2 <f^T H'' f>, and for Kepler f^T H'' f = (|p|^2 - 3 (q.p)^2/r^2)/r^3 + 1/r^4.
  // The average over the orbit (a = 1, e = 0.6), uniform in the mean anomaly, by 4096 points.
  const double e = 0.6, h = 1e-3;
  const double b = std::sqrt(1 - e * e);
  double sum = 0;
  constexpr int points = 4096;
  for (int k = 0; k < points; ++k) {
    const double mean = 2 * std::numbers::pi * k / points;
    double anomaly = mean;
    for (int it = 0; it < 60; ++it) anomaly -= (anomaly - e * std::sin(anomaly) - mean) / (1 - e * std::cos(anomaly));
    const double rate = 1 / (1 - e * std::cos(anomaly));
    const double q1 = std::cos(anomaly) - e, q2 = b * std::sin(anomaly);
    const double p1 = -std::sin(anomaly) * rate, p2 = b * std::cos(anomaly) * rate;
    const double r = std::hypot(q1, q2), qp = q1 * p1 + q2 * p2;
    sum += (p1 * p1 + p2 * p2 - 3 * qp * qp / (r * r)) / (r * r * r) + 1 / (r * r * r * r);
  }
  const double expected = h / 2 * (sum / points) / 0.5;  // |H0| = 1/(2a)
  const auto predicted = predicted_kepler_drift_rate(method("euler"), {1 - e, 0, 0, std::sqrt((1 + e) / (1 - e))}, h);
  ASSERT_TRUE(predicted);
  EXPECT_NEAR(*predicted, expected, 1e-9 * std::fabs(expected));
}

TEST(EnergyExpectation, Rk4DriftOnKeplerMeasuredAgainstTheModifiedEquation) {
  // RK4 at h = 1/50 over t = 5000 (250000 steps): the drift ~ h^5 dominates the bounded h^4 part by
  // far; the next term of the modified equation is h times smaller (0.1 % at h = 1/100 in a 10^6-step run).
  energy_request request{.method = &method("rk4"),
                         .problem = find_problem("kepler"),
                         .scalar = scalar_kind::float64,
                         .h = "1/50",
                         .steps = 250000};
  const auto result = study_energy(request);
  ASSERT_TRUE(result.predicted_drift_rate);
  ASSERT_TRUE(result.measured_drift_rate);
  EXPECT_NEAR(*result.measured_drift_rate / *result.predicted_drift_rate, 1, 0.03);
  EXPECT_TRUE(result.energy_theory.agrees) << result.energy_theory.expected;
}

TEST(EnergyExpectation, KeplerDriftAlongAnUnchangedOrbitIsTheRateAtTheStart) {
  // On an orbit that does not change (every sample's state y0, no deviation) the integrated slope is
  // the start's rate R for the whole run: dev = R t, returned as ln(1 + R t)/t.
  const double e = 0.6, h = 1.0 / 100;
  const std::array<double, 4> y0{1 - e, 0, 0, std::sqrt((1 + e) / (1 - e))};
  const auto rate = predicted_kepler_drift_rate(method("heun"), y0, h);
  ASSERT_TRUE(rate);
  const std::vector<double> times{10, 100, 1000, 10000};
  const std::vector<double> deviations(times.size(), 0.0);
  const std::vector<std::array<double, 4>> states(times.size(), y0);
  const auto along = kepler_drift_rate_along_run(method("heun"), times, deviations, states, h, *rate);
  ASSERT_TRUE(along);
  EXPECT_NEAR(*along, std::log1p(*rate * 10000) / 10000, 1e-12 * std::fabs(*rate));
}

}  // namespace
