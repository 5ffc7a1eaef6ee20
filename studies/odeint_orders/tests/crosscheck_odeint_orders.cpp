// odeint's steppers under the convergence study: textbook orders (Euler 1, classical RK4 4,
// Fehlberg 7(8) propagating 8) are measured for odeint's implementations, and a stepper driven in
// a way that cannot converge is flagged as a mismatch (the check can fail).
#include <orderly/odeint_orders.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

namespace {

const orderly::odeint_orders& all() {
  static const auto measured = orderly::run_odeint_orders();
  return measured;
}

const orderly::odeint_order_result& find(const std::string& stepper, const std::string& call_prefix) {
  for (const auto& r : all().fixed_step)
    if (r.stepper == stepper && r.call.rfind(call_prefix, 0) == 0) return r;
  throw std::runtime_error("no row " + stepper + " " + call_prefix);
}

TEST(OdeintOrders, TextbookOrdersAreMeasured) {
  for (const auto& [name, order] :
       {std::pair{"euler", 1}, std::pair{"runge_kutta4", 4}, std::pair{"runge_kutta_fehlberg78", 8}}) {
    const auto& r = find(name, "do_step(sys, x");
    ASSERT_TRUE(r.measured.fit.found) << name;
    EXPECT_NEAR(r.measured.fit.order, order, 0.3) << name;
    EXPECT_EQ(r.verdict, orderly::odeint_verdict::matches) << name;
  }
}

TEST(OdeintOrders, AllCallFormsOfRk4Agree) {
  const double in_place = find("runge_kutta4", "do_step(sys, x").measured.fit.order;
  EXPECT_DOUBLE_EQ(find("runge_kutta4", "do_step(sys, in").measured.fit.order, in_place);
  EXPECT_DOUBLE_EQ(find("runge_kutta4", "integrate_n_steps").measured.fit.order, in_place);
  EXPECT_NEAR(find("runge_kutta4", "integrate_const").measured.fit.order, in_place, 0.05);
}

TEST(OdeintOrders, NonConvergingCallIsFlagged) {
  // extrapolation_stepper's in-place do_step aliases its input and output: no convergence.
  EXPECT_EQ(find("extrapolation_stepper<4>", "do_step(sys, x").verdict, orderly::odeint_verdict::mismatch);
  EXPECT_EQ(find("extrapolation_stepper<4>", "do_step(sys, in").verdict, orderly::odeint_verdict::matches);
}

// rosenbrock4 declares order 4; on the gate's non-autonomous problem its d4 of the wrong sign puts
// an O(h^2) term in the local error (d multiplies h df/dt inside a stage scaled by gamma h), so the
// global error is first order. Theory says 1; the measurement must say so and flag it.
TEST(OdeintOrders, Rosenbrock4IsFirstOrderWhereDfDtIsNotZero) {
  const auto& r = find("rosenbrock4", "do_step(sys, x");
  ASSERT_TRUE(r.measured.fit.found);
  EXPECT_EQ(r.order_value, 4);
  EXPECT_NEAR(r.measured.fit.order, 1.0, 0.2);
  EXPECT_EQ(r.verdict, orderly::odeint_verdict::mismatch);
  // Odeint's stepper with RODAS's d4 is fourth order on the same grids: the sign is the cause.
  const auto& rodas = find("rosenbrock4<d4 = -0.0362 (RODAS)>", "do_step(sys, x");
  EXPECT_NEAR(rodas.measured.fit.order, 4.0, 0.2);
  EXPECT_EQ(rodas.verdict, orderly::odeint_verdict::matches);
}

// Dense output read mid-step: euler's linear interpolant is first order; runge_kutta_dopri5's
// continuous extension is Hairer's of order 4 (local interpolation error O(h^5)), so the error at
// t_end stays O(h^5), the method's own global order; rosenbrock4's carries its d4 defect.
TEST(OdeintOrders, DenseOutputInterpolantsAreMeasuredMidStep) {
  const auto& euler = find("dense_output_runge_kutta<euler>", "integrate_times");
  EXPECT_NEAR(euler.measured.fit.order, 1.0, 0.2);
  EXPECT_EQ(euler.verdict, orderly::odeint_verdict::matches);
  const auto& dopri = find("dense_output_runge_kutta<controlled dopri5>", "integrate_times");
  EXPECT_NEAR(dopri.measured.fit.order, 5.0, 0.3);
  EXPECT_EQ(dopri.verdict, orderly::odeint_verdict::matches);
  EXPECT_EQ(find("rosenbrock4_dense_output", "integrate_times").verdict, orderly::odeint_verdict::mismatch);
}

// error_order_value is the order of the embedded solution out - xerr: 4 for the Cash-Karp and
// Dormand-Prince pairs, 7 for Fehlberg 7(8) (measured in long double: double's window reaches
// round-off before its slopes settle), and the previous extrapolation level (2 for
// extrapolation_stepper<4>).
TEST(OdeintOrders, EmbeddedSolutionsHaveTheDeclaredErrorOrder) {
  for (const auto& [name, order] : {std::pair{"runge_kutta_cash_karp54", 4}, std::pair{"runge_kutta_dopri5", 4},
                                    std::pair{"runge_kutta_fehlberg78", 7}, std::pair{"extrapolation_stepper<4>", 2}}) {
    const auto& r = find(name, "do_step(sys, in, t, out, dt, xerr)");
    ASSERT_TRUE(r.measured.fit.found) << name;
    EXPECT_EQ(r.judged_against, "error_order_value") << name;
    EXPECT_NEAR(r.measured.fit.order, order, 0.2) << name;
    EXPECT_EQ(r.verdict, orderly::odeint_verdict::matches) << name;
  }
  EXPECT_EQ(find("runge_kutta_fehlberg78", "do_step(sys, in, t, out, dt, xerr)").scalar, "long double");
}

const orderly::odeint_tolerance_result& swept(const std::string& stepper) {
  for (const auto& r : all().tolerance_driven)
    if (r.stepper == stepper) return r;
  throw std::runtime_error("no tolerance-driven row " + stepper);
}

// A controlled stepper of order p whose steps follow the tolerance has error ~ N^-p in its
// evaluations N: dopri5 5; odeint's rosenbrock4 controller stays first order whatever it spends
// (its error estimate shares the d4 defect), and recovers 4 with RODAS's d4.
TEST(OdeintOrders, ToleranceDrivenSteppersHaveTheirEffectiveOrder) {
  const auto& dopri = swept("controlled runge_kutta_dopri5");
  ASSERT_TRUE(dopri.effective.found);
  EXPECT_NEAR(dopri.effective.order, 5.0, 0.5);
  EXPECT_EQ(dopri.verdict, orderly::odeint_verdict::matches);
  const auto& rosenbrock = swept("rosenbrock4_controller");
  EXPECT_NEAR(rosenbrock.effective.order, 1.0, 0.2);
  EXPECT_EQ(rosenbrock.verdict, orderly::odeint_verdict::mismatch);
  const auto& rodas = swept("rosenbrock4_controller<d4 = -0.0362 (RODAS)>");
  EXPECT_NEAR(rodas.effective.order, 4.0, 0.5);
  EXPECT_EQ(rodas.verdict, orderly::odeint_verdict::matches);
  // Bulirsch-Stoer declares no order: its slope is reported, never judged.
  EXPECT_EQ(swept("bulirsch_stoer").verdict, orderly::odeint_verdict::no_declared_order);
}

}  // namespace

namespace {

std::vector<const orderly::odeint_order_result*> rows_of(const std::string& stepper) {
  std::vector<const orderly::odeint_order_result*> rows;
  for (const auto& r : all().fixed_step)
    if (r.stepper == stepper) rows.push_back(&r);
  return rows;
}

// Stormer-Verlet (velocity Verlet) is of order 2 (Hairer, Lubich, Wanner, Geometric Numerical
// Integration, 2nd ed. 2006, Sect. I.1.4) where the acceleration does not read the velocity; odeint
// declares order_value = 1, so every calling form on the gate problem must measure 2 and be
// flagged. Where the acceleration reads v, odeint's do_step passes the start-of-step velocity (an
// O(h) error in an argument weighted by h/2: local error O(h^2)), and the order is 1, as declared.
TEST(OdeintOrders, VelocityVerletIsSecondOrderAndItsDeclarationIsFlagged) {
  const auto rows = rows_of("velocity_verlet");
  ASSERT_EQ(rows.size(), 4u);  // pair state, explicit acceleration, integrate_n_steps; damped spring
  for (const auto* r : rows) {
    ASSERT_TRUE(r->measured.fit.found) << r->call;
    EXPECT_EQ(r->order_value, 1) << r->call;
    if (r->problem == "forced-duffing") {
      EXPECT_NEAR(r->measured.fit.order, 2.0, 0.1) << r->call;
      EXPECT_EQ(r->verdict, orderly::odeint_verdict::mismatch) << r->call;
    } else {
      EXPECT_EQ(r->problem, "spring-damper-10");
      EXPECT_NEAR(r->measured.fit.order, 1.0, 0.15) << r->call;
      EXPECT_EQ(r->verdict, orderly::odeint_verdict::matches) << r->call;
    }
  }
}

// Symplectic Euler is of order 1 (HLW, Sect. I.1.2); McLachlan's symmetric compositions SB3A with
// five and six stages are of order 4 (R. I. McLachlan, SIAM J. Sci. Comput. 16 (1995) 151-168).
// Each is measured in the five calling forms odeint documents, on an autonomous problem, as odeint's
// symplectic interface passes no time.
TEST(OdeintOrders, SymplecticSteppersHaveTheirOrderInEveryCallingForm) {
  for (const auto& [name, order] : {std::pair{"symplectic_euler", 1}, std::pair{"symplectic_rkn_sb3a_mclachlan", 4},
                                    std::pair{"symplectic_rkn_sb3a_m4_mclachlan", 4}}) {
    const auto rows = rows_of(name);
    ASSERT_EQ(rows.size(), 5u) << name;
    for (const auto* r : rows) {
      ASSERT_TRUE(r->measured.fit.found) << name << " " << r->call;
      EXPECT_EQ(r->problem, "pendulum") << name;
      EXPECT_NE(r->problem_note.find("autonomous"), std::string::npos) << name;
      EXPECT_NEAR(r->measured.fit.order, order, 0.1) << name << " " << r->call;
      EXPECT_EQ(r->verdict, orderly::odeint_verdict::matches) << name << " " << r->call;
    }
  }
}

// implicit_euler declares no order; the backward Euler method is of order 1.
TEST(OdeintOrders, ImplicitEulerIsFirstOrderAndDeclaresNone) {
  const auto rows = rows_of("implicit_euler");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0]->order_value.has_value());
  ASSERT_TRUE(rows[0]->measured.fit.found);
  EXPECT_NEAR(rows[0]->measured.fit.order, 1.0, 0.15);
  EXPECT_EQ(rows[0]->verdict, orderly::odeint_verdict::no_declared_order);
}

}  // namespace

namespace {

// Every mismatch names its standalone reproducer, and the file is in the study's findings folder
// (where check_findings.py builds and runs it); no other row names one.
TEST(OdeintOrders, EveryMismatchNamesItsReproducer) {
  const std::filesystem::path findings = std::filesystem::path(ORDERLY_SOURCE_DIR) / "studies/odeint_orders/findings";
  auto check = [&](const std::string& stepper, orderly::odeint_verdict verdict, const std::string& finding) {
    if (verdict != orderly::odeint_verdict::mismatch) {
      EXPECT_EQ(finding, "") << stepper;
      return;
    }
    ASSERT_NE(finding, "") << stepper;
    EXPECT_TRUE(std::filesystem::is_regular_file(findings / finding)) << finding;
  };
  for (const auto& r : all().fixed_step) check(r.stepper, r.verdict, r.finding);
  for (const auto& r : all().tolerance_driven) check(r.stepper, r.verdict, r.finding);
  EXPECT_EQ(find("velocity_verlet", "do_step").finding, "velocity_verlet_order.cpp");
}

}  // namespace

namespace {

// adams_bashforth<Steps> is of order Steps (Hairer, Norsett, Wanner, Solving ODEs I, Sect. III.1)
// when its starting values are of that order: out of place they are. In place its starting steps
// go through extrapolation_stepper with in and out one object, each wrong by O(h), and the global
// error is O(h): order 1, flagged, with its reproducer.
TEST(OdeintOrders, AdamsBashforthInPlaceIsFirstOrder) {
  const auto& in_place = find("adams_bashforth<4>", "do_step(sys, x");
  EXPECT_NEAR(in_place.measured.fit.order, 1.0, 0.1);
  EXPECT_EQ(in_place.verdict, orderly::odeint_verdict::mismatch);
  EXPECT_EQ(in_place.finding, "adams_bashforth_in_place.cpp");
  const auto& out_of_place = find("adams_bashforth<4>", "do_step(sys, in");
  EXPECT_NEAR(out_of_place.measured.fit.order, 4.0, 0.1);
  EXPECT_EQ(out_of_place.verdict, orderly::odeint_verdict::matches);
  // One step needs no start: adams_bashforth<1> is Euler in either form.
  EXPECT_EQ(find("adams_bashforth<1>", "do_step(sys, x").verdict, orderly::odeint_verdict::matches);
}

}  // namespace

namespace {

// A multistep method of order p whose starting values are accurate to O(h^q), q < p, has a global
// error O(h^q) (Hairer, Norsett, Wanner, Solving ODEs I, Sect. III.4). adams_bashforth_moulton's
// default starting stepper is runge_kutta4 (local errors O(h^5)): order min(Steps, 5). Started by
// runge_kutta_fehlberg78 (local errors O(h^9)) it has order Steps.
TEST(OdeintOrders, AdamsBashforthMoultonIsFifthOrderFromItsRk4Start) {
  for (int steps = 6; steps <= 8; ++steps) {
    const std::string name = "adams_bashforth_moulton<" + std::to_string(steps) + ">";
    const auto& default_start = find(name, "do_step(sys, x");
    ASSERT_TRUE(default_start.measured.fit.found) << name;
    EXPECT_NEAR(default_start.measured.fit.order, 5.0, 0.15) << name;
    EXPECT_EQ(default_start.verdict, orderly::odeint_verdict::mismatch) << name;
    EXPECT_EQ(default_start.finding, "adams_bashforth_moulton_start.cpp") << name;
    const auto& control = find(name, "initialize(runge_kutta_fehlberg78");
    EXPECT_EQ(control.verdict, orderly::odeint_verdict::matches) << name;
    EXPECT_GT(control.measured.fit.order, 5.5) << name;
  }
  // Up to Steps = 5 the start's O(h^5) is within the method's own order.
  for (int steps = 1; steps <= 5; ++steps) {
    const std::string name = "adams_bashforth_moulton<" + std::to_string(steps) + ">";
    EXPECT_EQ(find(name, "do_step(sys, x").verdict, orderly::odeint_verdict::matches) << name;
  }
}

}  // namespace
