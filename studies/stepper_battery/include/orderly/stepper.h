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
 * calls as the step's cost. */
#ifndef ORDERLY_STEPPER_H
#define ORDERLY_STEPPER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The layout of orderly_stepper_info below; a library built against another layout is refused. */
#define ORDERLY_STEPPER_ABI_VERSION 1

/* The symbol `orderly check --stepper LIBRARY` looks up when none is named. */
#define ORDERLY_STEPPER_DEFAULT_SYMBOL "orderly_stepper"

/* dy/dt at (t, y), written to dydt; y and dydt hold the n values of the state being stepped.
 * context is the pointer the step was given: pass it through unchanged. */
typedef void (*orderly_rhs)(void* context, double t, const double* y, double* dydt);

/* One step: y (n values) from t to t + h, in place. Returns 0, or non-zero when the step cannot
 * continue (a failed solve): Orderly records that as the run's end, not as an error. */
typedef int (*orderly_step)(orderly_rhs f, void* context, double t, double* y, size_t n, double h);

typedef struct orderly_stepper_info {
  int abi_version;            /* ORDERLY_STEPPER_ABI_VERSION: first, so any layout can be told apart */
  orderly_step step;          /* required */
  const char* name;           /* shown in the report; NULL: the library's file name */
  int declared_order;         /* the order the stepper claims; 0: none claimed */
  int separable;              /* non-zero: y is (q, v) halves with q' = v (second-order problems) */
  const char* closest_method; /* a catalog method to draw beside it (orderly list), or NULL */
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
