/* A stepper for Orderly to judge, in plain C: any language that can export a C symbol (C, C++,
 * Rust, Zig) exposes its integrator by defining one orderly_stepper_info in a shared library:
 *
 *   static int my_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {...}
 *   ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
 *       .abi_version = ORDERLY_STEPPER_ABI_VERSION, .step = my_step,
 *       .name = "my-rk4", .declared_order = 4, .closest_method = "rk4"};
 *
 * and `orderly check --stepper ./libmystep.so` runs the battery on it (another symbol name:
 * ./libmystep.so:my_symbol). The step advances the n doubles of y in place from t to t + h,
 * calling f(context, t_i, y_i, dydt_i) for each right-hand side it needs; Orderly counts those
 * calls as the step's cost.
 *
 * Version 2 adds optional entry points after the version-1 fields: a step that also writes its
 * local error estimate (an embedded pair), and steps in long double and __float128 (a wider scalar
 * in which Orderly refines the order measurement, as it does for its own methods). A library built
 * against version 1 has the shorter struct; Orderly reads only version 1's fields from it. */
#ifndef ORDERLY_STEPPER_H
#define ORDERLY_STEPPER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The layout of orderly_stepper_info below. Orderly reads every version up to this one; a library
 * that announces a later version is refused. */
#define ORDERLY_STEPPER_ABI_VERSION 2

/* The symbol `orderly check --stepper LIBRARY` looks up when none is named. */
#define ORDERLY_STEPPER_DEFAULT_SYMBOL "orderly_stepper"

/* dy/dt at (t, y), written to dydt; y and dydt hold the n values of the state being stepped.
 * context is the pointer the step was given: pass it through unchanged. */
typedef void (*orderly_rhs)(void* context, double t, const double* y, double* dydt);

/* One step: y (n values) from t to t + h, in place. Returns 0, or non-zero when the step cannot
 * continue (a failed solve): Orderly records that as the run's end, not as an error. */
typedef int (*orderly_step)(orderly_rhs f, void* context, double t, double* y, size_t n, double h);

/* The same step, which also writes its local error estimate to error (n values): the difference
 * of the two solutions of an embedded pair, y_propagated - y_embedded (the solution written to y
 * minus the other one), unscaled, one value per component. The step must write to y exactly what
 * step() writes. A library whose estimate has the opposite sign says so with error_sign = -1. */
typedef int (*orderly_step_with_error)(orderly_rhs f, void* context, double t, double* y, size_t n, double h,
                                       double* error);

/* The step in long double: the same method, every operation in long double. */
typedef void (*orderly_rhs_long_double)(void* context, long double t, const long double* y, long double* dydt);
typedef int (*orderly_step_long_double)(orderly_rhs_long_double f, void* context, long double t, long double* y,
                                        size_t n, long double h);

/* The step in __float128 (GCC and Clang on x86-64 and others that have the type). Where the
 * compiler lacks the type the field keeps its place as an untyped function pointer; leave it NULL. */
#if defined(__SIZEOF_FLOAT128__)
typedef void (*orderly_rhs_float128)(void* context, __float128 t, const __float128* y, __float128* dydt);
typedef int (*orderly_step_float128)(orderly_rhs_float128 f, void* context, __float128 t, __float128* y, size_t n,
                                     __float128 h);
#else
typedef void (*orderly_step_float128)(void);
#endif

typedef struct orderly_stepper_info {
  /* Version 1 */
  int abi_version;            /* ORDERLY_STEPPER_ABI_VERSION: first, so any layout can be told apart */
  orderly_step step;          /* required */
  const char* name;           /* shown in the report; NULL: the library's file name */
  int declared_order;         /* the order the stepper claims; 0: none claimed */
  int separable;              /* non-zero: y is (q, v) halves with q' = v (second-order problems) */
  const char* closest_method; /* a catalog method to draw beside it (orderly list), or NULL */
  /* Version 2: each optional (NULL or 0) */
  orderly_step_with_error step_with_error; /* the step with its local error estimate, or NULL */
  int error_estimate_order;                /* the order the embedded solution claims; 0: none claimed */
  int error_sign;                          /* 0 or 1: error = y_propagated - y_embedded; -1: the opposite */
  orderly_step_long_double step_long_double; /* the step in long double, or NULL */
  orderly_step_float128 step_float128;       /* the step in __float128, or NULL */
} orderly_stepper_info;

/* Exported with default visibility (and C linkage from C++), so the loader finds it. */
#if defined(_WIN32)
#define ORDERLY_STEPPER_VISIBLE __declspec(dllexport)
#else
#define ORDERLY_STEPPER_VISIBLE __attribute__((visibility("default")))
#endif
#ifdef __cplusplus
#define ORDERLY_STEPPER_EXPORT extern "C" ORDERLY_STEPPER_VISIBLE
#else
#define ORDERLY_STEPPER_EXPORT ORDERLY_STEPPER_VISIBLE
#endif

#ifdef __cplusplus
}
#endif

#endif /* ORDERLY_STEPPER_H */
