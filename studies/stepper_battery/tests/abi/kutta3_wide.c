/* Kutta's third-order method declared as order 2, with its step in double, long double and
 * __float128 (version 2's wider steps): in double its order settles above the declared one
 * without confirmation; a wider scalar confirms it. One macro writes the three steps, so they are
 * the same method to the letter. Kutta (1901): c = (0, 1/2, 1), a21 = 1/2, a31 = -1, a32 = 2,
 * b = (1/6, 2/3, 1/6). */
#include <orderly/stepper.h>

#include <stdlib.h>

#define KUTTA3_STEP(name, scalar, rhs_type)                                                         \
  static int name(rhs_type f, void* context, scalar t, scalar* y, size_t n, scalar h) {            \
    scalar* k = malloc(4 * n * sizeof *k);                                                          \
    if (!k) return 1;                                                                               \
    scalar *k1 = k, *k2 = k + n, *k3 = k + 2 * n, *stage = k + 3 * n;                                \
    const scalar one = 1, two = 2, four = 4, six = 6;                                               \
    f(context, t, y, k1);                                                                           \
    for (size_t i = 0; i < n; ++i) stage[i] = y[i] + h / two * k1[i];                               \
    f(context, t + h / two, stage, k2);                                                             \
    for (size_t i = 0; i < n; ++i) stage[i] = y[i] + h * (two * k2[i] - one * k1[i]);               \
    f(context, t + h, stage, k3);                                                                   \
    for (size_t i = 0; i < n; ++i) y[i] += h / six * (k1[i] + four * k2[i] + k3[i]);                \
    free(k);                                                                                        \
    return 0;                                                                                       \
  }

KUTTA3_STEP(step_double, double, orderly_rhs)
KUTTA3_STEP(step_long_double, long double, orderly_rhs_long_double)
KUTTA3_STEP(step_float128, __float128, orderly_rhs_float128)

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = step_double,
    .name = "kutta3 declared 2",
    .declared_order = 2,
    .closest_method = "kutta3",
    .step_long_double = step_long_double,
    .step_float128 = step_float128,
};

/* The same stepper without its wider steps. */
ORDERLY_STEPPER_EXPORT const orderly_stepper_info double_only = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = step_double,
    .name = "kutta3 declared 2, double only",
    .declared_order = 2,
    .closest_method = "kutta3",
};
