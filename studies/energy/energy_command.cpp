// `orderly energy`: the Hamiltonian long-time study for one method and problem, or the default
// suite. Writes orderly.energy/2 JSON.
#include <orderly/command.hpp>

#include <orderly/energy.hpp>
#include <orderly/energy_cost.hpp>
#include <orderly/formatted.hpp>
#include <orderly/problems/support.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

namespace orderly::cli {
namespace {

struct energy_options {
  std::string method, problem, h, scalar = "double", json_path, suite, shard;
  double periods = 0, t_end = 0, newton_tolerance = 0, max_minutes = default_max_minutes;
  bool compensated = false, roundoff_shadow = false;
  unsigned threads = 0;
};

// Runs longer than this are refused: 10^8 steps of the cheapest method take minutes already.
constexpr double max_steps = 1e8;

// The run's estimated CPU time (energy_cost.hpp), with its round-off shadow when asked for: the
// same steps in the wider scalar (double for a float run, float128 otherwise).
scalar_kind shadow_scalar(scalar_kind scalar) {
  return scalar == scalar_kind::float32 ? scalar_kind::float64 : scalar_kind::quad;
}

double estimated_seconds(const energy_options& o, const method_entry& method, double dimension, scalar_kind scalar,
                         double steps) {
  const double shadow = o.roundoff_shadow ? energy_run_seconds(method, dimension, shadow_scalar(scalar), steps) : 0;
  return energy_run_seconds(method, dimension, scalar, steps) + shadow;
}

void print_summary(const energy_result& r) {
  auto fit_text = [](const growth_fit& g) {
    if (!g.found) return class_name(g.growth_class) + (g.reason.empty() ? "" : " (" + g.reason + ")");
    return formatted("%s, exponent %.3f +- %.3f over t in [%.4g, %.4g]", class_name(g.growth_class), g.exponent,
                     g.uncertainty, g.t_from, g.t_to);
  };
  std::printf("%s on %s, h = %s, %zu steps, %s%s (energy evaluated in %s)\n", r.method.c_str(), r.problem.c_str(),
              r.h_text.c_str(), r.steps, r.scalar.c_str(), r.compensated ? ", compensated" : "", r.wide_scalar.c_str());
  if (!r.stable) std::printf("  %s\n", r.failure.c_str());
  if (r.newton_tolerance)
    std::printf("  Newton: stops at %s, %.2f iterations per step\n",
                *r.newton_tolerance > 0 ? formatted("%g", *r.newton_tolerance).c_str() : "round-off",
                static_cast<double>(r.newton_iterations) / static_cast<double>(r.steps));
  const double final_error = r.samples.empty() ? 0 : r.samples.back().energy_error;
  const double envelope = r.samples.empty() ? 0 : r.samples.back().envelope;
  std::printf("  energy: |H - H0|/|H0| at t_end %.3e, envelope %.3e; growth %s\n", final_error, envelope,
              fit_text(r.energy_growth).c_str());
  if (r.momentum_growth.points > 0) std::printf("  angular momentum: growth %s\n", fit_text(r.momentum_growth).c_str());
  if (r.roundoff_growth.points > 0)
    std::printf("  round-off (against the same method in %s): error at t_end %.3e; growth %s\n", r.wide_scalar.c_str(),
                r.samples.back().roundoff_energy_error.value_or(0), fit_text(r.roundoff_growth).c_str());
  if (r.phase_growth.points > 0)
    std::printf("  phase: error at t_end %.3e rad; growth %s\n", r.samples.back().phase_error.value_or(0),
                fit_text(r.phase_growth).c_str());
  if (!r.theory.empty()) {
    const auto& s = r.samples.back();
    std::printf("  predicted: %s\n  predicted deviation at t_end %.6e, measured %.6e\n", r.theory.c_str(),
                s.predicted_energy_deviation.value_or(0), s.energy_deviation);
  }
}

void run_single(const energy_options& o) {
  const auto& method = resolve_method(o.method);
  const auto& problem = resolve_problem(o.problem);
  if (!energy_problem(problem.info))
    throw usage_error("--problem " + o.problem +
                      ": not a Hamiltonian problem (energy takes harmonic, pendulum, kepler, "
                      "henon-heiles, outer-solar-system, pleiades)");
  if (auto why = incompatibility(method, problem.info); !why.empty())
    throw usage_error("--method " + o.method + ": " + why);
  const auto scalar = parse_scalar(o.scalar);
  if (!scalar || *scalar == scalar_kind::mp50)
    throw usage_error("--scalar '" + o.scalar + "': use float, double, long-double or float128");
  if (const auto native = method.native_scalar(); native && *scalar != *native) {
    const std::string name(scalar_name(*native));
    throw usage_error("--method " + o.method + ": runs in " + name + " only (--scalar " + name + ")");
  }
  if (o.roundoff_shadow && (!method.has_roundoff_shadow() || *scalar == scalar_kind::quad))
    throw usage_error("--roundoff: needs a float, double or long-double run of a library method");
  if (o.compensated && !method.supports_compensated_update())
    throw usage_error("--compensated: " + o.method +
                      " has no compensated update (explicit Runge-Kutta and splitting methods only)");
  if (!(o.newton_tolerance >= 0) || !std::isfinite(o.newton_tolerance))
    throw usage_error("--newton-tolerance " + formatted("%g", o.newton_tolerance) + ": must be 0 or a positive number");
  if (o.newton_tolerance > 0 && method.family != method_family::implicit_rk)
    throw usage_error("--newton-tolerance: " + o.method + " solves no stage equations (implicit Runge-Kutta only)");
  double h = 0;
  try {
    h = static_cast<double>(problems::parse_value(o.h));
  } catch (const std::exception&) {
    throw usage_error("--h '" + o.h + "': not a number");
  }
  if (!(h > 0) || !std::isfinite(h)) throw usage_error("--h '" + o.h + "': must be a positive number");
  if ((o.periods > 0) == (o.t_end > 0))
    throw usage_error("energy needs exactly one of --periods N or --t-end T (positive)");
  double span = o.t_end;
  if (o.periods > 0) {
    const auto period = instantiate<double>(problem).period;
    if (!period) throw usage_error("--periods: " + o.problem + " has no period; give --t-end");
    span = o.periods * *period;
  }
  const double steps = std::round(span / h);
  if (!(steps >= 1)) throw usage_error("--h " + o.h + ": longer than the time span");
  if (steps > max_steps) throw usage_error("the run would take " + formatted("%.3g", steps) + " steps; at most 1e8");
  const auto dimension = instantiate<double>(problem).y0.size();
  refuse_beyond_time_bound(o.max_minutes, "the run",
                           estimated_seconds(o, method, static_cast<double>(dimension), *scalar, steps),
                           formatted("%.3g", steps) + " steps of " + method.name + " on " + std::to_string(dimension) +
                               " components in " + std::string(scalar_name(*scalar)) +
                               (o.roundoff_shadow ? " and " + std::string(scalar_name(shadow_scalar(*scalar))) : ""),
                           "give a larger --h or a shorter span");
  // The run's scalar must hold h and advance the clock by it up to the end of the span.
  with_scalar(*scalar, [&](auto zero) {
    using T = decltype(zero);
    const T step = static_cast<T>(h), end = static_cast<T>(span);
    if (!(step > 0)) throw usage_error("--h " + o.h + ": rounds to 0 in " + o.scalar);
    if (end + step == end)
      throw usage_error("--h " + o.h + ": below the spacing of " + o.scalar +
                        " numbers near t = " + std::to_string(span) + " (the clock would not advance)");
  });
  if (!o.json_path.empty()) check_output_path("--json", o.json_path);
  const energy_request request{.method = &method,
                               .problem = &problem,
                               .scalar = *scalar,
                               .h = o.h,
                               .steps = static_cast<std::size_t>(steps),
                               .sum = o.compensated ? summation::compensated : summation::plain,
                               .roundoff_shadow = o.roundoff_shadow,
                               .newton_tolerance = o.newton_tolerance};
  const auto result = study_energy(request);
  if (o.json_path.empty())
    print_summary(result);
  else
    write_json("--json", o.json_path, to_json(result));
}

void run_suite_command(const energy_options& o) {
  if (o.suite != "default" && o.suite != "quick")
    throw usage_error("--suite '" + o.suite + "': the suites are 'default' and 'quick'");
  const auto shard = shard_option(o.shard);
  const std::string path = o.json_path.empty() ? "reports/out/energy/energy.json" : o.json_path;
  if (path != "-") {
    const auto parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) ensure_output_dir("--json", parent.string());
  }
  if (!shard) check_output_path("--json", path);
  const auto start = std::chrono::steady_clock::now();
  const auto j = run_document_suite(energy_suite(o.threads, o.suite == "quick"), shard, path);
  if (!j) return;
  write_json("--json", path, *j);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (path != "-")
    std::fprintf(stderr, "energy: %zu runs in %s, written to %s\n", (*j)["runs"].size(),
                 progress_meter::duration_text(seconds).c_str(), path.c_str());
}

}  // namespace

void add_energy_command(CLI::App& app) {
  auto o = std::make_shared<energy_options>();
  auto* cmd = app.add_subcommand("energy",
                                 "Long-time energy error of a method on a Hamiltonian problem: growth class, "
                                 "phase error, compensated summation, seed experiments");
  cmd->add_option("--method", o->method, "Method name (orderly list methods)");
  cmd->add_option("--problem", o->problem,
                  "harmonic | pendulum | kepler | henon-heiles | outer-solar-system | pleiades");
  cmd->add_option("--h", o->h, "Step size (decimal or rational, rounded once to the scalar)");
  cmd->add_option("--periods", o->periods, "Run for N periods (kepler, harmonic, pendulum)");
  cmd->add_option("--t-end", o->t_end, "Run until t = T");
  cmd->add_option("--scalar", o->scalar, "float | double | long-double | float128")->capture_default_str();
  cmd->add_flag("--compensated", o->compensated, "Kahan-compensated update y + increment");
  cmd->add_flag("--roundoff", o->roundoff_shadow,
                "Also run the method in the wider scalar and measure the round-off part of the energy error alone");
  cmd->add_option("--newton-tolerance", o->newton_tolerance,
                  "Implicit Runge-Kutta: stop Newton at a correction of this times max(|y|, 1) (0: round-off)")
      ->capture_default_str();
  cmd->add_option("--json", o->json_path, "Write the JSON result to FILE ('-' for standard output)");
  cmd->add_option("--suite", o->suite,
                  "Run a suite: default (writes reports/out/energy/energy.json unless --json), or quick (a few short "
                  "runs, no seed experiments or settling study)");
  add_max_minutes_option(
      *cmd, o->max_minutes,
      "a single run: its steps times the costs per step and component measured for the method's family and the scalar");
  add_threads_option(*cmd, o->threads, "Threads for the suite (default: all cores)");
  add_shard_option(*cmd, o->shard);
  cmd->callback([o] {
    if (!o->suite.empty()) return run_suite_command(*o);
    if (!o->shard.empty()) throw usage_error("--shard: only with --suite");
    if (o->method.empty() || o->problem.empty() || o->h.empty())
      throw usage_error("energy needs --method, --problem and --h (with --periods or --t-end), or --suite default");
    run_single(*o);
  });
}

namespace {
const registered_command energy_registration{
    {.name = "energy",
     .add = &add_energy_command,
     .merge = &energy_suite_outputs,
     .shard_test_run = {"energy", "--suite", "quick", "--threads", "2", "--json", "{out}/energy.json"},
     .report_run = {"energy", "--suite", "default", "--json", "{json}/energy/energy.json"},
     .quick_report_run = {"energy", "--suite", "quick", "--json", "{json}/energy/energy.json"}}};
}  // namespace

}  // namespace orderly::cli
