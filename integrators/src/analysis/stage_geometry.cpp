// The properties of a Runge-Kutta method's stage equations (geometric_properties.hpp): Cooper's
// symplecticity matrix, symmetry by a stage permutation, algebraic stability, the SSP coefficient
// and the symplecticity of a partitioned pair, in exact rationals and in 100 digits.
#include "geometry_detail.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace orderly {
namespace geometry_detail {
namespace {

// M = B A + A^T B - b b^T.
template <class Number>
matrix<Number> algebraic_stability_matrix(const rk_coefficients<Number>& m) {
  const std::size_t s = m.b.size();
  matrix<Number> out(s, std::vector<Number>(s));
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) out[i][j] = m.b[i] * m.a[i][j] + m.b[j] * m.a[j][i] - m.b[i] * m.b[j];
  return out;
}

// A permutation pi with a*_{pi(i) pi(j)} = a_ij and b_{pi(i)} = b_i, a* the adjoint's matrix; empty if none.
// The permutation, or empty; `undecided` when the search stopped at max_symmetry_search_nodes.
template <class Number>
std::vector<int> symmetry_permutation(const rk_coefficients<Number>& m, const Number& tolerance, bool& undecided) {
  const int s = m.stages();
  auto adjoint = [&](int i, int j) {
    return m.b[static_cast<std::size_t>(j)] - m.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
  };
  auto a = [&](int i, int j) { return m.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]; };
  std::vector<int> pi(static_cast<std::size_t>(s), -1);
  std::vector<bool> used(static_cast<std::size_t>(s), false);
  long nodes = 0;
  undecided = false;
  auto place = [&](auto& self, int i) -> bool {
    if (i == s) return true;
    for (int k = 0; k < s; ++k) {
      if (used[static_cast<std::size_t>(k)]) continue;
      if (++nodes > max_symmetry_search_nodes) {
        undecided = true;
        return false;
      }
      if (!is_zero(Number(m.b[static_cast<std::size_t>(k)] - m.b[static_cast<std::size_t>(i)]), tolerance)) continue;
      if (!is_zero(Number(adjoint(k, k) - a(i, i)), tolerance)) continue;
      bool fits = true;
      for (int j = 0; j < i && fits; ++j) {
        const int l = pi[static_cast<std::size_t>(j)];
        fits =
            is_zero(Number(adjoint(k, l) - a(i, j)), tolerance) && is_zero(Number(adjoint(l, k) - a(j, i)), tolerance);
      }
      if (!fits) continue;
      pi[static_cast<std::size_t>(i)] = k;
      used[static_cast<std::size_t>(k)] = true;
      if (self(self, i + 1)) return true;
      used[static_cast<std::size_t>(k)] = false;
      if (undecided) return false;
    }
    return false;
  };
  return place(place, 0) ? pi : std::vector<int>{};
}

template <class Number>
ssp_coefficient ssp_radius(const rk_coefficients<Number>& m, const Number& tolerance) {
  ssp_coefficient out;
  if (!absolutely_monotonic(m, Number(0), tolerance)) {
    out.text = "0";
    out.digits = 0;
    return out;
  }
  Number lower = 0, upper = ssp_search_cap;
  if (absolutely_monotonic(m, upper, tolerance)) {
    out.lower = out.upper = detail::as_high_precision(upper);
    out.unbounded = true;
    out.text = ">= " + std::to_string(ssp_search_cap) + " (unbounded)";
    return out;
  }
  for (int step = 0; step < ssp_bisection_steps; ++step) {
    const Number middle = (lower + upper) / 2;
    (absolutely_monotonic(m, middle, tolerance) ? lower : upper) = middle;
  }
  out.lower = detail::as_high_precision(lower);
  out.upper = detail::as_high_precision(upper);
  const high_precision width = out.upper - out.lower;
  out.digits = out.lower > 0 ? static_cast<int>(floor(log10(out.upper / width))) : 0;
  out.digits = std::clamp(out.digits, 1, 20);
  out.text = out.lower == 0 ? "0" : out.lower.str(out.digits, std::ios_base::fmtflags(0));
  return out;
}

}  // namespace

template <class Number>
void analyse_stage_equations(geometric_properties& g, const rk_coefficients<Number>& m, const Number& tolerance) {
  const std::size_t s = m.b.size();

  const auto big_m = algebraic_stability_matrix(m);
  g.symplectic = true;
  for (const auto& row : big_m)
    for (const auto& x : row)
      if (!is_zero(x, tolerance)) g.symplectic = false;
  g.symmetric_permutation = symmetry_permutation(m, tolerance, g.symmetry_undecided);
  g.symmetric = !g.symmetric_permutation.empty();

  g.nonnegative_weights = true;
  for (std::size_t i = 0; i < s; ++i)
    if (m.b[i] < -tolerance) {
      g.nonnegative_weights = false;
      if (g.algebraic_stability_reason.empty())
        g.algebraic_stability_reason = "b_" + std::to_string(i + 1) + " = " + text_of(m.b[i]) + " < 0";
    }
  g.positive_semidefinite_m = positive_semidefinite(big_m, tolerance);
  if (!g.positive_semidefinite_m) {
    if (!g.algebraic_stability_reason.empty()) g.algebraic_stability_reason += "; ";
    g.algebraic_stability_reason += "M = BA + A^T B - b b^T is not positive semidefinite";
  }
  g.algebraically_stable = g.nonnegative_weights && g.positive_semidefinite_m;
  g.ssp = ssp_radius(m, tolerance);
}

template void analyse_stage_equations<exact>(geometric_properties&, const rk_coefficients<exact>&, const exact&);
template void analyse_stage_equations<high_precision>(geometric_properties&, const rk_coefficients<high_precision>&,
                                                      const high_precision&);

}  // namespace geometry_detail

using geometry_detail::is_zero;
using geometry_detail::matrix;

template <class Number>
bool positive_semidefinite(matrix<Number> m, const Number& tolerance) {
  using boost::multiprecision::abs;
  using boost::multiprecision::sqrt;
  using std::abs;
  using std::sqrt;
  const std::size_t s = m.size();
  // A zero pivot's row must vanish: |m_ij|^2 <= m_ii m_jj in a semidefinite matrix.
  Number row_tolerance = 0;
  if constexpr (std::is_same_v<Number, exact>) {
    if (tolerance != 0) row_tolerance = exact_value_of(sqrt(to_high_precision(tolerance)));
  } else {
    row_tolerance = sqrt(tolerance);
  }
  for (std::size_t k = 0; k < s; ++k) {
    const Number pivot = m[k][k];
    if (is_zero(pivot, tolerance)) {
      for (std::size_t j = k + 1; j < s; ++j)
        if (!is_zero(m[k][j], row_tolerance)) return false;
      continue;
    }
    if (pivot < 0) return false;
    for (std::size_t i = k + 1; i < s; ++i) {
      if (m[i][k] == 0) continue;
      const Number factor = m[i][k] / pivot;
      for (std::size_t j = k + 1; j < s; ++j) m[i][j] -= factor * m[k][j];
    }
  }
  return true;
}

template <class Number>
bool absolutely_monotonic(const rk_coefficients<Number>& m, const Number& r, const Number& tolerance) {
  using boost::multiprecision::abs;
  using std::abs;
  const std::size_t s = m.b.size(), n = s + 1;
  matrix<Number> k(n, std::vector<Number>(n, Number(0)));
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) k[i][j] = m.a[i][j];
  for (std::size_t j = 0; j < s; ++j) k[s][j] = m.b[j];
  // Solve (I + r K) Y = K by elimination on [I + rK | K].
  matrix<Number> x(n, std::vector<Number>(2 * n, Number(0)));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      x[i][j] = (i == j ? Number(1) : Number(0)) + r * k[i][j];
      x[i][n + j] = k[i][j];
    }
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t i = c + 1; i < n; ++i)
      if (abs(x[i][c]) > abs(x[pivot][c])) pivot = i;
    if (x[pivot][c] == 0) return false;  // I + rK singular
    std::swap(x[pivot], x[c]);
    for (std::size_t i = 0; i < n; ++i) {
      if (i == c || x[i][c] == 0) continue;
      const Number factor = x[i][c] / x[c][c];
      for (std::size_t j = c; j < 2 * n; ++j) x[i][j] -= factor * x[c][j];
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    Number row_sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
      const Number y = x[i][n + j] / x[i][i];
      if (y < -tolerance) return false;
      row_sum += y;
    }
    if (r * row_sum > 1 + tolerance) return false;
  }
  return true;
}

template <class Number>
bool partitioned_symplectic(const rk_coefficients<Number>& q_part, const rk_coefficients<Number>& p_part,
                            const Number& tolerance) {
  const std::size_t s = q_part.b.size();
  if (p_part.b.size() != s) return false;
  for (std::size_t i = 0; i < s; ++i) {
    if (!is_zero(Number(q_part.b[i] - p_part.b[i]), tolerance)) return false;
    for (std::size_t j = 0; j < s; ++j)
      if (!is_zero(Number(q_part.b[i] * p_part.a[i][j] + p_part.b[j] * q_part.a[j][i] - q_part.b[i] * p_part.b[j]),
                   tolerance))
        return false;
  }
  return true;
}

template bool partitioned_symplectic<exact>(const rk_coefficients<exact>&, const rk_coefficients<exact>&, const exact&);
template bool partitioned_symplectic<high_precision>(const rk_coefficients<high_precision>&,
                                                     const rk_coefficients<high_precision>&, const high_precision&);
template bool positive_semidefinite<exact>(matrix<exact>, const exact&);
template bool positive_semidefinite<high_precision>(matrix<high_precision>, const high_precision&);
template bool absolutely_monotonic<exact>(const rk_coefficients<exact>&, const exact&, const exact&);
template bool absolutely_monotonic<high_precision>(const rk_coefficients<high_precision>&, const high_precision&,
                                                   const high_precision&);

}  // namespace orderly
