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

partitioned_rk partitioned_form(const splitting_method& m);

}  // namespace orderly
