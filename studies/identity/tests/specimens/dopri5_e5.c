/* The Rust crate ode-solvers' Dormand-Prince 5(4) before its fix (srenevey/ode-solvers issue 32):
 * the error weight e_5 = b_5 - b_hat_5 written -686/13487 instead of -17253/339200 (2e-9 apart). */
#define STAGES 7
static const double C[STAGES] = {0.0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1.0, 1.0};
static const double A[STAGES * STAGES] = {
    0, 0, 0, 0, 0, 0, 0,
    1.0 / 5, 0, 0, 0, 0, 0, 0,
    3.0 / 40, 9.0 / 40, 0, 0, 0, 0, 0,
    44.0 / 45, -56.0 / 15, 32.0 / 9, 0, 0, 0, 0,
    19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729, 0, 0, 0,
    9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656, 0, 0,
    35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0};
static const double B[STAGES] = {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0};
static const double E[STAGES] = {71.0 / 57600, 0, -71.0 / 16695, 71.0 / 1920, -686.0 / 13487, 22.0 / 525, -1.0 / 40};
#include "explicit_table.h"

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = table_step,
    .name = "dopri5 (ode-solvers before its fix)",
    .declared_order = 5,
    .closest_method = "dopri54",
    .step_with_error = table_step_with_error,
    .error_estimate_order = 4,
};
