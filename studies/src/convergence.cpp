// The convergence study, compiled once: every scalar's instantiation of the measurement lives here.
#include <orderly/convergence_measure.hpp>

namespace orderly {

convergence_result study_convergence(const convergence_request& request) {
  const auto& method = *request.method;
  const auto& problem_entry = *request.problem;
  if (auto why = incompatibility(method, problem_entry.info); !why.empty()) throw std::invalid_argument(why);
  const scalar_kind scalar = method.seed() ? scalar_kind::float32 : request.scalar;

  convergence_result r;
  r.method = method.name;
  r.method_title = method.title;
  r.family = method.family;
  r.problem = problem_entry.info.name;
  r.problem_description = problem_entry.info.description;
  r.scalar = std::string(scalar_name(scalar));
  r.norm = norm_name(request.norm);
  r.kind = "fixed-step";
  r.weights = request.weights == weight_set::primary ? "primary" : "embedded";
  r.declared_order = request.weights == weight_set::primary ? method.order : method.embedded_order.value_or(0);
  r.embedded_declared_order = method.embedded_order.value_or(0);
  if (const auto* seed = method.seed()) {
    r.seed_source = seed->source;
    r.seed_description = seed->description;
  }

  const std::size_t min_steps = request.min_steps ? request.min_steps : 4;
  const std::size_t max_steps = request.max_steps ? request.max_steps : (std::size_t{1} << 14);
  const auto steps = detail::step_sequence(min_steps, max_steps);

  with_scalar(scalar, [&](auto zero) {
    using T = decltype(zero);
    const auto problem = instantiate<T>(problem_entry);
    auto grid = [&](weight_set weights) {
      return [&, weights](const auto& typed, std::size_t n, bool record) {
        return run_fixed_steps(method, typed, n, record, weights);
      };
    };
    const bool shadow = !method.seed();
    // Energy is measured for symplectic methods, whose bounded energy error is their point.
    r.solution = detail::measure_fixed_steps(problem_entry, problem, request.norm, steps, grid(request.weights),
                                             shadow, method.splitting() ? &r.energy : nullptr);
    if (method.embedded_order && request.weights == weight_set::primary && request.tolerance_sweep) {
      r.kind = "adaptive";
      r.embedded_weights =
          detail::measure_fixed_steps(problem_entry, problem, request.norm, steps, grid(weight_set::embedded), shadow,
                                      nullptr);
      // Tolerance sweep: 1e-3 down to 1000 eps (no tolerance below what the scalar can honour).
      const auto reference = reference_at(problem_entry, {mp50(problem.t_end)});
      const double floor = 1000 * static_cast<double>(std::numeric_limits<T>::epsilon());
      for (int k = 3; std::pow(10.0, -k) >= floor && k <= 40; ++k) {
        const T tolerance = T(1) / pow(T(10), k);
        const auto run = run_adaptive(method, problem, tolerance);
        adaptive_point point;
        point.tolerance = std::pow(10.0, -k);
        point.rhs_evaluations = run.stats.rhs_evaluations;
        point.accepted = run.stats.accepted;
        point.rejected = run.stats.rejected;
        if (!run.completed) {
          point.status = point_status::unstable;
          point.note = run.failure;
        } else {
          point.error = detail::distance(run.final_state, reference.states.back());
        }
        r.adaptive.push_back(point);
        if (point.rhs_evaluations > 5000000) break;
      }
    }
  });
  r.reference_method = r.solution.reference_method;
  r.reference_digits = r.solution.reference_digits;
  r.error_constant_declared = error_constant_at(
      std::vector<convergence_point>(r.solution.points.begin(), r.solution.points.end()), r.solution.fit,
      r.declared_order);
  judge(r);
  return r;
}

}  // namespace orderly
