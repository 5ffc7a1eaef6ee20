/* A stepper built against a layout this orderly does not know (the next ABI version). */
#include <orderly/stepper.h>

static int euler_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  double dydt[64];
  if (n > 64) return 1;
  f(context, t, y, dydt);
  for (size_t i = 0; i < n; ++i) y[i] += h * dydt[i];
  return 0;
}

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION + 1, .step = euler_step, .name = "next ABI", .declared_order = 1};
