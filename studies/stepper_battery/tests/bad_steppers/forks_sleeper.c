/* A step that, on its first call, forks a child that sleeps for an hour: the child inherits every
 * descriptor of the process it was forked from, the battery's result pipe among them. */
#include "honest_step.h"

#include <unistd.h>

static int forking_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  static int forked = 0;
  if (!forked) {
    forked = 1;
    if (fork() == 0) {
      sleep(3600);
      _exit(0);
    }
  }
  return midpoint_step(f, context, t, y, n, h);
}

HONEST_STEPPER(forking_step, "forks a sleeping child");
