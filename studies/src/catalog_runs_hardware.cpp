// The catalog's steppers (make_stepper) and adaptive runs (run_adaptive) compiled once for the
// hardware scalars (declared extern in stepper_factory.hpp and method_runner.hpp).
#include <orderly/method_runner.hpp>

namespace orderly {

template std::unique_ptr<bound_stepper<float>> make_stepper(const method_entry&,
                                        const typed_problem<float>&, weight_set);
template std::unique_ptr<bound_stepper<double>> make_stepper(const method_entry&,
                                        const typed_problem<double>&, weight_set);
template std::unique_ptr<bound_stepper<long double>> make_stepper(const method_entry&,
                                        const typed_problem<long double>&, weight_set);
template adaptive_run<float> run_adaptive(const method_entry&,
                                        const typed_problem<float>&, const float&);
template adaptive_run<double> run_adaptive(const method_entry&,
                                        const typed_problem<double>&, const double&);
template adaptive_run<long double> run_adaptive(const method_entry&,
                                        const typed_problem<long double>&, const long double&);

}  // namespace orderly
