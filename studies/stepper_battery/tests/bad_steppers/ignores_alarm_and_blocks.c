/* A step that ignores SIGALRM and then never returns. */
#include "honest_step.h"

#include <signal.h>
#include <unistd.h>

static int blocking_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  (void)f, (void)context, (void)t, (void)y, (void)n, (void)h;
  signal(SIGALRM, SIG_IGN);
  for (;;) pause();
  return 0;
}

HONEST_STEPPER(blocking_step, "ignores SIGALRM and blocks");
