#pragma once
// Work-precision of Orderly's dopri54 against odeint's controlled runge_kutta_dopri5: evaluations
// and wall time against achieved error; and, on the stiff problems ROBER and HIRES, Orderly's
// radau5 and rosenbrock4 against odeint's rosenbrock4, each run made by the stiff study.
#include <orderly/stiff_study.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace orderly {

struct work_point {
  double tolerance = 0, error = 0;
  std::uint64_t rhs_evaluations = 0;
  double seconds = 0;  // wall time of the integration: the minimum over repeated runs
};

struct work_curve {
  std::string method, problem;
  std::vector<work_point> points;
};

// At our point's achieved error: our evaluations, odeint's (interpolated in log-log), and the ratio.
struct work_ratio {
  std::string problem;
  double error = 0, ours = 0, odeint = 0, ratio = 0;
};

std::vector<work_curve> run_workprecision();

// The stiff problems' curves: one stiff-study run per tolerance (its rule for atol, its accuracy
// measure mescd, its counts), wall time the minimum over repeated runs.
struct stiff_work_curve {
  std::string method, problem;
  std::vector<stiff_run> runs;
};
std::vector<stiff_work_curve> run_stiff_workprecision();
std::vector<work_ratio> dopri_ratios(const std::vector<work_curve>& curves);

}  // namespace orderly
