/* The classical fourth-order Runge-Kutta method as a user writes it in C, exposed to Orderly
 * through orderly/stepper.h: `orderly check --stepper ./librk4_stepper.so`. Its battery matches
 * the catalog's rk4 (order 4, four evaluations per step, the same stability limits). */
#include <orderly/stepper.h>

#include <stdlib.h>

static int rk4_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  double* k = malloc(5 * n * sizeof *k); /* k1..k4, then the stage state */
  if (!k) return 1;
  double *k1 = k, *k2 = k + n, *k3 = k + 2 * n, *k4 = k + 3 * n, *stage = k + 4 * n;
  f(context, t, y, k1);
  for (size_t i = 0; i < n; ++i) stage[i] = y[i] + h / 2 * k1[i];
  f(context, t + h / 2, stage, k2);
  for (size_t i = 0; i < n; ++i) stage[i] = y[i] + h / 2 * k2[i];
  f(context, t + h / 2, stage, k3);
  for (size_t i = 0; i < n; ++i) stage[i] = y[i] + h * k3[i];
  f(context, t + h, stage, k4);
  for (size_t i = 0; i < n; ++i) y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  free(k);
  return 0;
}

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = rk4_step,
    .name = "rk4 in C",
    .declared_order = 4,
    .closest_method = "rk4",
};
