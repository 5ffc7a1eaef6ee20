// Radau IIA: derived coefficients against the collocation/order conditions and RADAU5's closed
// forms, the adaptive integrator against exact solutions of stiff problems, and the observed order
// of the fixed-step method on a nonlinear non-autonomous problem.
#include <orderly/catalog.hpp>
#include <orderly/implicit/implicit_rk.hpp>
#include <orderly/implicit/radau.hpp>
#include <orderly/tableaus/implicit_methods.hpp>
#include <orderly/problems/stiff.hpp>
#include <orderly/scalars.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace orderly {
namespace {

const high_precision tiny("1e-90");

high_precision sqrt6() { return sqrt(high_precision(6)); }

// The s-stage Radau IIA method as the adaptive code takes it: its tableau, with the error estimate.
butcher_tableau radau_method(int stages) { return tableaus::radau_iia(stages, "radau-iia" + std::to_string(stages)); }

class RadauCoefficients : public ::testing::TestWithParam<int> {};

// C(s): sum_j a_ij c_j^(k-1) = c_i^k / k for k = 1..s (stage order s).
TEST_P(RadauCoefficients, SatisfyStageOrderConditionsCs) {
  const auto& r = radau_iia_coefficients(GetParam());
  const int s = r.stages;
  for (int i = 0; i < s; ++i)
    for (int k = 1; k <= s; ++k) {
      high_precision sum = 0;
      for (int j = 0; j < s; ++j) sum += r.a[i * s + j] * pow(r.c[j], k - 1);
      EXPECT_LT(abs(sum - pow(r.c[i], k) / k), tiny) << "i=" << i << " k=" << k;
    }
}

// B(2s-1): sum_j b_j c_j^(k-1) = 1/k for k = 1..2s-1 (quadrature order 2s-1). Only k <= s follows
// from the construction of A; k = s+1..2s-1 holds only if the nodes are the Radau points.
TEST_P(RadauCoefficients, SatisfyQuadratureConditionsB2sMinus1) {
  const auto& r = radau_iia_coefficients(GetParam());
  const int s = r.stages;
  for (int k = 1; k <= 2 * s - 1; ++k) {
    high_precision sum = 0;
    for (int j = 0; j < s; ++j) sum += r.b[j] * pow(r.c[j], k - 1);
    EXPECT_LT(abs(sum - high_precision(1) / k), tiny) << "k=" << k;
  }
  // ... and not 2s: the order is exactly 2s-1.
  high_precision sum = 0;
  for (int j = 0; j < s; ++j) sum += r.b[j] * pow(r.c[j], 2 * s - 1);
  EXPECT_GT(abs(sum - high_precision(1) / (2 * s)), high_precision("1e-12"));
}

TEST_P(RadauCoefficients, NodesAreIncreasingInsideTheIntervalEndingAtOne) {
  const auto& r = radau_iia_coefficients(GetParam());
  EXPECT_EQ(r.c.back(), high_precision(1));
  EXPECT_GT(r.c.front(), high_precision(0));
  for (std::size_t i = 1; i < r.c.size(); ++i) EXPECT_LT(r.c[i - 1], r.c[i]);
  for (int j = 0; j < r.stages; ++j) EXPECT_EQ(r.b[j], r.a[(r.stages - 1) * r.stages + j]);  // stiffly accurate
}

INSTANTIATE_TEST_SUITE_P(Stages, RadauCoefficients, ::testing::Values(1, 2, 3, 4, 5, 6, 7));

// The adaptive code's error estimate, for the odd stage counts it runs.
class RadauErrorEstimate : public ::testing::TestWithParam<int> {};

// u is an eigenvalue of A^(-1): det(I - u A) = 0, checked by an LU determinant of A itself.
TEST_P(RadauErrorEstimate, RealEigenvalueMakesIMinusUASingular) {
  const auto& r = radau_iia_coefficients(GetParam());
  ASSERT_TRUE(r.error_estimate.has_value());
  const auto& estimate = *r.error_estimate;
  const int s = r.stages;
  Eigen::Matrix<high_precision, Eigen::Dynamic, Eigen::Dynamic> m(s, s);
  for (int i = 0; i < s; ++i)
    for (int j = 0; j < s; ++j)
      m(i, j) = (i == j ? high_precision(1) : high_precision(0)) - estimate.real_eigenvalue * r.a[i * s + j];
  EXPECT_LT(abs(m.fullPivLu().determinant()), high_precision("1e-85"));
  EXPECT_LT(abs(estimate.gamma0 * estimate.real_eigenvalue - 1), tiny);
}

// The embedded formula (gamma0 at node 0, b^ at c_i) has order exactly s, so y^ - y1 = O(h^(s+1)).
TEST_P(RadauErrorEstimate, EmbeddedFormulaHasOrderS) {
  const auto& r = radau_iia_coefficients(GetParam());
  ASSERT_TRUE(r.error_estimate.has_value());
  const auto& estimate = *r.error_estimate;
  const int s = r.stages;
  for (int k = 1; k <= s + 1; ++k) {
    high_precision sum = k == 1 ? estimate.gamma0 : high_precision(0);
    for (int j = 0; j < s; ++j) sum += estimate.embedded_b[j] * pow(r.c[j], k - 1);
    if (k <= s)
      EXPECT_LT(abs(sum - high_precision(1) / k), tiny) << "k=" << k;
    else
      EXPECT_GT(abs(sum - high_precision(1) / k), high_precision("1e-12"));
  }
}

INSTANTIATE_TEST_SUITE_P(Stages, RadauErrorEstimate, ::testing::Values(1, 3, 5, 7));

// An even stage count is a complete method without an error estimate: A^(-1) has no real eigenvalue,
// since det(I - u A) is the denominator of the (s-1, s) Pade approximant of exp, with no real zero for even s.
TEST(RadauCoefficients, EvenStageCountsCarryNoErrorEstimate) {
  for (int s : {2, 4, 6}) EXPECT_FALSE(radau_iia_coefficients(s).error_estimate.has_value()) << "s=" << s;
}

// Two stages: Hairer-Wanner II, Table IV.5.5 -- c = (1/3, 1), A = [[5/12, -1/12], [3/4, 1/4]].
TEST(RadauCoefficients, TwoStagesMatchThePublishedTableau) {
  const auto& r = radau_iia_coefficients(2);
  const std::vector<high_precision> c = {high_precision(1) / 3, high_precision(1)};
  const std::vector<high_precision> a = {high_precision(5) / 12, high_precision(-1) / 12, high_precision(3) / 4,
                                         high_precision(1) / 4};
  for (int i = 0; i < 2; ++i) EXPECT_LT(abs(r.c[i] - c[i]), tiny);
  for (int k = 0; k < 4; ++k) EXPECT_LT(abs(r.a[k] - a[k]), tiny) << k;
}

// RADAU5's closed forms (Hairer & Wanner's radau5.f): nodes (4 -+ sqrt 6)/10, the A entries,
// U1 = 30/(6 + 81^(1/3) - 9^(1/3)) and the error weights DD = u e.
TEST(RadauCoefficients, ThreeStagesMatchRadau5ClosedForms) {
  const auto& r = radau_iia_coefficients(3);
  const high_precision q = sqrt6();
  const std::vector<high_precision> c = {(4 - q) / 10, (4 + q) / 10, high_precision(1)};
  const std::vector<high_precision> a = {(88 - 7 * q) / 360,     (296 - 169 * q) / 1800, (-2 + 3 * q) / 225,
                                         (296 + 169 * q) / 1800, (88 + 7 * q) / 360,     (-2 - 3 * q) / 225,
                                         (16 - q) / 36,          (16 + q) / 36,          high_precision(1) / 9};
  for (int i = 0; i < 3; ++i) EXPECT_LT(abs(r.c[i] - c[i]), tiny);
  for (int k = 0; k < 9; ++k) EXPECT_LT(abs(r.a[k] - a[k]), tiny) << k;
  const high_precision u = 30 / (6 + cbrt(high_precision(81)) - cbrt(high_precision(9)));
  ASSERT_TRUE(r.error_estimate.has_value());
  const auto& estimate = *r.error_estimate;
  EXPECT_LT(abs(estimate.real_eigenvalue - u), tiny);
  const std::vector<high_precision> dd = {-(13 + 7 * q) / 3, (-13 + 7 * q) / 3, high_precision(-1) / 3};
  for (int i = 0; i < 3; ++i)
    EXPECT_LT(abs(estimate.error_weights[i] * estimate.real_eigenvalue - dd[i]), high_precision("1e-88"));
}

// The catalog's radau5 is the object the adaptive code runs: its tableau carries RADAU5's error
// estimate (u = 30/(6 + 81^(1/3) - 9^(1/3)), radau5.f), and the even-stage tableaus carry none.
TEST(RadauCoefficients, CatalogRadau5CarriesRadau5sEstimate) {
  const auto* radau5 = find_method("radau5");
  ASSERT_NE(radau5, nullptr);
  ASSERT_NE(radau5->tableau(), nullptr);
  ASSERT_TRUE(radau5->tableau()->radau_estimate.has_value());
  const high_precision u = 30 / (6 + cbrt(high_precision(81)) - cbrt(high_precision(9)));
  EXPECT_LT(abs(radau5->tableau()->radau_estimate->real_eigenvalue - u), tiny);
  EXPECT_LT(abs(radau5->tableau()->radau_estimate->gamma0 * u - 1), tiny);
  EXPECT_FALSE(radau_method(4).radau_estimate.has_value());
  EXPECT_FALSE(find_method("gauss4")->tableau()->radau_estimate.has_value());
}

// Any positive stage count is a method; the adaptive code runs the odd ones only.
TEST(RadauCoefficients, AdaptiveCodeRejectsAnEvenStageCount) {
  EXPECT_THROW(radau_iia_coefficients(0), std::invalid_argument);
  radau_options<double> options;
  std::vector<double> y = {1};
  auto f = [](double, const std::vector<double>& x, std::vector<double>& dx) { dx[0] = -x[0]; };
  EXPECT_THROW(integrate_radau(radau_method(4), f, nullptr, 0.0, std::vector<double>{1.0}, y, options),
               std::invalid_argument);
  EXPECT_THROW(
      integrate_radau(*find_method("gauss4")->tableau(), f, nullptr, 0.0, std::vector<double>{1.0}, y, options),
      std::invalid_argument);
}

// Adaptive integration reaches the closed-form solution of the stiff problems; the global error
// is bounded by a small multiple of the tolerance at every output time.
template <class Problem, class T>
T max_error_against_exact(int stages, const T& tolerance, radau_stats* stats_out = nullptr) {
  static const problem_info info = Problem::info();
  const auto p = Problem::template make<T>(&info);
  std::vector<T> times;
  for (int k = 1; k <= 10; ++k) times.push_back(p.t_end * k / 10);
  radau_options<T> options;
  options.rtol = tolerance;
  options.atol = tolerance;
  std::vector<T> y = p.y0;
  T worst = 0;
  const auto stats = integrate_radau(radau_method(stages), p.rhs, p.jacobian, p.t0, times, y, options,
                                     [&](std::size_t, const T& t, const std::vector<T>& x) {
                                       const auto exact = p.exact(t);
                                       for (std::size_t i = 0; i < x.size(); ++i) {
                                         using std::abs;
                                         using std::max;
                                         worst = max(worst, T(abs(x[i] - exact[i]) / (1 + abs(exact[i]))));
                                       }
                                     });
  if (stats_out) *stats_out = stats;
  return worst;
}

TEST(RadauAdaptive, ProtheroRobinsonReachesExactSolution) {
  for (int s : {3, 5, 7}) {
    radau_stats stats;
    const double error = max_error_against_exact<prothero_robinson_problem>(s, 1e-9, &stats);
    EXPECT_LT(error, 1e-8) << "s=" << s;
    EXPECT_GT(stats.accepted, 10u);
    EXPECT_GT(stats.lu_decompositions, 0u);
    EXPECT_GT(stats.jacobian_evaluations, 0u);
  }
  EXPECT_LT(max_error_against_exact<prothero_robinson_problem>(5, mp50("1e-24")), mp50("1e-23"));
}

TEST(RadauAdaptive, StiffSpringReachesExactSolution) {
  for (int s : {3, 5}) EXPECT_LT(max_error_against_exact<stiff_spring_problem>(s, 1e-9), 1e-8) << "s=" << s;
  EXPECT_LT(max_error_against_exact<stiff_spring_problem>(7, float128("1e-24")), float128("1e-23"));
}

// Stiff spring: the step size is set by accuracy on the slow mode, not stability of the fast one
// (explicit methods would need h < 2.8e-5, i.e. ~3.6e5 steps over [0, 10]).
TEST(RadauAdaptive, StiffSpringNeedsFewStepsDespiteStiffness) {
  radau_stats stats;
  max_error_against_exact<stiff_spring_problem>(5, 1e-8, &stats);
  EXPECT_LT(stats.accepted + stats.rejected, 1000u);
}

TEST(RadauAdaptive, FiniteDifferenceJacobianWhenNoneIsGiven) {
  static const problem_info info = prothero_robinson_problem::info();
  const auto p = prothero_robinson_problem::make<double>(&info);
  std::vector<double> y = p.y0;
  radau_options<double> options;
  options.rtol = options.atol = 1e-9;
  const auto stats = integrate_radau(radau_method(5), p.rhs, nullptr, p.t0, p.t_end, y, options);
  EXPECT_NEAR(y[0], std::sin(10.0), 1e-8);
  EXPECT_GT(stats.jacobian_evaluations, 0u);
  // Each finite-difference Jacobian costs n = 1 extra evaluation on top of the Newton ones.
  EXPECT_GE(stats.rhs_evaluations, stats.newton_iterations * 5 + stats.jacobian_evaluations);
}

// radau.f's NIT for NS = 1, 3, 5, 7 stages (NIT1 - 3, NIT1, NIT1 + 5, NIT1 + 10 with NIT1 = 7).
TEST(RadauAdaptive, NewtonIterationLimitIsRadausPerStageCount) {
  EXPECT_EQ(radau_detail::default_newton_iterations(1), 4);
  EXPECT_EQ(radau_detail::default_newton_iterations(3), 7);
  EXPECT_EQ(radau_detail::default_newton_iterations(5), 12);
  EXPECT_EQ(radau_detail::default_newton_iterations(7), 17);
}

TEST(RadauAdaptive, RejectsBadOutputTimesAndTolerances) {
  std::vector<double> y = {1.0};
  auto f = [](const double&, const std::vector<double>& x, std::vector<double>& dx) { dx[0] = -x[0]; };
  radau_options<double> options;
  EXPECT_THROW(integrate_radau(radau_method(3), f, nullptr, 0.0, std::vector<double>{1.0, 0.5}, y, options),
               std::invalid_argument);
  options.atol = 0;
  EXPECT_THROW(integrate_radau(radau_method(3), f, nullptr, 0.0, 1.0, y, options), std::invalid_argument);
}

TEST(RadauAdaptive, StepCountLimitIsReportedNotHung) {
  std::vector<double> y = {1.0};
  auto f = [](const double&, const std::vector<double>& x, std::vector<double>& dx) { dx[0] = -x[0]; };
  radau_options<double> options;
  options.rtol = options.atol = 1e-12;
  options.max_steps = 3;
  EXPECT_THROW(integrate_radau(radau_method(3), f, nullptr, 0.0, 100.0, y, options), integration_failure);
}

// y' = y^2 cos t, y(0) = 1/2: y = 1/(2 - sin t); nonlinear and non-autonomous, not stiff.
// (Not y' = -2 t y^2: its reciprocal solves the quadrature z' = 2t, and the 5-stage method then
// shows order 12 at every end point, hiding the order being measured.)
template <class T>
T fixed_step_error(int stages, std::uint64_t steps) {
  auto f = [](const T& t, const std::vector<T>& y, std::vector<T>& dy) {
    using std::cos;
    dy[0] = y[0] * y[0] * cos(t);
  };
  auto jac = [](const T& t, const std::vector<T>& y, std::vector<T>& j) {
    using std::cos;
    j.assign(1, 2 * y[0] * cos(t));
  };
  std::vector<T> y = {T(1) / 2};
  const orderly::radau_coefficients& hp = orderly::radau_iia_coefficients(stages);
  integrate_implicit_rk_fixed(f, jac, T(0), T(1), y, steps, orderly::to_numeric<T>(hp.a, hp.b, hp.c));
  using std::abs;
  using std::sin;
  return abs(y[0] - 1 / (2 - sin(T(1))));
}

template <class T>
std::vector<double> observed_orders(int stages, const std::vector<std::uint64_t>& steps) {
  std::vector<double> orders;
  for (std::size_t k = 1; k < steps.size(); ++k) {
    using std::log;
    const T ratio = fixed_step_error<T>(stages, steps[k - 1]) / fixed_step_error<T>(stages, steps[k]);
    orders.push_back(static_cast<double>(log(ratio) / log(T(steps[k]) / T(steps[k - 1]))));
  }
  return orders;
}

TEST(RadauFixedStep, ThreeStagesConvergeWithOrderFive) {
  // h = 1/16, 1/32, 1/64: errors ~2e-10 .. 2e-13, well above double round-off.
  for (double order : observed_orders<double>(3, {16, 32, 64})) EXPECT_NEAR(order, 5.0, 0.2);
}

TEST(RadauFixedStep, FiveStagesConvergeWithOrderNine) {
  // float128 so that errors ~4e-19 .. 2e-24 stay above round-off.
  for (double order : observed_orders<float128>(5, {16, 32, 64})) EXPECT_NEAR(order, 9.0, 0.3);
}

}  // namespace
}  // namespace orderly
