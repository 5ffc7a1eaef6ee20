// The seed articles' energy experiments and the damped spring's settling time (orderly energy
// --suite default): the articles' float specimens beside the library's methods, against the exact
// solutions of reference/include/orderly/problems/seed_problems.hpp.
#include <orderly/driver.hpp>
#include <orderly/energy.hpp>
#include <orderly/energy_seeds.hpp>
#include <orderly/problems/support.hpp>
#include <orderly/analysis/method_linear_model.hpp>
#include "named_entries.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

namespace orderly {
namespace {

using energy_lists::method_named;
using energy_lists::problem_named;

// Points per recorded trajectory: enough for a smooth curve of 90 s of oscillation at 1 rad/s.
constexpr std::size_t trajectory_points = 600;

// Mechanical energy (v^2 + k x^2)/2 of the springs (unit mass).
double spring_energy(double k, double x, double v) { return (v * v + k * x * x) / 2; }

// One run of a seed problem, recorded at ~trajectory_points evenly spaced steps: x, v, energy, and
// for an undamped spring the unwrapped phase angle atan2(-v/omega, x) (tracked every step).
template <class T>
seed_trajectory trajectory(const method_entry& method, const problem_entry& entry, const std::string& dt,
                           double t_end) {
  const auto problem = instantiate<T>(entry);
  const T h = problems::value<T>(dt);
  const double k = problems::parameter<double>(entry.info, "k");
  const double omega = std::sqrt(k);
  const auto steps = static_cast<std::size_t>(std::llround(t_end / static_cast<double>(h)));
  const std::size_t every = std::max<std::size_t>(1, steps / trajectory_points);
  auto stepper = make_stepper<T>(method, problem);
  seed_trajectory run{.method = method.name,
                      .family = family_name(method.family),
                      .scalar = std::is_same_v<T, float> ? "float" : "double"};
  auto record = [&](double time, double position, double velocity) {
    run.t.push_back(time);
    run.x.push_back(position);
    run.v.push_back(velocity);
    run.energy.push_back(spring_energy(k, position, velocity));
  };
  record(0, static_cast<double>(problem.y0[0]), static_cast<double>(problem.y0[1]));
  double angle = 0;  // unwrapped
  auto wrapped = [&](double position, double velocity) { return std::atan2(-velocity / omega, position); };
  double last = wrapped(static_cast<double>(problem.y0[0]), static_cast<double>(problem.y0[1]));
  const double pi = problems::pi<double>();
  const auto outcome = drive_fixed(*stepper, problem, h, steps, [&](std::size_t n, const T&, const state_of<T>& y) {
    const double position = static_cast<double>(y[0]), velocity = static_cast<double>(y[1]);
    const double now = wrapped(position, velocity);
    double d = now - last;
    d -= 2 * pi * std::round(d / (2 * pi));
    angle += d;
    last = now;
    if (n % every == 0 || n == steps) record(static_cast<double>(n) * static_cast<double>(h), position, velocity);
  });
  run.stable = outcome.stable;
  if (!outcome.stable) run.failure = outcome.failure;
  if (outcome.stable) {
    const double t_final = static_cast<double>(steps) * static_cast<double>(h);
    const auto exact = instantiate<double>(entry).exact(t_final);
    run.energy_at_end = run.energy.back();
    run.exact_energy_at_end = spring_energy(k, exact[0], exact[1]);
    run.energy_ratio_at_end = run.energy.back() / spring_energy(k, exact[0], exact[1]);
    const double b = problems::parameter<double>(entry.info, "b");
    if (b == 0) run.phase_error_at_end = angle - omega * t_final;  // positive: ahead of the exact solution
  }
  return run;
}

seed_exact_trajectory exact_trajectory(const problem_entry& entry, double t_end) {
  const auto problem = instantiate<double>(entry);
  const double k = problems::parameter<double>(entry.info, "k");
  seed_exact_trajectory exact;
  for (std::size_t i = 0; i <= trajectory_points; ++i) {
    const double time = t_end * static_cast<double>(i) / trajectory_points;
    const auto y = problem.exact(time);
    exact.t.push_back(time);
    exact.x.push_back(y[0]);
    exact.energy.push_back(spring_energy(k, y[0], y[1]));
  }
  return exact;
}

seed_experiment experiment(const std::string& problem_name, const std::string& dt, double t_end,
                           const std::vector<std::string>& specimens, const std::vector<std::string>& library,
                           const std::string& claim) {
  const auto& entry = problem_named(problem_name);
  seed_experiment e{.problem = problem_name,
                    .description = entry.info.description,
                    .dt = dt,
                    .t_end = t_end,
                    .article_claim = claim,
                    .exact = exact_trajectory(entry, t_end)};
  for (const auto& name : specimens) e.runs.push_back(trajectory<float>(method_named(name), entry, dt, t_end));
  for (const auto& name : library) e.runs.push_back(trajectory<double>(method_named(name), entry, dt, t_end));
  return e;
}

// --- The settling time of the damped spring ---

// A damped spring "stops" once its amplitude A = sqrt(x^2 + v^2/k) (the energy norm: constant
// for an undamped spring, e^(-b t / 2) A0 for the damped one) falls below this fraction of x0 and
// stays below. 10^-5 x0 is 1 mm for the article's 100 m start: the exact solution takes
// 2 ln(10^5) / b = 23.0 s to get there, the "about 23 s" the reader measured at small dt.
constexpr double settle_fraction = 1e-5;
// How long the spring is followed: long enough for float (and double) to reach the bottom of
// their ranges, to see what "stops" means in the arithmetic itself.
constexpr double follow_seconds = 2000;

double amplitude(double k, double x, double v) { return std::sqrt(x * x + v * v / k); }

// The one-step matrix of a method on x'' = -k x - b x' (state (x, v)), and its spectral radius.
using matrix2 = std::array<double, 4>;  // row-major

matrix2 multiply(const matrix2& a, const matrix2& b) {
  return {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]};
}

// p(hA) = sum_j p_j (hA)^j, the coefficients rounded once from their exact values.
matrix2 polynomial_at(const exact_polynomial& p, const matrix2& hA) {
  matrix2 power{1, 0, 0, 1}, sum{0, 0, 0, 0};
  for (const auto& coefficient : p) {
    const double c = to_scalar<double>(coefficient);
    for (int i = 0; i < 4; ++i) sum[static_cast<std::size_t>(i)] += c * power[static_cast<std::size_t>(i)];
    power = multiply(power, hA);
  }
  return sum;
}

// A method with a stability function R = P / Q: R(hA) = Q(hA)^(-1) P(hA), hA = [[0, h], [-h k, -h b]].
matrix2 stability_matrix(const stability_function_coefficients& r, double h, double k, double b) {
  const matrix2 hA{0, h, -h * k, -h * b};
  const matrix2 P = polynomial_at(r.numerator, hA);
  if (r.denominator.size() == 1) return P;  // Q = 1: an explicit method
  const matrix2 Q = polynomial_at(r.denominator, hA);
  const double det = Q[0] * Q[3] - Q[1] * Q[2];
  return multiply({Q[3] / det, -Q[1] / det, -Q[2] / det, Q[0] / det}, P);
}

// Semi-implicit Euler as the article writes it: v += h (-k x - b v); x += h v (the new v).
matrix2 semi_implicit_euler_matrix(double h, double k, double b) {
  return {1 - h * h * k, h * (1 - h * b), -h * k, 1 - h * b};
}

double spectral_radius(const matrix2& m) {
  const double trace = m[0] + m[3], det = m[0] * m[3] - m[1] * m[2];
  const double disc = trace * trace / 4 - det;
  if (disc < 0) return std::sqrt(det);  // complex pair: |lambda|^2 = det
  const double root = std::sqrt(disc);
  return std::max(std::fabs(trace / 2 + root), std::fabs(trace / 2 - root));
}

// The method's arithmetic on a linear autonomous spring: the linear model of the catalog method
// it computes there (a seed specimen declares it: seeds.hpp), where that has one;
// seed-semi-implicit-euler is its own update.
std::optional<matrix2> step_matrix(const method_entry& method, double h, double k, double b) {
  if (method.name == "seed-semi-implicit-euler") return semi_implicit_euler_matrix(h, k, b);
  const auto* m = find_method(method.autonomous_equivalent());
  if (!m) return std::nullopt;
  const auto r = stability_function_of(*m);
  if (!r) return std::nullopt;
  return stability_matrix(*r, h, k, b);
}

template <class T>
settle_run settle(const method_entry& method, const problem_entry& entry, const std::string& dt) {
  const auto problem = instantiate<T>(entry);
  const T h = problems::value<T>(dt);
  const double hd = static_cast<double>(h);
  const double k = problems::parameter<double>(entry.info, "k"), b = problems::parameter<double>(entry.info, "b");
  const double x0 = problems::parameter<double>(entry.info, "x0");
  const double threshold = settle_fraction * x0;
  const auto steps = static_cast<std::size_t>(std::llround(follow_seconds / hd));
  auto stepper = make_stepper<T>(method, problem);
  std::size_t last_above = 0;  // the last step with A >= threshold
  double min_amplitude = amplitude(k, static_cast<double>(problem.y0[0]), static_cast<double>(problem.y0[1]));
  std::optional<std::size_t> first_subnormal, first_zero, stuck_from;
  std::optional<std::size_t> stuck_period;
  state_of<T> previous = problem.y0, before_previous = problem.y0;
  state_of<T> stuck_state;
  const auto outcome = drive_fixed(*stepper, problem, h, steps, [&](std::size_t n, const T&, const state_of<T>& y) {
    const double x = static_cast<double>(y[0]), v = static_cast<double>(y[1]);
    const double a = amplitude(k, x, v);
    if (a >= threshold) last_above = n;
    min_amplitude = std::min(min_amplitude, a);
    using std::fabs;
    const T smallest_normal = std::numeric_limits<T>::min();
    if (!first_subnormal &&
        ((y[0] != 0 && fabs(y[0]) < smallest_normal) || (y[1] != 0 && fabs(y[1]) < smallest_normal)))
      first_subnormal = n;
    if (!first_zero && y[0] == 0 && y[1] == 0) first_zero = n;
    // The arithmetic stops moving: the state repeats itself after one or two steps.
    if (!stuck_from && !(y[0] == 0 && y[1] == 0)) {
      if (y == previous)
        stuck_from = n, stuck_period = 1, stuck_state = y;
      else if (n >= 2 && y == before_previous)
        stuck_from = n, stuck_period = 2, stuck_state = y;
    }
    before_previous = previous;
    previous = y;
  });
  const double time_of = hd;
  settle_run run{.method = method.name,
                 .scalar = std::is_same_v<T, float> ? "float" : "double",
                 .dt = hd,
                 .dt_text = dt,
                 .stable = outcome.stable};
  if (!outcome.stable) {
    run.failure = outcome.failure;
  } else if (last_above >= steps) {
    // Still above the threshold at the last step followed: it never settled (neutrally stable, or
    // a limit cycle of the arithmetic above the threshold).
    run.failure = "not settled within " + std::to_string(static_cast<int>(follow_seconds)) + " s";
  } else {
    run.settle_time = static_cast<double>(last_above + 1) * time_of;
  }
  if (const auto m = step_matrix(method, hd, k, b)) {
    const double rho = spectral_radius(*m);
    settle_prediction prediction{.spectral_radius = rho, .exact_decay_per_step = std::exp(-b * hd / 2)};
    // A_n ~ A_0 rho^n: the first step with A_0 rho^n < threshold.
    if (rho < 1) prediction.settle_time = std::ceil(std::log(threshold / x0) / std::log(rho)) * hd;
    run.prediction = prediction;
  }
  run.min_amplitude = min_amplitude;
  if (first_subnormal) run.first_subnormal_time = static_cast<double>(*first_subnormal) * time_of;
  if (first_zero) run.exact_zero_time = static_cast<double>(*first_zero) * time_of;
  if (stuck_from)
    run.stuck = settle_stuck{.time = static_cast<double>(*stuck_from) * time_of,
                             .period_steps = *stuck_period,
                             .x = static_cast<double>(stuck_state[0]),
                             .v = static_cast<double>(stuck_state[1])};
  return run;
}

// The exact solution's settling time, on a grid of 1 ms.
double exact_settle_time(const problem_entry& entry) {
  const auto problem = instantiate<double>(entry);
  const double k = problems::parameter<double>(entry.info, "k");
  const double threshold = settle_fraction * problems::parameter<double>(entry.info, "x0");
  const double grid = 1e-3, horizon = 200;
  double last_above = 0;
  for (double t = 0; t <= horizon; t += grid) {
    const auto y = problem.exact(t);
    if (amplitude(k, y[0], y[1]) >= threshold) last_above = t;
  }
  return last_above + grid;
}

}  // namespace

std::vector<seed_experiment> seed_experiments() {
  std::vector<seed_experiment> list;
  const std::vector<std::string> specimens{"seed-euler", "seed-semi-implicit-euler", "seed-rk4"};
  list.push_back(
      experiment("spring-damper-15", "1/100", 10, specimens, {"euler", "rk4"},
                 "explicit Euler gains energy; semi-implicit Euler is stable (Fiedler, Integration Basics, 2018)"));
  for (const std::string dt : {"1/10", "1/4"})
    list.push_back(experiment("harmonic", dt, 90, specimens,
                              {"euler", "symplectic-euler-a", "symplectic-euler-b", "velocity-verlet", "rk4"},
                              "RK4 keeps the frequency but loses energy; semi-implicit Euler conserves it on average "
                              "(Fiedler, Integration Basics, 2018)"));
  return list;
}

settling_result settling_study() {
  const auto& entry = problem_named("spring-damper-10");
  const std::vector<std::string> dts{"1/20", "1/10", "1/5", "3/10", "2/5", "1/2", "3/5", "7/10", "4/5", "9/10", "1"};
  settling_result result{.problem = entry.info.name,
                         .description = entry.info.description,
                         .settle_fraction = settle_fraction,
                         .follow_seconds = follow_seconds,
                         .exact_settle_time = exact_settle_time(entry)};
  for (const auto& dt : dts) {
    for (const std::string name : {"seed-euler", "seed-semi-implicit-euler", "seed-rk4"})
      result.runs.push_back(settle<float>(method_named(name), entry, dt));
    for (const std::string name : {"euler", "heun", "rk4"})
      result.runs.push_back(settle<double>(method_named(name), entry, dt));
  }
  return result;
}

nlohmann::json to_json(const std::vector<seed_experiment>& experiments) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& e : experiments) {
    nlohmann::json runs = nlohmann::json::array();
    for (const auto& r : e.runs) {
      nlohmann::json j{{"method", r.method}, {"family", r.family}, {"scalar", r.scalar}, {"stable", r.stable},
                       {"t", r.t},           {"x", r.x},           {"v", r.v},           {"energy", r.energy}};
      if (r.failure) j["failure"] = *r.failure;
      if (r.energy_at_end) j["energy_at_end"] = *r.energy_at_end;
      if (r.exact_energy_at_end) j["exact_energy_at_end"] = *r.exact_energy_at_end;
      if (r.energy_ratio_at_end) j["energy_ratio_at_end"] = *r.energy_ratio_at_end;
      if (r.phase_error_at_end) j["phase_error_at_end"] = *r.phase_error_at_end;
      runs.push_back(std::move(j));
    }
    list.push_back({{"problem", e.problem},
                    {"description", e.description},
                    {"dt", e.dt},
                    {"t_end", e.t_end},
                    {"article_claim", e.article_claim},
                    {"exact", {{"t", e.exact.t}, {"x", e.exact.x}, {"energy", e.exact.energy}}},
                    {"runs", std::move(runs)}});
  }
  return list;
}

namespace {

nlohmann::json optional_json(const std::optional<double>& x) { return x ? nlohmann::json(*x) : nlohmann::json(); }

nlohmann::json settle_run_json(const settle_run& r) {
  nlohmann::json j{{"method", r.method},
                   {"scalar", r.scalar},
                   {"dt", r.dt},
                   {"dt_text", r.dt_text},
                   {"stable", r.stable},
                   {"settle_time", optional_json(r.settle_time)},
                   {"min_amplitude", r.min_amplitude},
                   {"first_subnormal_time", optional_json(r.first_subnormal_time)},
                   {"exact_zero_time", optional_json(r.exact_zero_time)},
                   {"stuck", nullptr}};
  if (r.failure) j["failure"] = *r.failure;
  if (r.prediction) {
    j["spectral_radius"] = r.prediction->spectral_radius;
    j["predicted_settle_time"] = optional_json(r.prediction->settle_time);
    j["exact_decay_per_step"] = r.prediction->exact_decay_per_step;
  }
  if (r.stuck)
    j["stuck"] = {
        {"time", r.stuck->time}, {"period_steps", r.stuck->period_steps}, {"x", r.stuck->x}, {"v", r.stuck->v}};
  return j;
}

}  // namespace

nlohmann::json to_json(const settling_result& s) {
  nlohmann::json runs = nlohmann::json::array();
  for (const auto& r : s.runs) runs.push_back(settle_run_json(r));
  return {
      {"problem", s.problem},
      {"description", s.description},
      {"definition", "settle time: the first time after which the amplitude sqrt(x^2 + v^2/k) stays below " +
                         std::to_string(s.settle_fraction) + " x0 (1 mm from x0 = 100 m) until t = " +
                         std::to_string(static_cast<int>(s.follow_seconds)) + " s"},
      {"settle_fraction", s.settle_fraction},
      {"follow_seconds", s.follow_seconds},
      {"prediction",
       "A_n ~ A_0 rho^n with rho the spectral radius of the method's one-step matrix on "
       "y' = [[0, 1], [-k, -b]] y (Runge-Kutta: R(hA) from the exact stability polynomial; "
       "semi-implicit Euler: [[1 - h^2 k, h (1 - h b)], [-h k, 1 - h b]]); predicted settle time "
       "= h ceil(ln(1e-5) / ln rho); the exact decay per step is e^(-b h / 2)"},
      {"exact_settle_time", s.exact_settle_time},
      {"reader_reported",
       {{"source", "reader comment 17 on G. Fiedler, Integration Basics (earlier posting), RK4 sample code in float"},
        {"points",
         {{{"dt", 0.1}, {"settle_time", 23.0}},
          {{"dt", 0.2}, {"settle_time", 23.0}},
          {{"dt", 0.3}, {"settle_time", 23.0}},
          {{"dt", 0.4}, {"settle_time", 22.4}},
          {{"dt", 0.5}, {"settle_time", 20.0}},
          {{"dt", 0.6}, {"settle_time", 15.6}}}}}},
      {"runs", std::move(runs)}};
}

}  // namespace orderly
