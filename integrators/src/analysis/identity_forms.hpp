#pragma once
// What the identification of a tableau shares between its parts (method_identity.cpp: the search
// over the published methods; identity_forms.cpp: the coefficients as compared; stage_matching.cpp:
// the renumbering of stages; identity_effects.cpp: what a difference does to the orders).
#include <orderly/analysis/method_identity.hpp>

#include <string>
#include <utility>
#include <vector>

namespace orderly::identity_detail {

// One coefficient as compared: exact value, its long double rounding, and its radius.
struct entry {
  exact value;
  long double approx = 0;
  long double radius = 0;
  bool zero() const { return value == 0 && radius == 0; }
};

entry make_entry(const exact& value, double radius);

// Equal within the two radii. Entries known finer than long double (exact, or published decimals)
// are compared at 100 digits, to their radii.
bool same(const entry& x, const entry& y);

// A tableau reduced to the stages its weights use, with the weights in the roles compared.
struct reduced_form {
  std::vector<int> original;  // reduced stage -> stage of the tableau
  std::vector<entry> c, b, b_hat;
  std::vector<std::vector<entry>> a;
  bool has_estimate = false;
  int stages() const { return static_cast<int>(original.size()); }
};

struct full_form {
  std::vector<entry> c, b, b_hat;
  std::vector<std::vector<entry>> a;
  bool has_estimate = false;
};

full_form full_form_of(const known_tableau& k);

// The form with weights (first, second) and the stages they use.
reduced_form reduce(const full_form& f, bool swap_weights, bool with_estimate);

// The estimate with the opposite sign: b_hat' = 2 b - b_hat.
full_form with_flipped_estimate(full_form f);

// The fewest differences over the renumberings of the given stages onto the published ones, and
// the renumbering that gives them (given stage -> published stage).
std::pair<int, std::vector<int>> best_renumbering(const reduced_form& given, const reduced_form& published);

// The differences of a renumbering, in the published method's numbering.
std::vector<coefficient_difference> differences_of(const reduced_form& g, const reduced_form& p,
                                                   const std::vector<int>& map, bool swapped);

// The orders and principal errors of the matched coefficients against the published method's.
difference_effects effects_of(const known_tableau& known, const full_form& matched, const method_match& match);

}  // namespace orderly::identity_detail
