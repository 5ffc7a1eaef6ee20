#include <orderly/analysis/step_control_stability.hpp>

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>

namespace orderly {
namespace {

// E = R - R_hat for an explicit pair: the difference of the two stability polynomials (Q = 1).
std::optional<std::pair<exact_polynomial, exact_polynomial>> pair_polynomials(const butcher_tableau& tableau) {
  if (!tableau.is_explicit() || !tableau.b_embedded) return std::nullopt;
  const auto primary = stability_function_of(tableau, weight_set::primary);
  const auto embedded = stability_function_of(tableau, weight_set::embedded);
  return std::make_pair(primary.numerator, trimmed(primary.numerator - embedded.numerator));
}

std::complex<double> evaluate_at(const exact_polynomial& p, const std::complex<double>& z) {
  std::complex<double> value(0);
  for (auto it = p.rbegin(); it != p.rend(); ++it) value = value * z + std::complex<double>(to_scalar<double>(*it));
  return value;
}

// Ascending coefficients of a product of polynomials in double.
std::vector<double> times(const std::vector<double>& p, const std::vector<double>& q) {
  std::vector<double> r(p.size() + q.size() - 1, 0.0);
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = 0; j < q.size(); ++j) r[i + j] += p[i] * q[j];
  return r;
}

}  // namespace

std::optional<step_control_linearisation> linearise_at_real_boundary(const butcher_tableau& tableau) {
  const auto polynomials = pair_polynomials(tableau);
  if (!polynomials) return std::nullopt;
  const auto& [r, e] = *polynomials;
  stability_function_coefficients coefficients;
  coefficients.numerator = r;
  coefficients.denominator = {exact(1)};
  const auto limit = real_stability_limit(coefficients);
  if (!limit || e.empty()) return std::nullopt;
  const high_precision x = *limit;
  const high_precision r_value = evaluate(r, x), e_value = evaluate(e, x);
  if (e_value == 0 || r_value == 0) return std::nullopt;
  step_control_linearisation l;
  l.boundary = static_cast<double>(x);
  l.r_at_boundary = static_cast<double>(r_value);
  l.estimate_at_boundary = static_cast<double>(e_value);
  l.c_r = static_cast<double>(x * evaluate(derivative(r), x) / r_value);
  l.c_e = static_cast<double>(x * evaluate(derivative(e), x) / e_value);
  return l;
}

std::optional<step_control_boundary_point> linearise_on_ray(const butcher_tableau& tableau, double theta) {
  const auto polynomials = pair_polynomials(tableau);
  if (!polynomials) return std::nullopt;
  const auto& [r, e] = *polynomials;
  const auto dr = derivative(r), de = derivative(e);
  const std::complex<double> direction = std::polar(1.0, theta);
  auto excess = [&](double radius) { return std::abs(evaluate_at(r, radius * direction)) - 1; };
  // Out from 0 in steps small against the region's size (explicit regions reach |z| < 2 s), to the
  // first sign change, then bisection to double precision.
  constexpr double scan_step = 1.0 / 256;
  const double reach = 4.0 * static_cast<double>(tableau.stages()) + 4;
  double lo = scan_step;
  if (excess(lo) >= 0) return std::nullopt;  // unstable at the origin along this ray
  double hi = lo;
  while (hi < reach && excess(hi) < 0) lo = hi, hi += scan_step;
  if (hi >= reach) return std::nullopt;
  for (int i = 0; i < 80; ++i) {
    const double mid = (lo + hi) / 2;
    (excess(mid) < 0 ? lo : hi) = mid;
  }
  const std::complex<double> z = (lo + hi) / 2 * direction;
  const auto e_value = evaluate_at(e, z);
  if (std::abs(e_value) == 0) return std::nullopt;
  return step_control_boundary_point{.point = z,
                                     .c_r = std::real(z * evaluate_at(dr, z) / evaluate_at(r, z)),
                                     .c_e = std::real(z * evaluate_at(de, z) / e_value)};
}

step_control_spectrum step_control_spectrum_of(const std::array<double, 5>& gains, int k, double c_r, double c_e) {
  const auto [beta1, beta2, beta3, alpha2, alpha3] = gains;
  // chi(z) = (z - 1)^2 (z^2 + alpha2 z + alpha3) + (1/k)(beta1 z^2 + beta2 z + beta3)(C_E (z - 1) + C_R)
  auto chi = times(times({-1.0, 1.0}, {-1.0, 1.0}), {alpha3, alpha2, 1.0});
  const auto feedback = times({beta3 / k, beta2 / k, beta1 / k}, {c_r - c_e, c_e});
  for (std::size_t i = 0; i < feedback.size(); ++i) chi[i] += feedback[i];
  // chi is monic of degree 4: its roots are the eigenvalues of the companion matrix.
  const int n = static_cast<int>(chi.size()) - 1;
  Eigen::MatrixXd companion = Eigen::MatrixXd::Zero(n, n);
  for (int i = 1; i < n; ++i) companion(i, i - 1) = 1;
  for (int i = 0; i < n; ++i) companion(i, n - 1) = -chi[static_cast<std::size_t>(i)] / chi.back();
  const Eigen::EigenSolver<Eigen::MatrixXd> solver(companion, false);
  step_control_spectrum s;
  for (int i = 0; i < n; ++i) {
    s.roots.push_back(solver.eigenvalues()[i]);
    s.spectral_radius = std::max(s.spectral_radius, std::abs(solver.eigenvalues()[i]));
  }
  return s;
}

}  // namespace orderly
