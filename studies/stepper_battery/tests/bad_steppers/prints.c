/* A step that prints a line on standard output on every call, without flushing. */
#include "honest_step.h"

#include <stdio.h>

static int printing_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  printf("stepping from t = %g\n", t);
  return midpoint_step(f, context, t, y, n, h);
}

HONEST_STEPPER(printing_step, "prints on standard output");
