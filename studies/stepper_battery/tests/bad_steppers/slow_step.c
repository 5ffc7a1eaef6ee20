/* An honest stepper that takes 2 ms per step: slow, never stuck. */
#include "honest_step.h"

#include <time.h>

static int slow_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  const struct timespec pause = {0, 2000000};
  nanosleep(&pause, NULL);
  return midpoint_step(f, context, t, y, n, h);
}

HONEST_STEPPER(slow_step, "slow but honest");
