/* Bettis' 5th-order Runge-Kutta-Nystrom method as OrdinaryDiffEq.jl's Float64 table had it before
 * its fix (SciML/OrdinaryDiffEq.jl issue 1938, pull request 2948): the fifth stage's position
 * coefficients copied from the sixth row (7/90, 4/15, 1/15 instead of 9/128, 9/64, 9/128). A
 * separable step on y = (q, v) with q'' = a(t, q). */
#include <orderly/stepper.h>

#include <stdlib.h>

#define STAGES 6
static const double C[STAGES] = {0.0, 1.0 / 8, 1.0 / 4, 1.0 / 2, 3.0 / 4, 1.0};
static const double ABAR[STAGES * STAGES] = {
    0, 0, 0, 0, 0, 0,
    1.0 / 128, 0, 0, 0, 0, 0,
    1.0 / 96, 1.0 / 48, 0, 0, 0, 0,
    1.0 / 24, 0, 1.0 / 12, 0, 0, 0,
    7.0 / 90, 0, 4.0 / 15, 1.0 / 15, 0, 0, /* the sixth row's values: Bettis has 9/128, 0, 9/64, 9/128 */
    7.0 / 90, 0, 4.0 / 15, 1.0 / 15, 4.0 / 45, 0};
static const double BBAR[STAGES] = {7.0 / 90, 0, 4.0 / 15, 1.0 / 15, 4.0 / 45, 0};
static const double BPRIME[STAGES] = {7.0 / 90, 0, 16.0 / 45, 2.0 / 15, 16.0 / 45, 7.0 / 90};

static int dprkn5_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  if (n % 2) return 1;
  const size_t half = n / 2;
  double* memory = malloc((STAGES + 2) * n * sizeof *memory);
  if (!memory) return 1;
  double *k = memory, *stage = memory + STAGES * n, *d = stage + n;
  for (int s = 0; s < STAGES; ++s) {
    for (size_t i = 0; i < half; ++i) {
      double sum = 0;
      for (int j = 0; j < s; ++j) sum += ABAR[s * STAGES + j] * k[j * half + i];
      stage[i] = y[i] + C[s] * h * y[half + i] + h * h * sum;
      stage[half + i] = y[half + i];
    }
    f(context, t + C[s] * h, stage, d);
    for (size_t i = 0; i < half; ++i) k[s * half + i] = d[half + i];
  }
  for (size_t i = 0; i < half; ++i) {
    double q = 0, v = 0;
    for (int s = 0; s < STAGES; ++s) q += BBAR[s] * k[s * half + i], v += BPRIME[s] * k[s * half + i];
    y[i] += h * y[half + i] + h * h * q;
    y[half + i] += h * v;
  }
  free(memory);
  return 0;
}

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = dprkn5_step,
    .name = "DPRKN5 (OrdinaryDiffEq Float64 table before its fix)",
    .declared_order = 5,
    .separable = 1,
};
