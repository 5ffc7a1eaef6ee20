#pragma once
// The rounded coefficients of an explicit tableau as both explicit Runge-Kutta steppers hold them
// (explicit_rk.hpp reads the stage count at run time, compiled_explicit_rk.hpp at compile time):
// for each row of A, for the propagated weights and for the error estimate's weights, the list of
// nonzero terms with h times each coefficient for the current h; and the nodes. The steppers differ
// only in how one term list is stored (Term: a vector, or an array sized by the stage count).
//
// The error estimate's weights are the exact differences b_j - bhat_j (propagated minus other),
// rounded once. For an FSAL pair the last stage's error term is a list of its own (error_last),
// because the steppers evaluate that stage at y_{n+1} after the update and add its term last.
#include "tableau.hpp"

#include <array>
#include <cstddef>
#include <type_traits>
#include <vector>

namespace orderly {

// Stages == 0: the stage count is known at run time only.
template <class Term, int Stages = 0>
struct stage_coefficients {
  using scalar = typename Term::scalar;
  template <class X>
  using per_stage = std::conditional_t<Stages == 0, std::vector<X>, std::array<X, static_cast<std::size_t>(Stages)>>;

  per_stage<Term> rows{};  // row i: the nonzero a_ij, j < i
  Term weights{}, error{}, error_last{};
  per_stage<scalar> node{};
  scalar scaled_h = 0;  // the h the scaled coefficients hold (0: none yet; a step of 0 rescales to 0)
  bool fsal = false;    // FSAL reuse is valid only when the propagated weights are the last row of A

  // tableau has Stages stages when Stages > 0 (the compiled stepper checks it first).
  stage_coefficients(const butcher_tableau& tableau, weight_set set) {
    const auto s = static_cast<std::size_t>(tableau.stages());
    if constexpr (Stages == 0) {
      rows.resize(s);
      node.resize(s);
    }
    fsal = tableau.first_same_as_last() && set == weight_set::primary;
    const auto& propagated = tableau.weights(set);  // throws if there is no embedded set
    for (std::size_t i = 0; i < s; ++i) {
      for (std::size_t j = 0; j < i; ++j) rows[i].add(j, tableau.a_at(static_cast<int>(i), static_cast<int>(j)));
      node[i] = to_scalar<scalar>(tableau.c[i]);
      weights.add(i, propagated[i]);
      if (tableau.b_embedded) {
        const exact difference = tableau.b[i] - (*tableau.b_embedded)[i];
        const exact signed_difference = set == weight_set::primary ? difference : exact(-difference);
        (fsal && i == s - 1 ? error_last : error).add(i, signed_difference);
      }
    }
  }

  // h times every coefficient, recomputed only when h changes.
  void scale_to(const scalar& h) {
    if (h == scaled_h) return;
    for (auto& row : rows) row.rescale(h);
    weights.rescale(h);
    error.rescale(h);
    error_last.rescale(h);
    scaled_h = h;
  }
};

}  // namespace orderly
