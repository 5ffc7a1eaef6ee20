// `orderly analyze --method M [--json FILE|-]` and `orderly analyze --suite default --out DIR`:
// what a method's coefficients say (order, stage order, stability function, stability limits,
// A-/L-stability, principal error norms; splitting methods: the harmonic limit) and whether its
// stepper agrees. Writes orderly.analysis/1 JSON.
#include <orderly/command.hpp>

#include <orderly/geometric_json.hpp>
#include <orderly/method_analysis_study.hpp>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>

namespace orderly::cli {
namespace {

struct analyze_options {
  std::string method, json_path, suite, out_dir, shard;
  unsigned threads = 0;
};

void print_summary(const method_analysis_result& m) {
  // Rosenbrock methods: the order from their own conditions (explained in order_note), no stage
  // order or error norms (null in the JSON).
  std::printf("%s (%s): order %d", m.name.c_str(), m.family.c_str(), m.order);
  const auto* rk = m.runge_kutta ? &*m.runge_kutta : nullptr;
  if (rk && rk->order_note) std::printf(" (%s)", rk->order_note->c_str());
  if (rk && rk->stage_order) std::printf(", stage order %d", *rk->stage_order);
  std::printf("\n");
  if (rk) {
    const auto& s = rk->stability;
    std::string p, q;
    for (const auto& c : s.numerator) p += (p.empty() ? "" : ", ") + c;
    for (const auto& c : s.denominator) q += (q.empty() ? "" : ", ") + c;
    std::printf("  R(z) = P(z)/Q(z), ascending powers: P = [%s], Q = [%s]\n", p.c_str(), q.c_str());
    const std::string imaginary = !s.imaginary_stability_limit        ? "unbounded"
                                  : *s.imaginary_stability_limit == 0 ? "none"
                                                                      : *s.imaginary_stability_limit_digits;
    std::printf("  real stability limit %s, imaginary stability limit %s; A-stable %s, L-stable %s\n",
                s.real_stability_limit ? s.real_stability_limit_digits->c_str() : "unbounded", imaginary.c_str(),
                s.a_stable ? "yes" : "no", s.l_stable ? "yes" : "no");
  }
  if (m.splitting)
    std::printf("  harmonic stability limit omega h < %s\n",
                m.splitting->harmonic_stability_limit_digits.value_or("none").c_str());
  const auto error = m.splitting ? std::optional(m.splitting->principal_error)
                     : rk        ? rk->principal_error
                                 : std::nullopt;
  if (error)
    std::printf("  principal error norms (order %d trees): 2-norm %.6e, max %.6e\n", error->order, error->two_norm,
                error->max_norm);
  if (rk && rk->embedded) {
    const auto& e = *rk->embedded;
    if (!e.principal_error)
      std::printf("  embedded weights: order %d\n", e.order);
    else
      std::printf("  embedded weights: order %d, 2-norm %.6e, max %.6e\n", e.order, e.principal_error->two_norm,
                  e.principal_error->max_norm);
  }
  std::printf("  empirical check: %s\n", m.empirical_summary().c_str());
  for (const auto& line : geometric_summary_lines(m.geometric)) std::printf("%s\n", line.c_str());
}

void run_analyze(const analyze_options& o) {
  if (!o.suite.empty()) {
    if (o.suite != "default" && o.suite != "quick")
      throw usage_error("--suite '" + o.suite + "': unknown suite; use default or quick");
    if (o.out_dir.empty()) throw usage_error("--suite: give --out DIR for the suite's JSON");
    const auto shard = shard_option(o.shard);
    ensure_output_dir("--out", o.out_dir);
    const auto outputs = run_suite_or_shard(analysis_suite(o.threads, o.suite == "quick"), shard, "--out", o.out_dir);
    if (!outputs) return;
    write_outputs("--out", o.out_dir, *outputs);
    const auto& suite = outputs->at("analysis.json");
    int disagreements = 0;
    for (const auto& m : suite["methods"])
      if (m["empirical"]["agrees"].is_boolean() && !m["empirical"]["agrees"].get<bool>()) ++disagreements;
    std::printf("analyze: %zu methods, %d disagree with their stepper -> %s/analysis.json\n", suite["methods"].size(),
                disagreements, o.out_dir.c_str());
    return;
  }
  if (!o.shard.empty()) throw usage_error("--shard: only with --suite");
  if (o.method.empty()) throw usage_error("analyze: give --method M or --suite default");
  const auto names = analysable_methods();
  if (std::find(names.begin(), names.end(), o.method) == names.end())
    throw usage_error("--method '" + o.method + "': not analysable; closest: " + suggestion(o.method, names) +
                      " (seed specimens have no tableau: see orderly game-table)");
  if (!o.json_path.empty()) check_output_path("--json", o.json_path);
  const auto m = analyse_method(o.method, false);
  if (o.json_path != "-") print_summary(m);
  if (!o.json_path.empty())
    write_json("--json", o.json_path,
               {{"schema", "orderly.analysis/1"}, {"methods", nlohmann::json::array({to_json(m)})}});
}

}  // namespace

void add_analyze_command(CLI::App& app) {
  auto o = std::make_shared<analyze_options>();
  auto* cmd = app.add_subcommand("analyze",
                                 "What a method's coefficients say: order, stability function and limits, "
                                 "A-/L-stability, error norms; checked against its stepper");
  cmd->add_option("--method", o->method, "Method name (orderly list methods)");
  cmd->add_option("--json", o->json_path, "Write the analysis as JSON to FILE ('-' for standard output)");
  cmd->add_option("--suite", o->suite,
                  "Analyse every method: default; or a few (euler, rk4, dopri54, "
                  "backward-euler, radau5, rosenbrock4, velocity-verlet): quick");
  cmd->add_option("--out", o->out_dir, "Directory for the suite's analysis.json");
  add_threads_option(*cmd, o->threads, "Threads for the suite (default: all cores)");
  add_shard_option(*cmd, o->shard);
  cmd->callback([o] { run_analyze(*o); });
}

namespace {
const registered_command analyze_registration{
    {.name = "analyze",
     .add = &add_analyze_command,
     .merge = &analysis_suite_outputs,
     .shard_test_run = {"analyze", "--suite", "quick", "--threads", "2", "--out", "{out}"},
     .report_run = {"analyze", "--suite", "default", "--out", "{json}/analysis"},
     .quick_report_run = {"analyze", "--suite", "quick", "--out", "{json}/analysis"}}};
}  // namespace

}  // namespace orderly::cli
