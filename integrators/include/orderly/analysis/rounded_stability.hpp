#pragma once
// The stability function of a method known through rounded coefficients (a user's decimals), with
// what the rounding leaves undecided. Each entry of A and b is within a known amount of the
// method's own; that bounds how far each coefficient of P and Q can be from the method's, and
//  - a coefficient within its bound of a rational with a small denominator is that rational
//    (Gauss, Radau and Lobatto methods: Pade approximants; an L-stable method's P(z) top
//    coefficient 0), as `analyze` recognises the catalog's 100-digit methods;
//  - a term of a margin |Q|^2 - |P|^2 within its bound of zero has no known sign and is dropped
//    (stability_function.hpp): rounding to 40 digits moves a Gauss method's identically zero
//    margin by 1e-40, which read literally makes it unstable near y = 0 and at x = -1.8e41.
// Decisions made after either step hold "within the coefficients' precision".
#include <orderly/analysis/stability_function.hpp>

#include <boost/multiprecision/cpp_int.hpp>

#include <vector>

namespace orderly {

// The most each entry of A (square) and b may differ from the method's own.
struct entry_uncertainty {
  std::vector<std::vector<exact>> a;
  std::vector<exact> b;
};

namespace detail {

// Elementary symmetric polynomials e_0..e_s of x: the coefficients of prod (1 + x_i z).
inline std::vector<exact> elementary_symmetric(const std::vector<exact>& x) {
  std::vector<exact> e(x.size() + 1, exact(0));
  e[0] = 1;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t k = i + 1; k >= 1; --k) e[k] += e[k - 1] * x[i];
  return e;
}

// Bounds on the coefficients of det(I - z M) when each entry of M moves by at most delta_ij.
// The z^k coefficient is a signed sum over k-subsets and permutations of products of k entries,
// each of which moves by at most prod(|m| + delta) - prod|m|; summed over every choice of one entry
// per row (more nonnegative terms) that is at most e_k(r + dr) - e_k(r), r_i = sum_j |m_ij| and
// dr_i = sum_j delta_ij. Lower-triangular M: det = prod(1 - z m_ii), the diagonal alone.
inline std::vector<exact> determinant_coefficient_uncertainty(const std::vector<std::vector<exact>>& m,
                                                              const std::vector<std::vector<exact>>& delta,
                                                              bool lower_triangular) {
  std::vector<exact> r, widened;
  for (std::size_t i = 0; i < m.size(); ++i) {
    exact row = 0, moved = 0;
    for (std::size_t j = 0; j < m[i].size(); ++j)
      if (!lower_triangular || j == i) row += abs(m[i][j]), moved += delta[i][j];
    r.push_back(row);
    widened.push_back(row + moved);
  }
  const auto low = elementary_symmetric(r), high = elementary_symmetric(widened);
  std::vector<exact> bound;
  for (std::size_t k = 0; k < low.size(); ++k) bound.push_back(high[k] - low[k]);
  return bound;
}

// Explicit methods: P(z) = 1 + sum_k (b^T A^(k-1) 1) z^k, each coefficient moving by at most
// (|b| + db)^T (|A| + dA)^(k-1) 1 - |b|^T |A|^(k-1) 1.
inline std::vector<exact> explicit_polynomial_uncertainty(const rk_coefficients<exact>& m,
                                                          const entry_uncertainty& delta) {
  const std::size_t s = m.b.size();
  std::vector<exact> low(s, exact(1)), high(s, exact(1));  // |A|^(k-1) 1 and its widened form
  std::vector<exact> bound{exact(0)};
  for (std::size_t k = 1; k <= s; ++k) {
    exact dot_low = 0, dot_high = 0;
    for (std::size_t i = 0; i < s; ++i) {
      dot_low += abs(m.b[i]) * low[i];
      dot_high += (abs(m.b[i]) + delta.b[i]) * high[i];
    }
    bound.push_back(dot_high - dot_low);
    std::vector<exact> next_low(s, exact(0)), next_high(s, exact(0));
    for (std::size_t i = 0; i < s; ++i)
      for (std::size_t j = 0; j < s; ++j) {
        next_low[i] += abs(m.a[i][j]) * low[j];
        next_high[i] += (abs(m.a[i][j]) + delta.a[i][j]) * high[j];
      }
    low = std::move(next_low);
    high = std::move(next_high);
  }
  return bound;
}

// The rational with the smallest denominator in [lo, hi] (continued fractions; 0 <= lo <= hi).
inline exact simplest_rational_between(exact lo, exact hi) {
  using boost::multiprecision::cpp_int;
  // x = a_0 + 1/(a_1 + 1/(...)): the common leading terms, then the smallest integer that fits.
  std::vector<cpp_int> terms;
  for (;;) {
    const cpp_int whole = numerator(lo) / denominator(lo);  // floor, lo >= 0
    if (exact(whole) == lo || exact(whole + 1) <= hi) {
      terms.push_back(exact(whole) == lo ? whole : whole + 1);
      break;
    }
    terms.push_back(whole);
    const exact next_lo = 1 / (hi - whole), next_hi = 1 / (lo - whole);
    lo = next_lo, hi = next_hi;
  }
  exact value = exact(terms.back());
  for (auto it = terms.rbegin() + 1; it != terms.rend(); ++it) value = exact(*it) + 1 / value;
  return value;
}

// The simplest rational within `bound` of x: as good a value for the method's coefficient as x,
// and far shorter (a 40-digit table's P and Q carry 700-digit denominators, which the exact
// root isolation's remainder sequences would multiply further).
inline exact simplest_rational_within(const exact& x, const exact& bound) {
  if (abs(x) <= bound) return exact(0);
  return x > 0 ? simplest_rational_between(x - bound, x + bound)
               : exact(-simplest_rational_between(-x - bound, -x + bound));
}

// A rational within `bound` of x whose denominator q is small enough that q^2 bound <= this
// chance: a generic number has such an approximation with about this probability, so finding one
// is evidence that the method's coefficient is that rational.
inline constexpr double recognition_chance = 1e-6;

}  // namespace detail

// P/Q of the method the rounded coefficients denote: computed exactly from the given numbers, each
// coefficient with its uncertainty, then recognised (a small rational within reach, or zero) where
// it can be; a recognised coefficient is taken as exact.
//
// `order`: the order the coefficients were found to have within their precision. It fixes P's
// first coefficients given Q (R(z) = e^z + O(z^(order+1)): p_k = sum_j q_j / (k-j)! for k <= order),
// so a coefficient that misses that value by no more than the accepted residuals is taken as
// uncertain by that much (a table of 15-digit coefficients whose sum(b) is 1 + 5e-16).
inline stability_function_coefficients stability_function_within(const rk_coefficients<exact>& m,
                                                                 const entry_uncertainty& delta, int order = 0) {
  auto r = stability_function_of(m);
  const std::size_t s = m.b.size();
  bool is_explicit = true, lower_triangular = true;
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = i; j < s; ++j)
      if (m.a[i][j] != 0 || delta.a[i][j] != 0) {
        is_explicit = false;
        if (j > i) lower_triangular = false;
      }
  std::vector<std::vector<exact>> p_matrix = m.a, p_delta = delta.a;
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) p_matrix[i][j] -= m.b[j], p_delta[i][j] += delta.b[j];
  r.numerator_uncertainty = is_explicit ? detail::explicit_polynomial_uncertainty(m, delta)
                                        : detail::determinant_coefficient_uncertainty(p_matrix, p_delta, false);
  r.denominator_uncertainty = is_explicit ? exact_polynomial{exact(0)}
                                          : detail::determinant_coefficient_uncertainty(m.a, delta.a, lower_triangular);
  auto recognise = [&](exact_polynomial& p, exact_polynomial& uncertainty) {
    p.resize(std::max(p.size(), uncertainty.size()), exact(0));
    for (std::size_t k = 0; k < p.size() && k < uncertainty.size(); ++k) {
      if (uncertainty[k] == 0) continue;
      const high_precision bound = to_high_precision(uncertainty[k]);
      if (abs(p[k]) <= uncertainty[k]) {
        p[k] = 0, uncertainty[k] = 0;
        continue;
      }
      const high_precision largest_denominator = sqrt(high_precision(detail::recognition_chance) / bound);
      const auto q = largest_denominator < 1
                         ? std::nullopt
                         : recognise_rational(to_high_precision(p[k]), bound,
                                              static_cast<boost::multiprecision::cpp_int>(floor(largest_denominator)));
      if (q) {
        p[k] = *q, uncertainty[k] = 0;
      } else {
        // Kept uncertain, as its simplest value within reach: the method's own is then within
        // twice the bound of it.
        r.all_coefficients_recognised = false;
        p[k] = detail::simplest_rational_within(p[k], uncertainty[k]);
        uncertainty[k] *= 2;
      }
    }
    p = trimmed(std::move(p));
  };
  r.exact_from_rational_tableau = false;
  recognise(r.denominator, r.denominator_uncertainty);
  auto& p = r.numerator;
  auto& uncertainty = r.numerator_uncertainty;
  p.resize(std::max(p.size(), uncertainty.size()), exact(0));
  uncertainty.resize(p.size(), exact(0));
  exact factorial = 1;
  for (int k = 1; k <= order && static_cast<std::size_t>(k) < p.size(); ++k) {
    factorial *= k;
    exact implied = 0, implied_uncertainty = 0, inverse_factorial = 1 / factorial;  // 1/(k-j)! from j = 0
    for (int j = 0; j <= k; ++j) {
      if (static_cast<std::size_t>(j) < r.denominator.size()) implied += r.denominator[j] * inverse_factorial;
      if (static_cast<std::size_t>(j) < r.denominator_uncertainty.size())
        implied_uncertainty += r.denominator_uncertainty[j] * inverse_factorial;
      inverse_factorial *= k - j;  // 1/(k-j-1)! next
    }
    uncertainty[k] = std::max(uncertainty[k], exact(abs(p[k] - implied) + implied_uncertainty));
  }
  recognise(r.numerator, r.numerator_uncertainty);
  return r;
}

}  // namespace orderly
