#pragma once
// Gragg-Bulirsch-Stoer extrapolation (odeint's bulirsch_stoer) over a catalog problem in any
// scalar: the non-stiff reference runs (reference/src/reference_solution.cpp) and the tests and
// benchmarks that recompute a reference.
#include <orderly/odeint_multiprecision.hpp>
#include <orderly/problem.hpp>
#include <orderly/reference_progress.hpp>

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace orderly {

// Integrates problem `p` with Gragg-Bulirsch-Stoer extrapolation (abs = rel = tol), returning the
// state at each of the ascending `times` (all >= p.t0), each hit exactly; `progress`, when given,
// hears the time the right-hand side is evaluated at.
template <class T>
std::vector<state_of<T>> integrate_extrapolation(const typed_problem<T>& p, const std::vector<T>& times, const T& tol,
                                                 std::size_t* steps = nullptr, span_progress<T>* progress = nullptr) {
  namespace odeint = boost::numeric::odeint;
  std::vector<T> grid;
  grid.push_back(p.t0);
  for (const auto& t : times) {
    if (t < p.t0) throw std::invalid_argument(p.info->name + ": reference requested before t0");
    if (t > grid.back()) grid.push_back(t);
  }
  std::vector<state_of<T>> at_grid;
  state_of<T> y = p.y0;
  const auto system = [&p, progress](const state_of<T>& x, state_of<T>& dxdt, const T& t) {
    if (progress) progress->evaluated_at(t);
    dxdt.resize(x.size());
    p.rhs(t, x, dxdt);
  };
  std::size_t count = 0;
  if (grid.size() > 1) {
    odeint::bulirsch_stoer<state_of<T>, T, state_of<T>, T> stepper(tol, tol);
    count = odeint::integrate_times(stepper, system, y, grid.begin(), grid.end(), T((grid[1] - grid[0]) / 100),
                                    [&](const state_of<T>& x, const T&) { at_grid.push_back(x); });
  } else {
    at_grid.push_back(y);
  }
  if (steps) *steps = count;
  std::vector<state_of<T>> result;
  for (const auto& t : times)
    result.push_back(at_grid[static_cast<std::size_t>(std::lower_bound(grid.begin(), grid.end(), t) - grid.begin())]);
  return result;
}

}  // namespace orderly
