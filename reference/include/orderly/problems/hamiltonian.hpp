#pragma once
// Hamiltonian test problems, y = (q, p): the pendulum and Kepler (exact solutions through Jacobi
// elliptic functions and Kepler's equation, evaluated in the scalar type), Henon-Heiles, and the
// outer solar system of Hairer-Lubich-Wanner.
#include <orderly/problems/nbody.hpp>
#include <orderly/problems/support.hpp>

#include <boost/math/special_functions/ellint_1.hpp>
#include <boost/math/special_functions/jacobi_elliptic.hpp>
#include <boost/math/tools/roots.hpp>

#include <cmath>
#include <limits>
#include <utility>

namespace orderly::problems {

// Mathematical pendulum q'' = -sin q, H = p^2/2 - cos q, released at rest from q0 (|q0| < pi).
// Exact: with k = sin(q0/2) and K = K(k), sin(q/2) = k sn(t + K, k) and p = 2k cn(t + K, k)
// (sn(K) = 1, cn(K) = 0; differentiate: q' = 2k cn, p' = -2k sn dn = -sin q).
struct pendulum {
  static problem_info info() {
    return {.name = "pendulum",
            .description =
                "pendulum q'' = -sin q from rest at q0 = 3/2, t in [0, 10] (exact via Jacobi elliptic functions)",
            .citation =
                "E. Hairer, C. Lubich, G. Wanner, Geometric Numerical Integration (2nd ed., 2006), Sect. I.1.4; "
                "solution: D. F. Lawden, Elliptic Functions and Applications (1989), Ch. 5",
            .dimension = 2,
            .hamiltonian = true,
            .has_exact = true,
            .has_jacobian = true,
            .separable = true,
            .second_order = true,
            .parameters = {{"q0", "3/2", "initial angle (rad), released at rest"},
                           {"t_end", "10", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    typed_problem<T> p;
    p.info = info;
    p.t_end = parameter<T>(*info, "t_end");
    const T q0 = parameter<T>(*info, "q0");
    p.y0 = {q0, T(0)};
    p.rhs = [](const T&, const state_of<T>& y, state_of<T>& dydt) {
      using std::sin;
      dydt.resize(2);
      dydt[0] = y[1];
      dydt[1] = -sin(y[0]);
    };
    p.exact = [q0](const T& t) {
      using std::asin;
      using std::sin;
      const T k = sin(q0 / 2);
      const T K = boost::math::ellint_1(k);
      T cn, dn;
      const T sn = boost::math::jacobi_elliptic(k, T(t + K), &cn, &dn);
      return state_of<T>{T(2 * asin(k * sn)), T(2 * k * cn)};
    };
    p.jacobian = [](const T&, const state_of<T>& y, std::vector<T>& J) {
      using std::cos;
      J = {T(0), T(1), T(-cos(y[0])), T(0)};
    };
    p.invariants.push_back({"energy", [](const T&, const state_of<T>& y) {
                              using std::cos;
                              return T(y[1] * y[1] / 2 - cos(y[0]));
                            }});
    p.split = separable_split<T>{.half_dimension = 1,
                                 .force =
                                     [](const T&, const state_of<T>& q, state_of<T>& f) {
                                       using std::sin;
                                       f.assign(1, T(-sin(q[0])));
                                     },
                                 .velocity = [](const T&, const state_of<T>& v, state_of<T>& dq) { dq = v; }};
    p.period = period(q0);
    return p;
  }
  // 4 K(k), k = sin(q0/2): sn and cn, of which the exact solution is made, have the period 4K.
  template <class T>
  static T period(const T& q0) {
    using std::sin;
    return T(4 * boost::math::ellint_1(T(sin(q0 / 2))));
  }
};

// Kepler's equation E - e sin E = M solved by Newton's method in T (|E - M| <= e brackets the root).
template <class T>
T eccentric_anomaly(const T& mean_anomaly, const T& e) {
  using std::cos;
  using std::floor;
  using std::sin;
  const T two_pi = 2 * pi<T>();
  const T M = mean_anomaly - two_pi * floor(mean_anomaly / two_pi);
  auto f = [&](const T& E) { return std::make_pair(T(E - e * sin(E) - M), T(1 - e * cos(E))); };
  return boost::math::tools::newton_raphson_iterate(f, M, T(M - e), T(M + e), std::numeric_limits<T>::digits);
}

// Kepler's true anomaly at time t, unwrapped (continuous in t): from the eccentric anomaly E of
// Kepler's equation (reduced to one period) and the count of whole periods; nu and E agree at
// multiples of pi and differ by less than pi, which fixes nu's branch.
template <class T>
T kepler_true_anomaly(const T& t, const T& e) {
  using std::atan2;
  using std::cos;
  using std::floor;
  using std::round;
  using std::sin;
  using std::sqrt;
  const T two_pi = 2 * pi<T>();
  const T E = eccentric_anomaly(t, e);
  const T E_unwrapped = E + two_pi * floor(t / two_pi);
  const T nu = 2 * atan2(sqrt(1 + e) * sin(E / 2), sqrt(1 - e) * cos(E / 2));
  return nu + two_pi * round((E_unwrapped - nu) / two_pi);
}

// Kepler's mean anomaly M = E - e sin E of a position of true anomaly nu (unwrapped), E the
// eccentric anomaly on nu's branch (they agree at multiples of pi and differ by less than pi). M
// advances uniformly (dM/dt = 1 for the unit orbit), so a numerical orbit's lag has the same size
// at every point of the orbit in M; in the true anomaly the same lag is multiplied by d nu / d M,
// which varies by ((1 + e) / (1 - e))^2 (16 at e = 0.6) between apoapsis and periapsis.
template <class T>
T kepler_mean_anomaly(const T& nu, const T& e) {
  using std::atan2;
  using std::cos;
  using std::round;
  using std::sin;
  using std::sqrt;
  const T two_pi = 2 * pi<T>();
  const T E = 2 * atan2(sqrt(1 - e) * sin(nu / 2), sqrt(1 + e) * cos(nu / 2));
  const T E_unwrapped = E + two_pi * round((nu - E) / two_pi);
  return E_unwrapped - e * sin(E_unwrapped);
}

// Two-body problem q'' = -q/|q|^3 (HLW GNI Sect. I.2.3) with eccentricity e (default 0.6):
// q(0) = (1 - e, 0), p(0) = (0, sqrt((1 + e)/(1 - e))); semi-major axis 1, period 2 pi.
// Exact: E - e sin E = t, q = (cos E - e, sqrt(1 - e^2) sin E), p = (-sin E, sqrt(1 - e^2) cos E)/(1 - e cos E).
struct kepler {
  static problem_info info() {
    return {.name = "kepler",
            .description = "Kepler two-body problem, eccentricity 0.6, t in [0, 20] (exact via Kepler's equation)",
            .citation = "E. Hairer, C. Lubich, G. Wanner, Geometric Numerical Integration (2nd ed., 2006), Sect. I.2.3",
            .dimension = 4,
            .hamiltonian = true,
            .has_exact = true,
            .has_jacobian = true,
            .separable = true,
            .second_order = true,
            .parameters = {{"eccentricity", "6/10", "orbital eccentricity e, 0 <= e < 1"},
                           {"t_end", "20", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    using std::sqrt;
    const T e = parameter<T>(*info, "eccentricity");
    if (!(e >= 0 && e < 1)) throw std::invalid_argument("kepler: eccentricity must be in [0, 1)");
    typed_problem<T> p;
    p.info = info;
    p.t_end = parameter<T>(*info, "t_end");
    p.y0 = {T(1 - e), T(0), T(0), T(sqrt((1 + e) / (1 - e)))};
    auto force = [](const state_of<T>& q, state_of<T>& f) {
      using std::sqrt;
      const T r2 = q[0] * q[0] + q[1] * q[1];
      const T inv_r3 = 1 / (r2 * sqrt(r2));
      f.resize(2);
      f[0] = -q[0] * inv_r3;
      f[1] = -q[1] * inv_r3;
    };
    p.rhs = [force](const T&, const state_of<T>& y, state_of<T>& dydt) {
      state_of<T> f;
      force(y, f);
      dydt = {y[2], y[3], f[0], f[1]};
    };
    p.exact = [e](const T& t) {
      using std::cos;
      using std::sin;
      using std::sqrt;
      const T E = eccentric_anomaly(t, e);
      const T c = cos(E), s = sin(E), w = sqrt(1 - e * e), d = 1 - e * c;
      return state_of<T>{T(c - e), T(w * s), T(-s / d), T(w * c / d)};
    };
    p.jacobian = [](const T&, const state_of<T>& y, std::vector<T>& J) {
      using std::sqrt;
      const T r2 = y[0] * y[0] + y[1] * y[1];
      const T i3 = 1 / (r2 * sqrt(r2)), i5 = 3 * i3 / r2;
      J.assign(16, T(0));
      J[0 * 4 + 2] = 1;
      J[1 * 4 + 3] = 1;
      J[2 * 4 + 0] = -i3 + i5 * y[0] * y[0];
      J[2 * 4 + 1] = i5 * y[0] * y[1];
      J[3 * 4 + 0] = i5 * y[0] * y[1];
      J[3 * 4 + 1] = -i3 + i5 * y[1] * y[1];
    };
    p.invariants.push_back({"energy", [](const T&, const state_of<T>& y) {
                              using std::sqrt;
                              return T((y[2] * y[2] + y[3] * y[3]) / 2 - 1 / sqrt(y[0] * y[0] + y[1] * y[1]));
                            }});
    p.invariants.push_back(
        {"angular momentum", [](const T&, const state_of<T>& y) { return T(y[0] * y[3] - y[1] * y[2]); }});
    p.split = separable_split<T>{.half_dimension = 2,
                                 .force = [force](const T&, const state_of<T>& q, state_of<T>& f) { force(q, f); },
                                 .velocity = [](const T&, const state_of<T>& v, state_of<T>& dq) { dq = v; }};
    p.period = T(2 * pi<T>());  // semi-major axis 1 for every e, GM = 1
    p.orbit = planar_orbit<T>{.mean_anomaly = [e](const T& nu) { return kepler_mean_anomaly(nu, e); },
                              .true_anomaly = [e](const T& t) { return kepler_true_anomaly(t, e); }};
    return p;
  }
};

// Henon-Heiles: H = (p1^2 + p2^2)/2 + (q1^2 + q2^2)/2 + q1^2 q2 - q2^3/3 (HLW GNI Sect. I.3.2).
// y(0) = (q1, q2, p1, p2) = (0, 1/10, 1/2, 0), H = 0.1297, below the escape energy 1/6.
struct henon_heiles {
  static problem_info info() {
    return {.name = "henon-heiles",
            .description = "Henon-Heiles, (q, p)(0) = (0, 0.1, 0.5, 0), H = 0.1297, t in [0, 20]",
            .citation =
                "M. Henon, C. Heiles, Astron. J. 69 (1964) 73-79; HLW, Geometric Numerical Integration, Sect. I.3.2",
            .dimension = 4,
            .hamiltonian = true,
            .has_jacobian = true,
            .separable = true,
            .second_order = true,
            .parameters = {{"q2_0", "1/10", "initial q2"},
                           {"p1_0", "1/2", "initial p1"},
                           {"t_end", "20", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    typed_problem<T> p;
    p.info = info;
    p.t_end = parameter<T>(*info, "t_end");
    p.y0 = {T(0), parameter<T>(*info, "q2_0"), parameter<T>(*info, "p1_0"), T(0)};
    auto force = [](const state_of<T>& q, state_of<T>& f) {
      f.resize(2);
      f[0] = -q[0] - 2 * q[0] * q[1];
      f[1] = -q[1] - q[0] * q[0] + q[1] * q[1];
    };
    p.rhs = [force](const T&, const state_of<T>& y, state_of<T>& dydt) {
      state_of<T> f;
      force(y, f);
      dydt = {y[2], y[3], f[0], f[1]};
    };
    p.jacobian = [](const T&, const state_of<T>& y, std::vector<T>& J) {
      J.assign(16, T(0));
      J[0 * 4 + 2] = 1;
      J[1 * 4 + 3] = 1;
      J[2 * 4 + 0] = -1 - 2 * y[1];
      J[2 * 4 + 1] = -2 * y[0];
      J[3 * 4 + 0] = -2 * y[0];
      J[3 * 4 + 1] = -1 + 2 * y[1];
    };
    p.invariants.push_back({"energy", [](const T&, const state_of<T>& y) {
                              return T((y[2] * y[2] + y[3] * y[3]) / 2 + (y[0] * y[0] + y[1] * y[1]) / 2 +
                                       y[0] * y[0] * y[1] - y[1] * y[1] * y[1] / 3);
                            }});
    p.split = separable_split<T>{.half_dimension = 2,
                                 .force = [force](const T&, const state_of<T>& q, state_of<T>& f) { force(q, f); },
                                 .velocity = [](const T&, const state_of<T>& v, state_of<T>& dq) { dq = v; }};
    return p;
  }
};

// The outer solar system of HLW GNI Sect. I.2.4 (Table 2.1): the Sun (with the inner planets'
// mass) and Jupiter, Saturn, Uranus, Neptune, Pluto; masses relative to the Sun, distances in AU,
// time in earth days, G = 2.95912208286e-4; positions and velocities on 5 September 1994.
// State: x of the six bodies, then y, then z, then the velocities in the same order.
struct outer_solar_system {
  static problem_info info() {
    return {
        .name = "outer-solar-system",
        .description = "Sun and the five outer bodies (Jupiter..Pluto), HLW data, t in [0, 20000] days",
        .citation =
            "E. Hairer, C. Lubich, G. Wanner, Geometric Numerical Integration (2nd ed., 2006), Sect. I.2.4, Table 2.1",
        .dimension = 36,
        .hamiltonian = true,
        .has_jacobian = true,
        .separable = true,
        .second_order = true,
        .parameters = {{"t_end", "20000", "end of the default time span (days)"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    // HLW Table 2.1, rows Sun, Jupiter, Saturn, Uranus, Neptune, Pluto: mass, q, v.
    static constexpr const char* data[6][7] = {
        {"1.00000597682", "0", "0", "0", "0", "0", "0"},
        {"0.000954786104043", "-3.5023653", "-3.8169847", "-1.5507963", "0.00565429", "-0.00412490", "-0.00190589"},
        {"0.000285583733151", "9.0755314", "-3.0458353", "-1.6483708", "0.00168318", "0.00483525", "0.00192462"},
        {"0.0000437273164546", "8.3101420", "-16.2901086", "-7.2521278", "0.00354178", "0.00137102", "0.00055029"},
        {"0.0000517759138449", "11.4707666", "-25.7294829", "-10.8169456", "0.00288930", "0.00114527", "0.00039677"},
        {"1/130000000", "-15.5387357", "-25.2225594", "-3.1902382", "0.00276725", "-0.00170702", "-0.00136504"}};
    nbody_system<T> system{.bodies = 6, .dims = 3, .gravity = value<T>("2.95912208286e-4"), .mass = {}};
    typed_problem<T> p;
    p.info = info;
    p.t_end = parameter<T>(*info, "t_end");
    p.y0.assign(36, T(0));
    for (int i = 0; i < 6; ++i) {
      system.mass.push_back(value<T>(data[i][0]));
      for (int k = 0; k < 3; ++k) {
        p.y0[system.index(i, k)] = value<T>(data[i][1 + k]);
        p.y0[18 + system.index(i, k)] = value<T>(data[i][4 + k]);
      }
    }
    system.install(p);
    return p;
  }
};

}  // namespace orderly::problems
