// `orderly gate`: measures every catalog method on the gate set and refuses any that lost order
// or accuracy against tests/baselines/order.json. Exit 1 on failure (0 pass, 2 bad input).
#include <orderly/command.hpp>

#include <orderly/algebraic_check.hpp>
#include <orderly/gate.hpp>
#include <orderly/json_text.hpp>
#include <orderly/convergence_suites.hpp>

#include <cstdio>
#include <filesystem>
#include <set>
#include <fstream>
#include <iostream>
#include <memory>
#include <thread>

namespace orderly::cli {
namespace {

struct gate_options {
  std::string baseline;  // empty: the default baseline (see default_baseline_path)
  bool update = false;
  unsigned threads = 0;
};

order_baseline read_baseline(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw usage_error("--baseline '" + path + "': cannot read the file");
  try {
    return baseline_from_json(parse_json_text(in));
  } catch (const std::exception& e) {
    throw usage_error("--baseline '" + path + "': not a valid orderly.order-baseline/1 file: " + e.what());
  }
}

int run_gate(gate_options o) {
  if (o.baseline.empty()) o.baseline = default_baseline_path();
  // Inputs and outputs are checked before the gate runs, not after.
  const auto baseline = o.update && !std::filesystem::exists(o.baseline) ? order_baseline{} : read_baseline(o.baseline);
  if (o.update) check_output_path("--baseline", o.baseline);
  const auto jobs = gate_set();
  // An entry that no measurement of the gate reads is a typo or a stale method: refused, not ignored.
  if (!o.update) {
    std::set<std::string> measured;
    for (const auto& job : jobs)
      measured.insert(job.method->name + "/" + job.problem->info.name + "/" + weight_set_name(job.weights));
    for (const auto& [key, entry] : baseline.entries)
      if (!measured.count(key))
        throw usage_error("--baseline '" + o.baseline + "': entry '" + key + "' names no measurement of the gate");
  }
  progress_meter progress("gate", jobs.size());
  const auto outcomes = run_convergence_jobs(jobs, o.threads, &progress);
  if (auto slowest = progress.slowest_text(); !slowest.empty()) std::fprintf(stderr, "gate: %s\n", slowest.c_str());
  std::vector<convergence_result> results;
  int failed = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (!outcomes[i].result) {
      std::cout << "FAIL " << jobs[i].method->name << " on " << jobs[i].problem->info.name << ": " << outcomes[i].error
                << "\n";
      ++failed;
      continue;
    }
    results.push_back(*outcomes[i].result);
  }
  if (o.update) {
    write_json("--baseline", o.baseline, baseline_to_json(results, baseline));
    std::cout << "baseline written: " << o.baseline << " (" << results.size() << " entries)\n";
    return failed ? 1 : 0;
  }
  for (const auto& r : results) {
    const auto finding = judge_against_baseline(r, baseline);
    if (finding.failures.empty()) continue;
    ++failed;
    for (const auto& f : finding.failures) std::cout << "FAIL " << f << "\n";
    std::cout << describe_points(r);
  }
  // The algebraic half: every method given as coefficients (both weight sets of a pair) must have
  // exactly its declared order by its order conditions.
  int algebra_checked = 0, algebra_failed = 0;
  for (const auto& method : method_catalog())
    for (auto weights : {weight_set::primary, weight_set::embedded}) {
      if (weights == weight_set::embedded && !method.embedded_order) continue;
      const auto finding = check_declared_order(method, weights);
      if (!finding) continue;
      ++algebra_checked;
      if (finding->passes()) continue;
      ++algebra_failed;
      std::cout << "FAIL " << method.name << " (" << weight_set_name(weights) << " weights): " << finding->text()
                << "\n";
    }
  std::cout << "order gate: measured " << jobs.size() - static_cast<std::size_t>(failed) << " passed, " << failed
            << " failed; order conditions " << algebra_checked - algebra_failed << " passed, " << algebra_failed
            << " failed\n";
  return failed || algebra_failed ? 1 : 0;
}

}  // namespace

void add_gate_command(CLI::App& app) {
  auto o = std::make_shared<gate_options>();
  auto* cmd = app.add_subcommand("gate", "Refuse any method whose measured order or error constant regressed");
  cmd->add_option("--baseline", o->baseline,
                  "Baseline file (default: the installed baseline, or tests/baselines/order.json in the source tree)");
  cmd->add_flag("--update-baseline", o->update, "Rewrite the baseline from this run's measurements");
  add_threads_option(*cmd, o->threads, "Threads (default: all cores; results do not depend on it)");
  cmd->callback([o] {
    const int code = run_gate(*o);
    if (code != 0) throw gate_failed(code);
  });
}

namespace {
const registered_command gate_registration{{.name = "gate", .add = &add_gate_command}};
}  // namespace

}  // namespace orderly::cli
