// The catalog's steppers (make_stepper) and adaptive runners (make_adaptive_runner) compiled once
// for float128 (declared extern in stepper_factory.hpp and method_runner.hpp), and the typed
// problems and steppers for the scalar of its rounding twin (declared extern in
// convergence_measure.hpp).
#include <orderly/convergence_measure.hpp>
#include <orderly/method_runner.hpp>
#include <orderly/problem_types.hpp>

namespace orderly {

template std::unique_ptr<bound_stepper<float128>> make_stepper(const method_entry&, const typed_problem<float128>&,
                                                               weight_set);
template adaptive_runner<float128> make_adaptive_runner(const method_entry&, const typed_problem<float128>&);

template typed_problem<quad_twin> instantiate<quad_twin>(const problem_entry&);
template std::unique_ptr<bound_stepper<quad_twin>> make_stepper(const method_entry&, const typed_problem<quad_twin>&,
                                                                weight_set);

}  // namespace orderly
