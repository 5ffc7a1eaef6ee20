/* pathsim's Runge-Kutta-Fehlberg before its fix (pathsim issue 232): a_63 = -3554/2565 instead of
 * Fehlberg's -3544/2565, the 4th-order row propagated while order 5 is declared, and the estimate
 * taken as y5 - y4 (the embedded minus the propagated solution). */
#define STAGES 6
static const double C[STAGES] = {0.0, 1.0 / 4, 3.0 / 8, 12.0 / 13, 1.0, 1.0 / 2};
static const double A[STAGES * STAGES] = {
    0, 0, 0, 0, 0, 0,
    1.0 / 4, 0, 0, 0, 0, 0,
    3.0 / 32, 9.0 / 32, 0, 0, 0, 0,
    1932.0 / 2197, -7200.0 / 2197, 7296.0 / 2197, 0, 0, 0,
    439.0 / 216, -8.0, 3680.0 / 513, -845.0 / 4104, 0, 0,
    -8.0 / 27, 2.0, -3554.0 / 2565, 1859.0 / 4104, -11.0 / 40, 0};
static const double B[STAGES] = {25.0 / 216, 0, 1408.0 / 2565, 2197.0 / 4104, -1.0 / 5, 0};
/* TR = b5 - b4 */
static const double E[STAGES] = {16.0 / 135 - 25.0 / 216, 0, 6656.0 / 12825 - 1408.0 / 2565,
                                 28561.0 / 56430 - 2197.0 / 4104, -9.0 / 50 + 1.0 / 5, 2.0 / 55};
#include "explicit_table.h"

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = table_step,
    .name = "rkf45 (pathsim before its fix)",
    .declared_order = 5,
    .closest_method = "rkf45",
    .step_with_error = table_step_with_error,
    .error_estimate_order = 4,
    .error_sign = -1,
};
