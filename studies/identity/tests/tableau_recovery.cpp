// Tableau recovery on steppers written as their authors write them (stages by hand, no table),
// against coefficients known from the methods' papers, and on steppers that are not explicit
// Runge-Kutta methods, which must be said to be so.
#include <orderly/analysis/rational_recognition.hpp>
#include <orderly/method_identity_json.hpp>
#include <orderly/published_nystrom.hpp>
#include <orderly/tableau_recovery.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

using orderly::exact;
using orderly::state_of;
using orderly::user_rhs;
using orderly::user_stepper;
using state = state_of<double>;

state axpy(const state& y, double a, const state& k) {
  state out = y;
  for (std::size_t i = 0; i < y.size(); ++i) out[i] += a * k[i];
  return out;
}

// Classical RK4 as game code writes it: derivatives by hand, the time argument at each sample.
state game_rk4(const user_rhs& f, double t, state y, double dt) {
  const state a = f(t, y);
  const state b = f(t + dt * 0.5, axpy(y, dt * 0.5, a));
  const state c = f(t + dt * 0.5, axpy(y, dt * 0.5, b));
  const state d = f(t + dt, axpy(y, dt, c));
  for (std::size_t i = 0; i < y.size(); ++i) y[i] += 1.0 / 6.0 * dt * (a[i] + 2.0 * (b[i] + c[i]) + d[i]);
  return y;
}

// The seed article's simplified RK4: every stage samples the force at the step's start t.
state simplified_rk4(const user_rhs& f, double t, state y, double dt) {
  const state a = f(t, y);
  const state b = f(t, axpy(y, dt * 0.5, a));
  const state c = f(t, axpy(y, dt * 0.5, b));
  const state d = f(t, axpy(y, dt, c));
  for (std::size_t i = 0; i < y.size(); ++i) y[i] += 1.0 / 6.0 * dt * (a[i] + 2.0 * (b[i] + c[i]) + d[i]);
  return y;
}

// Dormand-Prince 5(4) with its estimate, the weights typed from Dormand and Prince (1980),
// Table 2; bhat7 is the last weight of the 4th-order solution, 1/40 there.
orderly::step_with_estimate dopri5(const user_rhs& f, double t, state y, double h, double bhat7) {
  const state k1 = f(t, y);
  const state k2 = f(t + h / 5, axpy(y, h / 5, k1));
  state s = y;
  for (std::size_t i = 0; i < y.size(); ++i) s[i] = y[i] + h * (3.0 / 40 * k1[i] + 9.0 / 40 * k2[i]);
  const state k3 = f(t + 3 * h / 10, s);
  for (std::size_t i = 0; i < y.size(); ++i)
    s[i] = y[i] + h * (44.0 / 45 * k1[i] - 56.0 / 15 * k2[i] + 32.0 / 9 * k3[i]);
  const state k4 = f(t + 4 * h / 5, s);
  for (std::size_t i = 0; i < y.size(); ++i)
    s[i] = y[i] + h * (19372.0 / 6561 * k1[i] - 25360.0 / 2187 * k2[i] + 64448.0 / 6561 * k3[i] - 212.0 / 729 * k4[i]);
  const state k5 = f(t + 8 * h / 9, s);
  for (std::size_t i = 0; i < y.size(); ++i)
    s[i] = y[i] + h * (9017.0 / 3168 * k1[i] - 355.0 / 33 * k2[i] + 46732.0 / 5247 * k3[i] + 49.0 / 176 * k4[i] -
                       5103.0 / 18656 * k5[i]);
  const state k6 = f(t + h, s);
  state next = y;
  for (std::size_t i = 0; i < y.size(); ++i)
    next[i] = y[i] + h * (35.0 / 384 * k1[i] + 500.0 / 1113 * k3[i] + 125.0 / 192 * k4[i] - 2187.0 / 6784 * k5[i] +
                          11.0 / 84 * k6[i]);
  const state k7 = f(t + h, next);
  state error(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) {
    const double low = y[i] + h * (5179.0 / 57600 * k1[i] + 7571.0 / 16695 * k3[i] + 393.0 / 640 * k4[i] -
                                   92097.0 / 339200 * k5[i] + 187.0 / 2100 * k6[i] + bhat7 * k7[i]);
    error[i] = next[i] - low;
  }
  return {next, error};
}

user_stepper dopri5_stepper(double bhat7) {
  user_stepper s{.name = "dopri5", .declared_order = 5};
  s.step = [bhat7](const user_rhs& f, double t, state y, double h) { return dopri5(f, t, std::move(y), h, bhat7).y; };
  s.step_with_error = [bhat7](const user_rhs& f, double t, state y, double h) {
    return dopri5(f, t, std::move(y), h, bhat7);
  };
  s.error_estimate_order = 4;
  return s;
}

nlohmann::json identity_of(const user_stepper& s) { return to_json(orderly::stepper_identity(s)); }

TEST(RationalRecognition, RecognisesQuotientsAndRefusesIrrationals) {
  // Each double is the correct rounding of the rational; the bound is four of its units.
  const double x = 1932.0 / 2197;
  ASSERT_TRUE(orderly::recognise_rational(x, orderly::rounding_bound(x)));
  EXPECT_EQ(*orderly::recognise_rational(x, orderly::rounding_bound(x)), exact(1932) / 2197);
  const double y = -17253.0 / 339200;
  EXPECT_EQ(*orderly::recognise_rational(y, orderly::rounding_bound(y)), exact(-17253) / 339200);
  // sqrt(2) / 2 and pi / 4: no rational with a denominator below the acceptance limit lies within
  // four units of their doubles.
  EXPECT_FALSE(orderly::recognise_rational(std::sqrt(2.0) / 2, orderly::rounding_bound(std::sqrt(2.0) / 2)));
  EXPECT_FALSE(orderly::recognise_rational(std::atan(1.0), orderly::rounding_bound(std::atan(1.0))));
  EXPECT_EQ(orderly::simplest_rational_between(exact(3) / 10, exact(4) / 10), exact(1) / 3);
  EXPECT_EQ(orderly::simplest_rational_between(exact(-7) / 10, exact(-6) / 10), exact(-2) / 3);
}

TEST(TableauRecovery, ReadsClassicalRk4WrittenAsGameCode) {
  const user_stepper s{.name = "game rk4", .declared_order = 4, .step = game_rk4};
  const auto r = orderly::recover_tableau(s);
  ASSERT_TRUE(r.method) << r.not_runge_kutta;
  ASSERT_EQ(r.method->evaluations, 4);
  EXPECT_TRUE(r.method->all_rational());
  const std::vector<exact> c{0, exact(1) / 2, exact(1) / 2, 1},
      b{exact(1) / 6, exact(1) / 3, exact(1) / 3, exact(1) / 6};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(*r.method->c[static_cast<std::size_t>(i)].rational, c[static_cast<std::size_t>(i)]);
    EXPECT_EQ(*r.method->b[static_cast<std::size_t>(i)].rational, b[static_cast<std::size_t>(i)]);
  }
  EXPECT_EQ(*r.method->a[2][1].rational, exact(1) / 2);
  EXPECT_EQ(*r.method->a[3][2].rational, exact(1));
  EXPECT_EQ(*r.method->a[3][1].rational, exact(0));
  const auto id = identity_of(s)["identity"];
  ASSERT_FALSE(id["match"].is_null()) << id.dump(2);
  EXPECT_EQ(id["match"]["method"], orderly::find_published_method("rk4")->tableau.name);
}

TEST(TableauRecovery, NamesTheSeedArticlesNodesAndWhatTheyBreak) {
  const user_stepper s{.name = "simplified rk4", .declared_order = 4, .step = simplified_rk4};
  const auto id = identity_of(s)["identity"];
  ASSERT_TRUE(id["match"].is_null());
  const auto& nearest = id["nearest"][0];
  EXPECT_EQ(nearest["method"], orderly::find_published_method("rk4")->tableau.name);
  std::vector<std::string> labels;
  for (const auto& d : nearest["differences"]) labels.push_back(d["coefficient"]);
  EXPECT_EQ(labels, (std::vector<std::string>{"c_2", "c_3", "c_4"}));
  const auto& effects = nearest["effects"];
  EXPECT_TRUE(effects["only_nodes_differ"].get<bool>());
  EXPECT_EQ(effects["order"]["given"], 4);  // autonomous problems see RK4
  // With every c_i = 0, sum b_i c_i = 0 against 1/2: order 1 on y' = f(t, y).
  EXPECT_EQ(effects["nonautonomous_order"], 1);
}

TEST(TableauRecovery, NamesOdeintsDopri5SignErrorAndTheEstimatesLostOrder) {
  const auto wrong = identity_of(dopri5_stepper(-1.0 / 40));
  ASSERT_EQ(wrong["recovery"]["kind"], "explicit Runge-Kutta");
  EXPECT_EQ(wrong["recovery"]["evaluations"], 7);
  const auto& id = wrong["identity"];
  ASSERT_TRUE(id["match"].is_null()) << id.dump(2);
  const auto& nearest = id["nearest"][0];
  EXPECT_EQ(nearest["method"], orderly::find_published_method("dopri54")->tableau.name);
  ASSERT_EQ(nearest["differences"].size(), 1u) << nearest.dump(2);
  EXPECT_EQ(nearest["differences"][0]["coefficient"], "b_hat_7");
  EXPECT_EQ(nearest["differences"][0]["given"], "-1/40");
  EXPECT_EQ(nearest["differences"][0]["published"], "1/40");
  // The propagated weights are untouched; the embedded ones sum to 1 - 2/40: not even order 1.
  EXPECT_EQ(nearest["effects"]["order"]["given"], 5);
  EXPECT_EQ(nearest["effects"]["embedded_order"]["given"], 0);
  EXPECT_EQ(nearest["effects"]["embedded_order"]["published"], 4);

  const auto right = identity_of(dopri5_stepper(1.0 / 40))["identity"];
  ASSERT_FALSE(right["match"].is_null()) << right.dump(2);
  EXPECT_TRUE(right["match"]["estimate_compared"].get<bool>());
  EXPECT_FALSE(right["match"]["estimate_sign_flipped"].get<bool>());
}

TEST(TableauRecovery, TellsAnEstimateOfTheOppositeSign) {
  auto s = dopri5_stepper(1.0 / 40);
  const auto plain = s.step_with_error;
  s.step_with_error = [plain](const user_rhs& f, double t, state y, double h) {
    auto r = plain(f, t, std::move(y), h);
    for (auto& e : r.error) e = -e;  // y_embedded - y_propagated
    return r;
  };
  const auto id = identity_of(s)["identity"];
  ASSERT_FALSE(id["match"].is_null()) << id.dump(2);
  EXPECT_TRUE(id["match"]["estimate_sign_flipped"].get<bool>());
}

TEST(TableauRecovery, SaysWhenAStepKeepsStateBetweenCalls) {
  // Two-step Adams-Bashforth, starting with Euler: its first call differs from its second.
  auto previous = std::make_shared<state>();
  const user_stepper s{
      .name = "ab2", .declared_order = 2, .step = [previous](const user_rhs& f, double t, state y, double h) {
        const state k = f(t, y);
        for (std::size_t i = 0; i < y.size(); ++i)
          y[i] += previous->size() == k.size() ? h * (1.5 * k[i] - 0.5 * (*previous)[i]) : h * k[i];
        *previous = k;
        return y;
      }};
  const auto r = orderly::recover_tableau(s);
  EXPECT_FALSE(r.method);
  EXPECT_NE(r.not_runge_kutta.find("keeps state"), std::string::npos) << r.not_runge_kutta;
}

TEST(TableauRecovery, SaysWhenAStepSolvesForItsStages) {
  // The trapezoidal rule by fixed-point iteration until the iterate stops moving.
  const user_stepper s{
      .name = "trapezoid", .declared_order = 2, .step = [](const user_rhs& f, double t, state y, double h) {
        const state k0 = f(t, y);
        state next = axpy(y, h, k0);
        for (int it = 0; it < 50; ++it) {
          const state k1 = f(t + h, next);
          state update = y;
          for (std::size_t i = 0; i < y.size(); ++i) update[i] += h / 2 * (k0[i] + k1[i]);
          if (update == next) break;
          next = update;
        }
        return next;
      }};
  const auto r = orderly::recover_tableau(s);
  EXPECT_FALSE(r.method);
  EXPECT_FALSE(r.not_runge_kutta.empty());
}

TEST(TableauRecovery, SaysWhenAStepIsNotAffineInItsEvaluations) {
  const user_stepper s{
      .name = "nonlinear", .declared_order = 1, .step = [](const user_rhs& f, double t, state y, double h) {
        const state k = f(t, y);
        for (std::size_t i = 0; i < y.size(); ++i) y[i] += h * k[i] * std::fabs(k[i]);
        return y;
      }};
  const auto r = orderly::recover_tableau(s);
  EXPECT_FALSE(r.method);
  EXPECT_NE(r.not_runge_kutta.find("affine"), std::string::npos) << r.not_runge_kutta;
}

// Separable steps: the kick-drift composition and the catalog's splitting method it is.
state semi_implicit_euler(const user_rhs& f, double t, state y, double h) {
  const std::size_t half = y.size() / 2;
  const state d = f(t, y);
  for (std::size_t i = 0; i < half; ++i) y[half + i] += h * d[half + i];
  for (std::size_t i = 0; i < half; ++i) y[i] += h * y[half + i];
  return y;
}

state velocity_verlet(const user_rhs& f, double t, state y, double h) {
  const std::size_t half = y.size() / 2;
  const state d0 = f(t, y);
  for (std::size_t i = 0; i < half; ++i) y[half + i] += h / 2 * d0[half + i];
  for (std::size_t i = 0; i < half; ++i) y[i] += h * y[half + i];
  const state d1 = f(t + h, y);
  for (std::size_t i = 0; i < half; ++i) y[half + i] += h / 2 * d1[half + i];
  return y;
}

TEST(TableauRecovery, ReadsSeparableStepsAsKickDriftCompositions) {
  const user_stepper euler{
      .name = "semi-implicit euler", .declared_order = 1, .separable = true, .step = semi_implicit_euler};
  const auto e = orderly::to_json(orderly::recover_tableau(euler));
  ASSERT_EQ(e["kind"], "separable Nystrom") << e.dump(2);
  ASSERT_TRUE(e.contains("composition")) << e.dump(2);
  EXPECT_EQ(e["composition"]["method"], "symplectic-euler-a");

  const user_stepper verlet{.name = "velocity verlet", .declared_order = 2, .separable = true, .step = velocity_verlet};
  const auto v = orderly::to_json(orderly::recover_tableau(verlet));
  ASSERT_TRUE(v.contains("composition")) << v.dump(2);
  EXPECT_EQ(v["composition"]["method"], "velocity-verlet");
  EXPECT_EQ(v["evaluations"], 2);
}

}  // namespace

namespace {

// A Nystrom step written from Bettis' published table rounded to double is named as that method.
TEST(TableauRecovery, NamesAPublishedNystromMethodExactly) {
  const auto& p = orderly::published_nystrom_methods().front();
  auto d = [](const exact& x) { return x.convert_to<double>(); };
  const user_stepper s{.name = "rkn",
                       .declared_order = p.order,
                       .separable = true,
                       .step = [&p, d](const user_rhs& f, double t, state y, double h) {
                         const std::size_t half = y.size() / 2;
                         std::vector<state> k;
                         for (int i = 0; i < p.stages(); ++i) {
                           state stage = y;
                           for (std::size_t n = 0; n < half; ++n) {
                             double sum = 0;
                             for (int j = 0; j < i; ++j)
                               sum += d(p.a_bar[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]) *
                                      k[static_cast<std::size_t>(j)][n];
                             stage[n] = y[n] + d(p.c[static_cast<std::size_t>(i)]) * h * y[half + n] + h * h * sum;
                           }
                           const state full = f(t + d(p.c[static_cast<std::size_t>(i)]) * h, stage);
                           k.emplace_back(full.begin() + static_cast<long>(half), full.end());
                         }
                         for (std::size_t n = 0; n < half; ++n) {
                           double q = 0, v = 0;
                           for (int i = 0; i < p.stages(); ++i)
                             q += d(p.b_bar[static_cast<std::size_t>(i)]) * k[static_cast<std::size_t>(i)][n],
                                 v += d(p.b[static_cast<std::size_t>(i)]) * k[static_cast<std::size_t>(i)][n];
                           y[n] += h * y[half + n] + h * h * q;
                           y[half + n] += h * v;
                         }
                         return y;
                       }};
  const auto r = orderly::to_json(orderly::recover_tableau(s));
  ASSERT_EQ(r["kind"], "separable Nystrom") << r.dump(2);
  EXPECT_TRUE(r["row_sum_violations"].empty()) << r.dump(2);
  EXPECT_EQ(r["nystrom_identity"]["method"], p.name) << r["nystrom_identity"].dump(2);
  EXPECT_TRUE(r["nystrom_identity"]["differences"].empty()) << r["nystrom_identity"].dump(2);
}

}  // namespace
