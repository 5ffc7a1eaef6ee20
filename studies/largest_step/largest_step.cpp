// The largest-step study: a bracket by doubling, then bisection on the step count, per method.
#include <orderly/largest_step.hpp>

#include <orderly/convergence_measure.hpp>
#include <orderly/job_runner.hpp>
#include <orderly/method_runner.hpp>
#include <orderly/reference_solution.hpp>

#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <stdexcept>

namespace orderly {
namespace {

// The reference must be this much finer than the tolerance (the study's errors are at least about
// the tolerance), as every study asks of its references.
constexpr double reference_factor = 1e3;

largest_step_result largest_step_of(const method_entry& method, const typed_problem<double>& problem,
                                    const state_of<mp50>& reference, const largest_step_request& request) {
  largest_step_result result{.method = method.name, .order = method.order};
  std::map<std::uint64_t, double> errors;
  std::map<std::uint64_t, std::uint64_t> evaluations;  // of each run, so the answer's cost needs no rerun
  auto error_at = [&](std::uint64_t steps) {
    const auto run = run_fixed_steps(method, problem, steps, false);
    const double error =
        run.stable ? detail::distance(run.final_state, reference) : std::numeric_limits<double>::infinity();
    errors[steps] = error;
    evaluations[steps] = run.rhs_evaluations;
    return error;
  };
  const step_search found = search_largest_step(error_at, request.tolerance, request.max_steps);
  result.searched = found.evaluated;
  if (!found.steps) {
    result.reason = "error above the tolerance up to " + std::to_string(request.max_steps) + " steps";
    return result;
  }
  const std::uint64_t steps = *found.steps;
  result.steps = steps;
  result.step = static_cast<double>((problem.t_end - problem.t0) / static_cast<double>(steps));
  result.error = errors.at(steps);
  if (steps > 1) result.error_one_fewer = errors.at(steps - 1);
  result.rhs_evaluations = evaluations.at(steps);
  return result;
}

}  // namespace

step_search search_largest_step(const std::function<double(std::uint64_t)>& error_at, double tolerance,
                                std::uint64_t max_steps) {
  step_search search;
  std::map<std::uint64_t, bool> passes;
  auto passing = [&](std::uint64_t steps) {
    if (auto known = passes.find(steps); known != passes.end()) return known->second;
    const double error = error_at(steps);
    search.evaluated.emplace_back(steps, error);
    return passes[steps] = error <= tolerance;  // false for NaN and infinity
  };
  std::uint64_t pass = 1;
  while (!passing(pass)) {
    if (pass > max_steps / 2) return search;
    pass *= 2;
  }
  std::uint64_t fail = pass / 2;  // 0 when one step meets the tolerance
  while (fail + 1 < pass) {
    const std::uint64_t middle = fail + (pass - fail) / 2;
    (passing(middle) ? pass : fail) = middle;
  }
  search.steps = pass;
  return search;
}

namespace {

// What every method's search needs: the problem, its reference at t_end, and the methods.
struct largest_step_setup {
  const problem_entry* entry = nullptr;
  reference_states reference;
  std::vector<const method_entry*> methods;
};

largest_step_setup set_up(const largest_step_request& request) {
  const problem_entry* entry = find_problem(request.problem);
  if (!entry) throw std::invalid_argument("unknown problem '" + request.problem + "'");
  if (!(request.tolerance > 0)) throw std::invalid_argument("the tolerance must be positive");
  largest_step_setup setup{.entry = entry,
                           .reference = reference_at(*entry, {mp50(instantiate<double>(*entry).t_end)})};
  const double scale = std::max(detail::max_abs(setup.reference.states.front()), 1.0);
  if (scale * std::pow(10.0, -setup.reference.certified_digits) * reference_factor > request.tolerance)
    throw std::invalid_argument("the reference of " + request.problem + " (" +
                                std::to_string(setup.reference.certified_digits) +
                                " digits) cannot resolve a tolerance of " + std::to_string(request.tolerance));
  for (const auto& method : method_catalog())
    if ((method.family == method_family::explicit_rk || method.family == method_family::embedded_rk) &&
        incompatibility(method, entry->info).empty())
      setup.methods.push_back(&method);
  return setup;
}

// A method's search; a search that throws is an answer with its reason.
largest_step_result search_method(const method_entry& method, const typed_problem<double>& problem,
                                  const largest_step_setup& setup, const largest_step_request& request) {
  try {
    return largest_step_of(method, problem, setup.reference.states.front(), request);
  } catch (const std::exception& e) {
    return {.method = method.name, .order = method.order, .reason = e.what()};
  }
}

nlohmann::json finite_number_or_null(double x) {
  return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr);
}

nlohmann::json method_json(const largest_step_result& m) {
  nlohmann::json searched = nlohmann::json::array();
  for (const auto& [steps, error] : m.searched)
    searched.push_back({{"steps", steps}, {"error", finite_number_or_null(error)}});
  nlohmann::json row{{"method", m.method}, {"order", m.order}, {"searched", searched}};
  if (m.steps) {
    row["steps"] = *m.steps;
    row["step"] = m.step;
    row["error"] = m.error;
    row["error_one_fewer"] = m.error_one_fewer ? finite_number_or_null(*m.error_one_fewer) : nlohmann::json(nullptr);
    row["rhs_evaluations"] = m.rhs_evaluations;
  } else {
    row["reason"] = m.reason;
  }
  return row;
}

nlohmann::json study_json(const nlohmann::json& settings, nlohmann::json methods) {
  return {{"schema", "orderly.largest-step/1"},
          {"problem", settings["problem"]},
          {"scalar", "double"},
          {"tolerance", settings["tolerance"]},
          {"error_norm", "final-time Euclidean error against the reference"},
          {"max_steps", settings["max_steps"]},
          {"reference_digits", settings["reference_digits"]},
          {"reference_method", settings["reference_method"]},
          {"methods", std::move(methods)}};
}

nlohmann::json settings_json(const largest_step_request& request, const reference_states& reference) {
  return {{"problem", request.problem},
          {"tolerance", request.tolerance},
          {"max_steps", request.max_steps},
          {"reference_digits", reference.certified_digits},
          {"reference_method", reference.method}};
}

}  // namespace

largest_step_study study_largest_step(const largest_step_request& request) {
  const auto setup = set_up(request);
  const typed_problem<double> problem = instantiate<double>(*setup.entry);
  progress_meter progress("largest-step", setup.methods.size());
  const auto outcomes = run_jobs(
      setup.methods, [&](const method_entry* method) { return search_method(*method, problem, setup, request); },
      request.threads, &progress);
  largest_step_study study{.request = request,
                           .reference_digits = setup.reference.certified_digits,
                           .reference_method = setup.reference.method};
  for (const auto& outcome : outcomes) study.methods.push_back(*outcome.result);
  return study;
}

nlohmann::json to_json(const largest_step_study& study) {
  nlohmann::json methods = nlohmann::json::array();
  for (const auto& m : study.methods) methods.push_back(method_json(m));
  return study_json(settings_json(study.request, reference_states{.certified_digits = study.reference_digits,
                                                                  .method = study.reference_method}),
                    std::move(methods));
}

suite_outputs largest_step_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                   const std::vector<const nlohmann::json*>& results) {
  nlohmann::json methods = nlohmann::json::array();
  for (std::size_t k = 0; k < keys.size(); ++k)
    if (results[k]) methods.push_back(*results[k]);
  return {{"largest-step.json", study_json(settings, std::move(methods))}};
}

// A method's search costs about its stages times the steps it searches, which grow as the
// tolerance's 1/order-th root: stages x tolerance^(-1/order).
sharded_suite largest_step_suite(const largest_step_request& request) {
  auto setup = std::make_shared<const largest_step_setup>(set_up(request));
  sharded_suite suite{
      .name = "largest-step", .settings = settings_json(request, setup->reference), .assemble = &largest_step_outputs};
  for (const auto* method : setup->methods) {
    suite.keys.push_back(method->name);
    suite.costs.push_back(std::max(method->fevals_per_step, 1.0) *
                          std::pow(request.tolerance, -1.0 / std::max(method->order, 1)));
  }
  suite.run = [setup, request](const std::vector<std::size_t>& chosen, progress_meter* progress) {
    const typed_problem<double> problem = instantiate<double>(*setup->entry);
    return run_jobs(
        chosen, [&](std::size_t k) { return method_json(search_method(*setup->methods[k], problem, *setup, request)); },
        request.threads, progress, [&](std::size_t k) { return setup->methods[k]->name; });
  };
  return suite;
}

}  // namespace orderly
