// `orderly game-table`: how stiff a spring can a game's integrator take? A unit mass on a spring of
// stiffness k, x'' = -k x - b x', undamped (b = 0) and damped (b = 1), at h = 1/60 s and 1/120 s.
//
// Predicted: from the method's stability function (the step of a Runge-Kutta method on this linear
// system has the eigenvalues R(h lambda), lambda = (-b +- sqrt(b^2 - 4k)) / 2), or for a splitting
// method from its harmonic limit omega h (undamped only: damping makes the force depend on the
// velocity, which a kick cannot take). Confirmed: the method's own stepper (the seed articles'
// float code included) gives the step matrix, column by column; its spectral radius decides
// stability. Then runs just outside and just inside the limit show the spring blowing up and
// staying bounded.
#include <orderly/analysis/method_analysis.hpp>
#include <orderly/analysis/method_linear_model.hpp>
#include <orderly/bound_user_stepper.hpp>
#include <orderly/game_table.hpp>
#include <orderly/game_table_policy.hpp>
#include <orderly/linear_test_problems.hpp>
#include <orderly/stepper_factory.hpp>
#include <orderly/tableaus/implicit_methods.hpp>
#include <orderly/user_stepper_json.hpp>

#include <cmath>
#include <algorithm>
#include <complex>
#include <functional>
#include <limits>
#include <memory>
#include <optional>

namespace orderly {
namespace {

using policy = game_table_policy;

// The first k at which stable(k) fails, scanning upward then bisecting; nothing when it never fails
// below policy::k_scan_end. Returns 0 when unstable already at the smallest k tried.
template <class Stable>
std::optional<double> largest_stable_k(Stable&& stable) {
  double inside = 0, outside = policy::k_scan_start;
  while (stable(outside)) {
    inside = outside;
    outside *= policy::k_scan_factor;
    if (outside > policy::k_scan_end) return std::nullopt;
  }
  if (inside == 0) {  // unstable at policy::k_scan_start: look below it
    outside = policy::k_scan_start;
    double probe = policy::k_scan_start;
    for (int k = 0; k < 60 && !stable(probe); ++k) probe /= 2;
    if (!stable(probe)) return 0.0;
    inside = probe;
    outside = probe * 2;
  }
  while ((outside - inside) > policy::k_relative_resolution * outside) {
    const double middle = (inside + outside) / 2;
    (stable(middle) ? inside : outside) = middle;
  }
  return inside;
}

std::pair<std::complex<long double>, std::complex<long double>> spring_eigenvalues(double k, double b) {
  const std::complex<long double> root = std::sqrt(std::complex<long double>((long double)b * b - 4.0L * k));
  return {(-(long double)b + root) / 2.0L, (-(long double)b - root) / 2.0L};
}

// A run of the method's own stepper on one spring: each call advances the state by one step of h.
using spring_run = std::function<void(std::array<double, 2>& y)>;
using spring_runner = std::function<spring_run(double k, double b, double h)>;

// Runs of a stepper made by `make` (the catalog's factory or a user's step) on the spring. A step
// that fails (a Newton solve that cannot converge) is a blow-up: the state becomes infinite.
template <class T>
spring_runner bound_runner(std::function<std::unique_ptr<bound_stepper<T>>(const typed_problem<T>&)> make) {
  return [make](double k, double b, double h) -> spring_run {
    auto problem = std::make_shared<typed_problem<T>>(spring<T>(k, b));
    std::shared_ptr<bound_stepper<T>> stepper = make(*problem);
    auto t = std::make_shared<T>(0);
    return [problem, stepper, t, h](std::array<double, 2>& y) {
      state_of<T> state = {T(y[0]), T(y[1])};
      try {
        stepper->step(*t, state, T(h));
      } catch (const integration_failure&) {
        y = {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
        return;
      }
      *t += T(h);
      y = {static_cast<double>(state[0]), static_cast<double>(state[1])};
    };
  };
}

template <class T>
spring_runner catalog_runner(const method_entry& method) {
  return bound_runner<T>([&method](const typed_problem<T>& problem) { return make_stepper<T>(method, problem); });
}

// The stepper's step matrix, column by column (one fresh run per basis vector), and its spectral radius.
double measured_radius(const spring_runner& runner, double k, double b, double h) {
  std::array<double, 2> first = {1, 0}, second = {0, 1};
  runner(k, b, h)(first);
  runner(k, b, h)(second);
  return spectral_radius(first[0], second[0], first[1], second[1]);
}

// Runs the spring from x = 1, v = 0 with the stepper; the amplitude is sqrt(x^2 + v^2 / k).
// Near the limit a stable step's invariant ellipse is very eccentric (symplectic Euler's amplitude
// swings ~1/sqrt(1 - (omega h / 2)^2)-fold), so growth is judged against the run's own first stretch.
struct simulation_result {
  int steps = 0;
  double early = 1;  // largest amplitude over the first policy::early_steps steps
  double first_half = 1, second_half = 1, largest = 1;
  bool overflow = false;
};

// Outside: until the amplitude exceeds policy::blown_up_factor times its early maximum (at most max_steps).
// Inside (fixed_steps): exactly that many steps.
simulation_result simulate(const spring_runner& runner, double k, double b, double h, int max_steps, bool fixed_steps) {
  auto run = runner(k, b, h);
  std::array<double, 2> y = {1, 0};
  simulation_result r;
  std::vector<double> amplitudes;
  if (fixed_steps) amplitudes.reserve(static_cast<std::size_t>(max_steps));
  while (r.steps < max_steps) {
    run(y);
    ++r.steps;
    const double amplitude = std::sqrt(y[0] * y[0] + y[1] * y[1] / k);
    if (!std::isfinite(amplitude)) {
      r.overflow = true;
      break;
    }
    r.largest = std::max(r.largest, amplitude);
    if (r.steps <= policy::early_steps) r.early = std::max(r.early, amplitude);
    if (fixed_steps)
      amplitudes.push_back(amplitude);
    else if (r.steps > policy::early_steps && amplitude > policy::blown_up_factor * r.early)
      break;
  }
  if (fixed_steps && !amplitudes.empty()) {
    const auto middle = amplitudes.begin() + static_cast<std::ptrdiff_t>(amplitudes.size() / 2);
    r.first_half = *std::max_element(amplitudes.begin(), std::max(middle, amplitudes.begin() + 1));
    r.second_half = middle == amplitudes.end() ? r.first_half : *std::max_element(middle, amplitudes.end());
  }
  return r;
}

template <class Number>
double coefficient_magnitude(const rk_coefficients<Number>& m) {
  high_precision sum = 1;
  for (const auto& row : m.a)
    for (const auto& x : row) sum += abs(detail::as_high_precision(x));
  for (const auto& x : m.b) sum += abs(detail::as_high_precision(x));
  return sum.convert_to<double>();
}

struct table_method {
  std::string name, title, family;
  std::optional<linear_stability> stability;     // Runge-Kutta methods
  std::optional<high_precision> harmonic_limit;  // splitting methods
  bool has_harmonic_limit = false;
  spring_runner runner;  // empty: no stepper
  // Round-off of one step, in units of the scalar's epsilon: 1 + the sum of the coefficients'
  // magnitudes (a step adds that many rounded products; verner65's coefficients reach ~170).
  double roundoff = std::numeric_limits<double>::epsilon();
};

table_method table_method_of(const method_entry& m) {
  table_method t{m.name, m.title, family_name(m.family), {}, {}, false, {}, std::numeric_limits<double>::epsilon()};
  const auto from_stability_function = [&] {
    t.stability = analyse_linear_stability(*stability_function_of(m));
    t.runner = catalog_runner<double>(m);
    t.roundoff *= coefficient_magnitude(*linear_coefficients(m));
  };
  if (m.seed()) {
    t.runner = catalog_runner<float>(m);
    t.roundoff = std::numeric_limits<float>::epsilon();  // the articles' float code
    return t;
  }
  m.visit(method_visitor{
      [&](const butcher_tableau&) { from_stability_function(); },
      [&](const rosenbrock_method&) { from_stability_function(); },
      [&](const splitting_method& splitting) {
        t.harmonic_limit = analyse_splitting(splitting).harmonic_limit;
        t.has_harmonic_limit = true;
        t.runner = catalog_runner<double>(m);
        const auto pair = partitioned_form(splitting);
        t.roundoff *= coefficient_magnitude(pair.q_part) + coefficient_magnitude(pair.p_part);
      },
  });
  return t;
}

// The scan's answer as a limit: the largest stable k, or unbounded when the scan found none.
stiffness_limit limit_of(const std::optional<double>& k) { return {.k = k}; }

// What the method's linear model predicts for one cell: the largest stable k (nothing: unbounded)
// and where it comes from; no `from` when the model predicts nothing here.
struct prediction {
  std::optional<double> k_max;
  const char* from = nullptr;
  bool made() const { return from != nullptr; }
};

// A Runge-Kutta method's from its stability function, a splitting method's from its harmonic limit
// (undamped only: a kick needs a position-only force).
prediction predicted_limit(const table_method& m, double h, double b) {
  if (m.stability) {
    const auto& s = *m.stability;
    if (b == 0)
      return {
          s.imaginary_limit ? std::optional(std::pow(s.imaginary_limit->convert_to<double>() / h, 2)) : std::nullopt,
          "imaginary stability limit y: k_max = (y / h)^2"};
    const auto limit = largest_stable_k([&](double k) {
      const auto [l1, l2] = spring_eigenvalues(k, b);
      const long double tolerance = 1 + policy::stable_roundoff_units * std::numeric_limits<long double>::epsilon();
      return std::abs(evaluate_stability_function<long double>(s.function, l1 * (long double)h)) <= tolerance &&
             std::abs(evaluate_stability_function<long double>(s.function, l2 * (long double)h)) <= tolerance;
    });
    return {limit, "|R(h lambda)| <= 1 for both eigenvalues, scanned in k"};
  }
  if (m.has_harmonic_limit && b == 0)
    return {m.harmonic_limit ? std::optional(std::pow(m.harmonic_limit->convert_to<double>() / h, 2)) : std::nullopt,
            "harmonic stability limit omega h: k_max = (omega h / h)^2"};
  return {};
}

// Why the stepper cannot confirm a cell, or nullptr when it can.
const char* unconfirmable(const table_method& m, double b) {
  if (m.has_harmonic_limit && b != 0)
    return "not applicable: damping makes the force depend on the velocity; a splitting method's kick "
           "needs a position-only force";
  if (!m.runner) return "predicted only: this method has no stepper yet";
  return nullptr;
}

// The largest k whose step matrix, measured from the stepper, has a spectral radius within
// `tolerance`. A method measured only and unstable already at the scan's first stiffness has none:
// 0, with a note in the cell.
std::optional<double> confirmed_limit(const table_method& m, double h, double b, double tolerance, bool predicted,
                                      game_cell& cell) {
  auto confirmed = largest_stable_k([&](double k) {
    const double rho = measured_radius(m.runner, k, b, h);
    return std::isfinite(rho) && rho <= tolerance;
  });
  if (!predicted && confirmed && *confirmed < policy::k_scan_start) {
    // The k found below the scan's start is where the growth per step sinks under the stepper's
    // round-off, not a stable spring.
    cell.note = "no stable stiffness: unstable from the scan's first k on";
    if (*confirmed > 0) {
      cell.roundoff_crossing_k = *confirmed;
      *cell.note += "; below roundoff_crossing_k the growth per step is under the stepper's round-off";
    }
    confirmed = 0.0;
  }
  return confirmed;
}

// Whether the stepper's limit is the predicted one. A method with no stable spring at all
// (predicted 0 undamped): the stepper's limit is where its growth per step first exceeds its
// round-off, which the stability function predicts too (|R(i h sqrt k)| = tolerance); that k goes
// into the cell.
bool agreement(const table_method& m, double h, double b, double tolerance, const std::optional<double>& predicted,
               const std::optional<double>& confirmed, game_cell& cell) {
  if (predicted && *predicted == 0 && confirmed && m.stability && b == 0) {
    const auto detectable = largest_stable_k([&](double k) {
      return std::abs(evaluate_stability_function<long double>(
                 m.stability->function, std::complex<long double>(0, h * std::sqrt((long double)k)))) <= tolerance;
    });
    cell.predicted_detectable_k = limit_of(detectable);
    cell.note =
        "no stable stiffness: |R(i omega h)| > 1 for every omega h > 0; below the confirmed k the growth "
        "per step is under the stepper's round-off";
    return detectable && std::abs(*detectable - *confirmed) <= policy::detection_agreement * *detectable;
  }
  const bool both_unbounded = !predicted && !confirmed;
  return both_unbounded ||
         (predicted && confirmed &&
          std::abs(*predicted - *confirmed) <= policy::agreement_tolerance * std::max(*predicted, 1.0));
}

// Runs just outside and just inside the confirmed limit: the spring blows up, then stays bounded.
void add_simulation(const table_method& m, double h, double b, double confirmed, game_cell& cell) {
  const double k_out = confirmed * (1 + policy::simulation_margin), k_in = confirmed * (1 - policy::simulation_margin);
  const auto outside = simulate(m.runner, k_out, b, h, policy::max_simulation_steps, false);
  const auto inside = simulate(m.runner, k_in, b, h, std::max(outside.steps, policy::min_inside_steps), true);
  const bool blows_up = outside.overflow || outside.largest > policy::blown_up_factor * outside.early;
  const bool bounded = !inside.overflow && inside.second_half <= policy::bounded_factor * inside.first_half;
  cell.simulation = game_simulation{
      .k_outside = k_out,
      .steps_outside = outside.steps,
      .growth_outside = outside.overflow ? std::nullopt : std::optional(outside.largest / outside.early),
      .blows_up_outside = blows_up,
      .k_inside = k_in,
      .steps_inside = inside.steps,
      .largest_amplitude_first_half = inside.first_half,
      .largest_amplitude_second_half = inside.second_half,
      .bounded_inside = bounded};
  if (!bounded)
    cell.note =
        "the step matrix is stable to the scalar's round-off below this k, but a run just inside still "
        "grows: the growth per step is below what one step can resolve";
}

// One cell of the table: the prediction, the stepper's confirmation and the runs around its limit.
game_cell table_cell(const table_method& m, int rate, double b) {
  const double h = 1.0 / rate;
  game_cell cell{.frame_rate = rate, .h = h, .damping = b};
  const auto predicted = predicted_limit(m, h, b);
  if (predicted.made()) {
    cell.predicted_from = predicted.from;
    cell.predicted_k_max = limit_of(predicted.k_max);
  }
  if (const char* why = unconfirmable(m, b)) {
    cell.note = why;
    return cell;
  }
  const double tolerance = 1 + policy::stable_roundoff_units * m.roundoff;
  const auto confirmed = confirmed_limit(m, h, b, tolerance, predicted.made(), cell);
  cell.confirmed_k_max = limit_of(confirmed);
  cell.stable_when = "spectral radius of the stepper's step matrix <= 1 + " +
                     std::to_string(policy::stable_roundoff_units * m.roundoff) + " (its round-off)";
  if (predicted.made()) cell.agrees = agreement(m, h, b, tolerance, predicted.k_max, confirmed, cell);
  const bool limit_is_roundoff = predicted.k_max && *predicted.k_max == 0;
  if (confirmed && *confirmed >= policy::k_scan_start && !limit_is_roundoff) add_simulation(m, h, b, *confirmed, cell);
  return cell;
}

game_row row_of(const table_method& m) {
  game_row row{.method = m.name, .title = m.title, .family = m.family};
  for (int rate : policy::frame_rates)
    for (double b : policy::dampings) row.cells.push_back(table_cell(m, rate, b));
  return row;
}

}  // namespace

user_game_limits game_limits(const user_stepper& stepper) {
  const table_method m{stepper.name,
                       stepper.name,
                       "user",
                       {},
                       {},
                       false,
                       bound_runner<double>([&stepper](const typed_problem<double>& problem) {
                         return bind_user_stepper(stepper, problem);
                       }),
                       std::numeric_limits<double>::epsilon()};
  return {.row = row_of(m), .stepper = user_stepper_json(stepper)};
}

game_table_result game_table() {
  game_table_result table;
  for (const auto& m : method_catalog()) table.rows.push_back(row_of(table_method_of(m)));
  return table;
}

// A method's row costs about its stages: the stepper runs on every spring of the scan.
sharded_suite game_table_suite(unsigned threads, bool quick) {
  sharded_suite suite{
      .name = "game-table", .settings = {{"suite", quick ? "quick" : "default"}}, .assemble = &game_table_outputs};
  // The quick table: the rows the table's one-line meaning reads and one splitting method.
  const std::vector<std::string> quick_rows{"rk4", "seed-semi-implicit-euler", "seed-euler", "radau5", "yoshida4"};
  std::vector<const method_entry*> methods;
  for (const auto& m : method_catalog()) {
    if (quick && std::find(quick_rows.begin(), quick_rows.end(), m.name) == quick_rows.end()) continue;
    methods.push_back(&m);
    suite.keys.push_back(m.name);
    suite.costs.push_back(std::max(m.fevals_per_step, 1.0));
  }
  suite.run = independent_jobs<const method_entry*>(
      methods, [](const method_entry* m) { return to_json(row_of(table_method_of(*m))); }, threads);
  return suite;
}

}  // namespace orderly
