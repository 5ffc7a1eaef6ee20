#pragma once
// odeint's implicit steppers (implicit_euler, rosenbrock4) as an odeint user drives them on an
// Orderly problem: ublas vectors, a pair (system, Jacobian function), do_step(pair, x, t, dt). The
// Jacobian is the problem's analytic one; rosenbrock4 also asks for df/dt, given by the central
// difference Orderly's rosenbrock_stepper uses, so that both sides see the same numbers.
#include <orderly/implicit/difference_quotients.hpp>
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

// odeint's rosenbrock4 coefficients with d4 as RODAS has it (-0.0362...; odeint prints +0.0362):
// the member hides the base's, and rosenbrock4 reads m_coef.d4 through this type. The literal is
// the published decimal, as odeint's own coefficients are.
template <class Value>
struct rodas_coefficients : boost::numeric::odeint::default_rosenbrock_coefficients<Value> {
  const Value d4 = static_cast<Value>(-0.3620000000000023e-01);
};

// The pair (system, Jacobian function) an odeint user hands an implicit stepper, on ublas vectors,
// for `problem` (kept by reference). WithTimeDerivative: the Jacobian function also writes df/dt
// (rosenbrock4's signature); implicit_euler's does not. Right-hand-side evaluations (the two of
// each df/dt difference included) are added to *evaluations, Jacobian evaluations to *jacobians,
// when given.
template <bool WithTimeDerivative, class T>
auto odeint_implicit_system(const typed_problem<T>& problem, std::uint64_t* evaluations = nullptr,
                            std::uint64_t* jacobians = nullptr) {
  namespace ublas = boost::numeric::ublas;
  struct buffers {
    state_of<T> x, dx, dfdt;
    std::vector<T> j;
  };
  const std::size_t n = problem.y0.size();
  auto b = std::make_shared<buffers>(buffers{state_of<T>(n), state_of<T>(n), state_of<T>(n), {}});
  const auto* p = &problem;
  auto system = [b, p, evaluations](const ublas::vector<T>& in, ublas::vector<T>& out, T time) {
    std::copy(in.begin(), in.end(), b->x.begin());
    p->rhs(time, b->x, b->dx);
    if (evaluations) ++*evaluations;
    std::copy(b->dx.begin(), b->dx.end(), out.begin());
  };
  auto jacobian = [b, p, n, jacobians](const ublas::vector<T>& in, ublas::matrix<T>& jac, T time) {
    if (jacobians) ++*jacobians;
    std::copy(in.begin(), in.end(), b->x.begin());
    p->jacobian(time, b->x, b->j);
    for (std::size_t r = 0; r < n; ++r)
      for (std::size_t c = 0; c < n; ++c) jac(r, c) = b->j[r * n + c];
  };
  if constexpr (WithTimeDerivative) {
    auto jacobian_and_dfdt = [b, p, jacobian, evaluations](const ublas::vector<T>& in, ublas::matrix<T>& jac, T time,
                                                           ublas::vector<T>& dfdt) {
      jacobian(in, jac, time);
      // Zero for an autonomous problem; else the central difference Orderly's stepper uses.
      std::uint64_t spent = 0;
      if (p->info->nonautonomous) {
        auto f = [p](const T& at, const state_of<T>& x, state_of<T>& dx) { p->rhs(at, x, dx); };
        central_time_derivative(f, time, b->x, b->dfdt, spent);
      } else {
        b->dfdt.assign(b->x.size(), T(0));
      }
      if (evaluations) *evaluations += spent;
      std::copy(b->dfdt.begin(), b->dfdt.end(), dfdt.begin());
    };
    return std::make_pair(system, jacobian_and_dfdt);
  } else {
    return std::make_pair(system, jacobian);
  }
}

// advance(t, y, h): one do_step of `stepper` (kept by reference) on `problem`, through the
// system pair above.
template <bool WithTimeDerivative, class T, class Stepper>
auto odeint_implicit_advance(Stepper& stepper, const typed_problem<T>& problem, std::uint64_t* evaluations = nullptr) {
  auto system = odeint_implicit_system<WithTimeDerivative>(problem, evaluations);
  auto state = std::make_shared<boost::numeric::ublas::vector<T>>(problem.y0.size());
  return [&stepper, system, state](const T& t, state_of<T>& y, const T& h) {
    std::copy(y.begin(), y.end(), state->begin());
    stepper.do_step(system, *state, t, h);
    std::copy(state->begin(), state->end(), y.begin());
  };
}

}  // namespace orderly
