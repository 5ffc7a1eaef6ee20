// A compiled stepper's check (the isolated battery, then its recovered tableau's algebra), the
// check's dispatch over its kinds, and a directory's tableau files.
#include <orderly/check.hpp>
#include <orderly/closest_method.hpp>

#include <algorithm>
#include <filesystem>

namespace orderly {

stepper_check check_stepper(const stepper_library_spec& spec, const battery_time_limits& limits) {
  stepper_check c{.battery = isolated_stepper_battery(spec, limits)};
  // The recovered tableau checked as a tableau file is: its algebra only (the battery has measured
  // the stepper itself), and not identified twice (the battery's identity stands beside it).
  if (const auto* tableau = c.battery.identity.tableau()) {
    try {
      c.recovered = check_algebra(parse_tableau_file(*tableau), /*identify=*/false);
    } catch (const tableau_file_error& e) {
      c.recovered = std::string(e.what());
    }
  }
  return c;
}

check_result run_check(const check_request& request, const check_announcer& announce) {
  if (request.stepper) return {check_stepper(*request.stepper, request.limits)};
  return {check_tableau_file(request.tableau_path, request.threads, announce)};
}

int check_exit_code(const check_result& r) {
  if (const auto* tableau = std::get_if<tableau_check>(&r.kind)) return tableau->overall == verdict::pass ? 0 : 1;
  const std::string& verdict = std::get<stepper_check>(r.kind).battery.verdict.verdict;
  return verdict == "fail" ? 1 : verdict == "inconclusive" ? 3 : verdict == above_declared_verdict ? 4 : 0;
}

nlohmann::json stepper_report_json(const stepper_check& check, unsigned threads) {
  auto j = to_json(check_result{check});
  const auto& battery = check.battery;
  if (battery.closest_method_known) {
    std::vector<std::string> problems;
    for (const auto& run : battery.runs) problems.push_back(run.problem);
    j["closest"] = to_json(closest_method_runs(battery.closest_method, problems, threads));
  }
  return j;
}

std::vector<std::string> tableau_files(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) throw check_input_error("'" + dir + "': not a directory");
  std::vector<std::string> names;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file() && it->path().extension() == ".json") names.push_back(it->path().filename().string());
  if (ec) throw check_input_error("'" + dir + "': cannot read (" + ec.message() + ")");
  if (names.empty()) throw check_input_error("'" + dir + "': no tableau files (*.json)");
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace orderly
