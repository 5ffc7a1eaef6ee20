// Compiled once: the analysis's rational and 100-digit arithmetic, which every file including
// the header would otherwise instantiate again.
#include <orderly/analysis/rosenbrock_equivalent.hpp>

namespace orderly {

rosenbrock_untransformed untransform(const rosenbrock_method& m, bool embedded) {
  const auto s = static_cast<std::size_t>(m.stages());
  auto lower = [](const std::vector<std::vector<exact>>& rows, std::size_t i, std::size_t j) {
    return j < rows[i].size() ? rows[i][j] : exact(0);
  };
  rosenbrock_untransformed u;
  u.gamma.assign(s, std::vector<exact>(s, exact(0)));
  for (std::size_t column = 0; column < s; ++column)  // forward substitution, M = I/gamma - C
    for (std::size_t i = column; i < s; ++i) {
      exact sum = i == column ? exact(1) : exact(0);
      for (std::size_t k = column; k < i; ++k) sum += lower(m.C, i, k) * u.gamma[k][column];
      u.gamma[i][column] = sum * m.gamma;
    }
  u.alpha.assign(s, std::vector<exact>(s, exact(0)));
  u.b.assign(s, exact(0));
  for (std::size_t i = 0; i < s; ++i) {
    for (std::size_t j = 0; j < s; ++j)
      for (std::size_t k = 0; k < s; ++k) u.alpha[i][j] += lower(m.a, i, k) * u.gamma[k][j];
    const exact weight = embedded ? exact(m.m[i] - m.e[i]) : m.m[i];
    for (std::size_t j = 0; j < s; ++j) u.b[j] += weight * u.gamma[i][j];
  }
  return u;
}

rk_coefficients<exact> rosenbrock_linear_equivalent(const rosenbrock_method& m, bool embedded) {
  const auto u = untransform(m, embedded);
  const auto s = u.b.size();
  rk_coefficients<exact> r;
  r.a.assign(s, std::vector<exact>(s, exact(0)));
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) r.a[i][j] = u.alpha[i][j] + u.gamma[i][j];
  r.b = u.b;
  r.complete();
  return r;
}

}  // namespace orderly
