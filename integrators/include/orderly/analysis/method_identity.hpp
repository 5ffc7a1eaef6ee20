#pragma once
// Which published method a Runge-Kutta tableau is, and which coefficients differ from it.
//
// A tableau is given with the radius each entry is known to (0 for an exact entry; a recovered
// coefficient's rounding bound; a decimal's half unit in its last digit) and matched against every
// published method (published_methods.hpp): two tableaus denote the same method when a
// renumbering of the stages maps one's c, A and weights onto the other's (stages that nothing
// uses, a last stage evaluated only for the next step's reuse, are set aside first). Where none
// matches exactly, the nearest methods with the same number of used stages are those with the
// fewest differing coefficients; each difference is given with both values, and what it changes
// is computed: the orders of the propagated and the embedded weights (for the non-autonomous
// problems too, when the nodes are not the row sums of A), the conditions that fail, the
// principal error.
#include <orderly/published_methods.hpp>
#include <orderly/tableau.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orderly {

// A tableau and how well each entry is known. Radii have the shapes of the entries (a: s x s).
// The weights may be given as the propagated ones with an estimate: error_weights e, where the
// estimate is h sum e_i k_i = y_propagated - y_embedded, so b_hat = b - e.
struct known_tableau {
  butcher_tableau tableau;  // its b_embedded, when given, is b - e
  std::vector<std::vector<double>> a_radius;
  std::vector<double> b_radius, c_radius, b_embedded_radius;
  // The estimate's sign as the stepper declares it could not be taken on trust: the identification
  // also tries the opposite sign and says which one the published method has.
  bool estimate_sign_uncertain = false;
  // The values are the exact rationals the coefficients stand for (every one recognised): the
  // radii say how well the match is pinned down, and orders are decided exactly.
  bool values_exact = false;
};

// Every entry exact (radius 0), or, for a tableau of decimals, the half unit of its digits.
known_tableau known_exactly(const butcher_tableau& t);

enum class coefficient_part { c, a, b, b_embedded };

struct coefficient_difference {
  coefficient_part part = coefficient_part::a;
  int row = 0, column = 0;  // 0-based, in the published method's numbering (column unused for c, b)
  exact given, published;
  double given_radius = 0;
  // For a weight of the estimate: the estimate's weight e = b - b_hat of that stage, given and
  // published (a stepper's estimate is written with e, so its typo shows there).
  std::optional<exact> given_estimate_weight, published_estimate_weight;
  std::string label() const;  // "a_63", "b_hat_7", "c_12", 1-based
};

// What the differences change, computed on the given coefficients against the published ones.
struct difference_effects {
  int given_order = 0, published_order = 0;  // the propagated weights, autonomous problems
  std::optional<int> given_embedded_order, published_embedded_order;
  // When c is not A 1: the order on non-autonomous problems (the time nodes enter there only).
  std::optional<int> given_nonautonomous_order;
  bool only_nodes_differ = false;  // autonomous problems see the published method exactly
  // The conditions (trees, Butcher's brackets) that fail at the first order the given weights lose.
  std::vector<std::string> failing_trees, failing_embedded_trees;
  double given_principal_error = 0, published_principal_error = 0;  // 2-norms at published order + 1
  bool orders_decided_exactly = true;                               // false: to the entries' radii
  int stages = 0;  // used stages of both (a match compares equal counts)
};

struct method_match {
  const published_method* method = nullptr;
  std::vector<int> stage_map;          // given stage -> published stage (-1: set aside)
  bool propagates_embedded = false;    // the given b are the published b_hat
  bool estimate_sign_flipped = false;  // the given estimate has the opposite sign to the published pair's
  bool estimate_compared = false;      // both have an estimate and it was compared
  std::vector<coefficient_difference> differences;
  double distance = 0;  // sum of |given - published| over the differences: ties of their count go to the nearer
  std::optional<difference_effects> effects;  // computed when there are differences
  bool exact() const { return differences.empty(); }
};

struct identity_result {
  std::optional<method_match> match;     // a published method it is, entry for entry within the radii
  std::vector<method_match> nearest;     // otherwise the closest, fewest differences first (at most 3)
  std::optional<method_match> declared;  // against the method the stepper or file names, if published
  std::string declared_name;             // as named, also when it is not a published method
  int used_stages = 0;
};

// Matches and nearest methods; declared_method may name a published method or alias (or be empty).
identity_result identify_method(const known_tableau& given, std::string_view declared_method = {});

// The order of one weight set of a known tableau, its conditions checked up to max_order to within
// what the radii can move them (exactly where every radius is 0).
int attained_order_within(const known_tableau& k, weight_set weights, int max_order);

// One line: "exactly Dormand-Prince 5(4)", "Dormand-Prince 5(4) except b_hat_7: ...", "no published
// method matches; nearest ...".
std::string identity_headline(const identity_result& r);

}  // namespace orderly
