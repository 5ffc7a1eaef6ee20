// An explicit Runge-Kutta step's coefficients read from the unit-vector probe, then tested: a
// dense probe must give the predicted combinations, a constant right-hand side the same number of
// calls, and a repeated step the same result (tableau_recovery.hpp).
#include <orderly/analysis/rational_recognition.hpp>

#include "recovery_probe.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>

namespace orderly::recovery {
namespace {

// The dense probe's step and start time: binary fractions, so h c_j and t0 + c_j h stay exact.
constexpr double dense_probe_h = 0.5;
constexpr double dense_probe_t0 = 0.375;
// Its pseudo-random data come from this seed (the same every run).
constexpr std::uint64_t dense_probe_seed = 20261128;

recovered_rk read_rk(const probe& p, bool with_error, int error_sign) {
  recovered_rk m;
  const int s = static_cast<int>(p.calls.size());
  m.evaluations = s;
  for (int j = 0; j < s; ++j) {
    const auto& call = p.calls[static_cast<std::size_t>(j)];
    m.c.push_back(read_coefficient(call.t));
    m.a.emplace_back();
    for (int l = 0; l < j; ++l) m.a.back().push_back(read_coefficient(call.y[static_cast<std::size_t>(l)]));
    m.b.push_back(read_coefficient(p.y1[static_cast<std::size_t>(j)]));
  }
  if (with_error) {
    m.error_weights.emplace();
    m.error_sign = error_sign;
    for (int j = 0; j < s; ++j) {
      // e_j = b_j - b_hat_j, formed from two weights of the size of b_j: its bound is theirs.
      const double e = p.error[static_cast<std::size_t>(j)];
      const double b = p.y1[static_cast<std::size_t>(j)];
      m.error_weights->push_back(read_coefficient(e, rounding_bound(std::fabs(b) + std::fabs(e))));
    }
  }
  return m;
}

// What the unit-vector probe itself shows is not a Runge-Kutta step: values where none can be.
std::string unit_probe_anomaly(const probe& p, int width) {
  const int s = static_cast<int>(p.calls.size());
  for (int j = 0; j < s; ++j)
    for (int l = j; l < width; ++l)
      if (p.calls[static_cast<std::size_t>(j)].y[static_cast<std::size_t>(l)] != 0)
        return "call " + std::to_string(j + 1) + " is made at a state that holds evaluation " + std::to_string(l + 1) +
               ", not made yet (" + number(p.calls[static_cast<std::size_t>(j)].y[static_cast<std::size_t>(l)]) + ")";
  for (int l = s; l < width; ++l)
    if (p.y1[static_cast<std::size_t>(l)] != 0)
      return "the result holds component " + std::to_string(l + 1) + " that no evaluation gave";
  return {};
}

// The dense probe: a general state and general evaluations must give the predicted combinations.
std::string dense_probe_disagreement(const user_stepper& stepper, const recovered_rk& m, bool with_error,
                                     std::vector<std::string>& evidence) {
  const int s = m.evaluations;
  const int n = std::max(s, 3);
  std::mt19937_64 random(dense_probe_seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  state_of<double> y0(static_cast<std::size_t>(n));
  for (auto& x : y0) x = uniform(random);
  std::vector<state_of<double>> v(static_cast<std::size_t>(s), state_of<double>(static_cast<std::size_t>(n)));
  for (auto& vector : v)
    for (auto& x : vector) x = uniform(random);
  const double h = dense_probe_h, t0 = dense_probe_t0;
  const probe p = run_probe(stepper, with_error, t0, y0, h, s + 1,
                            [&](int call, const state_of<double>&) { return v[static_cast<std::size_t>(call)]; });
  if (p.exceeded || static_cast<int>(p.calls.size()) != s)
    return "its number of evaluations changes with the data: " + std::to_string(s) + " from a zero state, " +
           (p.exceeded ? "more than " + std::to_string(s) : std::to_string(p.calls.size())) +
           " from a general one (an adaptive, iterative or implicit step)";
  if (!p.failure.empty()) return "the step refused a general state: " + p.failure;
  comparison nodes, stages, result, estimate;
  for (int j = 0; j < s; ++j) {
    const auto& call = p.calls[static_cast<std::size_t>(j)];
    const auto& c = m.c[static_cast<std::size_t>(j)];
    compare_into(nodes, t0 + static_cast<long double>(c.value) * h, call.t, std::fabs(t0) + std::fabs(c.value) * h,
                 c.bound * h);
    for (int i = 0; i < n; ++i) {
      long double sum = y0[static_cast<std::size_t>(i)], magnitude = std::fabs(y0[static_cast<std::size_t>(i)]),
                  bound = 0;
      for (int l = 0; l < j; ++l) {
        const auto& a = m.a[static_cast<std::size_t>(j)][static_cast<std::size_t>(l)];
        const long double term =
            h * static_cast<long double>(a.value) * v[static_cast<std::size_t>(l)][static_cast<std::size_t>(i)];
        sum += term;
        magnitude += std::fabs(term);
        bound += h * a.bound * std::fabs(v[static_cast<std::size_t>(l)][static_cast<std::size_t>(i)]);
      }
      compare_into(stages, sum, call.y[static_cast<std::size_t>(i)], magnitude, bound);
    }
  }
  for (int i = 0; i < n; ++i) {
    long double sum = y0[static_cast<std::size_t>(i)], magnitude = std::fabs(y0[static_cast<std::size_t>(i)]),
                bound = 0;
    long double err = 0, err_magnitude = 0, err_bound = 0;
    for (int l = 0; l < s; ++l) {
      const double vl = v[static_cast<std::size_t>(l)][static_cast<std::size_t>(i)];
      const auto& b = m.b[static_cast<std::size_t>(l)];
      sum += h * static_cast<long double>(b.value) * vl;
      magnitude += std::fabs(h * b.value * vl);
      bound += h * b.bound * std::fabs(vl);
      if (m.error_weights) {
        const auto& e = (*m.error_weights)[static_cast<std::size_t>(l)];
        err += h * static_cast<long double>(e.value) * vl;
        err_magnitude += std::fabs(h * e.value * vl) + std::fabs(h * b.value * vl);
        err_bound += h * e.bound * std::fabs(vl);
      }
    }
    compare_into(result, sum, p.y1[static_cast<std::size_t>(i)], magnitude, bound);
    if (m.error_weights) compare_into(estimate, err, p.error[static_cast<std::size_t>(i)], err_magnitude, err_bound);
  }
  auto line = [](const char* what, const comparison& c) {
    std::ostringstream out;
    out.precision(2);
    out << what << (c.agrees ? " agree" : " differ") << " (largest difference " << c.worst << " of the tolerance)";
    return out.str();
  };
  evidence.push_back("dense probe (h = 1/2, t0 = 3/8, random state and evaluations): " + line("the times", nodes) +
                     "; " + line("the stage states", stages) + "; " + line("the result", result) +
                     (m.error_weights ? "; " + line("the estimate", estimate) : std::string()));
  if (!nodes.agrees) return "the times of its evaluations are not t0 + c_j h for fixed c_j";
  if (!stages.agrees)
    return "its stage states are not y0 + h sum a_jl k_l for fixed a_jl: the step is not affine in its evaluations";
  if (!result.agrees)
    return "its result is not y0 + h sum b_j k_j for fixed b_j: the step is not affine in its evaluations";
  if (m.error_weights && !estimate.agrees) return "its error estimate is not h sum e_j k_j for fixed e_j";
  return {};
}

// A right-hand side that returns one constant vector, whatever it is asked: an explicit step
// makes its s evaluations still; an iteration that solves for its stages stops early, as it does
// on a real problem, and its count of evaluations gives it away.
std::string constant_probe_disagreement(const user_stepper& stepper, const recovered_rk& m, bool with_error,
                                        std::vector<std::string>& evidence) {
  const int s = m.evaluations;
  const state_of<double> v{1, -1, 0.5};
  const probe p = run_probe(stepper, with_error, 0.0, state_of<double>(v.size(), 0.0), 1.0, s + 1,
                            [&v](int, const state_of<double>&) { return v; });
  const std::string count = p.exceeded ? "more than " + std::to_string(s) : std::to_string(p.calls.size());
  evidence.push_back("constant probe (f = a constant vector): " + count + " evaluations");
  if (p.exceeded || static_cast<int>(p.calls.size()) != s)
    return "its number of evaluations changes with the right-hand side: " + std::to_string(s) +
           " with a new vector at each call, " + count +
           " with a constant one (an iterative or implicit step, or an adaptive one)";
  return {};
}

// The unit-vector probe again after a step on other data (evaluations 2 e_j): a step that keeps
// something of its last call (a multistep method's history, a cached last stage) repeats otherwise.
std::string repeat_disagreement(const user_stepper& stepper, const probe& first, bool with_error, int width,
                                std::vector<std::string>& evidence) {
  run_probe(stepper, with_error, 0.0, state_of<double>(static_cast<std::size_t>(width), 0.0), 1.0, width,
            [width](int call, const state_of<double>&) {
              auto e = unit_vector(width, call);
              for (auto& x : e) x *= 2;
              return e;
            });
  const probe again = run_probe(stepper, with_error, 0.0, state_of<double>(static_cast<std::size_t>(width), 0.0), 1.0,
                                width, [width](int call, const state_of<double>&) { return unit_vector(width, call); });
  bool same = again.calls.size() == first.calls.size() && again.y1 == first.y1 && again.error == first.error;
  for (std::size_t j = 0; same && j < first.calls.size(); ++j)
    same = again.calls[j].t == first.calls[j].t && again.calls[j].y == first.calls[j].y;
  evidence.push_back(std::string("the unit-vector probe repeated after a step on other data: ") +
                     (same ? "identical"
                           : "differs (" + std::to_string(first.calls.size()) + " then " +
                                 std::to_string(again.calls.size()) + " evaluations)"));
  if (!same) return "it keeps state between steps: the same step repeated made different calls or results";
  return {};
}

}  // namespace

void recover_runge_kutta(const user_stepper& stepper, tableau_recovery& r) {
  const bool with_error = static_cast<bool>(stepper.step_with_error);
  int width = 0;
  const probe first = unit_probe(stepper, with_error, width);
  if (first.exceeded) {
    r.not_runge_kutta = "more than " + std::to_string(max_recovered_evaluations) +
                        " evaluations in one step from a zero state: not read";
    return;
  }
  if (!first.failure.empty()) {
    r.not_runge_kutta =
        "the step refused the probe (a zero state " + std::to_string(width) + " values wide, h = 1): " + first.failure;
    return;
  }
  if (first.calls.empty()) {
    r.not_runge_kutta = "the step evaluates the right-hand side not once";
    return;
  }
  r.evidence.push_back("unit-vector probe (t0 = 0, y0 = 0, h = 1, a state " + std::to_string(width) +
                       " wide): " + std::to_string(first.calls.size()) + " evaluations");
  if (const auto anomaly = unit_probe_anomaly(first, width); !anomaly.empty()) {
    r.not_runge_kutta = anomaly;
    return;
  }
  recovered_rk m = read_rk(first, with_error, stepper.error_sign);
  if (with_error) {
    // The estimate's step must propagate what the plain step does.
    const probe plain =
        run_probe(stepper, false, 0.0, state_of<double>(static_cast<std::size_t>(width), 0.0), 1.0, width,
                  [width](int call, const state_of<double>&) { return unit_vector(width, call); });
    if (plain.y1 != first.y1) {
      r.not_runge_kutta = "its step with the error estimate writes another y than its plain step";
      return;
    }
  }
  // A step that keeps state shows it after a call on other data; one that iterates, on data it can
  // converge on; one that is not affine, on general data.
  for (const auto& test :
       {std::function<std::string()>(
            [&] { return repeat_disagreement(stepper, first, with_error, width, r.evidence); }),
        std::function<std::string()>([&] { return constant_probe_disagreement(stepper, m, with_error, r.evidence); }),
        std::function<std::string()>([&] { return dense_probe_disagreement(stepper, m, with_error, r.evidence); })})
    if (auto why = test(); !why.empty()) {
      // A step that changes its behaviour from call to call (a multistep method past its start)
      // fails some test: the first probe repeated now tells that it keeps state.
      const probe again =
          run_probe(stepper, with_error, 0.0, state_of<double>(static_cast<std::size_t>(width), 0.0), 1.0, width,
                    [width](int call, const state_of<double>&) { return unit_vector(width, call); });
      if (again.calls.size() != first.calls.size() || again.y1 != first.y1) {
        r.evidence.push_back("the unit-vector probe repeated at the end: " + std::to_string(again.calls.size()) +
                             " evaluations, " + std::to_string(first.calls.size()) + " at first");
        why = "it keeps state between steps: the same step made " + std::to_string(first.calls.size()) +
              " evaluations at first and " + std::to_string(again.calls.size()) + " later (" + why + ")";
      }
      r.not_runge_kutta = why;
      return;
    }
  r.method = std::move(m);
}

}  // namespace orderly::recovery
