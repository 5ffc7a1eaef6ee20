// The catalog's steppers (make_stepper) and adaptive runners (make_adaptive_runner) compiled once
// for float128 (declared extern in stepper_factory.hpp and method_runner.hpp).
#include <orderly/method_runner.hpp>

namespace orderly {

template std::unique_ptr<bound_stepper<float128>> make_stepper(const method_entry&, const typed_problem<float128>&,
                                                               weight_set);
template adaptive_runner<float128> make_adaptive_runner(const method_entry&, const typed_problem<float128>&);

}  // namespace orderly
