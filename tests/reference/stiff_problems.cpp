// The stiff problems: metadata, analytic Jacobians against finite differences in mp50, exact
// solutions against their own ODE, invariants against the right-hand side, right-hand sides
// against values worked out by hand from the Bari problem files, and the certification of a
// stiff reference against a closed-form solution.
#include <orderly/problems/stiff.hpp>
#include <orderly/stiff_reference.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace orderly {
namespace {

mp50 larger(const mp50& a, const mp50& b) { return a > b ? a : b; }

// A state away from y0 (so that every Jacobian entry is exercised) with components of y0's size.
template <class T>
state_of<T> probe_state(const state_of<T>& y0, int variant) {
  state_of<T> y = y0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    using std::abs;
    const T size = abs(y0[i]) > 0 ? T(abs(y0[i])) : T(1) / 1000;
    y[i] = y0[i] + size * T(int(i) + 1 + variant) / T(7 + variant);
  }
  return y;
}

template <class Problem>
void check_jacobian() {
  static const problem_info info = Problem::info();
  const auto p = Problem::template make<mp50>(&info);
  const std::size_t n = p.y0.size();
  ASSERT_TRUE(p.jacobian);
  for (int variant = 0; variant < 3; ++variant) {
    const state_of<mp50> y = variant == 0 ? p.y0 : probe_state(p.y0, variant);
    const mp50 t = p.t_end / (3 + variant);
    std::vector<mp50> analytic;
    p.jacobian(t, y, analytic);
    ASSERT_EQ(analytic.size(), n * n);
    // Central differences: truncation ~ delta^2 ~ 1e-30 relative, round-off ~ 1e-50 / 1e-15.
    state_of<mp50> plus(n), minus(n);
    for (std::size_t j = 0; j < n; ++j) {
      const mp50 delta = mp50("1e-15") * larger(abs(y[j]), mp50("1e-3"));
      state_of<mp50> yp = y, ym = y;
      yp[j] += delta;
      ym[j] -= delta;
      p.rhs(t, yp, plus);
      p.rhs(t, ym, minus);
      mp50 row_scale = 0;
      for (std::size_t k = 0; k < n; ++k) row_scale = larger(row_scale, abs(analytic[k * n + j]));
      for (std::size_t i = 0; i < n; ++i) {
        const mp50 numeric = (plus[i] - minus[i]) / (2 * delta);
        EXPECT_LT(abs(numeric - analytic[i * n + j]), mp50("1e-20") * (1 + row_scale))
            << info.name << " J(" << i << "," << j << ") variant " << variant;
      }
    }
  }
}

TEST(StiffProblems, AnalyticJacobiansMatchFiniteDifferences) {
  check_jacobian<stiff_spring_problem>();
  check_jacobian<prothero_robinson_problem>();
  check_jacobian<rober_problem>();
  check_jacobian<vdpol_problem>();
  check_jacobian<hires_problem>();
  check_jacobian<orego_problem>();
  check_jacobian<e5_problem>();
}

template <class Problem>
void check_metadata() {
  static const problem_info info = Problem::info();
  const auto p = Problem::template make<double>(&info);
  EXPECT_FALSE(info.name.empty());
  EXPECT_FALSE(info.description.empty());
  EXPECT_FALSE(info.citation.empty());
  EXPECT_TRUE(info.stiff) << info.name;
  EXPECT_TRUE(info.has_jacobian) << info.name;
  EXPECT_EQ(info.has_exact, static_cast<bool>(p.exact)) << info.name;
  EXPECT_EQ(static_cast<std::size_t>(info.dimension), p.y0.size()) << info.name;
  EXPECT_GT(p.t_end, p.t0);
  EXPECT_EQ(p.info, &info);
}

TEST(StiffProblems, MetadataIsConsistent) {
  check_metadata<stiff_spring_problem>();
  check_metadata<prothero_robinson_problem>();
  check_metadata<rober_problem>();
  check_metadata<vdpol_problem>();
  check_metadata<hires_problem>();
  check_metadata<orego_problem>();
  check_metadata<e5_problem>();
  std::vector<std::string> names;
  for (auto name : stiff_problem_names()) {
    EXPECT_TRUE(visit_stiff_problem(name, [&](auto problem) { names.push_back(decltype(problem)::info().name); }));
    EXPECT_EQ(names.back(), name);
  }
  EXPECT_FALSE(visit_stiff_problem("no-such-problem", [](auto) {}));
}

// The Bari time spans (rober.f, vdpol.f, hires.f, orego.f, e5.f), typed in as decimal strings.
TEST(StiffProblems, BariTimeSpansAndInitialValues) {
  auto span = [](auto problem) {
    using P = decltype(problem);
    static const problem_info info = P::info();
    return P::template make<mp50>(&info);
  };
  const mp50 close("1e-48");  // decimal data read at 100 digits, then rounded to mp50
  EXPECT_EQ(span(rober_problem{}).t_end, mp50("1e11"));
  EXPECT_EQ(span(vdpol_problem{}).t_end, mp50(2));
  EXPECT_LT(abs(span(hires_problem{}).t_end / (mp50(3218122) / 10000) - 1), close);
  EXPECT_EQ(span(orego_problem{}).t_end, mp50(360));
  EXPECT_EQ(span(e5_problem{}).t_end, mp50("1e13"));
  EXPECT_LT(abs(span(hires_problem{}).y0[7] / (mp50(57) / 10000) - 1), close);
  EXPECT_LT(abs(span(e5_problem{}).y0[0] / (mp50(176) / 100000) - 1), close);
  EXPECT_EQ(span(orego_problem{}).y0, (state_of<mp50>{1, 2, 3}));
  EXPECT_EQ(span(rober_problem{}).y0, (state_of<mp50>{1, 0, 0}));
  EXPECT_EQ(span(vdpol_problem{}).y0, (state_of<mp50>{2, 0}));
}

// Right-hand sides at hand-picked states, worked out by hand from the Fortran formulas.
TEST(StiffProblems, RightHandSidesMatchHandComputedValues) {
  static const problem_info hires_info = hires_problem::info();
  const auto hires = hires_problem::make<mp50>(&hires_info);
  state_of<mp50> f(8);
  hires.rhs(0, hires.y0, f);
  // y0 = (1, 0, ..., 0, 0.0057): f1 = -1.71 + 0.0007, f2 = 1.71, f6..f8 = 0.
  EXPECT_LT(abs(f[0] - mp50(-17093) / 10000), mp50("1e-48"));
  EXPECT_LT(abs(f[1] - mp50(171) / 100), mp50("1e-48"));
  for (int i = 2; i < 8; ++i) EXPECT_EQ(f[i], 0);

  static const problem_info orego_info = orego_problem::info();
  const auto orego = orego_problem::make<mp50>(&orego_info);
  state_of<mp50> g(3);
  orego.rhs(0, orego.y0, g);
  // y = (1, 2, 3): f1 = 77.27 (2 + 1 (1 - 8.375e-6 - 2)) = 77.27 (1 - 8.375e-6), f2 = (3 - 4) / 77.27,
  // f3 = 0.161 (1 - 3).
  EXPECT_LT(abs(g[0] - mp50(7727) / 100 * (1 - mp50(8375) / 1000000000)), mp50("1e-46"));
  EXPECT_LT(abs(g[1] - mp50(-100) / 7727), mp50("1e-48"));
  EXPECT_LT(abs(g[2] - mp50(-322) / 1000), mp50("1e-48"));

  static const problem_info rober_info = rober_problem::info();
  const auto rober = rober_problem::make<mp50>(&rober_info);
  state_of<mp50> r(3);
  rober.rhs(0, state_of<mp50>{mp50(1) / 2, mp50(1) / 1000, mp50(1) / 2}, r);
  // f1 = -0.02 + 1e4 * 1e-3 * 0.5 = 4.98; f3 = 3e7 * 1e-6 = 30; f2 = -f1 - f3.
  EXPECT_LT(abs(r[0] - mp50(498) / 100), mp50("1e-46"));
  EXPECT_LT(abs(r[2] - mp50(30)), mp50("1e-46"));
  EXPECT_LT(abs(r[1] + mp50(498) / 100 + 30), mp50("1e-46"));

  static const problem_info e5_info = e5_problem::info();
  const auto e5 = e5_problem::make<mp50>(&e5_info);
  state_of<mp50> e(4);
  e5.rhs(0, state_of<mp50>{mp50(1), mp50(1), mp50(1), mp50(1)}, e);
  // y = 1: f1 = -A - B, f2 = A - CM, f4 = B - C, f3 = f2 - f4.
  const mp50 A = mp50(789) / mp50("1e12"), B = mp50(11000000), CM = mp50(1130000000), C = mp50(1130);
  EXPECT_LT(abs(e[0] - (-A - B)), mp50("1e-40"));
  EXPECT_LT(abs(e[1] - (A - CM)), mp50("1e-40"));
  EXPECT_LT(abs(e[3] - (B - C)), mp50("1e-40"));
  EXPECT_LT(abs(e[2] - (A - CM - B + C)), mp50("1e-40"));

  static const problem_info vdpol_info = vdpol_problem::info();
  const auto vdpol = vdpol_problem::make<mp50>(&vdpol_info);
  state_of<mp50> v(2);
  vdpol.rhs(0, state_of<mp50>{mp50(2), mp50(1)}, v);
  // ((1 - 4) * 1 - 2) / 1e-6 = -5e6.
  EXPECT_EQ(v[0], 1);
  EXPECT_LT(abs(v[1] + mp50(5000000)), mp50("1e-40"));
}

// The exact solutions satisfy their ODE: y'(t) by central differences in mp50 equals f(t, y(t)).
template <class Problem>
void check_exact_residual() {
  static const problem_info info = Problem::info();
  const auto p = Problem::template make<mp50>(&info);
  const auto y0 = p.exact(p.t0);
  for (std::size_t i = 0; i < y0.size(); ++i) EXPECT_LT(abs(y0[i] - p.y0[i]), mp50("1e-45")) << info.name;
  const mp50 delta("1e-16");
  for (int k = 1; k <= 8; ++k) {
    // Times both inside the fast transient (~1e-5) and on the slow manifold.
    const mp50 t = k <= 3 ? mp50(k) / 100000 : p.t_end * k / 8;
    const auto plus = p.exact(t + delta), minus = p.exact(t - delta), y = p.exact(t);
    state_of<mp50> f(y.size());
    p.rhs(t, y, f);
    for (std::size_t i = 0; i < y.size(); ++i) {
      const mp50 derivative = (plus[i] - minus[i]) / (2 * delta);
      EXPECT_LT(abs(derivative - f[i]), mp50("1e-20") * (1 + abs(f[i]))) << info.name << " t=" << t << " i=" << i;
    }
  }
}

TEST(StiffProblems, ExactSolutionsSolveTheirOdes) {
  check_exact_residual<stiff_spring_problem>();
  check_exact_residual<prothero_robinson_problem>();
}

// Parameters reach the right-hand side and the closed form: a stiffer spring (k = 1e7,
// c = 1e7 + 1, roots -1 and -1e7) still has x = (l2 e^(l1 t) - l1 e^(l2 t)) / (l2 - l1).
TEST(StiffProblems, ChangedParametersChangeTheProblem) {
  problem_info info = stiff_spring_problem::info();
  for (auto& parameter : info.parameters) {
    if (parameter.name == "k") parameter.value = "1e7";
    if (parameter.name == "c") parameter.value = "10000001";
  }
  const auto p = stiff_spring_problem::make<mp50>(&info);
  const mp50 t("0.5");
  const mp50 l1 = -1, l2 = -10000000;
  const auto y = p.exact(t);
  EXPECT_LT(abs(y[0] - (l2 * exp(l1 * t) - l1 * exp(l2 * t)) / (l2 - l1)), mp50("1e-45"));
  std::vector<mp50> j;
  p.jacobian(0, p.y0, j);
  EXPECT_EQ(j[2], mp50(-10000000));
  info.parameters[1].value = "10";  // c^2 < 4k: underdamped, no closed form of this kind
  EXPECT_THROW(stiff_spring_problem::make<double>(&info), std::invalid_argument);
}

// The stiff spring really is stiff: the Jacobian's eigenvalues are -1 and -1e5.
TEST(StiffProblems, StiffSpringHasStiffnessRatio1e5) {
  static const problem_info info = stiff_spring_problem::info();
  const auto p = stiff_spring_problem::make<double>(&info);
  std::vector<double> j;
  p.jacobian(0, p.y0, j);
  const double trace = j[0] + j[3], det = j[0] * j[3] - j[1] * j[2];
  const double disc = std::sqrt(trace * trace - 4 * det);
  const double l1 = (trace + disc) / 2, l2 = (trace - disc) / 2;
  EXPECT_NEAR(l1, -1.0, 1e-9);
  EXPECT_NEAR(l2, -1e5, 1e-6);
}

// Linear invariants: the gradient of each invariant is orthogonal to f at arbitrary states.
template <class Problem>
void check_invariants_are_conserved(std::size_t expected) {
  static const problem_info info = Problem::info();
  const auto p = Problem::template make<mp50>(&info);
  ASSERT_EQ(p.invariants.size(), expected) << info.name;
  for (const auto& inv : p.invariants) {
    for (int variant = 1; variant < 4; ++variant) {
      const auto y = probe_state(p.y0, variant);
      state_of<mp50> f(y.size());
      p.rhs(0, y, f);
      // d/dt I(y) along f by a central difference of I (exact for linear invariants).
      const mp50 step("1e-20");
      state_of<mp50> yp = y, ym = y;
      for (std::size_t i = 0; i < y.size(); ++i) {
        yp[i] += step * f[i];
        ym[i] -= step * f[i];
      }
      mp50 f_scale = 0;
      for (const auto& v : f) f_scale = larger(f_scale, abs(v));
      const mp50 rate = (inv.value(0, yp) - inv.value(0, ym)) / (2 * step);
      EXPECT_LT(abs(rate), mp50("1e-25") * (1 + f_scale)) << info.name << " " << inv.name;
    }
  }
}

TEST(StiffProblems, InvariantsAreConservedByTheRightHandSide) {
  check_invariants_are_conserved<rober_problem>(1);
  check_invariants_are_conserved<hires_problem>(1);
  check_invariants_are_conserved<e5_problem>(1);
}

// Certification is honest: on a problem with a closed form, the fine reference is at least as
// accurate as the digits it claims, and the claim meets the target.
TEST(StiffReference, CertifiedDigitsAreBackedByTheExactSolution) {
  static const problem_info info = stiff_spring_problem::info();
  const auto p = stiff_spring_problem::make<mp50>(&info);
  const std::vector<mp50> times = {mp50(1) / 100000, mp50(1) / 10, mp50(1), p.t_end};
  const auto result = compute_stiff_reference<stiff_spring_problem>(times);
  ASSERT_EQ(result.states.size(), times.size());
  EXPECT_GE(result.certified_digits, 16.0);
  EXPECT_GT(result.fine_stats.accepted, 0u);
  EXPECT_GT(result.coarse_stats.accepted, 0u);
  for (std::size_t k = 0; k < times.size(); ++k) {
    const auto exact = p.exact(times[k]);
    const double true_digits = agreement_digits(exact, result.states[k], result.floor);
    EXPECT_GE(true_digits, result.digits_at_time[k]) << "t=" << times[k];
  }
}

TEST(StiffReference, AgreementDigitsDefinition) {
  const mp50 floor("1e-30");
  // Relative above the floor: 1 vs 1 + 1e-17 -> 17 digits.
  EXPECT_NEAR(agreement_digits(state_of<mp50>{mp50(1)}, state_of<mp50>{1 + mp50("1e-17")}, floor), 17.0, 1e-9);
  // Absolute (in units of the floor) below it: 1e-40 vs 0 -> 10 digits.
  EXPECT_NEAR(agreement_digits(state_of<mp50>{mp50("1e-40")}, state_of<mp50>{mp50(0)}, floor), 10.0, 1e-9);
  // The worst component decides.
  EXPECT_NEAR(
      agreement_digits(state_of<mp50>{mp50(2), mp50(3)}, state_of<mp50>{2 + mp50("2e-20"), 3 + mp50("3e-18")}, floor),
      18.0, 1e-9);
}

TEST(StiffReference, UnknownProblemIsAnError) {
  EXPECT_THROW(compute_stiff_reference("no-such-problem", {mp50(1)}), std::invalid_argument);
}

}  // namespace
}  // namespace orderly
