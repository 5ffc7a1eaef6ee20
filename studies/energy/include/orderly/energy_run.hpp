#pragma once
// The energy study's run, templated on the run's scalar T and its summation. Internal to the
// study: included by the .cpp files that instantiate it once per scalar (studies/energy/energy_run_*.cpp),
// not by tests or the CLI (the instantiations are heavy for software scalars).
#include <orderly/bound_user_stepper.hpp>
#include <orderly/driver.hpp>
#include <orderly/energy.hpp>
#include <orderly/problems/hamiltonian.hpp>
#include <orderly/problems/support.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string_view>

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

// Kepler's true anomaly at time t, unwrapped (continuous in t): from the eccentric anomaly E of
// Kepler's equation (problems::eccentric_anomaly, reduced to one period) and the count of whole
// periods; nu and E agree at multiples of pi and differ by less than pi, which fixes nu's branch.
template <class W>
W kepler_true_anomaly(const W& t, const W& e) {
  using std::atan2;
  using std::cos;
  using std::floor;
  using std::round;
  using std::sin;
  using std::sqrt;
  const W two_pi = 2 * problems::pi<W>();
  const W E = problems::eccentric_anomaly(t, e);
  const W E_unwrapped = E + two_pi * floor(t / two_pi);
  const W nu = 2 * atan2(sqrt(1 + e) * sin(E / 2), sqrt(1 - e) * cos(E / 2));
  return nu + two_pi * round((E_unwrapped - nu) / two_pi);
}

// Kepler's mean anomaly M = E - e sin E of a position of true anomaly nu (unwrapped), E the
// eccentric anomaly on nu's branch (they agree at multiples of pi and differ by less than pi). M
// advances uniformly (dM/dt = 1 for the unit orbit), so a numerical orbit's lag has the same size
// at every point of the orbit in M; in the true anomaly the same lag is multiplied by d nu / d M,
// which varies by ((1 + e) / (1 - e))^2 (16 at e = 0.6) between apoapsis and periapsis.
template <class W>
W kepler_mean_anomaly(const W& nu, const W& e) {
  using std::atan2;
  using std::cos;
  using std::round;
  using std::sin;
  using std::sqrt;
  const W two_pi = 2 * problems::pi<W>();
  const W E = 2 * atan2(sqrt(1 - e) * sin(nu / 2), sqrt(1 + e) * cos(nu / 2));
  const W E_unwrapped = E + two_pi * round((nu - E) / two_pi);
  return E_unwrapped - e * sin(E_unwrapped);
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

template <class T, summation Sum>
energy_result run_energy(const energy_request& request) {
  using W = typename wide<T>::type;
  using std::abs;
  const method_entry* method = request.method;  // none for a user's stepper
  const auto& entry = *request.problem;
  const energy_policy& policy = request.policy;
  const typed_problem<T> problem = instantiate<T>(entry);
  const typed_problem<W> wide_problem = instantiate<W>(entry);
  const T h = problems::value<T>(request.h);
  auto stepper = request_stepper<T, Sum>(request, problem);

  const invariant<W>* energy = find_invariant(wide_problem, "energy");
  if (!energy) throw std::invalid_argument(entry.info.name + " has no energy invariant");
  std::vector<const invariant<W>*> momentum;
  for (const auto& inv : wide_problem.invariants)
    if (inv.name.rfind("angular momentum", 0) == 0) momentum.push_back(&inv);

  auto to_wide = [](const state_of<T>& y) {
    state_of<W> w(y.size());
    for (std::size_t i = 0; i < y.size(); ++i) w[i] = widen<W>(y[i]);
    return w;
  };
  const W t0 = widen<W>(problem.t0);
  const W h_wide = widen<W>(h);
  const state_of<W> y0 = to_wide(problem.y0);
  const W H0 = energy->value(t0, y0);
  const W H0_scale = abs(H0);
  if (H0_scale == 0) throw std::invalid_argument(entry.info.name + ": H0 = 0, no relative energy error");
  std::vector<W> L0;
  W L0_norm = 0;
  for (const auto* inv : momentum) {
    L0.push_back(inv->value(t0, y0));
    L0_norm += L0.back() * L0.back();
  }
  {
    using std::sqrt;
    L0_norm = sqrt(L0_norm);
  }

  // Kepler: the phase is tracked from the start (the revolution count needs every step).
  const bool kepler = entry.info.name == "kepler";
  const W eccentricity = kepler ? problems::parameter<W>(entry.info, "eccentricity") : W(0);
  std::uint64_t revolutions = 0;
  bool below_axis = false;  // q2 < 0 at the previous step

  // The round-off shadow: the same method in W from the run's rounded y0 with the run's rounded h.
  constexpr bool shadow_possible = !std::is_same_v<T, float128>;
  std::unique_ptr<bound_stepper<W>> shadow;
  state_of<W> shadow_y = y0;
  if (request.roundoff_shadow) {
    if (!method)
      throw std::invalid_argument("energy: no round-off shadow of a user's stepper (it steps in double only)");
    if constexpr (shadow_possible)
      shadow = run_stepper<W, summation::plain>(*method, wide_problem, request.newton_tolerance);
    else
      throw std::invalid_argument("energy: a round-off shadow of a float128 run would need a 100-digit run");
  }
  double roundoff_bin_max = 0, roundoff_envelope = 0;

  const auto probes = probe_schedule(request.steps, policy);
  std::size_t next = 0;
  double bin_max = 0, envelope = 0;
  energy_result result;
  result.samples.reserve(
      static_cast<std::size_t>(std::count_if(probes.begin(), probes.end(), [](const probe& p) { return p.bin_end; })));

  auto observer = [&](std::size_t n, const T&, const state_of<T>& y) {
    if (shadow) shadow->step(t0 + W(n - 1) * h_wide, shadow_y, h_wide);
    if (kepler) {
      // One revolution more each time the orbit crosses the negative q1 axis downwards (atan2
      // jumps from +pi to -pi there).
      const bool below = y[1] < 0;
      if (below && !below_axis && y[0] < 0) ++revolutions;
      below_axis = below;
    }
    if (next >= probes.size() || n != probes[next].step) return;
    const state_of<W> yw = to_wide(y);
    const W t_wide = t0 + W(n) * h_wide;  // the run's t_n = n h exactly, h the run's rounded step
    const W deviation = (energy->value(t_wide, yw) - H0) / H0_scale;
    const double error = static_cast<double>(abs(deviation));
    // std::max would drop a NaN; a value that is not finite must reach the record (class unstable).
    bin_max = std::isfinite(error) ? std::max(bin_max, error) : error;
    if (shadow)
      roundoff_bin_max =
          std::max(roundoff_bin_max,
                   static_cast<double>(abs(energy->value(t_wide, yw) - energy->value(t_wide, shadow_y)) / H0_scale));
    if (probes[next].bin_end) {
      envelope = std::max(envelope, bin_max);
      energy_sample s{.step = n,
                      .t = static_cast<double>(t_wide),
                      .energy_error = error,
                      .energy_deviation = static_cast<double>(deviation),
                      .bin_max = bin_max,
                      .envelope = envelope};
      if (!momentum.empty()) {
        W d2 = 0;
        for (std::size_t c = 0; c < momentum.size(); ++c) {
          const W d = momentum[c]->value(t_wide, yw) - L0[c];
          d2 += d * d;
        }
        using std::sqrt;
        s.angular_momentum_error = static_cast<double>(sqrt(d2) / L0_norm);
      }
      if (kepler) {
        using std::atan2;
        const W two_pi = 2 * problems::pi<W>();
        const W theta = atan2(yw[1] + W(0), yw[0]) + two_pi * W(revolutions);
        s.phase_error =
            static_cast<double>(kepler_mean_anomaly(theta, eccentricity) -
                                kepler_mean_anomaly(kepler_true_anomaly(t_wide, eccentricity), eccentricity));
      }
      if (shadow) {
        roundoff_envelope = std::max(roundoff_envelope, roundoff_bin_max);
        s.roundoff_energy_error = roundoff_bin_max;
        s.roundoff_envelope = roundoff_envelope;
        s.roundoff_energy_deviation =
            static_cast<double>((energy->value(t_wide, yw) - energy->value(t_wide, shadow_y)) / H0_scale);
        roundoff_bin_max = 0;
      }
      result.samples.push_back(s);
      bin_max = 0;
    }
    ++next;
  };
  const auto outcome = drive_fixed(*stepper, problem, h, request.steps, observer);

  result.method = method ? method->name : request.user->name;
  result.problem = entry.info.name;
  result.family = method ? family_name(method->family) : "user";
  result.symplectic = method && method->symplectic;  // a user's stepper declares none
  result.order = method ? method->order : request.user->declared_order;
  result.h_text = request.h;
  result.h = static_cast<double>(h);
  result.steps = request.steps;
  result.compensated = Sum == summation::compensated;
  result.stable = outcome.stable;
  result.failure = outcome.failure;
  result.t_end = static_cast<double>(t0 + W(outcome.steps_done) * h_wide);
  result.rhs_evaluations = outcome.work.rhs_evaluations;
  if (method && method->family == method_family::implicit_rk) {
    result.newton_tolerance = request.newton_tolerance;
    result.newton_iterations = outcome.work.linear_solves;  // one solve with the LU per Newton iteration
  }
  result.policy = policy;

  // Harmonic oscillator: the prediction from the method itself, at the same steps.
  if (entry.info.name == "harmonic" && method && (method->tableau() || method->splitting())) {
    std::vector<std::size_t> steps;
    for (const auto& s : result.samples) steps.push_back(s.step);
    const auto prediction =
        predict_harmonic(*method, widen<mp50>(widen<W>(h)), problems::parameter<mp50>(entry.info, "k"),
                         widen<mp50>(widen<W>(problem.y0[0])), widen<mp50>(widen<W>(problem.y0[1])), steps);
    for (std::size_t i = 0; i < result.samples.size(); ++i) {
      result.samples[i].predicted_energy_deviation = prediction.deviation[i];
      result.samples[i].predicted_energy_error = std::fabs(prediction.deviation[i]);
    }
    result.theory = prediction.formula;
    result.per_step_energy_factor = prediction.per_step_factor;
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
