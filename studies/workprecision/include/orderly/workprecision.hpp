#pragma once
// Work-precision of Orderly's adaptive pairs and odeint's controlled steppers and bulirsch_stoer:
// evaluations and wall time against achieved error, with dopri54 compared with odeint's controlled
// runge_kutta_dopri5 at equal error; and, on the stiff problems ROBER and HIRES, Orderly's radau5
// and rosenbrock4 against odeint's rosenbrock4, each run made by the stiff study.
#include <orderly/shard.hpp>
#include <orderly/stiff_study.hpp>
#include <orderly/tolerance_policy.hpp>
#include <orderly/work_ratios.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

namespace orderly {

// The curves of the comparison, and what resolves it: odeint's controlled dopri5 run again with
// eight other first steps (span / 1000 scaled by 2^(k/4), k = -4 .. 4 but 0: from half to twice
// it). The first step is a guess the controller replaces within a few steps, so these runs are
// the same method on the same problem; their ratios to odeint's own curve at equal error show how
// far from 1 a ratio goes when nothing differs, which on an orbit whose final-time error is not a
// smooth function of the tolerance (Arenstorf) is not small. Evaluations and errors only (not
// timed).
struct workprecision_curves {
  std::vector<work_curve> compared;          // ours and odeint's, per problem (dopri54 and dopri5 among them)
  std::vector<work_curve> odeint_restarted;  // odeint's with the first step changed, per problem
};

workprecision_curves run_workprecision();
// The problems of the comparison, and the curves of one of them.
const std::vector<std::string>& workprecision_problems();
workprecision_curves run_workprecision_on(const std::string& problem);

// The stiff problems' curves: one stiff-study run per tolerance (its rule for atol, its accuracy
// measure mescd, its counts), wall time the minimum over repeated runs.
struct stiff_work_curve {
  std::string method, problem;
  std::vector<stiff_run> runs;
};
std::vector<stiff_work_curve> run_stiff_workprecision();
// The stiff curves as (method, problem), and one of them.
const std::vector<std::pair<std::string, std::string>>& stiff_workprecision_curves();
stiff_work_curve run_stiff_curve(const std::string& method, const std::string& problem);
// Each job's expected cost, in runs of an explicit stepper (for sharding: orderly/shard.hpp).
double nonstiff_job_cost();
double stiff_job_cost();

// The methods both libraries have, by their curves' names: dopri54 (the headline comparison, first),
// cash-karp54 and rkf78, each with odeint's controlled stepper of the same tableau.
struct method_pair {
  std::string ours, odeint;
};
const std::vector<method_pair>& same_methods();

// dopri54 over odeint's dopri5, per problem; every same-method pair's ours over odeint's; and each
// restarted odeint dopri5 curve over odeint's own.
std::vector<work_ratio> dopri_ratios(const workprecision_curves& curves);
std::vector<work_ratio> same_method_ratios(const workprecision_curves& curves);
std::vector<work_ratio> restart_ratios(const workprecision_curves& curves);

// The whole study: the curves, dopri54's ratios to odeint's dopri5 with the restarted null beside
// them, the same-method pairs, and the stiff curves.
struct workprecision_study {
  workprecision_curves curves;
  std::vector<work_ratio> dopri, restarts;
  std::vector<work_ratio_summary> summary;              // dopri54's ratios per problem, with the null's spread
  std::vector<work_ratio_summary> same_method_summary;  // every same-method pair's ratios per problem
  std::vector<stiff_work_curve> stiff_curves;
};
workprecision_study study_workprecision();

// {"schema": "orderly.workprecision/3", ...}: every measurement but the wall times.
nlohmann::json to_json(const workprecision_study& study);

// The wall times go beside the measurements, in this file: two runs of the study differ in their
// wall times, and nothing else may (a sharded run merges to exactly the measurements of one run).
inline constexpr const char* workprecision_timing_file = "workprecision.timing.json";

// The study as a suite (orderly/shard.hpp): one job per problem of the comparison and per stiff
// curve, writing workprecision.json and workprecision.timing.json. quick: kepler and rosenbrock4 on
// rober alone, for trying the suite's machinery in seconds.
sharded_suite workprecision_suite(bool quick = false);
suite_outputs workprecision_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                    const std::vector<const nlohmann::json*>& results);

}  // namespace orderly
