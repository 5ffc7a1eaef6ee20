#pragma once
// Specimens from "Practical application of the Runge-Kutta method" (seed 000): the generic
// Butcher-tableau loop RKIntegrate, the simplified RK4Integrate, and the Fehlberg RK45Integrate,
// in float, with the article's constants and operation order.
//
// The article's helpers, generalised to y = (pos, vel) of dimension 2n with f(t, y, dydt):
//   EulerStep(s, d, dt)          = s + d * dt                 (component-wise, d already weighted)
//   SampleDerivative(dt, s)      = (s.vel, ComputeForce(s, dt) / mass)  ->  f(dt, s): the *time
//                                  argument is the stage offset C * dt*, not t + C * dt
//   SampleDerivativeRK4(dt, s, d) = f(t, EulerStep(s, d, dt)) at the step's start time t (the
//                                  article uses an undeclared `t`; we take the step's start)
// Weighted sums such as A31*k1 + A32*k2 are evaluated left to right, every term written in the
// article included (zero weights too), exactly as the C++ expressions do.
#include <orderly/rhs.hpp>
#include <orderly/seeds/integration_basics.hpp>

#include <array>
#include <cstddef>
#include <vector>

namespace orderly::seeds {

using float_state = std::vector<float>;

namespace practical_detail {

// SampleDerivative(time, EulerStep(state, weighted, dt)) where weighted = sum_j w[j] * k[j], left to right.
template <std::size_t N>
void sample(const rhs_function<float>& f, float time, const float_state& state, const std::array<float, N>& w,
            const std::array<const float_state*, N>& k, float dt, float_state& out) {
  float_state stage(state.size());
  for (std::size_t i = 0; i < state.size(); ++i) {
    float weighted = w[0] * (*k[0])[i];
    for (std::size_t j = 1; j < N; ++j) weighted = weighted + w[j] * (*k[j])[i];
    stage[i] = state[i] + weighted * dt;
  }
  out.assign(state.size(), 0.0f);
  f(time, stage, out);
}

inline void sample_start(const rhs_function<float>& f, float time, const float_state& state, float_state& out) {
  out.assign(state.size(), 0.0f);
  f(time, state, out);
}

}  // namespace practical_detail

// RKIntegrate(State &state, float dt) with the article's classical RK4 constants. (The article
// declares it void yet ends with `return EulerStep(...)`; the evident intent, state = that, is
// reproduced.) The force is sampled at time C_i * dt, independent of the step's start t.
inline void rk_generic_step(const rhs_function<float>& f, float /*t: unused by the article*/, float_state& y, float dt) {
  using practical_detail::sample;
  const float C2 = 0.5f, A21 = 0.5f;
  const float C3 = 0.5f, A31 = 0.0f, A32 = 0.5f;
  const float C4 = 1.0f, A41 = 0.0f, A42 = 0.0f, A43 = 1.0f;
  const float B1 = 1.0f / 6.0f, B2 = 1.0f / 3.0f, B3 = 1.0f / 3.0f, B4 = 1.0f / 6.0f;
  float_state k1, k2, k3, k4;
  practical_detail::sample_start(f, 0.0f, y, k1);
  sample<1>(f, C2 * dt, y, {A21}, {&k1}, dt, k2);
  sample<2>(f, C3 * dt, y, {A31, A32}, {&k1, &k2}, dt, k3);
  sample<3>(f, C4 * dt, y, {A41, A42, A43}, {&k1, &k2, &k3}, dt, k4);
  for (std::size_t i = 0; i < y.size(); ++i) {
    const float derivative_sum = B1 * k1[i] + B2 * k2[i] + B3 * k3[i] + B4 * k4[i];
    y[i] = y[i] + derivative_sum * dt;
  }
}

// RK4Integrate(const State &state, float dt) with SampleDerivativeRK4: every sample at time t.
// `Derivative whatever;` is uninitialised in the article; it is multiplied by dt = 0, which is
// harmless for a Vec type whose default constructor zeroes (the usual case, reproduced here) but
// would give NaN * 0 = NaN for garbage NaN bits.
inline void rk4_simplified_step(const rhs_function<float>& f, float t, float_state& y, float dt) {
  const std::size_t m = y.size();
  auto sample_rk4 = [&](float step, const float_state& previous, float_state& out) {
    float_state projected(m);
    for (std::size_t i = 0; i < m; ++i) projected[i] = y[i] + previous[i] * step;
    out.assign(m, 0.0f);
    f(t, projected, out);
  };
  const float_state whatever(m, 0.0f);
  float_state k1, k2, k3, k4;
  sample_rk4(0.0f, whatever, k1);
  sample_rk4(0.5f * dt, k1, k2);
  sample_rk4(0.5f * dt, k2, k3);
  sample_rk4(dt, k3, k4);
  for (std::size_t i = 0; i < m; ++i) {
    // 1.0f/6.0f * (k1 + 2*(k2 + k3) + k4): the int 2 converts to 2.0f.
    const float weighted = 1.0f / 6.0f * (k1[i] + 2 * (k2[i] + k3[i]) + k4[i]);
    y[i] = y[i] + weighted * dt;
  }
}

// RK45Integrate(State &state, float dt, Vec3 &errorOut): Fehlberg 4(5) with the article's float
// constants, including the double expression 9.0/32.0f (0.28125, exact either way) and
// A52 = -8.0f. Returns (through y) the fourth-order solution updatedOrder4; `position_error`
// receives updatedOrder5.pos - updatedOrder4.pos (first half of y only, as in the article).
inline void rkf45_step(const rhs_function<float>& f, float /*t: unused by the article*/, float_state& y, float dt,
                       float_state& position_error) {
  require_positions_and_velocities(y, "seed-rkf45");
  using practical_detail::sample;
  const float C2 = 0.25f, A21 = 0.25f;
  const float C3 = 3.0f / 8.0f, A31 = 3.0f / 32.0f, A32 = 9.0 / 32.0f;
  const float C4 = 12.0f / 13.0f, A41 = 1932.0f / 2197.0f, A42 = -7200.0f / 2197.0f, A43 = 7296.0f / 2197.0f;
  const float C5 = 1.0f, A51 = 439.0f / 216.0f, A52 = -8.0f, A53 = 3680.0f / 513.0f, A54 = -845.0f / 4104.0f;
  const float C6 = 0.5f, A61 = -8.0f / 27.0f, A62 = 2.0f, A63 = -3544.0f / 2565.0f, A64 = 1859.0f / 4104.0f,
              A65 = -11.0f / 40.0f;
  const float B4_1 = 25.0f / 216.0f, B4_2 = 0.0f, B4_3 = 1408.0f / 2565.0f, B4_4 = 2197.0f / 4104.0f,
              B4_5 = -1.0f / 5.0f, B4_6 = 0.0f;
  const float B5_1 = 16.0f / 135.0f, B5_2 = 0.0f, B5_3 = 6656.0f / 12825.0f, B5_4 = 28561.0f / 56430.0f,
              B5_5 = -9.0f / 50.0f, B5_6 = 2.0f / 55.0f;
  float_state k1, k2, k3, k4, k5, k6;
  practical_detail::sample_start(f, static_cast<float>(0.0), y, k1);  // SampleDerivative(0.0, state)
  sample<1>(f, C2 * dt, y, {A21}, {&k1}, dt, k2);
  sample<2>(f, C3 * dt, y, {A31, A32}, {&k1, &k2}, dt, k3);
  sample<3>(f, C4 * dt, y, {A41, A42, A43}, {&k1, &k2, &k3}, dt, k4);
  sample<4>(f, C5 * dt, y, {A51, A52, A53, A54}, {&k1, &k2, &k3, &k4}, dt, k5);
  sample<5>(f, C6 * dt, y, {A61, A62, A63, A64, A65}, {&k1, &k2, &k3, &k4, &k5}, dt, k6);
  const std::size_t m = y.size();
  float_state order5(m), order4(m);
  for (std::size_t i = 0; i < m; ++i) {
    const float delta4 = B4_1 * k1[i] + B4_2 * k2[i] + B4_3 * k3[i] + B4_4 * k4[i] + B4_5 * k5[i] + B4_6 * k6[i];
    const float delta5 = B5_1 * k1[i] + B5_2 * k2[i] + B5_3 * k3[i] + B5_4 * k4[i] + B5_5 * k5[i] + B5_6 * k6[i];
    order5[i] = y[i] + delta5 * dt;
    order4[i] = y[i] + delta4 * dt;
  }
  position_error.assign(m / 2, 0.0f);
  for (std::size_t i = 0; i < m / 2; ++i) position_error[i] = order5[i] - order4[i];
  y = order4;
}

}  // namespace orderly::seeds
