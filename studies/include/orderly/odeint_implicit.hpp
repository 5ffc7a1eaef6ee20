#pragma once
// odeint's implicit steppers (implicit_euler, rosenbrock4) as an odeint user drives them on an
// Orderly problem: ublas vectors, a pair (system, Jacobian function), do_step(pair, x, t, dt). The
// Jacobian is the problem's analytic one; rosenbrock4 also asks for df/dt, given by the central
// difference Orderly's rosenbrock_stepper uses, so that both sides see the same numbers.
#include <orderly/problem.hpp>

#include <boost/numeric/odeint/stepper/implicit_euler.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

namespace orderly {

// df/dt at (t, y): zero for an autonomous problem, else (f(t + d) - f(t - d)) / 2d with
// d = eps^(1/3) max(1, |t|), as implicit/rosenbrock.hpp computes it.
template <class T>
void central_time_derivative(const typed_problem<T>& problem, const T& t, const state_of<T>& y, state_of<T>& dfdt) {
  using std::abs;
  using std::cbrt;
  using std::max;
  const std::size_t n = y.size();
  dfdt.assign(n, T(0));
  if (!problem.info->nonautonomous) return;
  const T delta = cbrt(std::numeric_limits<T>::epsilon()) * max(T(1), T(abs(t)));
  state_of<T> ahead(n), behind(n);
  problem.rhs(t + delta, y, ahead);
  problem.rhs(t - delta, y, behind);
  for (std::size_t i = 0; i < n; ++i) dfdt[i] = (ahead[i] - behind[i]) / (2 * delta);
}

// advance(t, y, h): one do_step of `stepper` (kept by reference) on `problem`. WithTimeDerivative:
// the Jacobian function also writes df/dt (rosenbrock4's signature); implicit_euler's does not.
// Right-hand-side evaluations made by odeint are added to *evaluations when given.
template <bool WithTimeDerivative, class T, class Stepper>
auto odeint_implicit_advance(Stepper& stepper, const typed_problem<T>& problem, std::uint64_t* evaluations = nullptr) {
  namespace ublas = boost::numeric::ublas;
  struct buffers {
    state_of<T> x, dx, dfdt;
    std::vector<T> j;
    ublas::vector<T> state;
  };
  const std::size_t n = problem.y0.size();
  auto b = std::make_shared<buffers>(buffers{state_of<T>(n), state_of<T>(n), state_of<T>(n), {}, ublas::vector<T>(n)});
  const auto* p = &problem;
  return [&stepper, b, p, n, evaluations](const T& t, state_of<T>& y, const T& h) {
    auto system = [b, p, evaluations](const ublas::vector<T>& in, ublas::vector<T>& out, T time) {
      std::copy(in.begin(), in.end(), b->x.begin());
      p->rhs(time, b->x, b->dx);
      if (evaluations) ++*evaluations;
      std::copy(b->dx.begin(), b->dx.end(), out.begin());
    };
    auto jacobian = [b, p, n](const ublas::vector<T>& in, ublas::matrix<T>& jac, T time) {
      std::copy(in.begin(), in.end(), b->x.begin());
      p->jacobian(time, b->x, b->j);
      for (std::size_t r = 0; r < n; ++r)
        for (std::size_t c = 0; c < n; ++c) jac(r, c) = b->j[r * n + c];
    };
    std::copy(y.begin(), y.end(), b->state.begin());
    if constexpr (WithTimeDerivative) {
      auto jacobian_and_dfdt = [b, p, jacobian](const ublas::vector<T>& in, ublas::matrix<T>& jac, T time,
                                               ublas::vector<T>& dfdt) {
        jacobian(in, jac, time);
        central_time_derivative(*p, time, b->x, b->dfdt);
        std::copy(b->dfdt.begin(), b->dfdt.end(), dfdt.begin());
      };
      stepper.do_step(std::make_pair(system, jacobian_and_dfdt), b->state, t, h);
    } else {
      stepper.do_step(std::make_pair(system, jacobian), b->state, t, h);
    }
    std::copy(b->state.begin(), b->state.end(), y.begin());
  };
}

}  // namespace orderly
