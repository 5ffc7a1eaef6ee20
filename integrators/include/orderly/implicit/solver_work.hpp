#pragma once
// What both implicit Runge-Kutta solvers (the adaptive Radau IIA code, implicit/radau.hpp, and the
// fixed-step implicit_rk_stepper, implicit/implicit_rk.hpp) count of their work, and how they tell
// whether a Jacobian was given.
#include <cstdint>
#include <type_traits>

namespace orderly {

struct radau_stats {
  std::uint64_t accepted = 0;
  std::uint64_t rejected = 0;
  std::uint64_t rhs_evaluations = 0;
  std::uint64_t jacobian_evaluations = 0;  // analytic or finite-difference
  std::uint64_t lu_decompositions = 0;     // of the s n x s n iteration matrix
  std::uint64_t newton_iterations = 0;
  std::uint64_t newton_failures = 0;  // step-size reductions forced by Newton divergence
};

namespace implicit_detail {

// Whether `jacobian` writes df/dy (nullptr or an empty std::function: finite differences instead).
template <class Jac>
bool has_jacobian(const Jac& jacobian) {
  if constexpr (std::is_null_pointer_v<std::remove_cvref_t<Jac>>)
    return false;
  else if constexpr (requires { static_cast<bool>(jacobian); })
    return static_cast<bool>(jacobian);
  else
    return true;
}

}  // namespace implicit_detail

}  // namespace orderly
