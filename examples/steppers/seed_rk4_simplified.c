/* The simplified RK4 of "Practical application of the Runge-Kutta method" (a blog article
 * extending Glenn Fiedler's "Integration Basics"), RK4Integrate with SampleDerivativeRK4, written
 * in C as a user would port it. Every stage samples the force at the step's start t, never at
 * t + c_i h (SampleDerivativeRK4 calls ComputeForce(projectedState, t)): right for forces that do
 * not depend on time, first order for those that do. Orderly's battery shows it.
 *
 * Ported operation for operation, in the C interface's double: k1 is sampled after an Euler step
 * of length 0 from a zero derivative (the article's `Derivative whatever`), each later stage
 * Euler-steps from the step's start with the previous stage's derivative, and the step ends with
 * EulerStep(state, 1/6 (k1 + 2 (k2 + k3) + k4), dt). */
#include <orderly/stepper.h>

#include <stdlib.h>

/* SampleDerivativeRK4(dt, initialState, prevDerivative): EulerStep, then the derivative there,
 * with the force's time argument t: the step's start, whatever dt is. */
static void sample_derivative_rk4(orderly_rhs f, void* context, double t, double dt, const double* initial,
                                  const double* previous, double* projected, double* output, size_t n) {
  for (size_t i = 0; i < n; ++i) projected[i] = initial[i] + previous[i] * dt;
  f(context, t, projected, output);
}

static int rk4_integrate(orderly_rhs f, void* context, double t, double* y, size_t n, double dt) {
  double* k = calloc(6 * n, sizeof *k); /* whatever (zero), k1..k4, the projected state */
  if (!k) return 1;
  double *whatever = k, *k1 = k + n, *k2 = k + 2 * n, *k3 = k + 3 * n, *k4 = k + 4 * n, *projected = k + 5 * n;
  sample_derivative_rk4(f, context, t, 0.0, y, whatever, projected, k1, n);
  sample_derivative_rk4(f, context, t, 0.5 * dt, y, k1, projected, k2, n);
  sample_derivative_rk4(f, context, t, 0.5 * dt, y, k2, projected, k3, n);
  sample_derivative_rk4(f, context, t, dt, y, k3, projected, k4, n);
  for (size_t i = 0; i < n; ++i) y[i] = y[i] + 1.0 / 6.0 * (k1[i] + 2 * (k2[i] + k3[i]) + k4[i]) * dt;
  free(k);
  return 0;
}

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = rk4_integrate,
    .name = "seed simplified RK4 in C",
    .declared_order = 4,
    .closest_method = "rk4",
};
