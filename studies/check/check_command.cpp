// `orderly check`: options, the check study (check.hpp) called, its lines and JSON written.
//
// --tableau FILE: exit 0 when the order conditions give the declared order and no settled
// measurement refuses it, 1 when either refuses it, 2 for a bad file. --tableau-dir DIR: every
// file, exit 1 when any is not pass. --stepper LIBRARY[:SYMBOL]: exit 0 when every order run passes
// at the declared order (or none is declared), 1 when one fails (settled, clear below the band), 3
// when the measurement is inconclusive (the reason is printed), 4 when every run settles above the
// declared order, 2 for a library that cannot be judged.
#include <orderly/command.hpp>

#include <orderly/check.hpp>
#include <orderly/command/report_package.hpp>
#include <orderly/stepper.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <tuple>

namespace orderly::cli {
namespace {

struct check_options {
  std::string tableau_path, stepper_library, json_path, report_dir, tableau_dir, out_dir, shard;
  unsigned threads = 0;
  double max_minutes = default_max_minutes;  // --max-minutes: the measurement's estimated CPU time
  battery_time_limits limits;                // --step-timeout, --stage-timeout
};

// A part of the check estimated beyond this many CPU seconds is announced before it starts.
constexpr double announced_seconds = 30;

// The check's two parts estimated before either starts and refused beyond --max-minutes: the
// algebra alone first (it decides whether the pilot runs at all), then the algebra and the
// measurement together; a part that will take a while is announced on standard error. The pilot
// runs the method as the measurement would: a decimal file that turns out too coarse for double is
// not measured, and its estimate counted the measurement anyway (an overestimate, never a run cut short).
check_announcer time_bound(double max_minutes) {
  return [max_minutes](const butcher_tableau& t) {
    const auto algebra = estimate_check_algebra(t);
    refuse_beyond_time_bound(max_minutes, "the coefficients' algebra of " + t.name, algebra.seconds, algebra.why,
                             "shorten the coefficients or declare a lower order");
    const auto measurement = estimate_check_measurement(t);
    refuse_beyond_time_bound(max_minutes, "the check of " + t.name, algebra.seconds + measurement.seconds,
                             "the coefficients' algebra about " + estimate_text(algebra.seconds) + ", " + algebra.why +
                                 "; the measurement about " + estimate_text(measurement.seconds) + ", " +
                                 measurement.why,
                             "fewer stages make a cheaper check");
    for (const auto& [part, e] :
         {std::tuple{"the coefficients' algebra", algebra}, std::tuple{"the measurement", measurement}})
      if (e.seconds > announced_seconds)
        std::fprintf(stderr, "check %s: %s estimated at about %s of CPU time (%s)\n", t.name.c_str(), part,
                     estimate_text(e.seconds).c_str(), e.why.c_str());
  };
}

check_result checked(const check_request& request, double max_minutes) {
  try {
    return run_check(request, time_bound(max_minutes));
  } catch (const check_input_error& e) {
    throw usage_error(std::string("--tableau ") + e.what());
  } catch (const isolated_battery_error& e) {
    throw usage_error("--stepper: " + escaped_text(e.what()));
  }
}

// A file or a library: its lines (on standard error when the JSON goes to standard output), its
// JSON, the stepper's report page.
int run_one(const check_options& o) {
  if (!o.json_path.empty()) check_output_path("--json", o.json_path);
  if (!o.report_dir.empty()) ensure_output_dir("--report", o.report_dir);
  check_request request{.tableau_path = o.tableau_path, .threads = o.threads, .limits = o.limits};
  if (!o.stepper_library.empty()) request.stepper = parse_stepper_library_spec(o.stepper_library);
  const auto result = checked(request, o.max_minutes);
  std::FILE* out_text = o.json_path == "-" ? stderr : stdout;
  std::fprintf(out_text, "%s", check_text(result).c_str());
  if (!o.json_path.empty()) write_json("--json", o.json_path, to_json(result));
  if (!o.report_dir.empty()) {
    const auto report = stepper_report_json(std::get<stepper_check>(result.kind), o.threads);
    std::fprintf(out_text, "report: %s\n",
                 write_report("--report", o.report_dir, "stepper-battery.json", report, "the battery's JSON").c_str());
  }
  return check_exit_code(result);
}

// A file's expected cost: its size, which grows with its stages and digits as the order conditions'
// work does (orderly check's own work bound weighs both).
sharded_suite check_suite(const std::string& dir, unsigned threads, double max_minutes) {
  sharded_suite suite{.name = "check", .settings = nlohmann::json::object(), .assemble = &check_outputs};
  try {
    suite.keys = tableau_files(dir);
  } catch (const check_input_error& e) {
    throw usage_error(std::string("--tableau-dir ") + e.what());
  }
  for (const auto& name : suite.keys) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(std::filesystem::path(dir) / name, ec);
    suite.costs.push_back(ec ? 1.0 : static_cast<double>(size));
  }
  suite.run = independent_jobs<std::string>(
      suite.keys,
      [dir, threads, max_minutes](const std::string& name) -> nlohmann::json {
        try {
          return to_json(
              checked({.tableau_path = (std::filesystem::path(dir) / name).string(), .threads = threads}, max_minutes));
        } catch (const usage_error& e) {
          return bad_file_json(e.what());
        }
      },
      /*threads=*/1);  // one file after another, each measured on `threads`
  return suite;
}

// `check --tableau-dir DIR --out DIR`: every file, its verdict line on standard output; exit 1 when
// any file's verdict is not pass.
int run_check_dir(const check_options& o) {
  if (o.out_dir.empty()) throw usage_error("--tableau-dir: give --out DIR for the files' results");
  const auto shard = shard_option(o.shard);
  auto suite = check_suite(o.tableau_dir, o.threads, o.max_minutes);
  ensure_output_dir("--out", o.out_dir);
  const auto outputs = run_suite_or_shard(suite, shard, "--out", o.out_dir);
  if (!outputs) return 0;
  write_outputs("--out", o.out_dir, *outputs);
  int refused = 0;
  for (const auto& f : outputs->at("check-summary.json")["files"]) {
    std::printf("%s: %s\n", f["file"].get<std::string>().c_str(), f["summary"].get<std::string>().c_str());
    refused += f["verdict"] != "pass";
  }
  std::printf("check: %zu files, %d not pass -> %s\n", suite.keys.size(), refused, o.out_dir.c_str());
  return refused ? 1 : 0;
}

}  // namespace

void add_check_command(CLI::App& app) {
  auto o = std::make_shared<check_options>();
  auto* cmd = app.add_subcommand("check",
                                 "Check a user's method: a Runge-Kutta tableau file (order conditions, precision, "
                                 "convergence, verdict), a directory of them, or a compiled stepper (the stepper "
                                 "battery)");
  auto* tableau = cmd->add_option("--tableau", o->tableau_path, "Tableau JSON file (see the README's format)");
  auto* stepper = cmd->add_option("--stepper", o->stepper_library,
                                  "Shared library exporting a stepper through orderly/stepper.h, as LIBRARY or "
                                  "LIBRARY:SYMBOL (default symbol " ORDERLY_STEPPER_DEFAULT_SYMBOL
                                  "); run in a child process. "
                                  "Exit 0 pass, 1 fail, 3 inconclusive, 4 above the declared order, 2 not judged");
  tableau->excludes(stepper);
  stepper->excludes(tableau);
  cmd->add_option("--json", o->json_path, "Also write the result as JSON to FILE ('-' for standard output)");
  auto* report = cmd->add_option("--report", o->report_dir,
                                 "With --stepper: write an HTML page for the stepper to DIR (with the catalog "
                                 "method it names as closest beside it)");
  report->needs(stepper);
  // The watchdog's bounds (the parent's clock; the library cannot stop it): one day at most.
  constexpr double longest_timeout = 86400;
  within(cmd->add_option("--step-timeout", o->limits.step_seconds,
                         "With --stepper: seconds a single call into the library (loading it, one step) may take "
                         "before it is taken for a step that never returns (default 10)"),
         0.1, longest_timeout)
      ->needs(stepper);
  within(cmd->add_option("--stage-timeout", o->limits.stage_seconds,
                         "With --stepper: seconds each stage of the battery (the cost, the order on one problem, "
                         "the energy on one problem, the stability scan, the game table) may take (default 600); "
                         "a line every 10 s says which stage runs"),
         1.0, longest_timeout)
      ->needs(stepper);
  auto* dir = cmd->add_option("--tableau-dir", o->tableau_dir,
                              "Check every tableau file (*.json) of a directory instead, one after another; with "
                              "--out DIR for <file>.check.json each and check-summary.json");
  tableau->excludes(dir);
  stepper->excludes(dir);
  cmd->add_option("--out", o->out_dir, "With --tableau-dir: the directory for the results");
  add_threads_option(*cmd, o->threads,
                     "Threads for the measurement (default: all cores); with more than one, the coefficients' algebra "
                     "runs beside it on one thread more");
  add_max_minutes_option(*cmd, o->max_minutes,
                         "--tableau: the algebra from the coefficients' length, the measurement from a pilot of the "
                         "method's first steps; progress lines follow");
  add_shard_option(*cmd, o->shard);
  cmd->callback([o] {
    if (o->tableau_path.empty() && o->tableau_dir.empty() && o->stepper_library.empty())
      throw usage_error("check needs --tableau FILE, --tableau-dir DIR or --stepper LIBRARY");
    if (o->tableau_dir.empty() && !o->shard.empty()) throw usage_error("--shard: only with --tableau-dir");
    // No output may land on what is read: the tableau, the library, the directory of tableaus.
    protect_input("--tableau", o->tableau_path);
    protect_input("--tableau-dir", o->tableau_dir);
    if (!o->stepper_library.empty()) protect_input("--stepper", parse_stepper_library_spec(o->stepper_library).path);
    const int code = o->tableau_dir.empty() ? run_one(*o) : run_check_dir(*o);
    if (code != 0) throw gate_failed(code);
  });
}

namespace {
// Its shard test checks a directory of tableau files the test provides ({tableaus}).
const registered_command check_registration{
    {.name = "check",
     .add = &add_check_command,
     .merge = &check_outputs,
     .shard_test_run = {"check", "--tableau-dir", "{tableaus}", "--threads", "2", "--out", "{out}"}}};
}  // namespace

}  // namespace orderly::cli
