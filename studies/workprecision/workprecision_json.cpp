// The work-precision study's JSON (orderly.workprecision/3): every curve, ratio and summary of a
// workprecision_study, with the text that says how each was measured.
#include <orderly/catalog.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/workprecision.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <utility>

namespace orderly {

namespace {

nlohmann::json curve_json(const work_curve& c) {
  auto pts = nlohmann::json::array();
  for (const auto& p : c.points)
    pts.push_back({{"tolerance", p.tolerance}, {"error", p.error}, {"rhs_evaluations", p.rhs_evaluations}});
  return nlohmann::json{{"method", c.method}, {"problem", c.problem}, {"points", pts}};
}

work_curve curve_from_json(const nlohmann::json& j) {
  work_curve c{.method = j["method"].get<std::string>(), .problem = j["problem"].get<std::string>()};
  for (const auto& p : j["points"])
    c.points.push_back(
        {.tolerance = p["tolerance"].get<double>(),
         // a non-finite error is null in JSON
         .error = p["error"].is_number() ? p["error"].get<double>() : std::numeric_limits<double>::quiet_NaN(),
         .rhs_evaluations = p["rhs_evaluations"].get<std::uint64_t>()});
  return c;
}

// A curve's wall times, point by point, for the timing file.
nlohmann::json curve_seconds_json(const work_curve& c) {
  auto seconds = nlohmann::json::array();
  for (const auto& p : c.points) seconds.push_back(p.seconds);
  return {{"method", c.method}, {"problem", c.problem}, {"seconds", seconds}};
}

nlohmann::json stiff_curve_seconds_json(const stiff_work_curve& c) {
  auto seconds = nlohmann::json::array();
  for (const auto& r : c.runs) seconds.push_back(r.wall_seconds);
  return {{"method", c.method}, {"problem", c.problem}, {"seconds", seconds}};
}

nlohmann::json stiff_curve_json(const stiff_work_curve& c) {
  auto optional = [](const auto& v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
  auto pts = nlohmann::json::array();
  for (const auto& r : c.runs)
    pts.push_back({{"rtol", r.rtol},
                   {"atol", r.atol},
                   {"status", status_name(r.status)},
                   {"failure", r.failure},
                   {"mescd", optional(r.digits.mescd)},
                   {"rhs_evaluations", r.rhs_evaluations},
                   {"jacobian_evaluations", r.jacobian_evaluations},
                   {"lu_factorizations", optional(r.lu_factorizations)},
                   {"linear_solves", optional(r.linear_solves)}});
  return {{"method", c.method}, {"problem", c.problem}, {"points", pts}};
}

// A ratio's reading on the baseline's monotone envelope and its spread over every bracketing pair of
// the raw baseline curve (work_ratios.hpp).
void add_brackets(nlohmann::json& row, const work_ratio& r) {
  row["brackets"] = r.brackets;
  row["ratio_first_bracket"] = r.first_bracket_ratio;
  row["ratio_lowest_bracket"] = r.lowest_bracket_ratio;
  row["ratio_highest_bracket"] = r.highest_bracket_ratio;
}

// A summary's spread of ratios, as both summaries write it.
nlohmann::json spread_json(const work_ratio_summary& e) {
  return nlohmann::json{
      {"problem", e.problem},
      {"ratios", e.ratios},
      {"worst_ratio", e.worst},
      {"geometric_mean", e.geometric_mean},
      {"ratios_above_one", e.above_one},
      {"errors_above_one", e.errors_above_one ? nlohmann::json{e.errors_above_one->first, e.errors_above_one->second}
                                              : nlohmann::json(nullptr)}};
}

const char* const timing_note =
    "seconds: the minimum wall time of 5 repeated runs of the integration alone on the machine "
    "that ran the curve (Orderly's steppers built before the clock starts; odeint's, whose "
    "coefficients are compile-time constants, inside it), point by point in the order of the "
    "curve's points";

// The study's document, its stiff curves given as JSON.
nlohmann::json workprecision_document(const workprecision_study& study, nlohmann::json stiff_curves) {
  nlohmann::json j{{"schema", "orderly.workprecision/3"},
                   {"comparison",
                    "at equal achieved final-time error, not at equal tolerance: at each run on our curve's "
                    "monotone envelope (the runs no other run of the same curve beats in both evaluations and "
                    "error), odeint's evaluations by log-log interpolation on odeint's monotone envelope, so "
                    "neither curve is read at a run another of its own runs beats; brackets and "
                    "ratio_lowest_bracket .. ratio_highest_bracket: the ratio at every pair of neighbouring "
                    "runs (in tolerance order) of odeint's raw curve that brackets the error, "
                    "ratio_first_bracket the first of them (schema 1's ratio); atol = rtol = tol, four tolerances per "
                    "decade; the wall times are in the timing file"},
                   {"timing_file", workprecision_timing_file},
                   {"tolerance_sweep", to_json(default_tolerance_sweep)},
                   {"curves", nlohmann::json::array()},
                   {"resolution",
                    "odeint's controlled dopri5 run again with eight other first steps (span/1000 scaled by "
                    "2^(k/4), k = -4 .. 4 but 0: from half to twice it), each compared with its own curve at "
                    "equal achieved error as dopri54 is: the same method on the same problem, so ratios away "
                    "from 1 there are what the comparison cannot resolve"},
                   {"odeint_restarted", nlohmann::json::array()},
                   {"odeint_restarted_over_odeint_dopri5", nlohmann::json::array()},
                   {"summary_by_problem", nlohmann::json::array()},
                   {"same_method_comparison",
                    "the methods both libraries have, Orderly's run and odeint's controlled stepper of the same "
                    "tableau: ours over odeint's evaluations at equal achieved error, compared as dopri54 is; the "
                    "two differ in their error norm and step-size controller, not in the method"},
                   {"same_methods", nlohmann::json::array()},
                   {"same_method_summary", nlohmann::json::array()},
                   {"stiff_comparison",
                    "ROBER and HIRES: each point one run of the stiff study (orderly stiff) at rtol from 1e-3 to "
                    "1e-12, four per decade, atol by the study's rule for the problem; accuracy in mixed "
                    "significant correct digits (mescd) against the certified reference at t_end; wall times in the "
                    "timing file. Runs that did not finish are listed with their status"},
                   {"stiff_curves", nlohmann::json::array()},
                   {"dopri54_over_odeint_dopri5", nlohmann::json::array()}};
  for (const auto& c : study.curves.compared) j["curves"].push_back(curve_json(c));
  for (const auto& c : study.curves.odeint_restarted) j["odeint_restarted"].push_back(curve_json(c));
  j["stiff_curves"] = std::move(stiff_curves);
  for (const auto& r : study.dopri) {
    nlohmann::json row{{"problem", r.problem},
                       {"error", r.error},
                       {"ours", r.candidate_evaluations},
                       {"odeint", r.baseline_evaluations},
                       {"ratio", r.ratio}};
    add_brackets(row, r);
    j["dopri54_over_odeint_dopri5"].push_back(row);
  }
  for (const auto& r : study.restarts) {
    nlohmann::json row{{"problem", r.problem},
                       {"restarted", r.candidate},
                       {"error", r.error},
                       {"restarted_evaluations", r.candidate_evaluations},
                       {"odeint", r.baseline_evaluations},
                       {"ratio", r.ratio}};
    add_brackets(row, r);
    j["odeint_restarted_over_odeint_dopri5"].push_back(row);
  }
  for (const auto& e : study.summary) {
    auto entry = spread_json(e);
    entry["odeint_against_itself_worst_there"] =
        e.null_worst_there ? nlohmann::json(*e.null_worst_there) : nlohmann::json(nullptr);
    entry["odeint_reruns_there"] = e.null_curves_there;
    entry["odeint_reruns_reaching_worst_ratio"] = e.null_curves_reaching_worst;
    j["summary_by_problem"].push_back(entry);
  }
  for (const auto& pair : same_methods()) j["same_methods"].push_back({{"ours", pair.ours}, {"odeint", pair.odeint}});
  for (const auto& e : study.same_method_summary) {
    auto entry = spread_json(e);
    entry["ours"] = e.candidate;
    j["same_method_summary"].push_back(entry);
  }
  return j;
}

// The ratios and summaries of the comparison's curves.
workprecision_study compared(workprecision_curves curves) {
  workprecision_study study;
  study.curves = std::move(curves);
  study.dopri = dopri_ratios(study.curves);
  study.restarts = restart_ratios(study.curves);
  study.summary = summarise_ratios(study.dopri, study.restarts);
  study.same_method_summary = summarise_ratios(same_method_ratios(study.curves), {});
  return study;
}

}  // namespace

workprecision_study study_workprecision() {
  auto study = compared(run_workprecision());
  study.stiff_curves = run_stiff_workprecision();
  return study;
}

nlohmann::json to_json(const workprecision_study& study) {
  auto stiff = nlohmann::json::array();
  for (const auto& c : study.stiff_curves) stiff.push_back(stiff_curve_json(c));
  return workprecision_document(study, std::move(stiff));
}

suite_outputs workprecision_outputs(const nlohmann::json&, const std::vector<std::string>& keys,
                                    const std::vector<const nlohmann::json*>& results) {
  workprecision_curves curves;
  auto stiff = nlohmann::json::array(), timed = nlohmann::json::array(), stiff_timed = nlohmann::json::array();
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (!results[k]) continue;
    const auto& r = *results[k];
    if (r.contains("stiff_curve")) {
      stiff.push_back(r["stiff_curve"]);
      stiff_timed.push_back(r["timing"]);
      continue;
    }
    for (const auto& c : r["compared"]) curves.compared.push_back(curve_from_json(c));
    for (const auto& c : r["restarted"]) curves.odeint_restarted.push_back(curve_from_json(c));
    for (const auto& t : r["timing"]) timed.push_back(t);
  }
  return {{"workprecision.json", workprecision_document(compared(std::move(curves)), std::move(stiff))},
          {workprecision_timing_file,
           {{"schema", "orderly.workprecision-timing/1"},
            {"note", timing_note},
            {"curves", std::move(timed)},
            {"stiff_curves", std::move(stiff_timed)}}}};
}

// The quick suite's one problem and one stiff curve, for trying the suite's machinery in seconds.
const std::string quick_problem = "kepler";
const std::pair<std::string, std::string> quick_stiff_curve{"rosenbrock4", "rober"};

sharded_suite workprecision_suite(bool quick) {
  (void)method_catalog();  // build the catalogs before the threads start
  (void)problem_catalog();
  sharded_suite suite{.name = "workprecision",
                      .settings = {{"suite", quick ? "quick" : "default"}},
                      .assemble = &workprecision_outputs};
  for (const auto& problem : workprecision_problems()) {
    if (quick && problem != quick_problem) continue;
    suite.keys.push_back("compared/" + problem);
    suite.costs.push_back(nonstiff_job_cost());
  }
  for (const auto& [method, problem] : stiff_workprecision_curves()) {
    if (quick && std::pair{method, problem} != quick_stiff_curve) continue;
    suite.keys.push_back("stiff/" + problem + "/" + method);
    suite.costs.push_back(stiff_job_cost());
  }
  // One thread: the wall times are the study's, and runs side by side would share the machine.
  suite.run = [keys = suite.keys](const std::vector<std::size_t>& chosen, progress_meter* progress) {
    return run_jobs(
        chosen,
        [&](std::size_t k) -> nlohmann::json {
          const auto& key = keys[k];
          for (const auto& [method, problem] : stiff_workprecision_curves())
            if (key == "stiff/" + problem + "/" + method) {
              const auto curve = run_stiff_curve(method, problem);
              return {{"stiff_curve", stiff_curve_json(curve)}, {"timing", stiff_curve_seconds_json(curve)}};
            }
          const auto curves = run_workprecision_on(key.substr(std::string("compared/").size()));
          nlohmann::json result{{"compared", nlohmann::json::array()},
                                {"restarted", nlohmann::json::array()},
                                {"timing", nlohmann::json::array()}};
          for (const auto& c : curves.compared) {
            result["compared"].push_back(curve_json(c));
            result["timing"].push_back(curve_seconds_json(c));
          }
          for (const auto& c : curves.odeint_restarted) result["restarted"].push_back(curve_json(c));
          return result;
        },
        /*threads=*/1, progress);
  };
  return suite;
}

}  // namespace orderly
