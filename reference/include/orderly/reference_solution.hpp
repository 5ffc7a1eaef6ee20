#pragma once
// Certified high-precision reference solutions for every catalog problem.
//
// Where a problem has a closed form, the reference is the closed form evaluated in mp50 (its
// formula is certified by the residual test y' - f(t, y) = 0 in tests/reference/problems_exact_residual).
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
// --recompute` rewrites them. A request at t_end rounded to a run's scalar is stepped to from the
// stored state (stored_reference_at); requests at other times (dense output for studies) are
// computed with the output times hit exactly (integrate_extrapolation in extrapolation_reference.hpp).
#include <orderly/json_text.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/reference_progress.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
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
  std::string tighten = "1e-3";  // applied to both tolerances on a retry
  reference_progress progress;   // hears the reference run's progress (none by default)
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

std::string decimal(const mp50& x);

}  // namespace detail

// The computations below are compiled once (reference/src/reference_solution.cpp): they
// instantiate odeint's extrapolation in 50 and 60 digits and the Radau IIA solver, which every
// file that only reads a stored reference would otherwise compile again.

// Two extrapolation runs (mp50 and mp60, in parallel) and their agreement. When fewer than
// settings.target_digits are certified, both tolerances shrink by `tighten` and the pair is
// recomputed (at most max_attempts times); the result reports what was reached.
reference_states compute_nonstiff_reference(const problem_entry& entry, const std::vector<mp50>& requested,
                                            const nonstiff_reference_settings& settings = {});

// The stiff problems' two Radau IIA runs (stiff_reference.hpp) at the requested times.
reference_states compute_stiff_reference_states(const problem_entry& entry, const std::vector<mp50>& requested,
                                                const reference_progress& progress = {});

// The time itself is known to the working precision only: t carries a relative rounding error of
// eps, which moves the solution by about |t| eps |y'(t)|. A certificate claims no more digits than
// that leaves (relative to |y(t)|, as agreement_digits_floor measures); at a time so large that
// nothing is left it claims none (0 digits), and callers refuse such a time.
double time_resolution_digits(const typed_problem<mp50>& problem, const mp50& t, const state_of<mp50>& y);

// The closed form at the requested times in mp50, with its digits against a 60-digit evaluation.
reference_states exact_reference(const problem_entry& entry, const std::vector<mp50>& times);

// A fresh two-run computation, whatever the problem kind (closed forms excepted).
reference_states compute_reference(const problem_entry& entry, const std::vector<mp50>& times,
                                   const reference_progress& progress = {});

// The default end time of a problem in mp50 (exactly as the mp50 instantiation holds it).
mp50 default_end_time(const problem_entry& entry);

// ---- stored references (reference/data/<name>.json) ----

inline std::filesystem::path reference_data_dir() {
  if (const char* dir = std::getenv("ORDERLY_REFERENCE_DATA")) return dir;
  return ORDERLY_REFERENCE_DATA_DIR;
}

inline std::filesystem::path reference_data_path(const std::string& name) {
  return reference_data_dir() / (name + ".json");
}

nlohmann::json parameters_json(const problem_info& info);

nlohmann::json reference_to_json(const problem_entry& entry, const reference_states& r);

inline void store_reference(const problem_entry& entry, const reference_states& r) {
  std::filesystem::create_directories(reference_data_dir());
  std::ofstream out(reference_data_path(entry.info.name));
  if (!out) throw std::runtime_error("cannot write " + reference_data_path(entry.info.name).string());
  out << reference_to_json(entry, r).dump(2) << "\n";
}

// One stored reference file's content (reference_to_json's layout) read for `entry`: nullopt when it
// was made with other parameters. A malformed file throws: nlohmann::json::exception for a missing
// field or a value of the wrong type, std::runtime_error for a decimal string mp50 cannot read,
// std::invalid_argument when the times and states do not pair up, a state is not the problem's size
// or a value is not finite
// (stored_reference_at indexes the states by the times and steps the problem from them).
std::optional<reference_states> reference_from_json(const problem_entry& entry, const nlohmann::json& j);

// The stored reference of `entry`, if its file exists and was made with the entry's parameters.
inline std::optional<reference_states> load_reference(const problem_entry& entry) {
  std::ifstream in(reference_data_path(entry.info.name));
  if (!in) return std::nullopt;
  return reference_from_json(entry, parse_json_text(in));
}

// compute_reference once per problem and output times in this process; later requests at the same
// times get the first result (reference_solution.cpp says why).
reference_states computed_reference(const problem_entry& entry, const std::vector<mp50>& times,
                                    const reference_progress& progress = {});

// The stored reference at `times`, when each requested time is a stored one or within the rounding
// of one (a run in double ends at double(t_end), which is not t_end when t_end is irrational, as
// Arenstorf's period, or not dyadic, as HIRES's 321.8122); nullopt otherwise. A time within the
// rounding of a stored one is reached from the stored state by a step across the gap, certified
// like every reference here (reference_solution.cpp says how).
std::optional<reference_states> stored_reference_at(const problem_entry& entry, const reference_states& stored,
                                                    const std::vector<mp50>& times);

// The certified reference at `times` (each >= t0): the closed form if there is one; else the
// stored reference when it holds every requested time (stored_reference_at); else computed (two
// runs) once per process, `progress` hearing how far the computation has got.
inline reference_states reference_at(const problem_entry& entry, const std::vector<mp50>& times,
                                     const reference_progress& progress = {}) {
  if (times.empty()) throw std::invalid_argument("reference_at: no output times");
  if (entry.info.has_exact) return exact_reference(entry, times);
  if (auto stored = load_reference(entry))
    if (auto at_times = stored_reference_at(entry, *stored, times)) return *at_times;
  return computed_reference(entry, times, progress);
}

}  // namespace orderly
