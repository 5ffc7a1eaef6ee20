#pragma once
// A drift-then-kick splitting method as the explicit partitioned Runge-Kutta method it is:
//     Q_i = q_0 + h sum_{j<=i} drift_j v(P_j),   P_i = p_0 + h sum_{j<i} kick_j F(Q_j),
//     q_1 = q_0 + h sum_j drift_j v(P_j),        p_1 = p_0 + h sum_j kick_j F(Q_j),
// i.e. A_q[i][j] = drift_j (j <= i), b_q = drift; A_p[i][j] = kick_j (j < i), b_p = kick. The order
// conditions on (alternating) bicoloured trees read these.
#include <orderly/order_conditions.hpp>
#include <orderly/splitting/method.hpp>

namespace orderly {

struct partitioned_rk {
  rk_coefficients<high_precision> q_part, p_part;
};

inline partitioned_rk partitioned_form(const splitting_method& m) {
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
