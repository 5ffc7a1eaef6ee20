// The harmonic oscillator's energy predicted from the method itself (energy.hpp: predict_harmonic),
// at 50 digits from the exact coefficients.
#include <orderly/energy.hpp>
#include <orderly/analysis/method_linear_model.hpp>

#include <array>
#include <complex>
#include <vector>

namespace orderly {

namespace {

// A method with a stability function R = P / Q (Q = 1 for explicit tableaus): in coordinates
// (sqrt(k) x, v) the oscillator's matrix is skew, so H_n / H_0 = |R(i omega h)|^(2n), omega =
// sqrt(k), evaluated in 50 digits.
harmonic_prediction predict_from_stability_function(const stability_function_coefficients& r, const mp50& h,
                                                    const mp50& k, const std::vector<std::size_t>& steps) {
  using std::pow;
  using std::sqrt;
  harmonic_prediction out;
  const mp50 y = sqrt(k) * h;
  const mp50 factor = std::norm(evaluate_stability_function<mp50>(r, {mp50(0), y}));
  out.per_step_factor = static_cast<double>(factor);
  out.formula =
      "H_n / H_0 = |R(i omega h)|^(2n), R the stability function of the tableau (omega h = " + (sqrt(k) * h).str(17) +
      "); |R|^2 - 1 = " + (factor - 1).str(6) + " per step";
  for (auto n : steps) out.deviation.push_back(static_cast<double>(pow(factor, static_cast<long>(n)) - 1));
  return out;
}

// A splitting method: one step is drift then kick per stage, on (q, p), force -k q:
// M = K_s D_s ... K_1 D_1, and (q_n, p_n) = M^n (q_0, p_0).
harmonic_prediction predict_from_step_matrix(const splitting_method& split, const mp50& h, const mp50& k,
                                             const mp50& x0, const mp50& v0, const std::vector<std::size_t>& steps) {
  harmonic_prediction out;
  const mp50 H0 = (v0 * v0 + k * x0 * x0) / 2;
  using matrix = std::array<mp50, 4>;  // row-major 2x2
  auto multiply = [](const matrix& a, const matrix& b) {
    return matrix{a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
                  a[2] * b[1] + a[3] * b[3]};
  };
  matrix M{1, 0, 0, 1};
  for (std::size_t i = 0; i < split.drift.size(); ++i) {
    const mp50 a = to_scalar<mp50>(split.drift[i]), b = to_scalar<mp50>(split.kick[i]);
    M = multiply(matrix{1, a * h, 0, 1}, M);
    M = multiply(matrix{1, 0, -b * h * k, 1}, M);
  }
  out.formula =
      "(q_n, p_n) = M^n (q_0, p_0), M the product of the drift [[1, a_i h], [0, 1]] and kick "
      "[[1, 0], [-b_i h k, 1]] matrices of the composition; trace(M)/2 = " +
      ((M[0] + M[3]) / 2).str(17) + ", det(M) = " + (M[0] * M[3] - M[1] * M[2]).str(17);
  for (auto n : steps) {
    matrix power{1, 0, 0, 1}, base = M;
    for (std::size_t e = n; e > 0; e >>= 1) {
      if (e & 1) power = multiply(power, base);
      base = multiply(base, base);
    }
    const mp50 q = power[0] * x0 + power[1] * v0, p = power[2] * x0 + power[3] * v0;
    out.deviation.push_back(static_cast<double>(((p * p + k * q * q) / 2 - H0) / H0));
  }
  return out;
}

}  // namespace

std::optional<harmonic_prediction> predict_harmonic(const method_entry& method, const mp50& h, const mp50& k,
                                                    const mp50& x0, const mp50& v0,
                                                    const std::vector<std::size_t>& steps) {
  using result = std::optional<harmonic_prediction>;
  const auto from_stability_function = [&]() -> result {
    return predict_from_stability_function(*stability_function_of(method), h, k, steps);
  };
  if (!method.has_coefficients()) return std::nullopt;  // an article's code: no linear model
  return method.visit(method_visitor{
      [&](const butcher_tableau&) { return from_stability_function(); },
      [&](const rosenbrock_method&) { return from_stability_function(); },
      // No stability function: a splitting method acts on the oscillator through its step matrix.
      [&](const splitting_method& split) -> result { return predict_from_step_matrix(split, h, k, x0, v0, steps); },
  });
}

}  // namespace orderly
