/* "Ralston's method" as OrdinaryDiffEq.jl implemented it before its fix (SciML/OrdinaryDiffEq.jl
 * issue 1592): the 3/4 member of the two-stage second-order family, where Ralston's is the 2/3. */
#include <orderly/stepper.h>

#include <stdlib.h>

static int ralston_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  double* k = malloc(3 * n * sizeof *k);
  if (!k) return 1;
  double *k1 = k, *k2 = k + n, *tmp = k + 2 * n;
  f(context, t, y, k1);
  for (size_t i = 0; i < n; ++i) tmp[i] = y[i] + 3 * h / 4 * k1[i];
  f(context, t + 3 * h / 4, tmp, k2);
  for (size_t i = 0; i < n; ++i) y[i] += h * (k1[i] + 2 * k2[i]) / 3;
  free(k);
  return 0;
}

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = ralston_step,
    .name = "Ralston (3/4)",
    .declared_order = 2,
    .closest_method = "ralston2",
};
