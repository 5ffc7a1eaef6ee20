/* A stepper that writes NaN into the state on every step, even on the harmonic oscillator. */
#include <orderly/stepper.h>

#include <math.h>

static int nan_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  (void)f, (void)context, (void)t, (void)h;
  for (size_t i = 0; i < n; ++i) y[i] = NAN;
  return 0;
}

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION, .step = nan_step, .name = "writes NaN", .declared_order = 1};
