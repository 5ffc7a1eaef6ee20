// odeint's multistep steppers (Adams-Bashforth, Adams-Bashforth-Moulton and their starting
// steps), the steppers of partitioned states and implicit_euler, measured at fixed steps.
#include "odeint_measure.hpp"

namespace orderly::odeint_orders_detail {

// adams_bashforth<Steps> for every Steps from First to odeint's largest, 8, in one calling form.
template <std::size_t Steps>
struct adams_bashforth_of {
  template <class T>
  struct maker {
    static auto make() { return odeint::adams_bashforth<Steps, vec<T>, T, vec<T>, T>{}; }
  };
};
template <std::size_t First, std::size_t... Offset>
void measure_adams_bashforth(std::vector<odeint_order_result>& results, call_form form,
                             std::index_sequence<Offset...>) {
  (results.push_back(measure<adams_bashforth_of<First + Offset>::template maker>(
       "adams_bashforth<" + std::to_string(First + Offset) + ">", form)),
   ...);
}
constexpr std::size_t adams_bashforth_most_steps = 8;

// The steppers measured since odeint-orders/2: Adams-Bashforth alone (its first steps by the
// extrapolation stepper odeint gives it), the classic-coded Cash-Karp, the steppers of partitioned
// states (q, p) in every calling form odeint documents, and implicit_euler with its Jacobian.
void measure_multistep_partitioned_and_implicit(std::vector<odeint_order_result>& results) {
  measure_adams_bashforth<1>(results, call_form::in_place, std::make_index_sequence<adams_bashforth_most_steps>());
  // In place, adams_bashforth's first steps call the extrapolation stepper with in and out one
  // object (adams_bashforth.hpp's do_step_impl, through do_step_dxdt_impl): the aliasing above.
  // Out of place they do not; measuring both isolates the cause.
  measure_adams_bashforth<2>(results, call_form::out_of_place,
                             std::make_index_sequence<adams_bashforth_most_steps - 1>());
  results.push_back(measure<make_cash_karp_classic>("runge_kutta_cash_karp54_classic", call_form::in_place));
  for (auto form : odeint_partitioned::all_verlet_forms) results.push_back(measure_velocity_verlet(form));
  results.push_back(
      measure_velocity_verlet(odeint_partitioned::verlet_form::pair_in_place, velocity_dependent_problem));
  for (auto form : odeint_partitioned::all_symplectic_forms) {
    results.push_back(measure_symplectic<make_symplectic_euler>("symplectic_euler", form));
    results.push_back(measure_symplectic<make_sb3a_mclachlan>("symplectic_rkn_sb3a_mclachlan", form));
    results.push_back(measure_symplectic<make_sb3a_m4_mclachlan>("symplectic_rkn_sb3a_m4_mclachlan", form));
  }
  results.push_back(measure_implicit_euler());
  // adams_bashforth_moulton<7> and <8> (odeint's largest), and <6> to <8> started by an order-8
  // stepper: the control that names the starting steps as the cause of their order.
  results.push_back(measure_adams_bashforth_moulton<7>(call_form::in_place));
  results.push_back(measure_adams_bashforth_moulton<8>(call_form::in_place));
  results.push_back(measure_adams_bashforth_moulton<6>(call_form::started_by_rkf78));
  results.push_back(measure_adams_bashforth_moulton<7>(call_form::started_by_rkf78));
  results.push_back(measure_adams_bashforth_moulton<8>(call_form::started_by_rkf78));
}

}  // namespace orderly::odeint_orders_detail
