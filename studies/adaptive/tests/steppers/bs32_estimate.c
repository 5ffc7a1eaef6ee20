/* Bogacki-Shampine 3(2) with its error estimate through orderly/stepper.h version 2, as a user
 * writes it in C. Built twice: as written, and with ORDERLY_WRONG_B_HAT, where one weight of the
 * embedded solution is changed (b_hat_1 = 7/24 -> 1/4), the mistake the adaptive study must flag by
 * the estimate's measured order and reliability. */
#include <orderly/stepper.h>

#include <stdlib.h>

#ifdef ORDERLY_WRONG_B_HAT
static const double b_hat_1 = 1.0 / 4;
#else
static const double b_hat_1 = 7.0 / 24;
#endif

static int bs32_step_with_error(orderly_rhs f, void* context, double t, double* y, size_t n, double h,
                                double* error) {
  double* k = malloc(5 * n * sizeof *k);
  if (!k) return 1;
  double *k1 = k, *k2 = k + n, *k3 = k + 2 * n, *k4 = k + 3 * n, *stage = k + 4 * n;
  f(context, t, y, k1);
  for (size_t i = 0; i < n; ++i) stage[i] = y[i] + h / 2 * k1[i];
  f(context, t + h / 2, stage, k2);
  for (size_t i = 0; i < n; ++i) stage[i] = y[i] + 3 * h / 4 * k2[i];
  f(context, t + 3 * h / 4, stage, k3);
  for (size_t i = 0; i < n; ++i) stage[i] = y[i] + h * (2 * k1[i] + 3 * k2[i] + 4 * k3[i]) / 9;
  f(context, t + h, stage, k4);
  for (size_t i = 0; i < n; ++i) {
    const double embedded = y[i] + h * (b_hat_1 * k1[i] + k2[i] / 4 + k3[i] / 3 + k4[i] / 8);
    error[i] = stage[i] - embedded; /* y_propagated - y_embedded */
    y[i] = stage[i];
  }
  free(k);
  return 0;
}

static int bs32_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  double* error = malloc(n * sizeof *error);
  if (!error) return 1;
  const int status = bs32_step_with_error(f, context, t, y, n, h, error);
  free(error);
  return status;
}

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = bs32_step,
    .name = "bs32 in C",
    .declared_order = 3,
    .closest_method = "bs32",
    .step_with_error = bs32_step_with_error,
    .error_estimate_order = 2,
    .error_sign = 1,
};
