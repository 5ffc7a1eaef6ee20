/* Boost.Odeint's Dormand-Prince 5(4) before its fix (odeint-v2 pull request 235): the last weight
 * of the estimate with the wrong sign. The propagated solution is right; the estimate is not. */
#define DC7 (1.0 / 40)
#include "dopri5_odeint.h"

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = dopri5_step,
    .name = "dopri5 (odeint before its fix)",
    .declared_order = 5,
    .closest_method = "dopri54",
    .step_with_error = dopri5_step_with_error,
    .error_estimate_order = 4,
    .error_sign = 1,
};
