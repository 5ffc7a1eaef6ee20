/* A table-driven explicit Runge-Kutta step, as a library with its tableaus in arrays writes it:
 * the including file defines STAGES, the nodes C, the lower triangle A (row-major, STAGES x
 * STAGES), the propagated weights B and, for an estimate, the error weights E (estimate =
 * h sum E_i k_i). */
#include <orderly/stepper.h>

#include <stdlib.h>

static int table_step_with_error(orderly_rhs f, void* context, double t, double* y, size_t n, double h, double* error) {
  double* k = malloc((STAGES + 1) * n * sizeof *k);
  if (!k) return 1;
  double* stage = k + STAGES * n;
  for (int s = 0; s < STAGES; ++s) {
    for (size_t i = 0; i < n; ++i) {
      double sum = 0;
      for (int j = 0; j < s; ++j) sum += A[s * STAGES + j] * k[j * n + i];
      stage[i] = y[i] + h * sum;
    }
    f(context, t + C[s] * h, stage, k + s * n);
  }
  for (size_t i = 0; i < n; ++i) {
    double sum = 0, err = 0;
    for (int s = 0; s < STAGES; ++s) {
      sum += B[s] * k[s * n + i];
      if (error) err += E[s] * k[s * n + i];
    }
    y[i] += h * sum;
    if (error) error[i] = h * err;
  }
  free(k);
  return 0;
}

static int table_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  return table_step_with_error(f, context, t, y, n, h, NULL);
}
