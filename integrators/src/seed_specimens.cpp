// The seed specimens' list, compiled once (it builds a std::function around every seed step).
#include <orderly/seeds.hpp>
#include <orderly/seeds/cs116b.hpp>
#include <orderly/seeds/integration_basics.hpp>
#include <orderly/seeds/practical_runge_kutta.hpp>

#include <vector>

namespace orderly {

// Long for a reason: a data table, one entry per specimen with its article's source and claims; split
// into functions it would read no better.
const std::vector<seed_specimen>& seed_specimens() {
  static const std::vector<seed_specimen> specimens = [] {
    using seeds::rk4_time_argument;
    std::vector<seed_specimen> all;
    all.push_back({.name = "seed-euler",
                   .title = "Integration Basics: explicit Euler",
                   .source = "001_95d7b2db0cda6143.txt",
                   .description = "position += velocity*dt; velocity += (force/mass)*dt, i.e. y += f(t, y)*dt in "
                                  "float. First order; gains energy on oscillators (450 m instead of 500 m for the "
                                  "article's car at dt = 1).",
                   .claimed_order = 1,
                   .needs_second_order = false,
                   .rhs_evaluations_per_step = 1,
                   .autonomous_equivalent = "euler",  // y += f(t, y) dt
                   .step = seeds::euler_step});
    all.push_back({.name = "seed-semi-implicit-euler",
                   .title = "Integration Basics: semi-implicit Euler",
                   .source = "003_e2ae4d947220ff7a.txt",
                   .description = "velocity += acceleration*dt; position += velocity*dt, acceleration taken at the "
                                  "step's start, in float. First order and symplectic for position-only forces: "
                                  "energy oscillates instead of drifting.",
                   .claimed_order = 1,
                   .needs_second_order = true,
                   .rhs_evaluations_per_step = 1,
                   .separable_equivalent = "symplectic-euler-a",  // kick, then drift with the new velocity
                   .step = seeds::semi_implicit_euler_step});
    all.push_back({.name = "seed-rk4",
                   .title = "Integration Basics: RK4 in State/Derivative/evaluate form",
                   .source = "001_95d7b2db0cda6143.txt",
                   .description = "a = evaluate(state, t, 0.0f, Derivative()); b, c = evaluate(state, t, "
                                  "dt*0.5f, .); d = evaluate(state, t, dt, c); evaluate samples f at t+dt. Classical "
                                  "RK4 in float (float t as in 001/004): correct, limited by float rounding.",
                   .claimed_order = 4,
                   .needs_second_order = false,
                   .rhs_evaluations_per_step = 4,
                   .autonomous_equivalent = "rk4",
                   .step = [](const rhs_function<float>& f, float t, std::vector<float>& y, float h) {
                     seeds::integration_basics_rk4_step(f, t, y, h, rk4_time_argument::start_time);
                   }});
    all.push_back({.name = "seed-rk4-t-plus-half",
                   .title = "Integration Basics: RK4 with the t+0.5f typo",
                   .source = "001_95d7b2db0cda6143.txt",
                   .description = "The article's edited code (comments 65, 66): b, c = evaluate(state, t+0.5f, "
                                  "dt*0.5f, .), d = evaluate(state, t+dt, dt, c); evaluate adds dt again, so f is "
                                  "sampled at t+0.5+dt/2 and t+2dt. Time-dependent forces: does not converge "
                                  "(order 0).",
                   .claimed_order = 4,
                   .needs_second_order = false,
                   .rhs_evaluations_per_step = 4,
                   .autonomous_equivalent = "rk4",  // only the time arguments are wrong
                   .step = [](const rhs_function<float>& f, float t, std::vector<float>& y, float h) {
                     seeds::integration_basics_rk4_step(f, t, y, h, rk4_time_argument::t_plus_half);
                   }});
    all.push_back({.name = "seed-rk4-double-dt",
                   .title = "Integration Basics: RK4 with the time step added twice",
                   .source = "001_95d7b2db0cda6143.txt",
                   .description = "The form quoted in comment 38 (Dzugaru) and 54: b, c = evaluate(state, "
                                  "t+dt*0.5f, dt*0.5f, .), d = evaluate(state, t+dt, dt, c) with an evaluate that "
                                  "adds dt again: f sampled at t+dt, t+dt, t+2dt. Time-dependent forces: first "
                                  "order.",
                   .claimed_order = 4,
                   .needs_second_order = false,
                   .rhs_evaluations_per_step = 4,
                   .autonomous_equivalent = "rk4",  // only the time arguments are wrong
                   .step = [](const rhs_function<float>& f, float t, std::vector<float>& y, float h) {
                     seeds::integration_basics_rk4_step(f, t, y, h, rk4_time_argument::t_plus_dt_half);
                   }});
    all.push_back({.name = "seed-rk-generic",
                   .title = "Practical Runge-Kutta: generic tableau RKIntegrate (RK4 constants)",
                   .source = "000_edcde5cb7fcc9b43.txt",
                   .description =
                       "Generic Butcher loop k_i = SampleDerivative(C_i*dt, EulerStep(state, sum "
                       "A_ij k_j, dt)) in float. The force's time argument is the offset C_i*dt, not "
                       "t+C_i*dt: right for autonomous forces; a time-dependent force is always sampled near t = 0, so "
                       "the specimen does not converge to the solution (it integrates y' = f(0, y)).",
                   .claimed_order = 4,
                   .needs_second_order = false,
                   .rhs_evaluations_per_step = 4,
                   .autonomous_equivalent = "rk4",  // the stage times are offsets, which f ignores
                   .step = seeds::rk_generic_step});
    all.push_back({.name = "seed-rk4-simplified",
                   .title = "Practical Runge-Kutta: simplified RK4Integrate",
                   .source = "000_edcde5cb7fcc9b43.txt",
                   .description = "SampleDerivativeRK4 chains k1..k4 as in classical RK4 but calls ComputeForce at "
                                  "one time t for all stages (taken as the step's start). Correct for autonomous "
                                  "forces, first order for time-dependent ones.",
                   .claimed_order = 4,
                   .needs_second_order = false,
                   .rhs_evaluations_per_step = 4,
                   .autonomous_equivalent = "rk4",  // one time for all stages, which f ignores
                   .step = seeds::rk4_simplified_step});
    all.push_back({.name = "seed-rkf45",
                   .title = "Practical Runge-Kutta: RK45Integrate (Fehlberg 4(5))",
                   .source = "000_edcde5cb7fcc9b43.txt",
                   .description = "Fehlberg 4(5) in float with the article's constants (9.0/32.0f, A52 = -8.0f), "
                                  "stage times C_i*dt (offsets, not t+C_i*dt), propagating the 4th-order solution; "
                                  "error = order5.pos - order4.pos. Like seed-rk-generic, does not converge for "
                                  "time-dependent forces.",
                   .claimed_order = 4,
                   .needs_second_order = true,
                   .rhs_evaluations_per_step = 6,
                   .autonomous_equivalent = "rkf45",  // the stage times are offsets, which f ignores
                   .step =
                       [](const rhs_function<float>& f, float t, std::vector<float>& y, float h) {
                         std::vector<float> error;
                         seeds::rkf45_step(f, t, y, h, error);
                       },
                   .step_with_error = seeds::rkf45_step});
    all.push_back({.name = "seed-cs116b-rk4",
                   .title = "CS-116B: RK4 on the velocity, then Snew = S + Vnew*dt",
                   .source = "002_1e501917c6a20107.txt",
                   .description = "RK4 stages on the velocity with the position (and time) frozen at the step's "
                                  "start, then an Euler position update with the new velocity. First order in "
                                  "position, and in velocity too when the force depends on position.",
                   .claimed_order = 4,
                   .needs_second_order = true,
                   .rhs_evaluations_per_step = 4,
                   // With a position-only force its four stages are one kick, then the drift.
                   .separable_equivalent = "symplectic-euler-a",
                   .step = seeds::cs116b_rk4_step});
    return all;
  }();
  return specimens;
}

}  // namespace orderly
