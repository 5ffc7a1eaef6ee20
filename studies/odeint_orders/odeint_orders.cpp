// odeint's steppers driven as an odeint user drives them, measured by the convergence study: the
// study's three parts (odeint_single_step.cpp, odeint_multistep.cpp, odeint_tolerance_sweeps.cpp),
// the findings' reproducers named on the rows that mismatch, the run and the suite.
#include "odeint_measure.hpp"

namespace orderly {
namespace odeint_orders_detail {
namespace {

// The standalone reproducers of the mismatches this study finds (studies/odeint_orders/findings/,
// odeint alone, copied beside the report): a mismatch row whose stepper and call begin as listed
// names its file. rosenbrock4's covers its dense output and controller, which share its d4.
struct reproducer {
  const char* stepper_prefix;
  const char* call_prefix;
  const char* file;
};
constexpr reproducer reproducers[] = {
    {"velocity_verlet", "", "velocity_verlet_order.cpp"},
    {"rosenbrock4", "", "rosenbrock4_d4_sign.cpp"},
    {"extrapolation_stepper", "do_step(sys, x, t, dt)", "extrapolation_in_place.cpp"},
    {"adams_bashforth<", "do_step(sys, x, t, dt)", "adams_bashforth_in_place.cpp"},
    {"adams_bashforth_moulton<", "", "adams_bashforth_moulton_start.cpp"},
};

std::string reproducer_of(const std::string& stepper, const std::string& call, odeint_verdict verdict) {
  if (verdict != odeint_verdict::mismatch) return "";
  for (const auto& r : reproducers)
    if (stepper.starts_with(r.stepper_prefix) && call.starts_with(r.call_prefix)) return r.file;
  return "";
}

// The study's three parts, each a job of the suite: the single-step steppers, the multistep,
// partitioned and implicit ones, and the tolerance-driven sweeps. The findings are named per part.
struct odeint_part {
  std::string key;
  void (*fixed)(std::vector<odeint_order_result>&);
  void (*tolerance)(std::vector<odeint_tolerance_result>&);
  double cost;  // measurements in the part (a tolerance sweep is about two)
};

const std::vector<odeint_part>& odeint_parts() {
  static const std::vector<odeint_part> parts{
      {"single-step", &measure_single_step, nullptr, 31},
      {"multistep-partitioned-implicit", &measure_multistep_partitioned_and_implicit, nullptr, 35},
      {"tolerance-driven", nullptr, &sweep_tolerance_driven, 2 * 10}};
  return parts;
}

odeint_orders run_part(const odeint_part& part) {
  odeint_orders all;
  if (part.fixed) part.fixed(all.fixed_step);
  if (part.tolerance) part.tolerance(all.tolerance_driven);
  for (auto& r : all.fixed_step) r.finding = reproducer_of(r.stepper, r.call, r.verdict);
  for (auto& r : all.tolerance_driven) r.finding = reproducer_of(r.stepper, r.call, r.verdict);
  return all;
}

}  // namespace
}  // namespace odeint_orders_detail

odeint_orders run_odeint_orders() {
  odeint_orders all;
  for (const auto& part : odeint_orders_detail::odeint_parts()) {
    auto ran = odeint_orders_detail::run_part(part);
    all.fixed_step.insert(all.fixed_step.end(), ran.fixed_step.begin(), ran.fixed_step.end());
    all.tolerance_driven.insert(all.tolerance_driven.end(), ran.tolerance_driven.begin(), ran.tolerance_driven.end());
  }
  return all;
}

sharded_suite odeint_orders_suite() {
  sharded_suite suite{
      .name = "odeint-orders", .settings = nlohmann::json::object(), .assemble = &odeint_orders_outputs};
  for (const auto& part : odeint_orders_detail::odeint_parts()) {
    suite.keys.push_back(part.key);
    suite.costs.push_back(part.cost);
  }
  suite.run = [](const std::vector<std::size_t>& chosen, progress_meter* progress) {
    return run_jobs(
        chosen,
        [](std::size_t k) -> nlohmann::json {
          const auto ran = odeint_orders_detail::run_part(odeint_orders_detail::odeint_parts()[k]);
          return {{"steppers", odeint_orders_detail::fixed_step_rows(ran.fixed_step)},
                  {"tolerance_driven", odeint_orders_detail::tolerance_rows(ran.tolerance_driven)}};
        },
        /*threads=*/1, progress);
  };
  return suite;
}

}  // namespace orderly
