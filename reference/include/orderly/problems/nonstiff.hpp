#pragma once
// Non-stiff test problems: the order-gate problem with an exact solution (nonlinear, coupled,
// non-autonomous), the Arenstorf orbit, Lotka-Volterra, Lorenz on a short interval, Pleiades.
#include <orderly/problems/nbody.hpp>
#include <orderly/problems/support.hpp>

#include <cmath>

namespace orderly::problems {

// HNW I, Sect. II.4: y1' = 2t y2^(1/5) y4, y2' = 10t exp(5(y3 - 1)) y4, y3' = 2t y4,
// y4' = -2t log(y1), y(0) = (1, 1, 1, 1); exact y = (exp(sin t^2), exp(5 sin t^2), sin t^2 + 1, cos t^2).
// Nonlinear (power, exp, log), non-autonomous (factor t, so the t-derivatives of f enter every
// tree) and coupled in a cycle y1 <- y2 <- y3 <- y4 <- y1, so every elementary differential of
// every order is generically non-zero: the main order-gate problem.
struct nonlinear_na {
  static problem_info info() {
    return {.name = "nonlinear-na",
            .description =
                "4-D nonlinear non-autonomous coupled system with exact solution y1 = exp(sin t^2), ..., y4 = cos t^2",
            .citation =
                "E. Hairer, S. P. Norsett, G. Wanner, Solving ODEs I (2nd ed., 1993), Sect. II.4 (test problem with "
                "known solution)",
            .dimension = 4,
            .has_exact = true,
            .has_jacobian = true,
            .nonautonomous = true,
            .parameters = {{"t_end", "3/2",
                            "end of the default time span (past t = 1.6 y2 falls from e^5 to 1 so fast that low-order "
                            "methods drive it negative and blow up)"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    typed_problem<T> p;
    p.info = info;
    p.t_end = parameter<T>(*info, "t_end");
    p.y0 = {T(1), T(1), T(1), T(1)};
    p.rhs = [](const T& t, const state_of<T>& y, state_of<T>& dydt) {
      using std::exp;
      using std::log;
      dydt.resize(4);
      dydt[0] = 2 * t * fifth_root(y[1]) * y[3];
      dydt[1] = 10 * t * exp(5 * (y[2] - 1)) * y[3];
      dydt[2] = 2 * t * y[3];
      dydt[3] = -2 * t * log(y[0]);
    };
    p.exact = [](const T& t) {
      using std::cos;
      using std::exp;
      using std::sin;
      const T s = sin(t * t);
      return state_of<T>{T(exp(s)), T(exp(5 * s)), T(s + 1), T(cos(t * t))};
    };
    p.jacobian = [](const T& t, const state_of<T>& y, std::vector<T>& J) {
      using std::exp;
      J.assign(16, T(0));
      const T root = fifth_root(y[1]);
      J[0 * 4 + 1] = 2 * t * y[3] * root / (5 * y[1]);
      J[0 * 4 + 3] = 2 * t * root;
      const T e = exp(5 * (y[2] - 1));
      J[1 * 4 + 2] = 50 * t * e * y[3];
      J[1 * 4 + 3] = 10 * t * e;
      J[2 * 4 + 3] = 2 * t;
      J[3 * 4 + 0] = -2 * t / y[0];
    };
    return p;
  }
};

// Restricted three-body problem, HNW I, Sect. II.0 (eq. 0.1), p. 129: the Arenstorf orbit is
// periodic with period T = 17.0652165601579625588917206249. State (y1, y2, y1', y2').
struct arenstorf {
  static problem_info info() {
    return {.name = "arenstorf",
            .description = "Arenstorf orbit of the restricted three-body problem over one period",
            .citation = "E. Hairer, S. P. Norsett, G. Wanner, Solving ODEs I (2nd ed., 1993), Sect. II.0, p. 129-130",
            .dimension = 4,
            .has_jacobian = true,
            .parameters = {{"mu", "0.012277471", "mass ratio of the moon"},
                           {"y1_0", "0.994", "initial y1"},
                           {"y2dot_0", "-2.00158510637908252240537862224", "initial y2'"},
                           {"t_end", "17.0652165601579625588917206249", "period of the orbit"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    const T mu = parameter<T>(*info, "mu");
    const T mu1 = 1 - mu;
    typed_problem<T> p;
    p.info = info;
    p.t_end = parameter<T>(*info, "t_end");
    p.y0 = {parameter<T>(*info, "y1_0"), T(0), T(0), parameter<T>(*info, "y2dot_0")};
    p.rhs = [mu, mu1](const T&, const state_of<T>& y, state_of<T>& dydt) {
      using std::sqrt;
      dydt.resize(4);
      const T r1s = (y[0] + mu) * (y[0] + mu) + y[1] * y[1];
      const T r2s = (y[0] - mu1) * (y[0] - mu1) + y[1] * y[1];
      const T D1 = r1s * sqrt(r1s), D2 = r2s * sqrt(r2s);
      dydt[0] = y[2];
      dydt[1] = y[3];
      dydt[2] = y[0] + 2 * y[3] - mu1 * (y[0] + mu) / D1 - mu * (y[0] - mu1) / D2;
      dydt[3] = y[1] - 2 * y[2] - mu1 * y[1] / D1 - mu * y[1] / D2;
    };
    p.jacobian = [mu, mu1](const T&, const state_of<T>& y, std::vector<T>& J) {
      using std::sqrt;
      J.assign(16, T(0));
      J[0 * 4 + 2] = 1;
      J[1 * 4 + 3] = 1;
      J[2 * 4 + 3] = 2;
      J[3 * 4 + 2] = -2;
      // Gradient of mu1 (x + mu)/r1^3 etc.: d/dx[(x - a)/r^3] = 1/r^3 - 3 (x - a)^2 / r^5.
      const T a1 = y[0] + mu, a2 = y[0] - mu1;
      const T r1s = a1 * a1 + y[1] * y[1], r2s = a2 * a2 + y[1] * y[1];
      const T r1 = sqrt(r1s), r2 = sqrt(r2s);
      const T i13 = 1 / (r1s * r1), i15 = i13 / r1s, i23 = 1 / (r2s * r2), i25 = i23 / r2s;
      J[2 * 4 + 0] = 1 - mu1 * (i13 - 3 * a1 * a1 * i15) - mu * (i23 - 3 * a2 * a2 * i25);
      J[2 * 4 + 1] = mu1 * 3 * a1 * y[1] * i15 + mu * 3 * a2 * y[1] * i25;
      J[3 * 4 + 0] = J[2 * 4 + 1];
      J[3 * 4 + 1] = 1 - mu1 * (i13 - 3 * y[1] * y[1] * i15) - mu * (i23 - 3 * y[1] * y[1] * i25);
    };
    // The Jacobi integral (y1'^2 + y2'^2)/2 - (y1^2 + y2^2)/2 - mu1/r1 - mu/r2 is conserved.
    p.invariants.push_back({"jacobi integral", [mu, mu1](const T&, const state_of<T>& y) {
                              using std::sqrt;
                              const T r1 = sqrt((y[0] + mu) * (y[0] + mu) + y[1] * y[1]);
                              const T r2 = sqrt((y[0] - mu1) * (y[0] - mu1) + y[1] * y[1]);
                              return T((y[2] * y[2] + y[3] * y[3]) / 2 - (y[0] * y[0] + y[1] * y[1]) / 2 - mu1 / r1 -
                                       mu / r2);
                            }});
    return p;
  }
};

// Lotka-Volterra in the form of Hairer-Lubich-Wanner, GNI (2nd ed.), Sect. I.1.1 (1.1):
// u' = u (v - 2), v' = v (1 - u), with the first integral I = ln u - u + 2 ln v - v.
// The initial value (4, 2) is chosen here (a large cycle around the equilibrium (1, 2)).
struct lotka_volterra {
  static problem_info info() {
    return {.name = "lotka-volterra",
            .description = "Lotka-Volterra u' = u (v - 2), v' = v (1 - u), (u, v)(0) = (4, 2), t in [0, 10]",
            .citation = "E. Hairer, C. Lubich, G. Wanner, Geometric Numerical Integration (2nd ed., 2006), Sect. I.1.1",
            .dimension = 2,
            .has_jacobian = true,
            .parameters = {{"u0", "4", "initial prey"},
                           {"v0", "2", "initial predator"},
                           {"t_end", "10", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    typed_problem<T> p;
    p.info = info;
    p.t_end = parameter<T>(*info, "t_end");
    p.y0 = {parameter<T>(*info, "u0"), parameter<T>(*info, "v0")};
    p.rhs = [](const T&, const state_of<T>& y, state_of<T>& dydt) {
      dydt.resize(2);
      dydt[0] = y[0] * (y[1] - 2);
      dydt[1] = y[1] * (1 - y[0]);
    };
    p.jacobian = [](const T&, const state_of<T>& y, std::vector<T>& J) { J = {T(y[1] - 2), y[0], -y[1], T(1 - y[0])}; };
    p.invariants.push_back({"first integral", [](const T&, const state_of<T>& y) {
                              using std::log;
                              return T(log(y[0]) - y[0] + 2 * log(y[1]) - y[1]);
                            }});
    return p;
  }
};

// Lorenz (1963) with sigma = 10, r = 28, b = 8/3 and y(0) = (-8, 8, 27) as in HNW I, Sect. I.16;
// a short interval [0, 2] keeps the chaotic error growth small (~e^{0.9 t}).
struct lorenz {
  static problem_info info() {
    return {
        .name = "lorenz",
        .description = "Lorenz system sigma = 10, r = 28, b = 8/3, y(0) = (-8, 8, 27), t in [0, 2]",
        .citation =
            "E. N. Lorenz, J. Atmos. Sci. 20 (1963) 130-141; initial value as in HNW I, Sect. I.16; "
            "largest Lyapunov exponent 0.9056: J. C. Sprott, Chaos and Time-Series Analysis (2003), "
            "Appendix A.1",
        .dimension = 3,
        .has_jacobian = true,
        .error_growth_rate = 0.9056,
        .parameters = {
            {"sigma", "10", ""}, {"r", "28", ""}, {"b", "8/3", ""}, {"t_end", "2", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    const T sigma = parameter<T>(*info, "sigma"), r = parameter<T>(*info, "r"), b = parameter<T>(*info, "b");
    typed_problem<T> p;
    p.info = info;
    p.t_end = parameter<T>(*info, "t_end");
    p.y0 = {T(-8), T(8), T(27)};
    p.rhs = [=](const T&, const state_of<T>& y, state_of<T>& dydt) {
      dydt.resize(3);
      dydt[0] = sigma * (y[1] - y[0]);
      dydt[1] = y[0] * (r - y[2]) - y[1];
      dydt[2] = y[0] * y[1] - b * y[2];
    };
    p.jacobian = [=](const T&, const state_of<T>& y, std::vector<T>& J) {
      J = {-sigma, sigma, T(0), T(r - y[2]), T(-1), -y[0], y[1], y[0], -b};
    };
    return p;
  }
};

// Pleiades (PLEI of the Bari test set; HNW I, Sect. II.10): seven bodies in the plane, m_i = i,
// G = 1, t in [0, 3]. State (x1..x7, y1..y7, x1'..x7', y1'..y7').
struct pleiades {
  static problem_info info() {
    return {.name = "pleiades",
            .description = "Pleiades: 7-body plane gravitational problem, 28 equations, t in [0, 3]",
            .citation =
                "F. Mazzia, C. Magherini, Test Set for IVP Solvers, release 2.4 (Bari, 2008), problem PLEI; HNW I, "
                "Sect. II.10",
            .dimension = 28,
            .hamiltonian = true,
            .has_jacobian = true,
            .separable = true,
            .second_order = true,
            .parameters = {{"t_end", "3", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    nbody_system<T> system{.bodies = 7, .dims = 2, .gravity = T(1), .mass = {}};
    for (int i = 1; i <= 7; ++i) system.mass.push_back(T(i));
    typed_problem<T> p;
    p.info = info;
    p.t_end = parameter<T>(*info, "t_end");
    for (const char* v : {"3", "3", "-1", "-3", "2", "-2",  "2",    "3", "-3", "2", "0",    "0", "-4", "4",
                          "0", "0", "0",  "0",  "0", "7/4", "-3/2", "0", "0",  "0", "-5/4", "1", "0",  "0"})
      p.y0.push_back(value<T>(v));
    system.install(p);
    return p;
  }
};

}  // namespace orderly::problems
