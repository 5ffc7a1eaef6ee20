// The catalog's steppers (make_stepper) and adaptive runners (make_adaptive_runner) compiled once
// for mp50, and the steppers for the 100-digit scalar of its rounding twin (declared extern in
// stepper_factory.hpp and method_runner.hpp).
#include <orderly/method_runner.hpp>

namespace orderly {

template std::unique_ptr<bound_stepper<mp50>> make_stepper(const method_entry&, const typed_problem<mp50>&, weight_set);
template std::unique_ptr<bound_stepper<high_precision>> make_stepper(const method_entry&,
                                                                     const typed_problem<high_precision>&, weight_set);
template adaptive_runner<mp50> make_adaptive_runner(const method_entry&, const typed_problem<mp50>&);

}  // namespace orderly
