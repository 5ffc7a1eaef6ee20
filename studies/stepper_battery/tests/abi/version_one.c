/* A library built against version 1 of orderly/stepper.h: its struct ends after closest_method,
 * so a reader of version 2's fields would read past it. Declared here as version 1 laid it out
 * (the header now has version 2's layout), with the explicit midpoint rule. */
#include <orderly/stepper.h>

#include <stdlib.h>

typedef struct {
  int abi_version;
  orderly_step step;
  const char* name;
  int declared_order;
  int separable;
  const char* closest_method;
} version_one_info;

static int midpoint_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  double* k = malloc(2 * n * sizeof *k);
  if (!k) return 1;
  f(context, t, y, k);
  for (size_t i = 0; i < n; ++i) k[n + i] = y[i] + h / 2 * k[i];
  f(context, t + h / 2, k + n, k);
  for (size_t i = 0; i < n; ++i) y[i] += h * k[i];
  free(k);
  return 0;
}

/* Followed in memory by a non-zero word, where version 2's step_with_error would be. */
ORDERLY_STEPPER_VISIBLE const struct {
  version_one_info info;
  const char* after;
} orderly_stepper = {{1, midpoint_step, "midpoint, version 1", 2, 0, "midpoint"}, "not a function"};
