/* Dormand-Prince 5(4) with its estimate as Boost.Odeint writes it today. */
#define DC7 (-1.0 / 40)
#include "dopri5_odeint.h"

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = dopri5_step,
    .name = "dopri5",
    .declared_order = 5,
    .closest_method = "dopri54",
    .step_with_error = dopri5_step_with_error,
    .error_estimate_order = 4,
    .error_sign = 1,
};
