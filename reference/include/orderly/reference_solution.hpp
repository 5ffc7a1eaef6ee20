#pragma once
// Certified high-precision reference solutions for every catalog problem.
//
// Where a problem has a closed form, the reference is the closed form evaluated in mp50 (its
// formula is certified by the residual test y' - f(t, y) = 0 in tests/unit/problems_exact_residual).
// Otherwise the solution is integrated twice, and the two runs must agree:
//   non-stiff: Gragg-Bulirsch-Stoer extrapolation (odeint's bulirsch_stoer, orders up to 16) in
//              mp50 at tolerance `tolerance`, and again in 60-digit arithmetic (mp60) at the
//              tighter `check_tolerance`;
//   stiff:     Radau IIA (compute_stiff_reference in stiff_reference.hpp), float128 vs mp50.
// The reference values are those of the more precise, more tightly controlled run.
//
// Certified digits (one definition for every problem; the stiff runs use the same formula with
// their per-problem floor): for candidate y and reference y' at each output time,
//   digits = min_i -log10( |y_i - y'_i| / max(|y'_i|, floor) ),
// minimised over the output times too; floor = 1e-3 * max_i |y'_i| for non-stiff problems (so
// a component passing near zero is measured against the size of the state, not against its own
// accidental smallness), the problem's certification_floor for stiff ones. Since the reference run
// is both more precise and more tightly controlled, the disagreement bounds the other run's error,
// and the reference itself is at least that accurate. For a closed form, digits compares the
// mp50 evaluation with a 60-digit evaluation of the same formula.
//
// References at each problem's t_end are stored in reference/data/<name>.json (decimal strings,
// method, tolerances, precisions, certified digits, compute time); `orderly reference --all
// --recompute` rewrites them. Requests at other times (dense output for studies) are computed
// with the output times hit exactly.
#include <orderly/odeint_multiprecision.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/stiff_reference.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <future>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#ifndef ORDERLY_REFERENCE_DATA_DIR
#define ORDERLY_REFERENCE_DATA_DIR "reference/data"
#endif

namespace orderly {

struct reference_states {
  std::vector<mp50> times;
  std::vector<state_of<mp50>> states;
  double certified_digits = 0;
  std::string method;  // "exact (closed form in mp50)" or how the two runs were made
  std::string origin;  // "exact", "stored" (reference/data) or "computed"
  double compute_seconds = 0;
};

struct nonstiff_reference_settings {
  std::string tolerance = "1e-31";        // mp50 run (abs = rel)
  std::string check_tolerance = "1e-36";  // 60-digit run: the stored reference values
  double target_digits = 28;
  int max_attempts = 3;
  std::string tighten = "1e-3";           // applied to both tolerances on a retry
};

// Digits on which `candidate` agrees with `reference` (definition at the top of this file); a
// floor <= 0 selects the non-stiff floor 1e-3 * max_i |reference_i|. Exact agreement counts as
// `cap` digits.
template <class C, class R>
double agreement_digits_floor(const state_of<C>& candidate, const state_of<R>& reference, R floor, double cap = 50) {
  using std::abs;
  using std::log10;
  if (candidate.size() != reference.size()) throw std::invalid_argument("agreement_digits: state sizes differ");
  if (floor <= 0) {
    R largest = 0;
    for (const auto& r : reference) largest = std::max(largest, R(abs(r)));
    floor = largest / 1000;
  }
  double digits = cap;
  for (std::size_t i = 0; i < reference.size(); ++i) {
    const R difference = abs(R(candidate[i]) - reference[i]);
    using std::isfinite;
    if (!isfinite(difference) || !isfinite(reference[i])) return 0;  // a NaN certifies nothing
    if (difference == 0) continue;
    const R size = std::max(R(abs(reference[i])), floor);
    if (size == 0) return 0;
    digits = std::min(digits, static_cast<double>(R(-log10(difference / size))));
  }
  return digits;
}

namespace detail {

inline std::string decimal(const mp50& x) {
  return x.str(std::numeric_limits<mp50>::digits10 + 2, std::ios::scientific);
}

// Ascending, duplicate-free output times, each >= t0; `order[k]` maps request k to its slot.
template <class T>
std::vector<T> sorted_times(const std::vector<mp50>& requested, std::vector<std::size_t>& order) {
  std::vector<mp50> unique = requested;
  std::sort(unique.begin(), unique.end());
  unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
  order.clear();
  for (const auto& t : requested)
    order.push_back(static_cast<std::size_t>(std::lower_bound(unique.begin(), unique.end(), t) - unique.begin()));
  std::vector<T> times;
  for (const auto& t : unique) times.push_back(static_cast<T>(t));
  return times;
}

}  // namespace detail

// Integrates problem `p` with Gragg-Bulirsch-Stoer extrapolation (abs = rel = tol), returning the
// state at each of the ascending `times` (all >= p.t0), each hit exactly.
template <class T>
std::vector<state_of<T>> integrate_extrapolation(const typed_problem<T>& p, const std::vector<T>& times, const T& tol,
                                                 std::size_t* steps = nullptr) {
  namespace odeint = boost::numeric::odeint;
  std::vector<T> grid;
  grid.push_back(p.t0);
  for (const auto& t : times) {
    if (t < p.t0) throw std::invalid_argument(p.info->name + ": reference requested before t0");
    if (t > grid.back()) grid.push_back(t);
  }
  std::vector<state_of<T>> at_grid;
  state_of<T> y = p.y0;
  const auto system = [&p](const state_of<T>& x, state_of<T>& dxdt, const T& t) {
    dxdt.resize(x.size());
    p.rhs(t, x, dxdt);
  };
  std::size_t count = 0;
  if (grid.size() > 1) {
    odeint::bulirsch_stoer<state_of<T>, T, state_of<T>, T> stepper(tol, tol);
    count = odeint::integrate_times(stepper, system, y, grid.begin(), grid.end(), T((grid[1] - grid[0]) / 100),
                                    [&](const state_of<T>& x, const T&) { at_grid.push_back(x); });
  } else {
    at_grid.push_back(y);
  }
  if (steps) *steps = count;
  std::vector<state_of<T>> result;
  for (const auto& t : times)
    result.push_back(at_grid[static_cast<std::size_t>(std::lower_bound(grid.begin(), grid.end(), t) - grid.begin())]);
  return result;
}

// Two extrapolation runs (mp50 and mp60, in parallel) and their agreement. When fewer than
// settings.target_digits are certified, both tolerances shrink by `tighten` and the pair is
// recomputed (at most max_attempts times); the result reports what was reached.
inline reference_states compute_nonstiff_reference(const problem_entry& entry, const std::vector<mp50>& requested,
                                                   const nonstiff_reference_settings& settings = {}) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::size_t> order;
  const auto times50 = detail::sorted_times<mp50>(requested, order);
  const auto times60 = detail::sorted_times<mp60>(requested, order);
  const auto coarse_problem = instantiate<mp50>(entry);
  const auto fine_problem = instantiate<mp60>(entry);
  high_precision tolerance = problems::parse_value(settings.tolerance);
  high_precision check_tolerance = problems::parse_value(settings.check_tolerance);
  reference_states result;
  for (int attempt = 1; attempt <= settings.max_attempts; ++attempt) {
    auto coarse = std::async(std::launch::async, [&] {
      return integrate_extrapolation(coarse_problem, times50, mp50(tolerance));
    });
    const auto fine = integrate_extrapolation(fine_problem, times60, mp60(check_tolerance));
    const auto coarse_states = coarse.get();
    result = reference_states{};
    result.times = requested;
    result.certified_digits = std::numeric_limits<mp50>::digits10;
    for (std::size_t k = 0; k < requested.size(); ++k) {
      const auto& reference = fine[order[k]];
      state_of<mp50> state;
      for (const auto& x : reference) state.push_back(mp50(x));
      result.states.push_back(state);
      result.certified_digits = std::min(result.certified_digits,
                                         agreement_digits_floor(coarse_states[order[k]], reference, mp60(0)));
    }
    result.method = "Gragg-Bulirsch-Stoer extrapolation (odeint bulirsch_stoer, order <= 16): reference cpp_bin_float<60> "
                    "at tol " + check_tolerance.str(3) + ", certified against cpp_bin_float_50 at tol " + tolerance.str(3) +
                    " (abs = rel)";
    if (result.certified_digits >= settings.target_digits) break;
    tolerance *= problems::parse_value(settings.tighten);
    check_tolerance *= problems::parse_value(settings.tighten);
  }
  result.origin = "computed";
  result.compute_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

inline reference_states compute_stiff_reference_states(const problem_entry& entry, const std::vector<mp50>& requested) {
  std::vector<std::size_t> order;
  const auto times = detail::sorted_times<mp50>(requested, order);
  const auto stiff = compute_stiff_reference(entry.info.name, times);
  reference_states result;
  result.times = requested;
  for (std::size_t k = 0; k < requested.size(); ++k) result.states.push_back(stiff.states[order[k]]);
  result.certified_digits = stiff.certified_digits;
  result.method = stiff.method;
  result.origin = "computed";
  result.compute_seconds = stiff.seconds;
  return result;
}

// The time itself is known to the working precision only: t carries a relative rounding error of
// eps, which moves the solution by about |t| eps |y'(t)|. A certificate claims no more digits than
// that leaves (relative to |y(t)|, as agreement_digits_floor measures); at a time so large that
// nothing is left it claims none (0 digits), and callers refuse such a time.
inline double time_resolution_digits(const typed_problem<mp50>& problem, const mp50& t, const state_of<mp50>& y) {
  state_of<mp50> slope(y.size());
  problem.rhs(t, y, slope);
  mp50 rate = 0, size = 0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    rate = std::max(rate, mp50(abs(slope[i])));
    size = std::max(size, mp50(abs(y[i])));
  }
  const mp50 moved = abs(t) * std::numeric_limits<mp50>::epsilon() * rate;
  if (moved == 0) return std::numeric_limits<mp50>::digits10;
  if (size == 0) size = 1;
  return std::max(0.0, static_cast<double>(-log10(moved / size)));
}

// The closed form at the requested times in mp50, with its digits against a 60-digit evaluation.
inline reference_states exact_reference(const problem_entry& entry, const std::vector<mp50>& times) {
  const auto p50 = instantiate<mp50>(entry);
  const auto p60 = instantiate<mp60>(entry);
  if (!p50.exact) throw std::logic_error(entry.info.name + " has no closed-form solution");
  reference_states result;
  result.times = times;
  result.certified_digits = std::numeric_limits<mp50>::digits10;
  for (const auto& t : times) {
    result.states.push_back(p50.exact(t));
    result.certified_digits = std::min(
        result.certified_digits, agreement_digits_floor(result.states.back(), p60.exact(mp60(t)), mp60(0)));
    result.certified_digits = std::min(result.certified_digits, time_resolution_digits(p50, t, result.states.back()));
  }
  result.method = "exact (closed form evaluated in cpp_bin_float_50, checked against 60 digits)";
  result.origin = "exact";
  return result;
}

// A fresh two-run computation, whatever the problem kind (closed forms excepted).
inline reference_states compute_reference(const problem_entry& entry, const std::vector<mp50>& times) {
  return entry.info.stiff ? compute_stiff_reference_states(entry, times) : compute_nonstiff_reference(entry, times);
}

// ---- stored references (reference/data/<name>.json) ----

inline std::filesystem::path reference_data_dir() {
  if (const char* dir = std::getenv("ORDERLY_REFERENCE_DATA")) return dir;
  return ORDERLY_REFERENCE_DATA_DIR;
}

inline std::filesystem::path reference_data_path(const std::string& name) { return reference_data_dir() / (name + ".json"); }

inline nlohmann::json parameters_json(const problem_info& info) {
  nlohmann::json parameters = nlohmann::json::object();
  for (const auto& p : info.parameters) parameters[p.name] = p.value;
  return parameters;
}

inline nlohmann::json reference_to_json(const problem_entry& entry, const reference_states& r) {
  nlohmann::json j;
  j["problem"] = entry.info.name;
  j["parameters"] = parameters_json(entry.info);
  j["times"] = nlohmann::json::array();
  j["states"] = nlohmann::json::array();
  for (std::size_t k = 0; k < r.times.size(); ++k) {
    j["times"].push_back(detail::decimal(r.times[k]));
    nlohmann::json state = nlohmann::json::array();
    for (const auto& x : r.states[k]) state.push_back(detail::decimal(x));
    j["states"].push_back(state);
  }
  j["certified_digits"] = r.certified_digits;
  j["digits_definition"] = "min over times and components of -log10(|y_i - y'_i| / max(|y'_i|, floor)), "
                           "floor = 1e-3 max|y'| (non-stiff) or the problem's certification floor (stiff)";
  j["method"] = r.method;
  j["compute_seconds"] = r.compute_seconds;
  j["reproduce"] = "orderly reference --problem " + entry.info.name + " --recompute";
  return j;
}

inline void store_reference(const problem_entry& entry, const reference_states& r) {
  std::filesystem::create_directories(reference_data_dir());
  std::ofstream out(reference_data_path(entry.info.name));
  if (!out) throw std::runtime_error("cannot write " + reference_data_path(entry.info.name).string());
  out << reference_to_json(entry, r).dump(2) << "\n";
}

// The stored reference of `entry`, if its file exists and was made with the entry's parameters.
inline std::optional<reference_states> load_reference(const problem_entry& entry) {
  std::ifstream in(reference_data_path(entry.info.name));
  if (!in) return std::nullopt;
  const auto j = nlohmann::json::parse(in);
  if (j.value("parameters", nlohmann::json::object()) != parameters_json(entry.info)) return std::nullopt;
  reference_states r;
  for (const auto& t : j.at("times")) r.times.push_back(mp50(t.get<std::string>()));
  for (const auto& s : j.at("states")) {
    state_of<mp50> state;
    for (const auto& x : s) state.push_back(mp50(x.get<std::string>()));
    r.states.push_back(state);
  }
  r.certified_digits = j.at("certified_digits").get<double>();
  r.method = j.at("method").get<std::string>();
  r.compute_seconds = j.value("compute_seconds", 0.0);
  r.origin = "stored";
  return r;
}

// The certified reference at `times` (each >= t0): the closed form if there is one; else the
// stored reference when it holds every requested time; else computed now (two runs).
inline reference_states reference_at(const problem_entry& entry, const std::vector<mp50>& times) {
  if (times.empty()) throw std::invalid_argument("reference_at: no output times");
  if (entry.info.has_exact) return exact_reference(entry, times);
  if (auto stored = load_reference(entry)) {
    reference_states r = *stored;
    r.times = times;
    r.states.clear();
    bool covered = true;
    for (const auto& t : times) {
      const auto it = std::find(stored->times.begin(), stored->times.end(), t);
      if (it == stored->times.end()) {
        covered = false;
        break;
      }
      r.states.push_back(stored->states[static_cast<std::size_t>(it - stored->times.begin())]);
    }
    if (covered) return r;
  }
  return compute_reference(entry, times);
}

// The default end time of a problem in mp50 (exactly as the mp50 instantiation holds it).
inline mp50 default_end_time(const problem_entry& entry) { return instantiate<mp50>(entry).t_end; }

// n + 1 uniformly spaced output times t0 + k (t_end - t0) / n, k = 0..n (for dense studies).
inline std::vector<mp50> uniform_times(const problem_entry& entry, std::size_t n) {
  const auto p = instantiate<mp50>(entry);
  std::vector<mp50> times;
  for (std::size_t k = 0; k <= n; ++k) times.push_back(p.t0 + (p.t_end - p.t0) * mp50(k) / mp50(n));
  return times;
}

}  // namespace orderly
