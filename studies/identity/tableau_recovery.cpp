// Recovery of an explicit Runge-Kutta (or separable Nystrom) step's coefficients from probes of
// the step: one with unit-vector evaluations that reads the coefficients, one with dense random
// data that tests the step forms the predicted combinations, and a repeat that tests it keeps no
// state between calls.
#include <orderly/analysis/rational_recognition.hpp>
#include <orderly/tableau_recovery.hpp>

#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <sstream>

namespace orderly {
namespace {

// The probes' states start this wide and double up to max_recovered_evaluations.
constexpr int first_probe_width = 32;
// A combination predicted from the coefficients matches the step's own when they differ by at
// most this many units of double's rounding of the sum's magnitude (plus the coefficients' bounds):
// the step may add its terms in any order.
constexpr double affine_tolerance_ulps = 64;
// The dense probe's step and start time: binary fractions, so h c_j and t0 + c_j h stay exact.
constexpr double dense_probe_h = 0.5;
constexpr double dense_probe_t0 = 0.375;
// Its pseudo-random data come from this seed (the same every run).
constexpr std::uint64_t dense_probe_seed = 20261128;

struct evaluations_exceeded {};

struct probe_call {
  double t = 0;
  state_of<double> y;
};

struct probe {
  std::vector<probe_call> calls;
  state_of<double> y1, error;
  std::string failure;  // the step refused (threw or returned non-zero)
  bool exceeded = false;
};

using evaluation_source = std::function<state_of<double>(int call, const state_of<double>& y)>;

probe run_probe(const user_stepper& stepper, bool with_error, double t0, const state_of<double>& y0, double h,
                int max_calls, const evaluation_source& source) {
  probe p;
  const user_rhs f = [&](double t, const state_of<double>& y) {
    const int call = static_cast<int>(p.calls.size());
    if (call >= max_calls) throw evaluations_exceeded{};
    p.calls.push_back({t, y});
    return source(call, y);
  };
  try {
    if (with_error) {
      auto r = stepper.step_with_error(f, t0, y0, h);
      p.y1 = std::move(r.y);
      p.error = std::move(r.error);
    } else {
      p.y1 = stepper.step(f, t0, y0, h);
    }
  } catch (const evaluations_exceeded&) {
    p.exceeded = true;
  } catch (const std::exception& e) {
    p.failure = e.what();
  }
  if (!p.exceeded && p.failure.empty() && p.y1.size() != y0.size())
    p.failure =
        "the step returned " + std::to_string(p.y1.size()) + " values for a state of " + std::to_string(y0.size());
  return p;
}

recovered_coefficient read_coefficient(double value, double bound) {
  return {value, bound, recognise_rational(value, bound)};
}

recovered_coefficient read_coefficient(double value) { return read_coefficient(value, rounding_bound(value)); }

state_of<double> unit_vector(int n, int j) {
  state_of<double> e(static_cast<std::size_t>(n), 0.0);
  if (j < n) e[static_cast<std::size_t>(j)] = 1;
  return e;
}

std::string number(double x) {
  std::ostringstream out;
  out.precision(17);
  out << x;
  return out.str();
}

// |predicted - got| within the tolerance, over a vector; the worst excess otherwise.
struct comparison {
  bool agrees = true;
  double worst = 0;  // largest |difference| / tolerance
};

void compare_into(comparison& c, long double predicted, double got, long double magnitude, long double bound) {
  const long double tolerance = affine_tolerance_ulps * std::numeric_limits<double>::epsilon() * magnitude + bound +
                                std::numeric_limits<double>::min();
  const long double excess = std::fabs(predicted - static_cast<long double>(got)) / tolerance;
  if (excess > 1) c.agrees = false;
  c.worst = std::max(c.worst, static_cast<double>(excess));
}

// The unit-vector probe, widened until the step's calls fit.
probe unit_probe(const user_stepper& stepper, bool with_error, int& width) {
  for (width = first_probe_width;; width *= 2) {
    probe p = run_probe(stepper, with_error, 0.0, state_of<double>(static_cast<std::size_t>(width), 0.0), 1.0, width,
                        [width](int call, const state_of<double>&) { return unit_vector(width, call); });
    if (!p.exceeded || width >= max_recovered_evaluations) return p;
  }
}

// ---------------------------------------------------------------------------------------------
// Explicit Runge-Kutta

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

// ---------------------------------------------------------------------------------------------
// Separable (q, v) steps: Nystrom coefficients and the kick-drift composition

bool agrees(const recovered_coefficient& x, double value, double bound) {
  return std::fabs(x.value - value) <= x.bound + bound + std::numeric_limits<double>::min();
}

// A sum of recovered coefficients against the value it should have, within their bounds.
void check_sum(std::vector<std::string>& violations, const std::string& what,
               const std::vector<recovered_coefficient>& terms, const exact& expected) {
  double sum = 0, bound = 0;
  bool rational = true;
  exact exact_sum = 0;
  for (const auto& x : terms) {
    sum += x.value, bound += x.bound;
    rational = rational && x.rational.has_value();
    if (x.rational) exact_sum += *x.rational;
  }
  const double want = expected.convert_to<double>();
  if (std::fabs(sum - want) <= bound + rounding_bound(want)) return;
  violations.push_back(what + " sums to " + (rational ? exact_text(exact_sum) : number(sum)) + ", not " +
                       exact_text(expected));
}

void check_row_sums(recovered_nystrom& m) {
  for (int j = 0; j < m.evaluations; ++j) {
    const auto& c = m.c[static_cast<std::size_t>(j)];
    const exact node = c.exact_value();
    check_sum(m.row_sum_violations,
              "row " + std::to_string(j + 1) + " of A_bar (c_" + std::to_string(j + 1) + " = " + exact_text(node) +
                  ", so c^2/2 = " + exact_text(node * node / 2) + ")",
              m.a_bar[static_cast<std::size_t>(j)], node * node / 2);
  }
  check_sum(m.row_sum_violations, "b_bar", m.b_bar, exact(1) / 2);
  check_sum(m.row_sum_violations, "b", m.b, exact(1));
}

void read_composition(recovered_nystrom& m) {
  // The evaluation j lies after the drifts alpha_1 .. alpha_j: its position node gamma_j (read with
  // the v0 direction) is their sum, and kick beta_j = b_j. Then A_bar_jl = b_l (gamma_j - gamma_l)
  // and b_bar_l = b_l (1 - gamma_l) when the step is such a composition.
  kick_drift kd;
  double previous = 0;
  for (int j = 0; j < m.evaluations; ++j) {
    const double gamma = m.c[static_cast<std::size_t>(j)].value;
    for (int l = 0; l < j; ++l) {
      const double expected = m.b[static_cast<std::size_t>(l)].value * (gamma - m.c[static_cast<std::size_t>(l)].value);
      if (!agrees(m.a_bar[static_cast<std::size_t>(j)][static_cast<std::size_t>(l)], expected,
                  rounding_bound(expected))) {
        m.not_composition = "A_bar_" + std::to_string(j + 1) + std::to_string(l + 1) + " = " +
                            number(m.a_bar[static_cast<std::size_t>(j)][static_cast<std::size_t>(l)].value) +
                            " is not b_l (c_j - c_l) = " + number(expected) +
                            ": the velocity at an evaluation is not the kicks so far";
        return;
      }
    }
    kd.drift.push_back(read_coefficient(gamma - previous));
    kd.kick.push_back(m.b[static_cast<std::size_t>(j)]);
    previous = gamma;
  }
  for (int l = 0; l < m.evaluations; ++l) {
    const double expected = m.b[static_cast<std::size_t>(l)].value * (1 - m.c[static_cast<std::size_t>(l)].value);
    if (!agrees(m.b_bar[static_cast<std::size_t>(l)], expected, rounding_bound(expected))) {
      m.not_composition = "b_bar_" + std::to_string(l + 1) + " = " +
                          number(m.b_bar[static_cast<std::size_t>(l)].value) +
                          " is not b_l (1 - c_l) = " + number(expected);
      return;
    }
  }
  kd.drift.push_back(read_coefficient(1 - previous));
  kd.kick.push_back(read_coefficient(0.0));
  m.composition = std::move(kd);
}

std::optional<recovered_nystrom> recover_nystrom(const user_stepper& stepper, std::vector<std::string>& evidence,
                                                 std::string& why_not) {
  // y = (q, v), each half `width` wide; evaluation j's acceleration is the unit vector e_j of the
  // v half, and the last component carries v0 = e_last, which reads each evaluation's position node.
  for (int width = first_probe_width;; width *= 2) {
    const int n = 2 * width, last = width - 1;
    state_of<double> y0(static_cast<std::size_t>(n), 0.0);
    y0[static_cast<std::size_t>(width + last)] = 1;
    const probe p = run_probe(stepper, false, 0.0, y0, 1.0, last, [width](int call, const state_of<double>& y) {
      state_of<double> d(y.size(), 0.0);
      for (int i = 0; i < width; ++i) d[static_cast<std::size_t>(i)] = y[static_cast<std::size_t>(width + i)];
      d[static_cast<std::size_t>(width + call)] = 1;
      return d;
    });
    if (p.exceeded && 2 * width < max_recovered_evaluations) continue;
    if (p.exceeded) {
      why_not = "more than " + std::to_string(max_recovered_evaluations / 2) + " evaluations in one step";
      return std::nullopt;
    }
    if (!p.failure.empty()) {
      why_not = "the step refused the probe: " + p.failure;
      return std::nullopt;
    }
    recovered_nystrom m;
    m.evaluations = static_cast<int>(p.calls.size());
    for (int j = 0; j < m.evaluations; ++j) {
      const auto& call = p.calls[static_cast<std::size_t>(j)];
      // A step evaluates the force at the time of its position (t0 + c h with the position after a
      // drift of c h); one that passes another time (the step's start) is exact on autonomous
      // forces only, and says so.
      const double time_node = call.t, position_node = call.y[static_cast<std::size_t>(last)];
      if (std::fabs(time_node - position_node) > rounding_bound(std::fabs(time_node) + std::fabs(position_node)))
        m.times_follow_positions = false;
      m.c.push_back(read_coefficient(position_node));
      m.time_nodes.push_back(read_coefficient(time_node));
      m.a_bar.emplace_back();
      for (int l = 0; l < j; ++l) m.a_bar.back().push_back(read_coefficient(call.y[static_cast<std::size_t>(l)]));
      m.b.push_back(read_coefficient(p.y1[static_cast<std::size_t>(width + j)]));
      m.b_bar.push_back(read_coefficient(p.y1[static_cast<std::size_t>(j)]));
    }
    evidence.push_back(
        "separable probe: " + std::to_string(m.evaluations) + " acceleration evaluations per step, " +
        (m.times_follow_positions ? "each at the time of its position" : "not at the times of their positions"));
    check_row_sums(m);
    read_composition(m);
    return m;
  }
}

}  // namespace

exact recovered_coefficient::exact_value() const {
  return rational ? *rational : exact_value_of(high_precision(value));
}

bool recovered_rk::all_rational() const {
  auto rational = [](const recovered_coefficient& x) { return x.rational.has_value(); };
  bool all = std::all_of(c.begin(), c.end(), rational) && std::all_of(b.begin(), b.end(), rational);
  for (const auto& row : a) all = all && std::all_of(row.begin(), row.end(), rational);
  if (error_weights) all = all && std::all_of(error_weights->begin(), error_weights->end(), rational);
  return all;
}

tableau_recovery recover_tableau(const user_stepper& stepper) {
  tableau_recovery r;
  if (stepper.separable) {
    r.nystrom = recover_nystrom(stepper, r.evidence, r.not_runge_kutta);
    return r;
  }
  const bool with_error = static_cast<bool>(stepper.step_with_error);
  int width = 0;
  const probe first = unit_probe(stepper, with_error, width);
  if (first.exceeded) {
    r.not_runge_kutta = "more than " + std::to_string(max_recovered_evaluations) +
                        " evaluations in one step from a zero state: not read";
    return r;
  }
  if (!first.failure.empty()) {
    r.not_runge_kutta =
        "the step refused the probe (a zero state " + std::to_string(width) + " values wide, h = 1): " + first.failure;
    return r;
  }
  if (first.calls.empty()) {
    r.not_runge_kutta = "the step evaluates the right-hand side not once";
    return r;
  }
  r.evidence.push_back("unit-vector probe (t0 = 0, y0 = 0, h = 1, a state " + std::to_string(width) +
                       " wide): " + std::to_string(first.calls.size()) + " evaluations");
  if (const auto anomaly = unit_probe_anomaly(first, width); !anomaly.empty()) {
    r.not_runge_kutta = anomaly;
    return r;
  }
  recovered_rk m = read_rk(first, with_error, stepper.error_sign);
  if (with_error) {
    // The estimate's step must propagate what the plain step does.
    const probe plain =
        run_probe(stepper, false, 0.0, state_of<double>(static_cast<std::size_t>(width), 0.0), 1.0, width,
                  [width](int call, const state_of<double>&) { return unit_vector(width, call); });
    if (plain.y1 != first.y1) {
      r.not_runge_kutta = "its step with the error estimate writes another y than its plain step";
      return r;
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
      return r;
    }
  r.method = std::move(m);
  return r;
}

butcher_tableau as_tableau(const recovered_rk& m, const std::string& name, int declared_order) {
  butcher_tableau t;
  t.name = name;
  t.title = name;
  t.citation = "recovered from the compiled step";
  t.order = declared_order;
  const int s = m.evaluations;
  for (int i = 0; i < s; ++i) {
    t.a.emplace_back();
    for (int j = 0; j < i; ++j)
      t.a.back().push_back(m.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].exact_value());
    t.b.push_back(m.b[static_cast<std::size_t>(i)].exact_value());
    t.c.push_back(m.c[static_cast<std::size_t>(i)].exact_value());
  }
  if (m.error_weights) {
    t.b_embedded.emplace();
    for (int i = 0; i < s; ++i) {
      const exact e = (*m.error_weights)[static_cast<std::size_t>(i)].exact_value() * m.error_sign;
      t.b_embedded->push_back(t.b[static_cast<std::size_t>(i)] - e);
    }
  }
  if (!m.all_rational()) t.coefficient_digits = std::numeric_limits<double>::max_digits10;
  return t;
}

known_tableau as_known_tableau(const recovered_rk& m, const std::string& name, int declared_order) {
  known_tableau k{.tableau = as_tableau(m, name, declared_order)};
  k.tableau.coefficient_digits = 0;  // the radii below say how well each entry is known
  const int s = m.evaluations;
  for (int i = 0; i < s; ++i) {
    k.a_radius.emplace_back();
    for (int j = 0; j < s; ++j)
      k.a_radius.back().push_back(j < i ? m.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].bound : 0.0);
    k.b_radius.push_back(m.b[static_cast<std::size_t>(i)].bound);
    k.c_radius.push_back(m.c[static_cast<std::size_t>(i)].bound);
    if (m.error_weights)
      k.b_embedded_radius.push_back(m.b[static_cast<std::size_t>(i)].bound +
                                    (*m.error_weights)[static_cast<std::size_t>(i)].bound);
  }
  // A stepper that does not say its estimate's sign (0) is read either way; one that says 1 or -1
  // is compared with the sign it declares, and the other is tried as well, to be named if it fits.
  k.estimate_sign_uncertain = true;
  k.values_exact = m.all_rational();
  return k;
}

nlohmann::json tableau_document(const recovered_rk& m, const std::string& name, int declared_order,
                                int declared_estimate_order) {
  auto text = [](const exact& x) {
    std::ostringstream out;
    out << x;
    return out.str();
  };
  auto entry = [&](const recovered_coefficient& x) { return x.rational ? text(*x.rational) : number(x.value); };
  nlohmann::json a = nlohmann::json::array(), b = nlohmann::json::array(), c = nlohmann::json::array();
  for (int i = 0; i < m.evaluations; ++i) {
    nlohmann::json row = nlohmann::json::array();
    for (const auto& x : m.a[static_cast<std::size_t>(i)]) row.push_back(entry(x));
    a.push_back(row);
    b.push_back(entry(m.b[static_cast<std::size_t>(i)]));
    c.push_back(entry(m.c[static_cast<std::size_t>(i)]));
  }
  // A step whose nodes are not the row sums of A (a time argument left at the step's start) says
  // so, as a file must.
  bool row_sums = true;
  for (int i = 0; i < m.evaluations; ++i) {
    double sum = 0, bound = m.c[static_cast<std::size_t>(i)].bound;
    for (const auto& x : m.a[static_cast<std::size_t>(i)]) sum += x.value, bound += x.bound;
    if (std::fabs(sum - m.c[static_cast<std::size_t>(i)].value) > bound + rounding_bound(sum)) row_sums = false;
  }
  nlohmann::json doc{{"name", name},
                     {"title", name + " (recovered)"},
                     {"citation", "recovered from the compiled step by orderly"},
                     {"order", declared_order},
                     {"A", a},
                     {"b", b},
                     {"c", c}};
  if (!row_sums) doc["row_sum_condition"] = false;
  if (m.error_weights) {
    nlohmann::json b_hat = nlohmann::json::array();
    for (int i = 0; i < m.evaluations; ++i) {
      const auto& e = (*m.error_weights)[static_cast<std::size_t>(i)];
      const auto& bi = m.b[static_cast<std::size_t>(i)];
      if (e.rational && bi.rational)
        b_hat.push_back(text(*bi.rational - *e.rational * m.error_sign));
      else
        b_hat.push_back(number(bi.value - e.value * m.error_sign));
    }
    doc["b_hat"] = b_hat;
    if (declared_estimate_order > 0) doc["embedded_order"] = declared_estimate_order;
  }
  return doc;
}

}  // namespace orderly
