#pragma once
// A Runge-Kutta method as data -- explicit, diagonally implicit or fully implicit: one object holds
// the coefficients and the metadata; the steppers, the order-condition check, the stability
// function and the catalog all read it. Rational entries are exact. A method with irrational
// entries (Gauss, Radau IIA, SDIRK) is computed at 100 digits from its defining conditions or
// closed forms and stored as the exact values of those 100-digit numbers, with the precision they
// are certified to (coefficient_digits): the analysis then checks conditions to that precision, not
// exactly.
#include "exact.hpp"
#include "scalars.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace orderly {

// Which weight set of an embedded pair propagates the solution.
enum class weight_set { primary, embedded };

inline const char* weight_set_name(weight_set w) { return w == weight_set::primary ? "primary" : "embedded"; }

// A Radau IIA method's error estimate for the adaptive code (implicit/radau.hpp), which rests on the
// one real eigenvalue of A^(-1) (odd stage counts only): generated with the coefficients
// (tableaus/radau_coefficients.hpp) and carried by the method's tableau.
struct radau_error_estimate {
  high_precision real_eigenvalue;             // u: the one real eigenvalue of A^(-1)
  high_precision gamma0;                      // 1/u: weight of f(t0, y0) in the embedded formula
  std::vector<high_precision> embedded_b;     // b^_1..b^_s (order s together with gamma0 at node 0)
  std::vector<high_precision> error_weights;  // e = A^(-T) (b^ - b): y^ - y1 = gamma0 h f0 + sum e_i Z_i
};

struct butcher_tableau {
  std::string name;                   // CLI name, e.g. "dopri54"
  std::string title;                  // e.g. "Dormand-Prince 5(4)"
  std::string citation;               // where the coefficients were taken from
  int order = 0;                      // order of the propagated solution (weights b)
  std::optional<int> embedded_order;  // order of the embedded weights b_hat, if any
  std::vector<std::vector<exact>> a;  // s rows; explicit methods give row i with i entries
  std::vector<exact> b;
  std::vector<exact> c;
  std::optional<std::vector<exact>> b_embedded;
  // c_i = sum_j a_ij holds for nearly every method; a method that deliberately breaks it says so.
  bool row_sum_condition = true;
  // 0: every entry is the rational it is. Otherwise the digits to which the entries hold (they
  // are 100-digit computations: certified_coefficient_digits).
  int coefficient_digits = 0;
  // Radau IIA of odd stage count: the adaptive code's error estimate (empty for every other method).
  std::optional<radau_error_estimate> radau_estimate;

  // Whether conditions on the coefficients can be decided exactly; otherwise they hold to the
  // certified precision, and are checked at 100 digits.
  bool exact_entries() const { return coefficient_digits == 0; }

  int stages() const { return static_cast<int>(b.size()); }

  exact a_at(int i, int j) const {
    const auto& row = a[static_cast<std::size_t>(i)];
    return static_cast<std::size_t>(j) < row.size() ? row[static_cast<std::size_t>(j)] : exact(0);
  }

  // The weights of one set; throws if the tableau has no embedded set.
  const std::vector<exact>& weights(weight_set set) const {
    if (set == weight_set::primary) return b;
    if (!b_embedded) throw std::invalid_argument(name + " has no embedded weights");
    return *b_embedded;
  }

  bool is_explicit() const {
    for (int i = 0; i < stages(); ++i)
      for (int j = i; j < stages(); ++j)
        if (a_at(i, j) != 0) return false;
    return true;
  }

  // First same as last: the last stage is evaluated at (t + h, y_{n+1}), so the next step can reuse it.
  bool first_same_as_last() const {
    const int s = stages();
    if (s < 2 || c.back() != 1) return false;
    for (int j = 0; j < s; ++j)
      if (a_at(s - 1, j) != b[static_cast<std::size_t>(j)]) return false;
    return true;
  }
};

// Builds a tableau from rational strings: rows of A are given as written in the literature
// (explicit methods: the strictly lower part, row i holding i entries).
struct tableau_text {
  std::string name, title, citation;
  int order = 0;
  std::optional<int> embedded_order;
  std::vector<std::vector<std::string_view>> a;
  std::vector<std::string_view> b, c;
  std::vector<std::string_view> b_embedded;  // empty if none
  bool row_sum_condition = true;
};

butcher_tableau make_tableau(const tableau_text& text);

// A tableau whose entries are computed at 100 digits (radicals, roots of defining conditions):
// each entry is kept as the exact value of its 100-digit number, certified to
// certified_coefficient_digits. Rows of A hold s entries.
butcher_tableau tableau_from_high_precision(std::string name, std::string title, std::string citation, int order,
                                            const std::vector<std::vector<high_precision>>& a,
                                            const std::vector<high_precision>& b, const std::vector<high_precision>& c);

// An explicit tableau's coefficients rounded to a scalar type, laid out for the explicit stepper.
template <class T>
struct numeric_tableau {
  int stages = 0;
  std::vector<std::vector<T>> a;  // a[i][j] for j < i (explicit part)
  std::vector<T> b, b_embedded, c;

  explicit numeric_tableau(const butcher_tableau& t) : stages(t.stages()) {
    for (int i = 0; i < stages; ++i) {
      std::vector<T> row;
      for (int j = 0; j < i; ++j) row.push_back(to_scalar<T>(t.a_at(i, j)));
      a.push_back(std::move(row));
      b.push_back(to_scalar<T>(t.b[static_cast<std::size_t>(i)]));
      c.push_back(to_scalar<T>(t.c[static_cast<std::size_t>(i)]));
      if (t.b_embedded) b_embedded.push_back(to_scalar<T>((*t.b_embedded)[static_cast<std::size_t>(i)]));
    }
  }
};

// The studies' scalars are instantiated once (integrators/src/tableau.cpp).
extern template struct numeric_tableau<float>;
extern template struct numeric_tableau<double>;
extern template struct numeric_tableau<long double>;
extern template struct numeric_tableau<float128>;
extern template struct numeric_tableau<mp50>;

}  // namespace orderly
