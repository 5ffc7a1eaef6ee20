// The battery's result as JSON (orderly.stepper-battery/1) and back: the isolated battery's child
// writes it to a pipe, its parent reads it once into the typed result.
#include <orderly/convergence.hpp>
#include <orderly/stepper_battery.hpp>

namespace orderly {
namespace {

constexpr const char* battery_schema = "orderly.stepper-battery/1";
// The C interface's scalar: every battery measures in double (wider scalars only refine a run).
constexpr const char* battery_scalar = "double";

nlohmann::json number_or_null(const std::optional<double>& x) { return x ? nlohmann::json(*x) : nlohmann::json(); }

std::optional<double> number_at(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j.at(key).is_number() ? std::optional<double>(j.at(key).get<double>()) : std::nullopt;
}

std::optional<std::string> string_at(const nlohmann::json& j, const char* key) {
  return j.contains(key) ? std::optional<std::string>(j.at(key).get<std::string>()) : std::nullopt;
}

// The keys a run's judgement adds to its measurement's.
const char* const judgement_keys[] = {"problem",      "problem_description", "scalar", "verdict",
                                      "verdict_code", "verdict_reason",      "passes", "error_constant_declared",
                                      "not_refined",  "refined_from"};

nlohmann::json to_json(const battery_order_run& run) {
  nlohmann::json j = run.measurement;
  j["problem"] = run.problem;
  j["problem_description"] = run.problem_description;
  j["scalar"] = run.scalar;
  j["verdict"] = run.verdict;
  j["verdict_reason"] = run.verdict_reason;
  j["passes"] = run.passes;
  if (run.judged) {
    j["verdict_code"] = run.verdict_code.value_or("");
    j["error_constant_declared"] = number_or_null(run.error_constant_declared);
  }
  if (run.not_refined) j["not_refined"] = *run.not_refined;
  if (run.refined_from) {
    const auto& from = *run.refined_from;
    j["refined_from"] = {{"scalar", from.scalar},
                         {"measured_order", number_or_null(from.measured_order)},
                         {"verdict", from.verdict},
                         {"verdict_code", from.verdict_code},
                         {"verdict_reason", from.verdict_reason}};
  }
  return j;
}

battery_order_run order_run_from_json(const nlohmann::json& j) {
  battery_order_run run{.problem = j.at("problem").get<std::string>(),
                        .problem_description = j.at("problem_description").get<std::string>(),
                        .scalar = j.at("scalar").get<std::string>(),
                        .measurement = j,
                        .measured_order = number_at(j, "measured_order"),
                        .order_uncertainty = number_at(j, "order_uncertainty"),
                        .error_constant = number_at(j, "error_constant"),
                        .verdict = j.at("verdict").get<std::string>(),
                        .verdict_reason = j.at("verdict_reason").get<std::string>(),
                        .verdict_code = string_at(j, "verdict_code"),
                        .passes = j.at("passes").get<bool>(),
                        .judged = j.contains("verdict_code"),
                        .error_constant_declared = number_at(j, "error_constant_declared"),
                        .not_refined = string_at(j, "not_refined")};
  if (j.contains("refined_from")) {
    const auto& from = j.at("refined_from");
    run.refined_from = refined_origin{.scalar = from.at("scalar").get<std::string>(),
                                      .measured_order = number_at(from, "measured_order"),
                                      .verdict = from.at("verdict").get<std::string>(),
                                      .verdict_code = from.at("verdict_code").get<std::string>(),
                                      .verdict_reason = from.at("verdict_reason").get<std::string>()};
  }
  for (const char* key : judgement_keys) run.measurement.erase(key);
  return run;
}

}  // namespace

const nlohmann::json* battery_identity::tableau() const {
  return section.is_object() && section.contains("tableau") ? &section["tableau"] : nullptr;
}

nlohmann::json to_json(const battery_result& b) {
  nlohmann::json runs = nlohmann::json::array(), energy = nlohmann::json::object();
  for (const auto& run : b.runs) runs.push_back(to_json(run));
  for (const auto& [problem, section] : b.energy) energy[problem] = section;
  return {{"schema", battery_schema},
          {"name", b.name},
          {"declared_order", b.declared_order},
          {"separable", b.separable},
          {"closest_method", b.closest_method},
          {"closest_method_known", b.closest_method_known},
          {"scalar", battery_scalar},
          {"cost",
           {{"rhs_evaluations_per_step", b.cost.rhs_evaluations_per_step},
            {"counted_over_steps", b.cost.counted_over_steps},
            {"problem", b.cost.problem},
            {"h", b.cost.h}}},
          {"identity", b.identity.section},
          {"order",
           {{"problems_from", b.problems_from},
            {"norm", norm_name(error_norm_kind::final)},
            {"policy", b.order_policy_json},
            {"runs", runs}}},
          {"energy", energy},
          {"stability", b.stability},
          {"game_table", b.game_table},
          {"what_it_does", b.what_it_does},
          {"verdict", b.verdict.verdict},
          {"verdict_reason", b.verdict.reason}};
}

battery_result battery_from_json(const nlohmann::json& j) {
  const auto& cost = j.at("cost");
  const auto& order = j.at("order");
  battery_result b{.name = j.at("name").get<std::string>(),
                   .declared_order = j.at("declared_order").get<int>(),
                   .separable = j.at("separable").get<bool>(),
                   .closest_method = j.at("closest_method").get<std::string>(),
                   .closest_method_known = j.at("closest_method_known").get<bool>(),
                   .cost = {.rhs_evaluations_per_step = cost.at("rhs_evaluations_per_step").get<double>(),
                            .counted_over_steps = cost.at("counted_over_steps").get<int>(),
                            .problem = cost.at("problem").get<std::string>(),
                            .h = cost.at("h").get<double>()},
                   .identity = {.section = j.at("identity")},
                   .problems_from = order.at("problems_from").get<std::string>(),
                   .order_policy_json = order.at("policy"),
                   .stability = j.at("stability"),
                   .game_table = j.at("game_table"),
                   .what_it_does = j.at("what_it_does").get<std::vector<std::string>>(),
                   .verdict = {j.at("verdict").get<std::string>(), j.at("verdict_reason").get<std::string>()}};
  if (b.identity.section.is_object() && b.identity.section.contains("orders"))
    b.identity.orders = recovered_orders_from_json(b.identity.section.at("orders"));
  for (const auto& run : order.at("runs")) b.runs.push_back(order_run_from_json(run));
  for (const auto& [problem, section] : j.at("energy").items()) b.energy[problem] = section;
  return b;
}

}  // namespace orderly
