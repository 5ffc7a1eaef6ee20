#pragma once
// The energy study's run, templated on the run's scalar T and its summation. Internal to the
// study: included by the .cpp files that instantiate it once per scalar (studies/energy/energy_run_*.cpp),
// not by tests or the CLI (the instantiations are heavy for software scalars).
#include <orderly/bound_user_stepper.hpp>
#include <orderly/driver.hpp>
#include <orderly/energy.hpp>
#include <orderly/problems/support.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace orderly::energy_detail {

// The scalar the invariants are evaluated in: wider than the run's, so that the relative error of
// the evaluation (a few units of the wide epsilon) stays far below the run's rounding.
template <class T>
struct wide;
template <>
struct wide<float> {
  using type = double;
};
template <>
struct wide<double> {
  using type = float128;
};
template <>
struct wide<long double> {
  using type = float128;
};
template <>
struct wide<float128> {
  using type = mp50;
};

template <class W, class T>
W widen(const T& x) {
  if constexpr (std::is_same_v<T, float128> && std::is_same_v<W, mp50>) {
    // float128 -> 50 digits, exactly: split into a double and the (exact) rest, twice over.
    const double hi = static_cast<double>(x);
    const float128 rest = x - float128(hi);
    const double mid = static_cast<double>(rest);
    const double lo = static_cast<double>(rest - float128(mid));
    return W(hi) + W(mid) + W(lo);
  } else {
    return W(x);
  }
}

// Bin ends at ceil(10^(k / bins_per_decade)), each bin probed at up to probes_per_bin evenly spaced
// steps, the bin's end last.
struct probe {
  std::size_t step;
  bool bin_end;
};

inline std::vector<probe> probe_schedule(std::size_t steps, const energy_policy& policy) {
  std::vector<std::size_t> ends;
  for (int k = 0;; ++k) {
    const double value = std::ceil(std::pow(10.0, static_cast<double>(k) / policy.bins_per_decade) - 1e-9);
    const auto end = static_cast<std::size_t>(value);
    if (end >= steps) break;
    if (ends.empty() || end > ends.back()) ends.push_back(end);
  }
  ends.push_back(steps);
  std::vector<probe> probes;
  std::size_t previous = 0;
  for (auto end : ends) {
    const std::size_t width = end - previous;
    const auto count = std::min<std::size_t>(width, static_cast<std::size_t>(policy.probes_per_bin));
    std::size_t last = previous;
    for (std::size_t j = 1; j <= count; ++j) {
      const std::size_t s = previous + (j * width + count - 1) / count;  // ceil(j width / count)
      if (s > last) probes.push_back({s, s == end});
      last = s;
    }
    previous = end;
  }
  return probes;
}

template <class W>
const invariant<W>* find_invariant(const typed_problem<W>& p, std::string_view name) {
  for (const auto& inv : p.invariants)
    if (inv.name == name) return &inv;
  return nullptr;
}

// The run's stepper: the factory's, or an implicit Runge-Kutta method with the request's Newton
// tolerance.
template <class T, summation Sum>
std::unique_ptr<bound_stepper<T>> run_stepper(const method_entry& method, const typed_problem<T>& problem,
                                              double newton_tolerance) {
  if (newton_tolerance == 0) return make_stepper<T, Sum>(method, problem);
  if constexpr (Sum == summation::plain)
    return make_implicit_rk_stepper<T>(method, problem, T(newton_tolerance));
  else
    throw std::invalid_argument("energy: a Newton tolerance with a compensated update (implicit methods have none)");
}

// The run's stepper for a request: the method's (run_stepper), or a user's step, which runs in
// double with the plain update only (its code does its own arithmetic).
template <class T, summation Sum>
std::unique_ptr<bound_stepper<T>> request_stepper(const energy_request& request, const typed_problem<T>& problem) {
  if (!request.user) return run_stepper<T, Sum>(*request.method, problem, request.newton_tolerance);
  if constexpr (std::is_same_v<T, double> && Sum == summation::plain)
    return bind_user_stepper(*request.user, problem);
  else
    throw std::invalid_argument("energy: a user's stepper runs in double with its own update only");
}

// A state of the run's scalar in W, each entry exactly (widen).
template <class W, class T>
state_of<W> to_wide(const state_of<T>& y) {
  state_of<W> w(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) w[i] = widen<W>(y[i]);
  return w;
}

// What a run's states are measured against, evaluated in W at the start: the energy (every problem
// of the study has one) and the components of the angular momentum where the problem has them.
template <class W>
struct invariants_at_start {
  const invariant<W>* energy = nullptr;
  std::vector<const invariant<W>*> momentum;
  W H0 = 0, H0_scale = 0;
  std::vector<W> L0;
  W L0_norm = 0;

  // (H - H0) / |H0|, signed.
  W energy_deviation(const W& t, const state_of<W>& y) const { return (energy->value(t, y) - H0) / H0_scale; }

  // |L - L0| / |L0|, the vector norm over the components.
  double momentum_error(const W& t, const state_of<W>& y) const {
    W d2 = 0;
    for (std::size_t c = 0; c < momentum.size(); ++c) {
      const W d = momentum[c]->value(t, y) - L0[c];
      d2 += d * d;
    }
    using std::sqrt;
    return static_cast<double>(sqrt(d2) / L0_norm);
  }
};

template <class W>
invariants_at_start<W> invariants_of(const typed_problem<W>& problem, const W& t0, const state_of<W>& y0) {
  using std::abs;
  invariants_at_start<W> start;
  start.energy = find_invariant(problem, "energy");
  if (!start.energy) throw std::invalid_argument(problem.info->name + " has no energy invariant");
  for (const auto& inv : problem.invariants)
    if (inv.name.rfind("angular momentum", 0) == 0) start.momentum.push_back(&inv);
  start.H0 = start.energy->value(t0, y0);
  start.H0_scale = abs(start.H0);
  if (start.H0_scale == 0) throw std::invalid_argument(problem.info->name + ": H0 = 0, no relative energy error");
  for (const auto* inv : start.momentum) {
    start.L0.push_back(inv->value(t0, y0));
    start.L0_norm += start.L0.back() * start.L0.back();
  }
  using std::sqrt;
  start.L0_norm = sqrt(start.L0_norm);
  return start;
}

// The phase along a problem's planar orbit (typed_problem::orbit): the revolutions counted from the
// run's own states at every step, and at a probe the lag of the unwrapped true anomaly behind the
// exact orbit's, measured in the mean anomaly.
template <class T, class W>
class orbit_phase {
 public:
  explicit orbit_phase(const planar_orbit<W>& orbit) : orbit_(orbit) {}

  // One revolution more each time the orbit crosses the negative q1 axis downwards (atan2 jumps
  // from +pi to -pi there).
  void step(const state_of<T>& y) {
    const bool below = y[1] < 0;
    if (below && !below_axis_ && y[0] < 0) ++revolutions_;
    below_axis_ = below;
  }

  double error(const W& t, const state_of<W>& y) const {
    using std::atan2;
    const W two_pi = 2 * problems::pi<W>();
    const W theta = atan2(y[1] + W(0), y[0]) + two_pi * W(revolutions_);
    return static_cast<double>(orbit_.mean_anomaly(theta) - orbit_.mean_anomaly(orbit_.true_anomaly(t)));
  }

 private:
  const planar_orbit<W>& orbit_;
  std::uint64_t revolutions_ = 0;
  bool below_axis_ = false;  // q2 < 0 at the previous step
};

// The round-off shadow: the same method in W from the run's rounded y0 with the run's rounded h,
// stepped beside the run. The truncation error is the same in both, so the energy difference of
// the two states is the run's round-off alone.
template <class W>
struct roundoff_shadow {
  std::unique_ptr<bound_stepper<W>> stepper;
  state_of<W> y;
  double bin_max = 0, envelope = 0;
};

template <class T, class W>
std::optional<roundoff_shadow<W>> shadow_of(const energy_request& request, const typed_problem<W>& wide_problem,
                                            const state_of<W>& y0) {
  if (!request.roundoff_shadow) return std::nullopt;
  if (!request.method)
    throw std::invalid_argument("energy: no round-off shadow of a user's stepper (it steps in double only)");
  if constexpr (!std::is_same_v<T, float128>)
    return roundoff_shadow<W>{run_stepper<W, summation::plain>(*request.method, wide_problem, request.newton_tolerance),
                              y0};
  else
    throw std::invalid_argument("energy: a round-off shadow of a float128 run would need a 100-digit run");
}

// The run's observer. At every step: the shadow's step and the orbit's revolution count. At each
// probe of the schedule: the energy's deviation, folded into its bin's maximum; at a bin's end, the
// sample (with the angular momentum, the phase and the round-off where the run has them).
template <class T, class W>
class probe_recorder {
 public:
  probe_recorder(std::vector<probe> probes, const invariants_at_start<W>& start, const W& t0, const W& h,
                 roundoff_shadow<W>* shadow, orbit_phase<T, W>* orbit)
      : probes_(std::move(probes)), start_(start), t0_(t0), h_(h), shadow_(shadow), orbit_(orbit) {
    samples.reserve(static_cast<std::size_t>(
        std::count_if(probes_.begin(), probes_.end(), [](const probe& p) { return p.bin_end; })));
  }

  void operator()(std::size_t n, const T&, const state_of<T>& y) {
    if (shadow_) shadow_->stepper->step(t0_ + W(n - 1) * h_, shadow_->y, h_);
    if (orbit_) orbit_->step(y);
    if (next_ >= probes_.size() || n != probes_[next_].step) return;
    record(n, to_wide<W>(y), probes_[next_].bin_end);
    ++next_;
  }

  std::vector<energy_sample> samples;
  std::vector<std::array<double, 4>> planar_states;  // a planar orbit's state at each sample

 private:
  void record(std::size_t n, const state_of<W>& y, bool bin_end) {
    using std::abs;
    const W t = t0_ + W(n) * h_;  // the run's t_n = n h exactly, h the run's rounded step
    const W deviation = start_.energy_deviation(t, y);
    const double error = static_cast<double>(abs(deviation));
    // std::max would drop a NaN; a value that is not finite must reach the record (class unstable).
    bin_max_ = std::isfinite(error) ? std::max(bin_max_, error) : error;
    if (shadow_)
      shadow_->bin_max =
          std::max(shadow_->bin_max, static_cast<double>(abs(roundoff_difference(t, y)) / start_.H0_scale));
    if (!bin_end) return;
    envelope_ = std::max(envelope_, bin_max_);
    energy_sample s{.step = n,
                    .t = static_cast<double>(t),
                    .energy_error = error,
                    .energy_deviation = static_cast<double>(deviation),
                    .bin_max = bin_max_,
                    .envelope = envelope_};
    if (!start_.momentum.empty()) s.angular_momentum_error = start_.momentum_error(t, y);
    if (orbit_) s.phase_error = orbit_->error(t, y);
    if (shadow_) {
      shadow_->envelope = std::max(shadow_->envelope, shadow_->bin_max);
      s.roundoff_energy_error = shadow_->bin_max;
      s.roundoff_envelope = shadow_->envelope;
      s.roundoff_energy_deviation = static_cast<double>(roundoff_difference(t, y) / start_.H0_scale);
      shadow_->bin_max = 0;
    }
    samples.push_back(s);
    if (y.size() == 4)
      planar_states.push_back(
          {static_cast<double>(y[0]), static_cast<double>(y[1]), static_cast<double>(y[2]), static_cast<double>(y[3])});
    bin_max_ = 0;
  }

  // H(y_n) - H(y~_n), y~ the shadow's state.
  W roundoff_difference(const W& t, const state_of<W>& y) const {
    return start_.energy->value(t, y) - start_.energy->value(t, shadow_->y);
  }

  std::vector<probe> probes_;
  const invariants_at_start<W>& start_;
  W t0_, h_;
  roundoff_shadow<W>* shadow_;
  orbit_phase<T, W>* orbit_;
  std::size_t next_ = 0;
  double bin_max_ = 0, envelope_ = 0;
};

// What ran and how it ended.
template <class T, summation Sum>
void describe_run(energy_result& result, const energy_request& request, const T& h, const drive_outcome<T>& outcome,
                  double t_end) {
  const method_entry* method = request.method;  // none for a user's stepper
  result.method = method ? method->name : request.user->name;
  result.problem = request.problem->info.name;
  result.family = method ? family_name(method->family) : "user";
  // The coefficients decide symplecticity (a user's stepper declares none).
  result.coefficients = method ? coefficient_expectation_of(*method) : std::nullopt;
  result.symplectic = result.coefficients ? result.coefficients->symplectic : method && method->symplectic;
  result.order = method ? method->order : request.user->declared_order;
  result.h_text = request.h;
  result.h = static_cast<double>(h);
  result.steps = request.steps;
  result.compensated = Sum == summation::compensated;
  result.stable = outcome.stable;
  result.failure = outcome.failure;
  result.t_end = t_end;
  result.rhs_evaluations = outcome.work.rhs_evaluations;
  if (method && method->family == method_family::implicit_rk) {
    result.newton_tolerance = request.newton_tolerance;
    result.newton_iterations = outcome.work.linear_solves;  // one solve with the LU per Newton iteration
  }
  result.policy = request.policy;
}

// A harmonic oscillator: the energy the method's linear model predicts at the run's samples (none
// for a method without one), from the run's rounded h and y0 taken exactly and k in 50 digits.
template <class T, class W>
void attach_harmonic_prediction(energy_result& result, const method_entry& method, const problem_entry& entry,
                                const typed_problem<T>& problem, const T& h) {
  std::vector<std::size_t> steps;
  for (const auto& s : result.samples) steps.push_back(s.step);
  const typed_problem<mp50> exact_problem = instantiate<mp50>(entry);
  const auto prediction =
      predict_harmonic(method, widen<mp50>(widen<W>(h)), exact_problem.oscillator->k,
                       widen<mp50>(widen<W>(problem.y0[0])), widen<mp50>(widen<W>(problem.y0[1])), steps);
  if (!prediction) return;
  for (std::size_t i = 0; i < result.samples.size(); ++i) {
    result.samples[i].predicted_energy_deviation = prediction->deviation[i];
    result.samples[i].predicted_energy_error = std::fabs(prediction->deviation[i]);
  }
  result.theory = prediction->formula;
  result.per_step_energy_factor = prediction->per_step_factor;
  if (result.coefficients && result.coefficients->drift_power)
    result.predicted_drift_rate = predicted_harmonic_drift_rate(
        *result.coefficients, std::sqrt(static_cast<double>(exact_problem.oscillator->k)), static_cast<double>(h));
}

// One run: the run's and the wide scalar's problem, the invariants at the start, the orbit's phase
// and the round-off shadow where the run has them, the probes recorded along the fixed steps, then
// what ran and, on a harmonic oscillator, the method's prediction beside the record.
template <class T, summation Sum>
energy_result run_energy(const energy_request& request) {
  using W = typename wide<T>::type;
  const auto& entry = *request.problem;
  const typed_problem<T> problem = instantiate<T>(entry);
  const typed_problem<W> wide_problem = instantiate<W>(entry);
  const T h = problems::value<T>(request.h);
  auto stepper = request_stepper<T, Sum>(request, problem);

  const W t0 = widen<W>(problem.t0);
  const W h_wide = widen<W>(h);
  const invariants_at_start<W> start = invariants_of(wide_problem, t0, to_wide<W>(problem.y0));
  // A planar orbit's phase is tracked from the start (the revolution count needs every step).
  std::optional<orbit_phase<T, W>> orbit;
  if (wide_problem.orbit) orbit.emplace(*wide_problem.orbit);
  auto shadow = shadow_of<T>(request, wide_problem, to_wide<W>(problem.y0));

  probe_recorder<T, W> recorder(probe_schedule(request.steps, request.policy), start, t0, h_wide,
                                shadow ? &*shadow : nullptr, orbit ? &*orbit : nullptr);
  const auto outcome = drive_fixed(*stepper, problem, h, request.steps, recorder);

  energy_result result;
  result.samples = std::move(recorder.samples);
  const auto planar_states = std::move(recorder.planar_states);
  describe_run<T, Sum>(result, request, h, outcome, static_cast<double>(t0 + W(outcome.steps_done) * h_wide));
  if (request.method && problem.oscillator)
    attach_harmonic_prediction<T, W>(result, *request.method, entry, problem, h);
  if (request.method && problem.orbit && problem.y0.size() == 4)
    result.predicted_drift_rate =
        predicted_kepler_drift_rate(*request.method,
                                    {static_cast<double>(problem.y0[0]), static_cast<double>(problem.y0[1]),
                                     static_cast<double>(problem.y0[2]), static_cast<double>(problem.y0[3])},
                                    static_cast<double>(h));
  if (result.predicted_drift_rate && result.stable && !planar_states.empty() &&
      planar_states.size() == result.samples.size()) {
    std::vector<double> times, deviations;
    for (const auto& s : result.samples) {
      times.push_back(s.t - static_cast<double>(problem.t0));
      deviations.push_back(s.energy_deviation);
    }
    result.predicted_drift_rate_along_run = kepler_drift_rate_along_run(
        *request.method, times, deviations, planar_states, static_cast<double>(h), *result.predicted_drift_rate);
  }
  return result;
}

}  // namespace orderly::energy_detail

namespace orderly::energy_detail {
// One entry per run scalar, each compiled in its own file (plain and compensated).
energy_result run_energy_float(const energy_request& request);        // src/energy_run_hardware.cpp
energy_result run_energy_double(const energy_request& request);       // src/energy_run_hardware.cpp
energy_result run_energy_long_double(const energy_request& request);  // src/energy_run_hardware.cpp
energy_result run_energy_float128(const energy_request& request);     // src/energy_run_float128.cpp
}  // namespace orderly::energy_detail
