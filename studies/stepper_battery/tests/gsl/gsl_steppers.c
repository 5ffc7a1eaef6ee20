/* GSL 2.7's explicit steppers (gsl_odeiv2_step_rk2, rk4, rkf45, rkck, rk8pd) exposed to Orderly
 * through orderly/stepper.h, as a user wraps a library they did not write: one GSL step per call,
 * each from a freshly allocated GSL stepper (no state carried between Orderly's calls), the
 * right-hand side handed through GSL's system struct. One symbol per stepper:
 * `orderly check --stepper libgsl_steppers.so:gsl_rk2`. The declared orders are GSL's manual's
 * (rk2: "embedded Runge-Kutta (2, 3)", declared 2) and, for the pairs, the order of the solution GSL
 * propagates (rkf45 and rkck: 5, rk8pd: 8). */
#include <orderly/stepper.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include <stdlib.h>

struct orderly_call {
  orderly_rhs f;
  void* context;
};

static int gsl_rhs(double t, const double y[], double dydt[], void* params) {
  const struct orderly_call* call = params;
  call->f(call->context, t, y, dydt);
  return GSL_SUCCESS;
}

static int gsl_step(const gsl_odeiv2_step_type* type, orderly_rhs f, void* context, double t, double* y, size_t n,
                    double h) {
  struct orderly_call call = {f, context};
  gsl_odeiv2_system system = {gsl_rhs, NULL, n, &call};
  gsl_odeiv2_step* step = gsl_odeiv2_step_alloc(type, n);
  double* error = malloc(n * sizeof *error);
  if (!step || !error) {
    if (step) gsl_odeiv2_step_free(step);
    free(error);
    return 1;
  }
  const int status = gsl_odeiv2_step_apply(step, t, h, y, error, NULL, NULL, &system);
  gsl_odeiv2_step_free(step);
  free(error);
  return status == GSL_SUCCESS ? 0 : 1;
}

#define GSL_STEPPER(kind, order, closest)                                                                    \
  static int kind##_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {           \
    return gsl_step(gsl_odeiv2_step_##kind, f, context, t, y, n, h);                                        \
  }                                                                                                          \
  ORDERLY_STEPPER_EXPORT const orderly_stepper_info gsl_##kind = {.abi_version = ORDERLY_STEPPER_ABI_VERSION, \
                                                                   .step = kind##_step,                      \
                                                                   .name = "gsl " #kind,                     \
                                                                   .declared_order = order,                  \
                                                                   .closest_method = closest}

GSL_STEPPER(rk2, 2, "heun");
GSL_STEPPER(rk4, 4, "rk4");
GSL_STEPPER(rkf45, 5, "rkf45");
GSL_STEPPER(rkck, 5, "cash-karp54");
GSL_STEPPER(rk8pd, 8, NULL); /* no Prince-Dormand 8(7) in the catalog */
