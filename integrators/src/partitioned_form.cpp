// Compiled once: a splitting method's partitioned Runge-Kutta form in exact rationals.
#include <orderly/splitting/partitioned_form.hpp>

namespace orderly {

partitioned_rk partitioned_form(const splitting_method& m) {
  const std::size_t s = m.drift.size();
  partitioned_rk pair;
  for (std::size_t i = 0; i < s; ++i) {
    std::vector<high_precision> q_row(s, high_precision(0)), p_row(s, high_precision(0));
    for (std::size_t j = 0; j <= i; ++j) q_row[j] = m.drift[j];
    for (std::size_t j = 0; j < i; ++j) p_row[j] = m.kick[j];
    pair.q_part.a.push_back(q_row);
    pair.p_part.a.push_back(p_row);
  }
  pair.q_part.b = m.drift;
  pair.p_part.b = m.kick;
  pair.q_part.complete();
  pair.p_part.complete();
  return pair;
}

}  // namespace orderly
