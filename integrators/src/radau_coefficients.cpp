// The Radau IIA coefficients of any stage count, derived in 100 digits (tableaus/radau_coefficients.hpp
// describes the conditions), and for odd stage counts what the adaptive code's error estimate
// needs. Compiled once: the 100-digit Eigen LU and root finding it instantiates cost about 10 s of
// compile time in every file that included the header.
#include <orderly/tableaus/radau_coefficients.hpp>

#include <boost/multiprecision/eigen.hpp>
#include <Eigen/Dense>

#include <boost/math/special_functions/legendre.hpp>
#include <boost/math/tools/toms748_solve.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace orderly::radau_detail {
namespace {

using hp_matrix = Eigen::Matrix<high_precision, Eigen::Dynamic, Eigen::Dynamic>;
using hp_vector = Eigen::Matrix<high_precision, Eigen::Dynamic, 1>;

// P_s(2x-1) - P_{s-1}(2x-1): its zeros in (0, 1] are the Radau IIA nodes.
high_precision radau_polynomial(int s, const high_precision& x) {
  const high_precision u = 2 * x - 1;
  return boost::math::legendre_p(s, u) - boost::math::legendre_p(s - 1, u);
}

// Brackets the sign changes of g on a uniform grid of (lo, hi) and refines each with TOMS 748.
template <class Function>
std::vector<high_precision> bracketed_roots(Function g, const high_precision& lo, const high_precision& hi, int grid) {
  std::vector<high_precision> roots;
  high_precision x0 = lo, g0 = g(x0);
  for (int k = 1; k <= grid; ++k) {
    const high_precision x1 = lo + (hi - lo) * k / grid;
    const high_precision g1 = g(x1);
    if (g0 == 0) {
      roots.push_back(x0);
    } else if ((g0 < 0) != (g1 < 0) && g1 != 0) {
      std::uintmax_t iterations = 1000;
      const auto bracket = boost::math::tools::toms748_solve(
          g, x0, x1, g0, g1, boost::math::tools::eps_tolerance<high_precision>(), iterations);
      roots.push_back((bracket.first + bracket.second) / 2);
    }
    x0 = x1;
    g0 = g1;
  }
  return roots;
}

// W(k, j) = c_j^k, factored: the collocation conditions and the embedded weights both solve
// W x = rhs (sum_j x_j c_j^k = rhs_k for k < s).
Eigen::FullPivLU<hp_matrix> vandermonde_of(const std::vector<high_precision>& c) {
  const auto s = static_cast<int>(c.size());
  hp_matrix w(s, s);
  for (int k = 0; k < s; ++k)
    for (int j = 0; j < s; ++j) w(k, j) = pow(c[j], k);
  return Eigen::FullPivLU<hp_matrix>(w);
}

// Nodes, A, b = the last row of A (stiffly accurate) and A^(-1) of the s-stage method.
radau_coefficients collocation_method(int s) {
  radau_coefficients r;
  r.stages = s;
  // Nodes: s-1 interior zeros plus c_s = 1 (a zero of the polynomial exactly).
  if (s > 1) {
    r.c = bracketed_roots([s](const high_precision& x) { return radau_polynomial(s, x); }, high_precision(0),
                          high_precision(1) - high_precision(1) / (400 * s), 400 * s);
    if (static_cast<int>(r.c.size()) != s - 1)
      throw std::logic_error("Radau IIA: found " + std::to_string(r.c.size()) + " interior nodes, expected " +
                             std::to_string(s - 1));
  }
  r.c.push_back(high_precision(1));

  // Collocation: sum_j a_ij c_j^(k-1) = c_i^k / k for k = 1..s, one Vandermonde system per row of A.
  const auto vandermonde = vandermonde_of(r.c);
  r.a.assign(s * s, high_precision(0));
  for (int i = 0; i < s; ++i) {
    hp_vector rhs(s);
    for (int k = 0; k < s; ++k) rhs(k) = pow(r.c[i], k + 1) / (k + 1);
    const hp_vector row = vandermonde.solve(rhs);
    for (int j = 0; j < s; ++j) r.a[i * s + j] = row(j);
  }
  r.b.assign(r.a.begin() + (s - 1) * s, r.a.end());

  hp_matrix a(s, s);
  for (int i = 0; i < s; ++i)
    for (int j = 0; j < s; ++j) a(i, j) = r.a[i * s + j];
  const hp_matrix a_inverse = Eigen::FullPivLU<hp_matrix>(a).inverse();
  r.a_inverse.resize(s * s);
  for (int i = 0; i < s; ++i)
    for (int j = 0; j < s; ++j) r.a_inverse[i * s + j] = a_inverse(i, j);
  return r;
}

// The real eigenvalue u of A^(-1) is the real zero of det(I - u A), which for Radau IIA is the
// denominator of the (s-1, s) Pade approximant of exp:
// Q(u) = sum_m (-1)^m s! (2s-1-m)! / ((2s-1)! m! (s-m)!) u^m (exact rational coefficients).
high_precision real_eigenvalue_of_inverse(int s) {
  std::vector<high_precision> q(s + 1);
  auto factorial = [](int n) {
    boost::multiprecision::cpp_int f = 1;
    for (int k = 2; k <= n; ++k) f *= k;
    return f;
  };
  for (int m = 0; m <= s; ++m) {
    const exact coefficient =
        exact(factorial(s) * factorial(2 * s - 1 - m), factorial(2 * s - 1) * factorial(m) * factorial(s - m));
    q[m] = (m % 2 ? -1 : 1) * to_high_precision(coefficient);
  }
  auto pade_denominator = [&q](const high_precision& u) {
    high_precision sum = 0;
    for (std::size_t m = q.size(); m-- > 0;) sum = sum * u + q[m];
    return sum;
  };
  high_precision upper = 1;
  while (pade_denominator(upper) >= 0) upper *= 2;  // Q(0) = 1 > 0, Q(u) -> -inf for odd s
  const auto eigenvalues = bracketed_roots(pade_denominator, high_precision(0), upper, 64 * s);
  if (eigenvalues.size() != 1) throw std::logic_error("Radau IIA: expected one real eigenvalue of A^-1");
  return eigenvalues.front();
}

// The adaptive code's error estimate: gamma0 = 1/u and the embedded weights, gamma0 on node 0 plus
// b^ on c_1..c_s, exact for polynomials of degree < s.
radau_error_estimate error_estimate_of(const radau_coefficients& r) {
  const int s = r.stages;
  radau_error_estimate estimate;
  estimate.real_eigenvalue = real_eigenvalue_of_inverse(s);
  estimate.gamma0 = 1 / estimate.real_eigenvalue;
  hp_vector rhs(s);
  for (int k = 0; k < s; ++k) rhs(k) = high_precision(1) / (k + 1) - (k == 0 ? estimate.gamma0 : high_precision(0));
  const hp_vector embedded = vandermonde_of(r.c).solve(rhs);
  estimate.embedded_b.resize(s);
  estimate.error_weights.assign(s, high_precision(0));
  for (int i = 0; i < s; ++i) estimate.embedded_b[i] = embedded(i);
  for (int j = 0; j < s; ++j)
    for (int i = 0; i < s; ++i) estimate.error_weights[j] += (estimate.embedded_b[i] - r.b[i]) * r.a_inverse[i * s + j];
  return estimate;
}

}  // namespace

radau_coefficients compute_coefficients(int s) {
  if (s < 1) throw std::invalid_argument("Radau IIA stage count must be positive, got " + std::to_string(s));
  radau_coefficients r = collocation_method(s);
  // The estimate rests on the one real eigenvalue of A^(-1), which only odd stage counts have (for
  // even s, det(I - u A) has no real zero): an even-stage method is complete without it.
  if (s % 2 == 1) r.error_estimate = error_estimate_of(r);
  return r;
}

}  // namespace orderly::radau_detail
