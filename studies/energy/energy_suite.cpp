// The default energy suite (orderly energy --suite default): one JSON document; and a user's
// stepper's runs at the suite's own steps and horizons (user_energy).
#include <orderly/energy.hpp>
#include <orderly/energy_seeds.hpp>
#include <orderly/formatted.hpp>
#include <orderly/shard_cost.hpp>
#include <orderly/user_stepper_json.hpp>
#include "named_entries.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace orderly {
namespace {

using energy_lists::method_named;
using energy_lists::problem_named;

struct suite_job {
  std::string part;
  energy_request request;
};

bool long_time_method(const method_entry& m) {
  return m.family == method_family::explicit_rk || m.family == method_family::embedded_rk ||
         m.family == method_family::splitting;
}

// The suite's parts. Steps and steps sizes: kepler at h = 1/100 (628 steps per orbit of period
// 2 pi) for 10^6 steps, 1592 orbits; the outer solar system at h = 10 days (HLW GNI Sect. I.2.4)
// for 10^5 steps, 2.7 10^3 years, 11 orbits of Pluto; the harmonic oscillator at h = 1/10 for
// 10^5 steps, beside its prediction; energy at fixed work on kepler: h = (force evaluations per
// step) / 400 for every method, i.e. 400 evaluations per unit time, to t = 1000.
constexpr const char* kepler_h = "1/100";
constexpr const char* harmonic_h = "1/10";
constexpr std::size_t kepler_steps = 1000000;
constexpr std::size_t solar_steps = 100000;
constexpr std::size_t harmonic_steps = 100000;
constexpr std::size_t other_steps = 1000000;
constexpr int fixed_work_evaluations_per_time = 400;
constexpr double fixed_work_t_end = 1000;
// The compensation pairs: 10^7 steps. Velocity Verlet at h = 1/100: its
// bounded O(h^2) truncation error of the energy (7e-4 on kepler) hides the round-off there, but it
// conserves the angular momentum exactly in exact arithmetic (a quadratic invariant of a central
// force), so the angular momentum's error is its round-off alone. yoshida4 at h = 1/10000: its
// bounded energy error is ~4e-15 (4e-11 at h = 1/1000, times 10^-4), below the round-off of 10^5
// steps already, so over the fit window the energy envelope shows the round-off's own growth law.
constexpr std::size_t compensation_steps = 10000000;
// The implicit symplectic methods (the catalog's implicit tableaus that satisfy Cooper's condition:
// implicit-midpoint, gauss4, gauss6) on kepler at h = 1/100, as the kepler part, over 10^5 steps
// (159 orbits: each step is a Newton solve), once with Newton converged to round-off and once
// stopped at loose_newton_tolerance: a Gauss method is symplectic only as the exact solution of its
// stage equations, and an iteration error left in every step is a non-symplectic perturbation.
constexpr std::size_t implicit_steps = 100000;
constexpr double loose_newton_tolerance = 1e-8;

// The parts a user's stepper joins (user_energy), each at the suite's own step and horizon for its
// problem, so that the user's row stands beside the methods'.
struct user_part {
  const char* problem;
  const char* h;
  std::size_t steps;
};
constexpr user_part user_parts[] = {{"kepler", kepler_h, kepler_steps}, {"harmonic", harmonic_h, harmonic_steps}};

// The quick suite, for trying the suite's machinery in seconds: three methods on kepler and the
// harmonic oscillator over quick_steps steps, without the seed experiments and the settling study.
constexpr std::size_t quick_steps = 10000;

std::vector<suite_job> suite_jobs(bool quick) {
  std::vector<suite_job> jobs;
  auto add = [&](const std::string& part, const method_entry& m, const std::string& problem, const std::string& h,
                 std::size_t steps, summation sum = summation::plain, bool roundoff_shadow = false,
                 double newton_tolerance = 0) {
    jobs.push_back({part, energy_request{.method = &m,
                                         .problem = &problem_named(problem),
                                         .scalar = scalar_kind::float64,
                                         .h = h,
                                         .steps = steps,
                                         .sum = sum,
                                         .roundoff_shadow = roundoff_shadow,
                                         .newton_tolerance = newton_tolerance}});
  };
  if (quick) {
    for (const std::string name : {"velocity-verlet", "yoshida4", "rk4"}) {
      add("kepler", method_named(name), "kepler", "1/100", quick_steps);
      add("harmonic", method_named(name), "harmonic", "1/10", quick_steps);
    }
    return jobs;
  }
  // The long ones first, so that two threads finish together.
  for (auto sum : {summation::plain, summation::compensated}) {
    add("compensation", method_named("velocity-verlet"), "kepler", "1/100", compensation_steps, sum);
    add("compensation", method_named("yoshida4"), "kepler", "1/10000", compensation_steps, sum);
    // Velocity Verlet's energy round-off alone, against the same method in float128 (the shadow):
    // at h = 1/10000 the shadow's difference is free of the truncation error, which is the same in
    // both runs, and of the along-track drift's O(h^2) leak into H.
    add("compensation", method_named("velocity-verlet"), "kepler", "1/10000", compensation_steps, sum, true);
  }
  for (const auto& m : method_catalog())
    if (m.family == method_family::implicit_rk && m.symplectic)
      for (const double tolerance : {0.0, loose_newton_tolerance})
        add("implicit-kepler", m, "kepler", "1/100", implicit_steps, summation::plain, false, tolerance);
  for (const auto& m : method_catalog()) {
    if (!long_time_method(m)) continue;
    add("kepler", m, "kepler", kepler_h, kepler_steps);
    add("outer-solar-system", m, "outer-solar-system", "10", solar_steps);
    // With a float128 shadow: where a double run departs from the prediction, its round-off says by how much.
    add("harmonic", m, "harmonic", harmonic_h, harmonic_steps, summation::plain, true);
    const int evaluations = static_cast<int>(m.fevals_per_step);
    const std::string h = std::to_string(evaluations) + "/" + std::to_string(fixed_work_evaluations_per_time);
    const double h_value = static_cast<double>(evaluations) / fixed_work_evaluations_per_time;
    add("fixed-work", m, "kepler", h, static_cast<std::size_t>(std::llround(fixed_work_t_end / h_value)));
  }
  for (const std::string problem : {"pendulum", "henon-heiles"})
    for (const std::string name : {"velocity-verlet", "yoshida4", "rk4", "dopri54"})
      add(problem, method_named(name), problem, "1/20", other_steps);
  return jobs;
}

// A long-time run's expected cost: its evaluations, each a Newton solve of a few iterations for an
// implicit method, and again in float128 for a round-off shadow.
constexpr double newton_iterations_per_stage = 4;

double expected_cost(const energy_request& r) {
  double cost = static_cast<double>(r.steps) * std::max(r.method->fevals_per_step, 1.0);
  if (r.method->family == method_family::implicit_rk) cost *= newton_iterations_per_stage;
  if (r.roundoff_shadow) cost *= 1 + scalar_cost_factor(scalar_kind::quad);
  return cost;
}

std::string job_key(const suite_job& job) {
  const auto& r = job.request;
  std::string key = job.part + "/" + r.method->name + "/" + r.problem->info.name + "/h=" + r.h;
  if (r.sum == summation::compensated) key += "/compensated";
  if (r.roundoff_shadow) key += "/roundoff";
  if (r.newton_tolerance > 0) key += "/newton=" + formatted("%g", r.newton_tolerance);
  return key;
}

// The suite's two studies besides its runs, each a job of its own; each takes about what a median
// run of the suite takes (neither is among its slowest jobs), and is costed so.
const std::string seed_experiments_key = "seed-experiments", settling_key = "settling";

}  // namespace

user_energy_result user_energy(const user_stepper& stepper, const std::string& problem) {
  const auto* part = std::find_if(std::begin(user_parts), std::end(user_parts),
                                  [&](const user_part& p) { return problem == p.problem; });
  if (part == std::end(user_parts)) {
    std::string offered;
    for (const auto& p : user_parts) offered += (offered.empty() ? "" : " or ") + std::string(p.problem);
    throw std::invalid_argument("energy: no user run on problem '" + problem + "' (" + offered + ")");
  }
  const energy_request request{.user = &stepper,
                               .problem = &problem_named(problem),
                               .scalar = scalar_kind::float64,
                               .h = part->h,
                               .steps = part->steps};
  return {.problem = problem, .stepper = user_stepper_json(stepper), .run = study_energy(request)};
}

nlohmann::json to_json(const user_energy_result& result) {
  auto j = to_json(result.run);
  j["part"] = result.problem;
  j["stepper"] = result.stepper;
  // Whether the step is symplectic is what the run finds out, not something the user declared.
  j["symplectic"] = nullptr;
  j["growth"]["theory"] = {{"expected", "none: a user's stepper declares no symplecticity"}, {"agrees", nullptr}};
  j["roundoff_shadow"] =
      "none: a user's step runs in double only, so no wider-scalar run can separate its round-off from its "
      "truncation error";
  return j;
}

suite_outputs energy_suite_outputs(const nlohmann::json&, const std::vector<std::string>& keys,
                                   const std::vector<const nlohmann::json*>& results) {
  nlohmann::json runs = nlohmann::json::array(), seeds, settling;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (!results[k]) continue;
    if (keys[k] == seed_experiments_key)
      seeds = *results[k];
    else if (keys[k] == settling_key)
      settling = *results[k];
    else
      runs.push_back(*results[k]);
  }
  nlohmann::json document{
      {"schema", "orderly.energy/2"},
      {"kind", "suite"},
      {"policy", energy_policy{}.to_json()},
      {"parts",
       {{"kepler", "every Runge-Kutta and splitting method, h = 1/100, 10^6 steps (1592 orbits), double"},
        {"outer-solar-system", "every Runge-Kutta and splitting method, h = 10 days, 10^5 steps, double"},
        {"harmonic",
         "every Runge-Kutta and splitting method, h = 1/10, 10^5 steps, beside the prediction, with a float128 "
         "shadow run (round-off alone)"},
        {"fixed-work", "kepler to t = 1000 at 400 force evaluations per unit time: h = (evaluations per step)/400"},
        {"compensation",
         "kepler over 10^7 steps, plain and Kahan-compensated update: velocity-verlet h = 1/100, "
         "yoshida4 h = 1/10000; velocity-verlet h = 1/10000 with a float128 shadow run (round-off alone)"},
        {"implicit-kepler",
         "the implicit symplectic methods (Gauss collocation: implicit-midpoint, gauss4, gauss6) on kepler, "
         "h = 1/100, 10^5 steps, Newton converged to round-off and stopped at a correction of " +
             formatted("%g", loose_newton_tolerance) + " x max(|y|, 1)"},
        {"pendulum", "velocity-verlet, yoshida4, rk4, dopri54 at h = 1/20, 10^6 steps"},
        {"henon-heiles", "velocity-verlet, yoshida4, rk4, dopri54 at h = 1/20, 10^6 steps"}}},
      {"runs", runs},
      {"seed_experiments", seeds},
      {"settling", settling}};
  return {{"energy.json", document}};
}

sharded_suite energy_suite(unsigned threads, bool quick) {
  (void)method_catalog();  // build the catalogs before the threads start
  (void)problem_catalog();
  const auto jobs = suite_jobs(quick);
  sharded_suite suite{
      .name = "energy", .settings = {{"suite", quick ? "quick" : "default"}}, .assemble = &energy_suite_outputs};
  for (const auto& job : jobs) {
    suite.keys.push_back(job_key(job));
    suite.costs.push_back(expected_cost(job.request));
  }
  if (!quick) {
    suite.keys.push_back(seed_experiments_key);
    suite.keys.push_back(settling_key);
    auto sorted = suite.costs;
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2), sorted.end());
    const double median = sorted[sorted.size() / 2];
    suite.costs.insert(suite.costs.end(), {median, median});
  }
  suite.run = [jobs, threads, keys = suite.keys](const std::vector<std::size_t>& chosen, progress_meter* progress) {
    return run_jobs(
        chosen,
        [&](std::size_t k) -> nlohmann::json {
          if (keys[k] == seed_experiments_key) return to_json(seed_experiments());
          if (keys[k] == settling_key) return to_json(settling_study());
          auto j = to_json(study_energy(jobs[k].request));
          j.erase("policy");  // once, at the top
          j.erase("schema");
          j["part"] = jobs[k].part;
          return j;
        },
        threads, progress, [&](std::size_t k) { return keys[k]; });
  };
  return suite;
}

}  // namespace orderly
