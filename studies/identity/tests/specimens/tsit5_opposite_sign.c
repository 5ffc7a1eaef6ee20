/* Tsitouras 5(4) with OrdinaryDiffEq.jl's estimate weights btilde_i = b_hat_i - b_i: the estimate
 * is y_embedded - y_propagated, the opposite of orderly/stepper.h's convention, and the library
 * does not say so (SciML/OrdinaryDiffEq.jl issue 1654: "we use the opposite definition"). */
#include "tsit5_table.h"
static const double E[STAGES] = {BHAT1 - 0.09646076681806523, BHAT2 - 0.01, BHAT3 - 0.4798896504144996,
                                 BHAT4 - 1.379008574103742,   BHAT5 + 3.290069515436081, BHAT6 - 2.324710524099774,
                                 BHAT7};
#include "explicit_table.h"

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = table_step,
    .name = "tsit5 (estimate y_embedded - y_propagated)",
    .declared_order = 5,
    .step_with_error = table_step_with_error,
    .error_estimate_order = 4,
};
