/* The explicit midpoint rule, honest and second order: the hostile libraries below wrap it in what
 * they do besides stepping, so that what they do is the only thing wrong with them. */
#include <orderly/stepper.h>

#include <stdlib.h>

static int midpoint_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  double* k = malloc(2 * n * sizeof *k); /* the slope, then the midpoint state */
  if (!k) return 1;
  f(context, t, y, k);
  for (size_t i = 0; i < n; ++i) k[n + i] = y[i] + h / 2 * k[i];
  f(context, t + h / 2, k + n, k);
  for (size_t i = 0; i < n; ++i) y[i] += h * k[i];
  free(k);
  return 0;
}

#define HONEST_STEPPER(step_function, stepper_name)                                                                \
  ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {.abi_version = ORDERLY_STEPPER_ABI_VERSION, \
                                                                       .step = step_function,                      \
                                                                       .name = stepper_name,                       \
                                                                       .declared_order = 2,                        \
                                                                       .closest_method = "midpoint"}
