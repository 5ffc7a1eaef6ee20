#pragma once
// The problems of the seed articles (Fiedler's "Integration Basics" and the others the report cites): a body under
// constant force, spring-dampers, the undamped oscillator, the thrust/drag body of the CS-116B slides, and a spring
// driven by sin(t). All are linear with closed-form solutions; y = (position, velocity), unit mass unless stated. They
// reproduce the articles' set-ups; they are not order-gate problems (linear).
#include <orderly/problems/support.hpp>

#include <cmath>
#include <stdexcept>

namespace orderly::problems {

// x'' = -k x - b x' + forcing * sin(t), underdamped or undamped (b^2 < 4k), x(0) = x0, x'(0) = v0.
// Closed form: particular solution P sin t + Q cos t plus the damped free oscillation.
template <class T>
struct spring_solution {
  T k, b, x0, v0, forcing;

  state_of<T> operator()(const T& t) const {
    using std::cos;
    using std::exp;
    using std::sin;
    using std::sqrt;
    // Particular solution P sin t + Q cos t (none without forcing; resonance k = 1, b = 0 is refused
    // by make_spring).
    const T denominator = (k - 1) * (k - 1) + b * b;
    const T P = forcing == 0 ? T(0) : T(forcing * (k - 1) / denominator);
    const T Q = forcing == 0 ? T(0) : T(-forcing * b / denominator);
    const T gamma = b / 2;
    const T omega = sqrt(k - gamma * gamma);
    const T A = x0 - Q;  // free part e^{-gamma t}(A cos wt + B sin wt)
    const T B = (v0 - P + gamma * A) / omega;
    const T decay = exp(-gamma * t);
    const T c = cos(omega * t), s = sin(omega * t);
    const T st = sin(t), ct = cos(t);
    return {decay * (A * c + B * s) + P * st + Q * ct,
            decay * ((B * omega - gamma * A) * c - (A * omega + gamma * B) * s) + P * ct - Q * st};
  }
};

template <class T>
typed_problem<T> make_spring(const problem_info* info) {
  const T k = parameter<T>(*info, "k"), b = parameter<T>(*info, "b");
  const T forcing = parameter<T>(*info, "forcing");
  if (forcing != 0 && b == 0 && k == 1)
    throw std::invalid_argument(info->name + ": resonant forcing (k = 1, b = 0) has no bounded closed form here");
  if (!(b * b < 4 * k))
    throw std::invalid_argument(info->name + ": the closed form assumes an underdamped spring, b^2 < 4k");
  typed_problem<T> p;
  p.info = info;
  p.t0 = 0;
  p.t_end = parameter<T>(*info, "t_end");
  p.y0 = {parameter<T>(*info, "x0"), parameter<T>(*info, "v0")};
  p.rhs = [k, b, forcing](const T& t, const state_of<T>& y, state_of<T>& dydt) {
    using std::sin;
    dydt.resize(2);
    dydt[0] = y[1];
    dydt[1] = -k * y[0] - b * y[1] + (forcing == 0 ? T(0) : T(forcing * sin(t)));
  };
  p.exact = spring_solution<T>{k, b, p.y0[0], p.y0[1], forcing};
  p.jacobian = [k, b](const T&, const state_of<T>&, std::vector<T>& J) { J = {T(0), T(1), -k, -b}; };
  if (b == 0 && forcing == 0) {
    p.invariants.push_back(
        {"energy", [k](const T&, const state_of<T>& y) { return T((y[1] * y[1] + k * y[0] * y[0]) / 2); }});
    using std::sqrt;
    p.period = T(2 * pi<T>() / sqrt(k));
    p.oscillator = harmonic_oscillator<T>{k};
  }
  if (b == 0) {
    p.split = separable_split<T>{.half_dimension = 1,
                                 .force =
                                     [k, forcing](const T& t, const state_of<T>& q, state_of<T>& f) {
                                       using std::sin;
                                       f.resize(1);
                                       f[0] = -k * q[0] + (forcing == 0 ? T(0) : T(forcing * sin(t)));
                                     },
                                 .velocity = [](const T&, const state_of<T>& v, state_of<T>& dq) { dq = v; }};
  }
  return p;
}

inline problem_info spring_info(std::string name, std::string description, std::string citation, std::string source,
                                std::string k, std::string b, std::string x0, std::string forcing, std::string t_end) {
  const bool undamped = b == "0";
  return {.name = std::move(name),
          .description = std::move(description),
          .citation = std::move(citation),
          .dimension = 2,
          .stiff = false,
          .hamiltonian = undamped && forcing == "0",
          .has_exact = true,
          .has_jacobian = true,
          .separable = undamped,
          .second_order = true,
          .nonautonomous = forcing != "0",
          .nonlinear = false,
          .source = std::move(source),
          .parameters = {{"k", std::move(k), "spring constant (unit mass)"},
                         {"b", std::move(b), "damping coefficient"},
                         {"x0", std::move(x0), "initial position"},
                         {"v0", "0", "initial velocity"},
                         {"forcing", std::move(forcing), "amplitude F of the driving force F sin(t)"},
                         {"t_end", std::move(t_end), "end of the default time span"}}};
}

// Fiedler, "Integration Basics": 10 N on 1 kg from rest, 10 s; explicit Euler gives 450 m, exact 500 m.
struct constant_force {
  static problem_info info() {
    return {
        .name = "constant-force",
        .description = "constant force 10 N on 1 kg from rest for 10 s: x'' = 10, exact x = 5 t^2",
        .citation = "G. Fiedler, Integration Basics (gafferongames.com, 2004/2006/2018): s = ut + at^2/2",
        .dimension = 2,
        .has_exact = true,
        .has_jacobian = true,
        .separable = true,
        .second_order = true,
        .nonlinear = false,
        .source = "004_cf4b508dfc170f67.txt",
        .parameters = {{"force", "10", "force in N"}, {"mass", "1", "mass in kg"}, {"t_end", "10", "duration in s"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    const T a = parameter<T>(*info, "force") / parameter<T>(*info, "mass");
    typed_problem<T> p;
    p.info = info;
    p.t_end = parameter<T>(*info, "t_end");
    p.y0 = {T(0), T(0)};
    p.rhs = [a](const T&, const state_of<T>& y, state_of<T>& dydt) {
      dydt.resize(2);
      dydt[0] = y[1];
      dydt[1] = a;
    };
    p.exact = [a](const T& t) { return state_of<T>{T(a * t * t / 2), T(a * t)}; };
    p.jacobian = [](const T&, const state_of<T>&, std::vector<T>& J) { J = {T(0), T(1), T(0), T(0)}; };
    // v^2 / 2 - a x is constant (work-energy theorem).
    p.invariants.push_back({"energy", [a](const T&, const state_of<T>& y) { return T(y[1] * y[1] / 2 - a * y[0]); }});
    p.split = separable_split<T>{.half_dimension = 1,
                                 .force = [a](const T&, const state_of<T>&, state_of<T>& f) { f.assign(1, a); },
                                 .velocity = [](const T&, const state_of<T>& v, state_of<T>& dq) { dq = v; }};
    return p;
  }
};

// Fiedler 2018: "Mass 1 kg, initial position 1000 m, k = 15, b = 0.1", dt = 1/100.
struct spring_damper_15 {
  static problem_info info() {
    return spring_info("spring-damper-15",
                       "spring-damper x'' = -15 x - 0.1 x', x(0) = 1000, x'(0) = 0 (exact damped oscillation)",
                       "G. Fiedler, Integration Basics (2018 version), spring damper k = 15, b = 0.1, x0 = 1000",
                       "003_e2ae4d947220ff7a.txt", "15", "1/10", "1000", "0", "10");
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    return make_spring<T>(info);
  }
};

// Fiedler 2004/2006: acceleration -k x - b v with k = 10, b = 1. The article states no initial
// state; x = 100 at rest is chosen here.
struct spring_damper_10 {
  static problem_info info() {
    return spring_info("spring-damper-10",
                       "spring-damper x'' = -10 x - x', x(0) = 100, x'(0) = 0 (exact damped oscillation)",
                       "G. Fiedler, Integration Basics (2004/2006 versions), acceleration -k x - b v, k = 10, b = 1",
                       "004_cf4b508dfc170f67.txt", "10", "1", "100", "0", "10");
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    return make_spring<T>(info);
  }
};

// Fiedler 2018: the undamped oscillator run for 90 s at dt = 0.1 and 0.25 (RK4 loses energy).
struct harmonic {
  static problem_info info() {
    return spring_info("harmonic", "undamped harmonic oscillator x'' = -x, x(0) = 1, x'(0) = 0, 90 s",
                       "G. Fiedler, Integration Basics (2018 version), simple harmonic oscillator, 90 s",
                       "003_e2ae4d947220ff7a.txt", "1", "0", "1", "0", "90");
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    return make_spring<T>(info);
  }
};

// A spring driven by sin(t): the comment thread of Integration Basics suggests "a force f = sin(t)"
// for the t argument of acceleration(state, t); with it, RK4 variants that pass t, t + dt/2 or
// t + dt to the stages give different results.
struct forced_oscillator {
  static problem_info info() {
    return spring_info(
        "forced-oscillator", "driven spring-damper x'' = -10 x - x' + sin(t), x(0) = 1, x'(0) = 0 (exact)",
        "G. Fiedler, Integration Basics (2004), k = 10, b = 1, with the force f = sin(t) of its comment thread",
        "001_95d7b2db0cda6143.txt", "10", "1", "1", "1", "10");
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    return make_spring<T>(info);
  }
};

// CS-116B slides (after Bourg, Physics for Game Developers, pp. 155-156): a body of mass M pushed
// by thrust T against linear drag C V: V' = (T - C V) / M, S' = V. The slides give no values;
// T = 10, C = 1/2, M = 5 (time constant M/C = 10 s) are chosen here. State (S, V).
struct thrust_drag {
  static problem_info info() {
    return {
        .name = "thrust-drag",
        .description = "thrust/drag body V' = (T - C V)/M, S' = V with T = 10, C = 1/2, M = 5, from rest, 20 s (exact)",
        .citation = "CS-116B slides (Spring 2018) after D. M. Bourg, Physics for Game Developers, pp. 155-156",
        .dimension = 2,
        .has_exact = true,
        .has_jacobian = true,
        .second_order = true,
        .nonlinear = false,
        .source = "002_1e501917c6a20107.txt",
        .parameters = {{"thrust", "10", "thrust T"},
                       {"drag", "1/2", "drag coefficient C"},
                       {"mass", "5", "mass M"},
                       {"t_end", "20", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    const T thrust = parameter<T>(*info, "thrust"), drag = parameter<T>(*info, "drag"),
            mass = parameter<T>(*info, "mass");
    typed_problem<T> p;
    p.info = info;
    p.t_end = parameter<T>(*info, "t_end");
    p.y0 = {T(0), T(0)};
    p.rhs = [=](const T&, const state_of<T>& y, state_of<T>& dydt) {
      dydt.resize(2);
      dydt[0] = y[1];
      dydt[1] = (thrust - drag * y[1]) / mass;
    };
    // V = V_inf (1 - e^{-t/tau}), S = V_inf (t - tau (1 - e^{-t/tau})), V_inf = T/C, tau = M/C.
    p.exact = [=](const T& t) {
      using std::exp;
      const T v_inf = thrust / drag, tau = mass / drag;
      const T one_minus = 1 - exp(-t / tau);
      return state_of<T>{T(v_inf * (t - tau * one_minus)), T(v_inf * one_minus)};
    };
    p.jacobian = [=](const T&, const state_of<T>&, std::vector<T>& J) { J = {T(0), T(1), T(0), T(-drag / mass)}; };
    return p;
  }
};

}  // namespace orderly::problems
