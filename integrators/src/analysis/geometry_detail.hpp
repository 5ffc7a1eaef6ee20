#pragma once
// What the geometric analyses of a method share (geometric_properties.hpp): the number helpers,
// the properties of a Runge-Kutta method's stage equations (stage_geometry.cpp) and those its
// B-series decides (bseries_geometry.cpp). Private to the integrator library's sources.
#include <orderly/analysis/geometric_properties.hpp>

#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace orderly::geometry_detail {

template <class Number>
bool is_zero(const Number& x, const Number& tolerance) {
  using boost::multiprecision::abs;
  using std::abs;
  return tolerance == 0 ? x == 0 : abs(x) <= tolerance;
}

template <class Number>
std::string text_of(const Number& x) {
  if constexpr (std::is_same_v<Number, exact>)
    return x.str();
  else
    return x.str(30, std::ios_base::scientific);
}

template <class Number>
double double_of(const Number& x) {
  return static_cast<double>(detail::as_high_precision(x));
}

template <class Number>
using matrix = std::vector<std::vector<Number>>;

// Symplecticity (Cooper's M = 0), symmetry (the stage permutation), nonnegative weights, M's
// semidefiniteness, algebraic stability and the SSP coefficient of the method's stage equations.
template <class Number>
void analyse_stage_equations(geometric_properties& g, const rk_coefficients<Number>& m, const Number& tolerance);

// The properties a method's B-series decides, from its coefficients a(t) on every tree through
// g.max_tree_order: its order, the pseudo- and conjugate-symplectic orders and the modified
// equation. Returns the modified field's coefficients b(t), which describe_energy reads (each
// computed when first read: the conjugacy test stops at its first failing order).
template <class Number>
modified_field<Number> analyse_bseries(geometric_properties& g, const bseries_trees& trees, std::vector<Number> a,
                                       const Number& tolerance);

// The leading harmonic drift (unless g.symplectic) and what the properties promise about energy;
// g.symplectic and g.symmetric are the caller's.
template <class Number>
void describe_energy(geometric_properties& g, const bseries_trees& trees, const modified_field<Number>& b,
                     const Number& tolerance);

}  // namespace orderly::geometry_detail
