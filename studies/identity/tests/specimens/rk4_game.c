/* Classical RK4 as Glenn Fiedler's "Integration Basics" writes it for a game: a derivative is
 * evaluated from the initial state advanced by the previous derivative, four times, and the
 * state moves by the weighted average (1/6)(a + 2(b + c) + d). Stages by hand, no table. */
#include <orderly/stepper.h>

#include <stdlib.h>

typedef struct {
  double* dydt;
} Derivative;

static void evaluate(orderly_rhs f, void* context, const double* initial, size_t n, double t, double dt,
                     const Derivative* d, double* state, Derivative* out) {
  for (size_t i = 0; i < n; ++i) state[i] = d ? initial[i] + d->dydt[i] * dt : initial[i];
  f(context, t + dt, state, out->dydt);
}

static int integrate(orderly_rhs f, void* context, double t, double* y, size_t n, double dt) {
  double* memory = malloc(5 * n * sizeof *memory);
  if (!memory) return 1;
  Derivative a = {memory}, b = {memory + n}, c = {memory + 2 * n}, d = {memory + 3 * n};
  double* state = memory + 4 * n;
  evaluate(f, context, y, n, t, 0.0, NULL, state, &a);
  evaluate(f, context, y, n, t, dt * 0.5, &a, state, &b);
  evaluate(f, context, y, n, t, dt * 0.5, &b, state, &c);
  evaluate(f, context, y, n, t, dt, &c, state, &d);
  for (size_t i = 0; i < n; ++i) {
    const double dydt = 1.0 / 6.0 * (a.dydt[i] + 2.0 * (b.dydt[i] + c.dydt[i]) + d.dydt[i]);
    y[i] = y[i] + dydt * dt;
  }
  free(memory);
  return 0;
}

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = integrate,
    .name = "RK4 as game code",
    .declared_order = 4,
    .closest_method = "rk4",
};
