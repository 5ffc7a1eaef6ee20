#pragma once
// Certified reference solutions of the stiff problems.
//
// Two independent integrations with Radau IIA (default 7 stages, order 13):
//   coarse: float128 (113-bit) at rtol = coarse_rtol,
//   fine:   cpp_bin_float_50 at rtol = fine_rtol (tighter),
// both with atol = rtol * floor, where floor is the problem's certification floor. The fine run's
// values are the reference; the certified accuracy is the number of digits on which the two runs
// agree:
//   digits = min over output times t_k and components i of
//            -log10( |y_coarse_i(t_k) - y_fine_i(t_k)| / max(|y_fine_i(t_k)|, floor) ),
// i.e. relative digits for components above the floor and absolute digits (in units of the floor)
// below it. An exact match counts as float128's 33 digits. Since the fine run is both more precise
// and more tightly controlled, the disagreement bounds the coarse run's error, and the fine run is
// at least as accurate as certified. If fewer than target_digits are certified, both tolerances
// are tightened by `tighten` and the pair is recomputed (at most max_attempts times); the result
// reports what was reached, never a claimed target.
#include <orderly/implicit/radau.hpp>
#include <orderly/tableaus/implicit_methods.hpp>
#include <orderly/problems/stiff.hpp>
#include <orderly/reference_progress.hpp>
#include <orderly/scalars.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <future>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace orderly {

struct stiff_reference_settings {
  int stages = 7;
  std::string coarse_rtol = "1e-14";  // float128 run
  std::string fine_rtol = "1e-18";    // mp50 run (the reference)
  double target_digits = 16;
  int max_attempts = 3;
  std::string tighten = "1e-2";  // factor applied to both tolerances on a retry
  reference_progress progress;   // hears the reference (mp50) run's progress (none by default)
};

struct stiff_reference_result {
  std::string problem;
  std::vector<mp50> times;
  std::vector<state_of<mp50>> states;  // the fine (mp50) run at each time
  double certified_digits = 0;         // min over times and components (see above)
  std::vector<double> digits_at_time;  // the same minimum, per output time
  mp50 floor = 0;                      // certification floor used
  std::string method;                  // how the two runs were made
  double seconds = 0;                  // wall time of all attempts (the two runs of an attempt in parallel)
  int attempts = 0;
  radau_stats coarse_stats, fine_stats;  // of the final attempt
};

// Digits on which `coarse` agrees with `fine` at one time (definition above).
template <class Coarse>
double agreement_digits(const state_of<Coarse>& coarse, const state_of<mp50>& fine, const mp50& floor) {
  using std::abs;
  double digits = std::numeric_limits<float128>::digits10;
  for (std::size_t i = 0; i < fine.size(); ++i) {
    const mp50 difference = abs(mp50(coarse[i]) - fine[i]);
    if (difference == 0) continue;
    mp50 size = abs(fine[i]);
    if (size < floor) size = floor;
    digits = std::min(digits, static_cast<double>(-log10(difference / size)));
  }
  return digits;
}

// `info` is Problem::info() or a copy with changed parameters; it must outlive the call.
template <class Problem>
stiff_reference_result compute_stiff_reference(const problem_info& info, const std::vector<mp50>& times,
                                               const stiff_reference_settings& settings = {}) {
  const auto start = std::chrono::steady_clock::now();
  stiff_reference_result result;
  result.problem = info.name;
  result.times = times;
  const high_precision floor = problems::parse_value(Problem::certification_floor);
  result.floor = to_scalar<mp50>(floor);

  const auto fine_problem = Problem::template make<mp50>(&info);
  const auto coarse_problem = Problem::template make<float128>(&info);
  if (times.empty()) throw std::invalid_argument("stiff reference for " + info.name + ": no output times");
  std::vector<float128> coarse_times;
  for (const auto& t : times) coarse_times.push_back(static_cast<float128>(t));

  high_precision coarse_rtol = problems::parse_value(settings.coarse_rtol);
  high_precision fine_rtol = problems::parse_value(settings.fine_rtol);
  const high_precision tighten = problems::parse_value(settings.tighten);
  const butcher_tableau radau = tableaus::radau_iia(settings.stages, "radau-iia" + std::to_string(settings.stages));
  for (int attempt = 1; attempt <= settings.max_attempts; ++attempt) {
    result.attempts = attempt;
    radau_options<float128> coarse_options;
    coarse_options.rtol = to_scalar<float128>(coarse_rtol);
    coarse_options.atol = to_scalar<float128>(coarse_rtol * floor);
    radau_options<mp50> fine_options;
    fine_options.rtol = to_scalar<mp50>(fine_rtol);
    fine_options.atol = to_scalar<mp50>(fine_rtol * floor);

    // The two runs are independent: the coarse one runs on a second thread.
    std::vector<state_of<float128>> coarse_states;
    auto coarse = std::async(std::launch::async, [&] {
      state_of<float128> y_coarse = coarse_problem.y0;
      return integrate_radau(
          radau, coarse_problem.rhs, coarse_problem.jacobian, coarse_problem.t0, coarse_times, y_coarse, coarse_options,
          [&](std::size_t, const float128&, const state_of<float128>& y) { coarse_states.push_back(y); });
    });
    result.states.clear();
    state_of<mp50> y_fine = fine_problem.y0;
    span_progress<mp50> progress(settings.progress, fine_problem.t0, times.back(), attempt, settings.max_attempts);
    const auto fine_rhs = [&](const mp50& t, const state_of<mp50>& y, state_of<mp50>& dydt) {
      progress.evaluated_at(t);
      fine_problem.rhs(t, y, dydt);
    };
    result.fine_stats =
        integrate_radau(radau, fine_rhs, fine_problem.jacobian, fine_problem.t0, times, y_fine, fine_options,
                        [&](std::size_t, const mp50&, const state_of<mp50>& y) { result.states.push_back(y); });
    result.coarse_stats = coarse.get();

    result.digits_at_time.clear();
    for (std::size_t k = 0; k < times.size(); ++k)
      result.digits_at_time.push_back(agreement_digits(coarse_states[k], result.states[k], result.floor));
    result.certified_digits = *std::min_element(result.digits_at_time.begin(), result.digits_at_time.end());

    std::ostringstream method;
    method << "Radau IIA, " << settings.stages << " stages (order " << 2 * settings.stages - 1
           << "); reference: mp50 at rtol " << static_cast<double>(fine_rtol) << "; certified against float128 at rtol "
           << static_cast<double>(coarse_rtol) << "; atol = rtol * " << static_cast<double>(floor);
    result.method = method.str();
    if (result.certified_digits >= settings.target_digits) break;
    coarse_rtol *= tighten;
    fine_rtol *= tighten;
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

// With the problem's default parameters.
template <class Problem>
stiff_reference_result compute_stiff_reference(const std::vector<mp50>& times,
                                               const stiff_reference_settings& settings = {}) {
  static const problem_info info = Problem::info();
  return compute_stiff_reference<Problem>(info, times, settings);
}

// Calls visit(Problem{}) for the stiff problem called `name`; returns false if there is none.
template <class Visitor>
bool visit_stiff_problem(std::string_view name, Visitor&& visit) {
  if (name == "stiff-spring") return visit(stiff_spring_problem{}), true;
  if (name == "prothero-robinson") return visit(prothero_robinson_problem{}), true;
  if (name == "rober") return visit(rober_problem{}), true;
  if (name == "vdpol") return visit(vdpol_problem{}), true;
  if (name == "hires") return visit(hires_problem{}), true;
  if (name == "orego") return visit(orego_problem{}), true;
  if (name == "e5") return visit(e5_problem{}), true;
  return false;
}

std::vector<std::string_view> stiff_problem_names();

// Runtime dispatch by problem name, default parameters.
stiff_reference_result compute_stiff_reference(std::string_view name, const std::vector<mp50>& times,
                                               const stiff_reference_settings& settings = {});

// Runtime dispatch by info.name, honouring info's (possibly changed) parameters.
stiff_reference_result compute_stiff_reference(const problem_info& info, const std::vector<mp50>& times,
                                               const stiff_reference_settings& settings = {});

}  // namespace orderly
