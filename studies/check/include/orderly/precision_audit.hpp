#pragma once
// What a tableau file's digits support: the order its conditions hold to in exact arithmetic,
// within the rounding of its digits, and within each scalar's tolerance.
//
// Precision model. Three kinds of input: exact rationals that define the method (their order is
// decided exactly), exact rationals that only approximate one (Prince-Dormand 8(7)'s published
// rationals meet sum(b) = 1 to about 4e-18), and decimals. A decimal of N significant digits is
// within half a unit of its last digit, at most 0.5 10^(1-N) of its size, of what it denotes;
// tables of 17 digits or fewer are also what doubles print, and a double is itself within 2^-53
// of the coefficient it rounds. So every decimal entry of a table is given the relative
// uncertainty u = 0.5 10^(1-N) (+ 2^-53 when N <= 17), N the table's longest decimal; a short
// entry ("0.2" in a 17-digit table) is overestimated harmlessly, and rationals are exact.
//
// The elementary weight Phi(t) of a tree of order q is a polynomial in the coefficients with
// coefficients +1, homogeneous of degree q, so entries moved by at most u of their size move it by
// at most B_t(u) = ((1 - u)^(-q) - 1) Phi_abs(t) (Phi_abs on absolute values; 1/(1-u) because the
// true entry may be the larger). A condition holds in a scalar S when its residual is within
// max(B_t(u_S), roundoff_floor_factor eps_S): no larger than S's own rounding of the coefficients
// would leave, or too small to rise above the round-off plateau of a measurement in S (a residual
// d in a condition of order q adds about d h^(q-1) of the solution's size to the global error, at
// most d). A method whose conditions of orders 1..p hold so is "order p to eps" (eps its largest
// residual), and S suits it: a measurement in S sees the method, not the table's truncation.
#include <orderly/order_conditions.hpp>
#include <orderly/scalars.hpp>
#include <orderly/tableau_file.hpp>

#include <optional>
#include <string>
#include <vector>

namespace orderly {

// What the coefficients are, for one weight set (the header comment's three kinds).
enum class coefficient_kind { exact_defining, exact_approximating, decimal };

const char* coefficient_kind_name(coefficient_kind k);

// The order the conditions hold to within one scalar's tolerance (the header comment).
struct scalar_order {
  scalar_kind scalar = scalar_kind::float64;
  int order = 0;
};

// What the coefficients leave of the order conditions, per weight set.
struct precision_audit {
  coefficient_kind kind = coefficient_kind::exact_defining;
  int declared = 0;
  int exact_order = 0;   // order of the numbers as given, in exact arithmetic
  int digits_order = 0;  // within the rounding of the given digits (exact input: exact_order)
  // The order the coefficients have at their precision: exactly for defining rationals; otherwise
  // at the digits' precision or double's, whichever is coarser (no measurement runs below double).
  int order_to_precision = 0;
  std::vector<double> max_residual;           // per order 1..declared+1: max |Phi(t) - 1/gamma(t)|
  double residual_to_declared = 0;            // the largest over orders 1..declared: "order p to eps"
  std::vector<scalar_order> order_by_scalar;  // float, double, long double, float128, mp50
  std::vector<std::string> suited_scalars;    // those in which the conditions reach the declared order
  principal_error error;  // the order-(declared + 1) error coefficients' norms, from the same residuals
  // The finest unit roundoff whose scalar the coefficients suit: how far a rational that only
  // approximates a method may stand from it (0 for defining rationals).
  double suited_unit_roundoff = 0;
};

// The audit of one weight set against its declared order; roundoff_floor_factor eps_S is the
// round-off plateau below which a residual is invisible in scalar S (order_policy.hpp).
precision_audit audit_precision(const tableau_file& file, weight_set weights, int declared,
                                double roundoff_floor_factor);

// The most precise scalar among double, long double and float128 that the audit allows: where a
// measurement of the file's method should run. Empty when even double is too fine for the digits.
std::optional<scalar_kind> measurement_scalar(const precision_audit& audit);

}  // namespace orderly
