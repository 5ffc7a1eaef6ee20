/* Tsitouras 5(4) with the estimate's weights as Table 1 of the paper prints them: b_i - b_hat_i,
 * but the last with the opposite sign (the misprint OrdinaryDiffEq.jl issue 1654 and SUNDIALS
 * pull request 850 describe). */
#include "tsit5_table.h"
static const double E[STAGES] = {0.09646076681806523 - BHAT1, 0.01 - BHAT2, 0.4798896504144996 - BHAT3,
                                 1.379008574103742 - BHAT4,   -3.290069515436081 - BHAT5, 2.324710524099774 - BHAT6,
                                 BHAT7};
#include "explicit_table.h"

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = table_step,
    .name = "tsit5 (the paper's printed estimate)",
    .declared_order = 5,
    .step_with_error = table_step_with_error,
    .error_estimate_order = 4,
};
