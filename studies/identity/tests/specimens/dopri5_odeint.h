/* Dormand-Prince 5(4) written as Boost.Odeint's runge_kutta_dopri5 writes it: the 5th-order
 * solution propagated, the estimate dt * sum dc_i k_i with dc_i = c_i - (4th-order weight). The
 * including file sets DC7, the last estimate weight: -1/40 in the paper (b_7 - b_hat_7 = 0 - 1/40),
 * +1/40 in odeint before its fix. */
#include <orderly/stepper.h>

#include <stdlib.h>

static int dopri5_step_with_error(orderly_rhs f, void* context, double t, double* x, size_t n, double dt,
                                  double* xerr) {
  const double a2 = 1.0 / 5, a3 = 3.0 / 10, a4 = 4.0 / 5, a5 = 8.0 / 9;
  const double b21 = 1.0 / 5;
  const double b31 = 3.0 / 40, b32 = 9.0 / 40;
  const double b41 = 44.0 / 45, b42 = -56.0 / 15, b43 = 32.0 / 9;
  const double b51 = 19372.0 / 6561, b52 = -25360.0 / 2187, b53 = 64448.0 / 6561, b54 = -212.0 / 729;
  const double b61 = 9017.0 / 3168, b62 = -355.0 / 33, b63 = 46732.0 / 5247, b64 = 49.0 / 176, b65 = -5103.0 / 18656;
  const double c1 = 35.0 / 384, c3 = 500.0 / 1113, c4 = 125.0 / 192, c5 = -2187.0 / 6784, c6 = 11.0 / 84;
  const double dc1 = c1 - 5179.0 / 57600, dc3 = c3 - 7571.0 / 16695, dc4 = c4 - 393.0 / 640,
               dc5 = c5 - -92097.0 / 339200, dc6 = c6 - 187.0 / 2100, dc7 = DC7;
  double* k = malloc(8 * n * sizeof *k);
  if (!k) return 1;
  double *k1 = k, *k2 = k + n, *k3 = k + 2 * n, *k4 = k + 3 * n, *k5 = k + 4 * n, *k6 = k + 5 * n, *k7 = k + 6 * n,
         *tmp = k + 7 * n;
  f(context, t, x, k1);
  for (size_t i = 0; i < n; ++i) tmp[i] = x[i] + dt * b21 * k1[i];
  f(context, t + dt * a2, tmp, k2);
  for (size_t i = 0; i < n; ++i) tmp[i] = x[i] + dt * b31 * k1[i] + dt * b32 * k2[i];
  f(context, t + dt * a3, tmp, k3);
  for (size_t i = 0; i < n; ++i) tmp[i] = x[i] + dt * b41 * k1[i] + dt * b42 * k2[i] + dt * b43 * k3[i];
  f(context, t + dt * a4, tmp, k4);
  for (size_t i = 0; i < n; ++i)
    tmp[i] = x[i] + dt * b51 * k1[i] + dt * b52 * k2[i] + dt * b53 * k3[i] + dt * b54 * k4[i];
  f(context, t + dt * a5, tmp, k5);
  for (size_t i = 0; i < n; ++i)
    tmp[i] = x[i] + dt * b61 * k1[i] + dt * b62 * k2[i] + dt * b63 * k3[i] + dt * b64 * k4[i] + dt * b65 * k5[i];
  f(context, t + dt, tmp, k6);
  for (size_t i = 0; i < n; ++i)
    x[i] += dt * c1 * k1[i] + dt * c3 * k3[i] + dt * c4 * k4[i] + dt * c5 * k5[i] + dt * c6 * k6[i];
  f(context, t + dt, x, k7); /* first same as last: the next step's k1 */
  if (xerr)
    for (size_t i = 0; i < n; ++i)
      xerr[i] = dt * dc1 * k1[i] + dt * dc3 * k3[i] + dt * dc4 * k4[i] + dt * dc5 * k5[i] + dt * dc6 * k6[i] +
                dt * dc7 * k7[i];
  free(k);
  return 0;
}

static int dopri5_step(orderly_rhs f, void* context, double t, double* x, size_t n, double dt) {
  return dopri5_step_with_error(f, context, t, x, n, dt, NULL);
}
