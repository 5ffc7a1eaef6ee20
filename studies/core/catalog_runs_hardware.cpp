// The catalog's steppers (make_stepper) and adaptive runners (make_adaptive_runner) compiled once
// for the hardware scalars (declared extern in stepper_factory.hpp and method_runner.hpp).
#include <orderly/method_runner.hpp>

namespace orderly {

template std::unique_ptr<bound_stepper<float>> make_stepper(const method_entry&, const typed_problem<float>&,
                                                            weight_set);
template std::unique_ptr<bound_stepper<double>> make_stepper(const method_entry&, const typed_problem<double>&,
                                                             weight_set);
template std::unique_ptr<bound_stepper<long double>> make_stepper(const method_entry&,
                                                                  const typed_problem<long double>&, weight_set);
template adaptive_runner<float> make_adaptive_runner(const method_entry&, const typed_problem<float>&);
template adaptive_runner<double> make_adaptive_runner(const method_entry&, const typed_problem<double>&);
template adaptive_runner<long double> make_adaptive_runner(const method_entry&, const typed_problem<long double>&);

}  // namespace orderly
