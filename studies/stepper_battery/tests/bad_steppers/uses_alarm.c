/* A library that uses alarm() itself: each step cancels any pending alarm and sets its own far
 * away, then the hundredth step sleeps for ever, so no alarm the process had set can end it. */
#include "honest_step.h"

#include <unistd.h>

static int alarm_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  static int calls = 0;
  alarm(0);
  alarm(86400);
  if (++calls == 100)
    for (;;) sleep(3600);
  return midpoint_step(f, context, t, y, n, h);
}

HONEST_STEPPER(alarm_step, "uses alarm itself");
