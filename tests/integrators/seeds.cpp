// The seed specimens: the articles' own numbers, bit-for-bit agreement with literal transcriptions
// of the articles' code, and the measured consequences of their time-argument defects.
#include <orderly/catalog.hpp>
#include <orderly/explicit_rk.hpp>
#include <orderly/seeds.hpp>
#include <orderly/tableaus/explicit_methods.hpp>

#include <boost/numeric/odeint.hpp>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace orderly {
namespace {

using fvec = std::vector<float>;

// Runs `steps` steps of a specimen from t = 0, advancing a float t by t = t + h.
fvec run(const seed_specimen& s, const rhs_function<float>& f, fvec y, float h, int steps) {
  float t = 0;
  for (int i = 0; i < steps; ++i) {
    s.step(f, t, y, h);
    t = t + h;
  }
  return y;
}

// ---------------------------------------------------------------------------------------------
// Catalog

TEST(Seeds, CatalogNamesAndEvaluationCounts) {
  const std::vector<std::string> expected = {
      "seed-euler",      "seed-semi-implicit-euler", "seed-rk4",   "seed-rk4-t-plus-half", "seed-rk4-double-dt",
      "seed-rk-generic", "seed-rk4-simplified",      "seed-rkf45", "seed-cs116b-rk4"};
  ASSERT_EQ(seed_specimens().size(), expected.size());
  for (const auto& name : expected) {
    const auto* s = find_method(name)->seed();
    ASSERT_NE(s, nullptr) << name;
    EXPECT_FALSE(s->description.empty());
    // Every call of f counts: one step of each specimen on a 2-d oscillator (n = 2).
    int calls = 0;
    rhs_function<float> f = [&](const float&, const fvec& y, fvec& d) {
      ++calls;
      d = {y[2], y[3], -y[0], -y[1]};
    };
    fvec y{1, 0, 0, 1};
    s->step(f, 0.0f, y, 0.1f);
    EXPECT_EQ(calls, s->rhs_evaluations_per_step) << name;
  }
  EXPECT_EQ(find_method("seed-nothing"), nullptr);
  // Specimens written for (position, velocity) pairs refuse a state that is not one.
  rhs_function<float> f = [](const float&, const fvec& y, fvec& d) { d.assign(y.size(), 0.0f); };
  for (const auto& s : seed_specimens()) {
    fvec odd{1, 2, 3};
    if (s.needs_second_order) {
      EXPECT_THROW(s.step(f, 0.0f, odd, 0.1f), std::invalid_argument) << s.name;
    }
  }
}

// A seed specimen is code with a citation beside the method object, not an alternative of it: its
// entry has no coefficients to visit, and a visit with a case for it does not compile.
TEST(Seeds, AreCodeNotMethodObjects) {
  for (const auto& s : seed_specimens()) {
    const auto& entry = *find_method(s.name);
    EXPECT_EQ(entry.seed(), &s) << s.name;
    EXPECT_EQ(entry.method_object(), nullptr) << s.name;
    EXPECT_FALSE(entry.has_coefficients()) << s.name;
    EXPECT_EQ(entry.tableau(), nullptr) << s.name;
    EXPECT_EQ(entry.native_scalar(), scalar_kind::float32) << s.name;
    EXPECT_THROW(entry.visit(method_visitor{
                     [](const butcher_tableau&) {},
                     [](const splitting_method&) {},
                     [](const rosenbrock_method&) {},
                 }),
                 std::logic_error)
        << s.name;
  }
  const auto& rk4 = *find_method("rk4");
  EXPECT_EQ(rk4.seed(), nullptr);
  ASSERT_NE(rk4.method_object(), nullptr);
  EXPECT_EQ(rk4.tableau()->name, "rk4");
  static_assert(!detail::takes_an_alternative<decltype([](const seed_specimen&) {}), method_definition>::value);
  static_assert(detail::takes_an_alternative<decltype([](const butcher_tableau&) {}), method_definition>::value);
}

// ---------------------------------------------------------------------------------------------
// The articles' numbers

// Constant force 10 N on 1 kg: f = (v, force / mass).
const rhs_function<float> car = [](const float&, const fvec& y, fvec& d) {
  const float force = 10, mass = 1;
  d = {y[1], force / mass};
};

TEST(Seeds, EulerCarTableAtOneSecond) {
  // 001's table, t = 1 .. 10 (state after t steps).
  const float positions[] = {0, 10, 30, 60, 100, 150, 210, 280, 360, 450};
  const auto& euler = *find_method("seed-euler")->seed();
  fvec y{0, 0};
  for (int k = 0; k < 10; ++k) {
    euler.step(car, static_cast<float>(k), y, 1.0f);
    EXPECT_EQ(y[0], positions[k]) << "t=" << k + 1;
    EXPECT_EQ(y[1], 10.0f * static_cast<float>(k + 1));
  }
  EXPECT_EQ(y[0], 450.0f);
  EXPECT_EQ(y[1], 100.0f);
}

TEST(Seeds, EulerCarTableAtOneHundredthSecond) {
  // 003 prints, at dt = 1/100 with `double t = 0.0; float dt; while (t <= 10.0)` and the state
  // printed at the top of the loop body (that is what makes its dt = 1 table end at t=10 with 450):
  const char* article[] = {
      "t=9.93:\tposition = 492.525146\tvelocity = 99.299057", "t=9.94:\tposition = 493.518127\tvelocity = 99.399055",
      "t=9.95:\tposition = 494.512115\tvelocity = 99.499054", "t=9.96:\tposition = 495.507111\tvelocity = 99.599052",
      "t=9.97:\tposition = 496.503113\tvelocity = 99.699051", "t=9.98:\tposition = 497.500092\tvelocity = 99.799049",
      "t=9.99:\tposition = 498.498077\tvelocity = 99.899048", "t=10.00:\tposition = 499.497070\tvelocity = 99.999046"};
  const auto& euler = *find_method("seed-euler")->seed();
  const float dt = 1.0f / 100.0f;
  std::vector<std::string> printed;
  fvec y{0, 0};
  int updates = 0;
  for (double t = 0.0; t <= 10.0; t += dt) {
    if (t > 9.925) {
      char line[128];
      std::snprintf(line, sizeof line, "t=%.2f:\tposition = %f\tvelocity = %f", t, y[0], y[1]);
      printed.push_back(line);
    }
    euler.step(car, static_cast<float>(t), y, dt);
    ++updates;
  }
  ASSERT_EQ(printed.size(), 8u);
  for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(printed[i], article[i]);
  // The last printed line is the state after 1000 steps; the loop performs one more update, since
  // t accumulates float(0.01) = 0.0099999998 and stays below 10 after 1000 additions.
  EXPECT_EQ(updates, 1001);

  // With 001's `float t` the same loop stops after t = 9.99: float t passes 10 after 1000 additions,
  // so the t=10.00 row can only come from the double-t version of 003.
  int float_rows_at_ten = 0;
  for (float t = 0; t <= 10; t += dt)
    if (t > 9.995f) ++float_rows_at_ten;
  EXPECT_EQ(float_rows_at_ten, 0);
}

// ---------------------------------------------------------------------------------------------
// Literal transcriptions of the articles' code (independent of the library's generalisation)

namespace article001 {
struct State {
  float x;
  float v;
};
struct Derivative {
  float dx;
  float dv;
};
// 001's spring-damper plus, for the time-argument tests, a forcing sin(t).
bool forced = false;
float acceleration(const State& state, float t) {
  const float k = 10;
  const float b = 1;
  return -k * state.x - b * state.v + (forced ? std::sin(t) : 0.0f);
}
Derivative evaluate(const State& initial, float t, float dt, const Derivative& d) {
  State state;
  state.x = initial.x + d.dx * dt;
  state.v = initial.v + d.dv * dt;
  Derivative output;
  output.dx = state.v;
  output.dv = acceleration(state, t + dt);
  return output;
}
void integrate(State& state, float t, float dt, int variant) {
  Derivative a, b, c, d;
  a = evaluate(state, t, 0.0f, Derivative());
  if (variant == 0) {  // the article body
    b = evaluate(state, t, dt * 0.5f, a);
    c = evaluate(state, t, dt * 0.5f, b);
    d = evaluate(state, t, dt, c);
  } else if (variant == 1) {  // comment 65: t+0.5f
    b = evaluate(state, t + 0.5f, dt * 0.5f, a);
    c = evaluate(state, t + 0.5f, dt * 0.5f, b);
    d = evaluate(state, t + dt, dt, c);
  } else {  // comment 38: t+dt*0.5f
    b = evaluate(state, t + dt * 0.5f, dt * 0.5f, a);
    c = evaluate(state, t + dt * 0.5f, dt * 0.5f, b);
    d = evaluate(state, t + dt, dt, c);
  }
  float dxdt = 1.0f / 6.0f * (a.dx + 2.0f * (b.dx + c.dx) + d.dx);
  float dvdt = 1.0f / 6.0f * (a.dv + 2.0f * (b.dv + c.dv) + d.dv);
  state.x = state.x + dxdt * dt;
  state.v = state.v + dvdt * dt;
}
}  // namespace article001

rhs_function<float> spring_001(bool forced) {
  return [forced](const float& t, const fvec& y, fvec& d) {
    const float k = 10;
    const float b = 1;
    d = {y[1], -k * y[0] - b * y[1] + (forced ? std::sin(t) : 0.0f)};
  };
}

TEST(Seeds, EvaluateFormRk4MatchesTheArticleBitForBit) {
  const char* names[] = {"seed-rk4", "seed-rk4-t-plus-half", "seed-rk4-double-dt"};
  for (bool forced : {false, true}) {
    article001::forced = forced;
    for (int variant = 0; variant < 3; ++variant) {
      SCOPED_TRACE(std::string(names[variant]) + (forced ? " forced" : ""));
      article001::State state{100, 0};
      fvec y{100, 0};
      const auto& s = *find_method(names[variant])->seed();
      float t = 0;
      const float dt = 0.1f;
      for (int i = 0; i < 200; ++i) {
        article001::integrate(state, t, dt, variant);
        s.step(spring_001(forced), t, y, dt);
        t = t + dt;
        ASSERT_EQ(y[0], state.x) << "step " << i;
        ASSERT_EQ(y[1], state.v) << "step " << i;
      }
    }
  }
  article001::forced = false;
}

TEST(Seeds, Cs116bMatchesTheSlideBitForBit) {
  // The slide's globals and StepSimulation, verbatim.
  float T = 1000, C = 3, M = 50, V = 0, S = 0;
  auto StepSimulation = [&](float dt) {
    float F, A, Vnew, Snew, k1, k2, k3, k4;
    F = (T - (C * V));
    A = F / M;
    k1 = dt * A;
    F = (T - (C * (V + k1 / 2)));
    A = F / M;
    k2 = dt * A;
    F = (T - (C * (V + k2 / 2)));
    A = F / M;
    k3 = dt * A;
    F = (T - (C * (V + k3)));
    A = F / M;
    k4 = dt * A;
    Vnew = V + (k1 + 2 * k2 + 2 * k3 + k4) / 6;
    Snew = S + Vnew * dt;
    V = Vnew;
    S = Snew;
  };
  rhs_function<float> thrust_drag = [&](const float&, const fvec& y, fvec& d) {
    const float F = (T - (C * y[1]));
    d = {y[1], F / M};
  };
  const auto& s = *find_method("seed-cs116b-rk4")->seed();
  fvec y{0, 0};
  float t = 0;
  for (int i = 0; i < 100; ++i) {
    StepSimulation(0.25f);
    s.step(thrust_drag, t, y, 0.25f);
    t = t + 0.25f;
    ASSERT_EQ(y[0], S) << i;
    ASSERT_EQ(y[1], V) << i;
  }
}

// ---------------------------------------------------------------------------------------------
// Accuracy: against a correct double-precision RK4 and exact solutions

TEST(Seeds, Rk4AgreesWithACorrectRk4ToFloatRounding) {
  // Autonomous damped spring of 001, 100 steps of 0.05: the float specimen against odeint's
  // runge_kutta4 in double with the same steps. Float rounding: ~1e-7 relative per operation,
  // a few hundred operations per value -> differences of order 1e-5 of the amplitude (100).
  using dvec = std::vector<double>;
  boost::numeric::odeint::runge_kutta4<dvec> rk4;
  dvec reference{100, 0};
  auto f = [](const dvec& y, dvec& d, double) { d = {y[1], -10 * y[0] - y[1]}; };
  for (int i = 0; i < 100; ++i) rk4.do_step(f, reference, i * 0.05, 0.05);
  for (const char* name :
       {"seed-rk4", "seed-rk4-simplified", "seed-rk-generic", "seed-rk4-t-plus-half", "seed-rk4-double-dt"}) {
    const auto y = run(*find_method(name)->seed(), spring_001(false), {100, 0}, 0.05f, 100);
    EXPECT_NEAR(y[0], reference[0], 1e-3) << name;
    EXPECT_NEAR(y[1], reference[1], 1e-3) << name;
  }
  // The simplified RK4 performs exactly the evaluate form's float operations.
  EXPECT_EQ(run(*find_method("seed-rk4-simplified")->seed(), spring_001(false), {100, 0}, 0.05f, 100),
            run(*find_method("seed-rk4")->seed(), spring_001(false), {100, 0}, 0.05f, 100));
}

// x'' = -x + sin t, x(0) = 1, x'(0) = 0: x = cos t + sin(t)/2 - t cos(t)/2, v = (t/2 - 1) sin t.
const rhs_function<float> forced_oscillator = [](const float& t, const fvec& y, fvec& d) {
  d = {y[1], -y[0] + std::sin(t)};
};

double forced_error(const char* name, int steps, double t_end = 2.0) {
  const float h = static_cast<float>(t_end / steps);
  const auto y = run(*find_method(name)->seed(), forced_oscillator, {1, 0}, h, steps);
  const double t = static_cast<double>(h) * steps;  // the time the float steps actually reached
  const double x = std::cos(t) + std::sin(t) / 2 - t * std::cos(t) / 2;
  const double v = (t / 2 - 1) * std::sin(t);
  return std::hypot(y[0] - x, y[1] - v);
}

TEST(Seeds, TimeArgumentDefectsDestroyTheOrder) {
  // Expectation, from the quadrature part y' = g(t) of the forcing: one step adds
  //   correct RK4:  h/6 (g(t) + 4 g(t + h/2) + g(t + h))         = integral + O(h^5)
  //   double-dt:    h/6 (g(t) + 4 g(t + h) + g(t + 2h))          = integral + h^2/2 g' + ...
  //                 -> local O(h^2), global O(h): halving h halves the error (ratio 2)
  //   t+0.5f:       h/6 (g(t) + 4 g(t + 0.5 + h/2) + g(t + 2h))  -> h (g(t)/3 + 2 g(t + 0.5)/3) + O(h^2)
  //                 -> it integrates a different equation; the error tends to a constant (ratio 1)
  //   simplified:   h g(t)                                       -> global O(h) (ratio 2)
  //   generic:      samples g(C_i h) near 0 whatever t is        -> a different equation (ratio 1)
  struct expectation {
    const char* name;
    double order;
  };
  for (const auto& e : {expectation{"seed-rk4-double-dt", 1.0}, expectation{"seed-rk4-t-plus-half", 0.0},
                        expectation{"seed-rk4-simplified", 1.0}, expectation{"seed-rk-generic", 0.0}}) {
    const double coarse = forced_error(e.name, 40), fine = forced_error(e.name, 80), finer = forced_error(e.name, 160);
    EXPECT_NEAR(std::log2(coarse / fine), e.order, 0.25) << e.name << ": " << coarse << " " << fine;
    EXPECT_NEAR(std::log2(fine / finer), e.order, 0.25) << e.name << ": " << fine << " " << finer;
    // And far from the correct RK4 at the same step.
    EXPECT_GT(fine, 100 * forced_error("seed-rk4", 80)) << e.name;
  }
  // The correct evaluate form is fourth order until float rounding takes over: from 10 to 20 steps
  // the error falls by ~2^4.
  EXPECT_NEAR(std::log2(forced_error("seed-rk4", 10) / forced_error("seed-rk4", 20)), 4.0, 0.3);
}

// One step of x'' = -x from (1, 0) with h = 1/8 (exact in float) by every specimen that declares an
// equivalent method (the member `declared` names it), against that method's step in closed form, to
// a few float roundings of values of size 1; `of_the_right_kind` checks the named method. Returns
// how many specimens declare one.
constexpr double oscillator_step = 0.125;
using closed_form_steps = std::map<std::string, std::array<double, 2>>;

int expect_declared_equivalents(std::string seed_specimen::*declared, const closed_form_steps& closed_form,
                                bool (*of_the_right_kind)(const method_entry&)) {
  const rhs_function<float> oscillator = [](const float&, const fvec& y, fvec& d) { d = {y[1], -y[0]}; };
  const double float_rounding = 8 * std::numeric_limits<float>::epsilon();
  int count = 0;
  for (const auto& s : seed_specimens()) {
    const std::string& name = s.*declared;
    if (name.empty()) continue;
    SCOPED_TRACE(s.name);
    ++count;
    const auto* equivalent = find_method(name);
    EXPECT_TRUE(equivalent != nullptr && of_the_right_kind(*equivalent)) << name;
    const auto& expected = closed_form.at(name);
    const auto y = run(s, oscillator, {1, 0}, static_cast<float>(oscillator_step), 1);
    EXPECT_NEAR(y[0], expected[0], float_rounding);
    EXPECT_NEAR(y[1], expected[1], float_rounding);
  }
  return count;
}

// What a specimen declares it computes on an autonomous problem holds. The step of a method with
// stability function R is R(h J), J = [[0, 1], [-1, 0]], J^2 = -I; applied to (1, 0): x = even part
// of R(ih), v = -(odd part of R(ih)) / i. Explicit Euler, R = 1 + z: (1, -h). Classical RK4,
// R = 1 + z + z^2/2 + z^3/6 + z^4/24: (1 - h^2/2 + h^4/24, -(h - h^3/6)). Fehlberg's fourth-order
// weights: R = 1 + z + ... + z^4/24 + z^5/104, where 1/104 = b^T A^4 e, computed by hand in exact
// rationals from Fehlberg's coefficients (Hairer-Norsett-Wanner I, Table II.5.1):
// (1 - h^2/2 + h^4/24, -(h - h^3/6 + h^5/104)).
TEST(Seeds, DeclaredAutonomousEquivalentsHoldOnTheHarmonicOscillator) {
  const double h = oscillator_step;
  const closed_form_steps closed_form = {
      {"euler", {1, -h}},
      {"rk4", {1 - h * h / 2 + h * h * h * h / 24, -(h - h * h * h / 6)}},
      {"rkf45", {1 - h * h / 2 + h * h * h * h / 24, -(h - h * h * h / 6 + h * h * h * h * h / 104)}}};
  const int declared = expect_declared_equivalents(&seed_specimen::autonomous_equivalent, closed_form,
                                                   [](const method_entry&) { return true; });
  EXPECT_EQ(declared, 7);  // all but semi-implicit Euler (its own update) and CS-116B (frozen position)
}

// Symplectic Euler A (kick, then drift) on q'' = -q from (1, 0), by hand: p1 = -h, q1 = 1 + h p1.
TEST(Seeds, DeclaredSeparableEquivalentsHoldOnTheHarmonicOscillator) {
  const double h = oscillator_step;
  const int declared =
      expect_declared_equivalents(&seed_specimen::separable_equivalent, {{"symplectic-euler-a", {1 - h * h, -h}}},
                                  [](const method_entry& m) { return m.splitting() != nullptr; });
  EXPECT_EQ(declared, 2);  // semi-implicit Euler and CS-116B, the two without an autonomous equivalent
}

TEST(Seeds, GenericEqualsRk4OnlyForAutonomousForces) {
  const auto autonomous_generic = run(*find_method("seed-rk-generic")->seed(), spring_001(false), {100, 0}, 0.05f, 100);
  const auto autonomous_rk4 = run(*find_method("seed-rk4")->seed(), spring_001(false), {100, 0}, 0.05f, 100);
  EXPECT_NEAR(autonomous_generic[0], autonomous_rk4[0], 1e-3);
  EXPECT_NEAR(autonomous_generic[1], autonomous_rk4[1], 1e-3);
  const auto forced_generic = run(*find_method("seed-rk-generic")->seed(), forced_oscillator, {1, 0}, 0.05f, 40);
  const auto forced_rk4 = run(*find_method("seed-rk4")->seed(), forced_oscillator, {1, 0}, 0.05f, 40);
  EXPECT_GT(std::abs(forced_generic[0] - forced_rk4[0]) + std::abs(forced_generic[1] - forced_rk4[1]), 0.1);
}

TEST(Seeds, Rkf45IsFehlbergsPairInFloat) {
  // Against the library's exact-rational Fehlberg 4(5) tableau in double (explicit_rk, fourth-order
  // weights propagated): the article's float constants (9.0/32.0f, A52 = -8.0f, ...) are Fehlberg's,
  // so solutions agree to float rounding and the article's error output order5.pos - order4.pos is
  // minus explicit_rk's (propagated - embedded) estimate. Autonomous problem, so the stage-time
  // defect does not show.
  using dvec = std::vector<double>;
  const auto* tableau = find_method("rkf45")->tableau();
  ASSERT_NE(tableau, nullptr);
  explicit_rk<dvec> fehlberg(*tableau);
  auto spring = [](double, const dvec& y, dvec& d) { d = {y[1], -10 * y[0] - y[1]}; };
  const auto& s = *find_method("seed-rkf45")->seed();

  // One step of 0.2 from (1, 0): estimate ~ 1e-4, float noise in a difference of two O(1) floats
  // ~ 1e-7.
  dvec reference{1, 0}, reference_error;
  fehlberg.step(spring, 0.0, reference, 0.2, reference_error);
  fvec y{1, 0}, error;
  s.step_with_error(spring_001(false), 0.0f, y, 0.2f, error);
  ASSERT_EQ(error.size(), 1u);
  EXPECT_GT(std::abs(reference_error[0]), 1e-5);
  EXPECT_NEAR(error[0], -reference_error[0], 1e-6);
  EXPECT_NEAR(y[0], reference[0], 1e-6);
  EXPECT_NEAR(y[1], reference[1], 1e-5);

  // A run of 100 steps of 0.05 from (100, 0).
  dvec long_run{100, 0};
  for (int i = 0; i < 100; ++i) fehlberg.step(spring, i * 0.05, long_run, 0.05);
  const auto float_run = run(s, spring_001(false), {100, 0}, 0.05f, 100);
  EXPECT_NEAR(float_run[0], long_run[0], 1e-3);
  EXPECT_NEAR(float_run[1], long_run[1], 1e-3);
}

TEST(Seeds, SemiImplicitEulerKeepsTheOscillatorsEnergyBounded) {
  // 003: undamped oscillator at dt = 0.1: semi-implicit Euler's energy oscillates (modified
  // energy x^2 + v^2 - dt x v is conserved, so E stays within a factor 1 +- dt/2), explicit
  // Euler's grows by (1 + dt^2) per step.
  rhs_function<float> oscillator = [](const float&, const fvec& y, fvec& d) { d = {y[1], -y[0]}; };
  const auto semi = run(*find_method("seed-semi-implicit-euler")->seed(), oscillator, {1, 0}, 0.1f, 900);
  const auto expl = run(*find_method("seed-euler")->seed(), oscillator, {1, 0}, 0.1f, 900);
  const double e_semi = semi[0] * semi[0] + semi[1] * semi[1], e_expl = expl[0] * expl[0] + expl[1] * expl[1];
  EXPECT_LT(std::abs(e_semi - 1), 0.1 / (1 - 0.05) + 1e-4);
  EXPECT_NEAR(e_expl, std::pow(1.01, 900), 0.01 * std::pow(1.01, 900));
}

}  // namespace
}  // namespace orderly
