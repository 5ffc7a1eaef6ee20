// A separable (q, v) step read through its accelerations: Nystrom coefficients, checked against
// their row sums, and the kick-drift composition they are when they are one (tableau_recovery.hpp).
#include <orderly/analysis/rational_recognition.hpp>

#include "recovery_probe.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace orderly::recovery {
namespace {

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

}  // namespace

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

}  // namespace orderly::recovery
