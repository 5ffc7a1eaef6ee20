#pragma once
// The linear problems the method analysis and the game table run steppers on: the unit-mass
// spring x'' = -k x - b x' (undamped it is separable, so splitting methods take it; h = 1 and
// k = omega^2 make it the harmonic test problem), and the spectral radius of a 2 x 2 step matrix.
#include <orderly/problem.hpp>

#include <algorithm>
#include <cmath>

namespace orderly {

// A step's growth (|R(z)| or a step matrix's spectral radius) counts as stable up to this many
// units of the scalar's round-off above 1: the method analysis and the game table judge the
// stepper's own growth by the same margin.
inline constexpr double stable_roundoff_units = 64;

// The largest |eigenvalue| of [[m00, m01], [m10, m11]].
template <class T>
T spectral_radius(T m00, T m01, T m10, T m11) {
  using std::abs;
  using std::sqrt;
  const T trace = m00 + m11, det = m00 * m11 - m01 * m10;
  const T discriminant = trace * trace - 4 * det;
  if (discriminant >= 0) {
    const T root = sqrt(discriminant);
    return std::max(abs(trace + root), abs(trace - root)) / 2;
  }
  return sqrt(abs(det));
}

// The spring's catalog facts: undamped it is a separable Hamiltonian (position-only force).
inline const problem_info& spring_info(bool damped) {
  static const problem_info undamped_info = [] {
    problem_info p;
    p.name = "spring";
    p.dimension = 2;
    p.second_order = true;
    p.separable = true;
    p.hamiltonian = true;
    p.nonlinear = false;
    return p;
  }();
  static const problem_info damped_info = [] {
    problem_info p;
    p.name = "damped-spring";
    p.dimension = 2;
    p.second_order = true;
    p.nonlinear = false;
    return p;
  }();
  return damped ? damped_info : undamped_info;
}

// y = (x, v), y' = (v, -k x - b v), in the scalar T.
template <class T>
typed_problem<T> spring(double k, double b) {
  typed_problem<T> problem;
  problem.info = &spring_info(b != 0);
  const T kk = T(k), bb = T(b);
  problem.rhs = [kk, bb](const T&, const state_of<T>& y, state_of<T>& dy) {
    dy[0] = y[1];
    dy[1] = -kk * y[0] - bb * y[1];
  };
  if (b == 0)
    problem.split = separable_split<T>{1, [kk](const T&, const state_of<T>& q, state_of<T>& f) { f[0] = -kk * q[0]; },
                                       [](const T&, const state_of<T>& p, state_of<T>& v) { v[0] = p[0]; }};
  return problem;
}

}  // namespace orderly
