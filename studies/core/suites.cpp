// Compiled once into the study library (declared in suites.hpp).
#include <orderly/suites.hpp>

namespace orderly {

std::vector<const problem_entry*> select_problems(const std::vector<suite_part>& parts, const method_entry& method) {
  std::vector<const problem_entry*> problems;
  for (const auto& problem : problem_catalog()) {
    if (!incompatibility(method, problem.info).empty()) continue;
    for (const auto& part : parts)
      if (part.methods.selects(method) && part.problems.selects(problem.info)) {
        problems.push_back(&problem);
        break;
      }
  }
  return problems;
}

std::vector<suite_pair> select_pairs(const std::vector<suite_part>& parts) {
  std::vector<suite_pair> pairs;
  for (const auto& method : method_catalog())
    for (const auto* problem : select_problems(parts, method)) pairs.push_back({&method, problem});
  return pairs;
}

const std::vector<suite_part>& default_convergence_suite() {
  static const std::vector<suite_part> parts{
      {.purpose = "explicit and splitting methods on the nonlinear non-autonomous problems with exact solutions",
       .methods = {.families = {method_family::seed, method_family::implicit_rk, method_family::rosenbrock},
                   .except = true},
       .problems = {.all_of = {problem_tag::nonlinear, problem_tag::nonautonomous, problem_tag::exact_solution},
                    .none_of = {problem_tag::stiff}}},
      {.purpose = "explicit and splitting methods on classical non-stiff problems: orbits (certified references) and "
                  "the pendulum",
       .methods = {.families = {method_family::seed, method_family::implicit_rk, method_family::rosenbrock},
                   .except = true},
       .problems = {.names = {"kepler", "arenstorf", "pendulum", "forced-oscillator"}}},
      {.purpose = "implicit and Rosenbrock methods on the nonlinear non-autonomous problems with exact solutions",
       .methods = {.families = {method_family::implicit_rk, method_family::rosenbrock}},
       .problems = {.all_of = {problem_tag::nonlinear, problem_tag::nonautonomous, problem_tag::exact_solution},
                    .none_of = {problem_tag::stiff}}},
      {.purpose = "the seed articles' specimens on the articles' own problems",
       .methods = {.families = {method_family::seed}},
       .problems = {.all_of = {problem_tag::seed}}},
      {.purpose = "the specimens on the gate's nonlinear non-autonomous problems",
       .methods = {.families = {method_family::seed}},
       .problems = {.all_of = {problem_tag::nonlinear, problem_tag::nonautonomous, problem_tag::exact_solution},
                    .none_of = {problem_tag::stiff}}},
  };
  return parts;
}

const std::vector<suite_part>& quick_convergence_suite() {
  static const std::vector<suite_part> parts{
      {.purpose = "one method of each kind on a gate problem and the Kepler orbit",
       .methods = {.names = {"euler", "heun", "rk4", "dopri54", "velocity-verlet", "yoshida4"}},
       .problems = {.names = {"nonlinear-na", "kepler"}}},
      {.purpose = "two specimens with stage-time bugs on the forced oscillator",
       .methods = {.names = {"seed-rk4-double-dt", "seed-rk4-t-plus-half"}},
       .problems = {.names = {"forced-oscillator"}}},
  };
  return parts;
}

const std::vector<suite_part>& gate_suite() {
  static const std::vector<suite_part> parts{
      {.purpose = "every method on the nonlinear non-autonomous problems with exact solutions",
       .methods = {},
       .problems = {.all_of = {problem_tag::nonlinear, problem_tag::nonautonomous, problem_tag::exact_solution},
                    .none_of = {problem_tag::stiff}}},
      {.purpose = "catalog methods on the pendulum (Hamiltonian, closed form)",
       .methods = {.families = {method_family::seed}, .except = true},
       .problems = {.names = {"pendulum"}}},
  };
  return parts;
}

}  // namespace orderly
