// `orderly gate`: measures every catalog method on the gate set and refuses any that lost order
// or accuracy against tests/baselines/order.json. Exit 1 on failure (0 pass, 2 bad input).
#include "commands.hpp"

#include <orderly/gate.hpp>
#include <orderly/suites.hpp>

#include <fstream>
#include <iostream>
#include <memory>
#include <thread>

#ifndef ORDERLY_SOURCE_DIR
#define ORDERLY_SOURCE_DIR "."
#endif

namespace orderly::cli {
namespace {

struct gate_options {
  std::string baseline = std::string(ORDERLY_SOURCE_DIR) + "/tests/baselines/order.json";
  bool update = false;
  unsigned threads = 0;
};

order_baseline read_baseline(const std::string& path) {
  std::ifstream in(path);
  if (!in) return {};
  try {
    return baseline_from_json(nlohmann::json::parse(in));
  } catch (const std::exception& e) {
    throw usage_error("baseline '" + path + "' is not a valid orderly.order-baseline/1 file: " + e.what());
  }
}

int run_gate(const gate_options& o) {
  const auto baseline = read_baseline(o.baseline);
  const auto jobs = gate_set();
  const unsigned threads = o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());
  const auto outcomes = run_jobs(jobs, threads);
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
    std::ofstream out(o.baseline);
    if (!out) throw usage_error("cannot write baseline '" + o.baseline + "'");
    out << baseline_to_json(results, baseline).dump(2) << "\n";
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
  std::cout << "order gate: " << jobs.size() - static_cast<std::size_t>(failed) << " passed, " << failed
            << " failed\n";
  return failed ? 1 : 0;
}

}  // namespace

void register_gate_command(CLI::App& app) {
  auto o = std::make_shared<gate_options>();
  auto* cmd = app.add_subcommand("gate", "Refuse any method whose measured order or error constant regressed");
  cmd->add_option("--baseline", o->baseline, "Baseline file")->capture_default_str();
  cmd->add_flag("--update-baseline", o->update, "Rewrite the baseline from this run's measurements");
  cmd->add_option("--threads", o->threads, "Threads (default: all cores; results do not depend on it)");
  cmd->callback([o] {
    const int code = run_gate(*o);
    if (code != 0) throw gate_failed(code);
  });
}

}  // namespace orderly::cli
