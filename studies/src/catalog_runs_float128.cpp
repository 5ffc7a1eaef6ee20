// The catalog's steppers (make_stepper) and adaptive runs (run_adaptive) compiled once for float128
// (declared extern in stepper_factory.hpp and method_runner.hpp).
#include <orderly/method_runner.hpp>

namespace orderly {

template std::unique_ptr<bound_stepper<float128>> make_stepper(const method_entry&,
                                        const typed_problem<float128>&, weight_set);
template adaptive_run<float128> run_adaptive(const method_entry&,
                                        const typed_problem<float128>&, const float128&);

}  // namespace orderly
