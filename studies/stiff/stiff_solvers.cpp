// The stiff study's solvers, as the study describes them, and the suites' settings.
#include "stiff_parts.hpp"

#include <cmath>

namespace orderly {

using stiff_detail::is_adaptive_radau;
using stiff_detail::odeint_rosenbrock4_name;
using stiff_detail::rosenbrock4_name;

std::vector<stiff_solver_info> stiff_solvers() {
  std::vector<stiff_solver_info> solvers;
  for (const auto& m : method_catalog())
    if (is_adaptive_radau(m))
      solvers.push_back({.name = m.name,
                         .family = m.family,
                         .solver = "Orderly's adaptive Radau IIA (" + std::to_string(m.stages) +
                                   " stages, simplified Newton, dense LU; implicit/radau.hpp; the shared step-size "
                                   "controller of step_control.hpp with RADAU5's predictive memory). LU counts each "
                                   "factorisation of the s n x s n iteration matrix (the n x n error-estimate "
                                   "matrix is factorised with it); linear solves are not counted, Newton "
                                   "iterations (one solve each) are",
                         .order = m.order,
                         .counts_lu = true});
  for (const auto& m : method_catalog())
    if (m.family == method_family::rosenbrock)
      solvers.push_back({.name = m.name,
                         .family = m.family,
                         .solver = "Orderly's Rosenbrock pair (implicit/rosenbrock.hpp: analytic Jacobian, df/dt by "
                                   "central differences for non-autonomous problems, one dense LU per attempted step) "
                                   "with the shared step-size controller's PI memory and starting step "
                                   "(step_control.hpp)",
                         .order = m.order,
                         .counts_lu = true,
                         .counts_linear_solves = true});
  solvers.push_back({.name = odeint_rosenbrock4_name,
                     .family = method_family::rosenbrock,
                     .solver = "Boost.Odeint's rosenbrock4_controller, the baseline (RODAS coefficients with odeint's "
                               "sign of d4, which matters only for non-autonomous problems; analytic Jacobian, df/dt "
                               "by central differences for non-autonomous problems); LU and solves counted from its "
                               "step structure (1 LU and 6 solves per attempted step)",
                     .order = 4,
                     .counts_lu = true,
                     .counts_linear_solves = true});
  for (const auto& m : method_catalog())
    if (m.family == method_family::embedded_rk)
      solvers.push_back({.name = m.name,
                         .family = m.family,
                         .solver = "Orderly's explicit embedded pair with the shared step-size controller's PI "
                                   "memory (step_control.hpp)",
                         .order = m.order});
  return solvers;
}

stiff_settings default_stiff_settings() {
  stiff_settings s;
  for (const auto& solver : stiff_solvers()) s.methods.push_back(solver.name);
  s.problems = stiff_problem_list();
  for (int k = 2; k <= 10; ++k) s.tolerances.push_back(std::pow(10.0, -k));
  return s;
}

stiff_settings quick_stiff_settings() {
  stiff_settings s;
  s.methods = {"radau5", rosenbrock4_name};
  s.problems = {"rober", "hires"};
  s.tolerances = {1e-3, 1e-6};
  return s;
}

}  // namespace orderly
