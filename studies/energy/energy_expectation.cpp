// A catalog method's energy expectation from its coefficients, computed once per method.
#include <orderly/analysis/bseries.hpp>
#include <orderly/analysis/geometric_properties.hpp>
#include <orderly/energy_expectation.hpp>

#include <cmath>
#include <map>
#include <mutex>

namespace orderly {
namespace {

coefficient_expectation from_geometry(const geometric_properties& g, const std::string& derived_from) {
  coefficient_expectation e;
  e.energy_class = g.energy_class;
  e.text = g.energy_expectation;
  e.symplectic = g.symplectic;
  e.symmetric = g.symmetric;
  e.order = g.order;
  if (g.energy_class == "bounded-to-horizon") {
    e.horizon_exponent = g.conjugate_symplectic_order - g.order;
    e.horizon_at_least = g.conjugate_symplectic_capped;
  }
  if (g.harmonic_drift) {
    e.drift_power = g.harmonic_drift->power;
    e.drift_coefficient = g.harmonic_drift->coefficient_double;
  }
  if (!g.symplectic) {
    e.drift_tree_order = g.order + 2 - g.order % 2;  // the first even order >= p + 1
    e.tree_forest_order = g.max_tree_order;
    for (const auto& term : g.modified_equation)
      if (term.order == e.drift_tree_order) e.drift_terms.emplace_back(term.tree_index, term.value_double);
  }
  e.derived_from = derived_from;
  return e;
}

coefficient_expectation from_splitting(const splitting_method& m) {
  const auto g = analyse_splitting_geometry(m, m.order);
  coefficient_expectation e;
  e.energy_class = "bounded";
  e.text = g.energy_expectation;
  e.symplectic = true;
  e.symmetric = g.symmetric;
  e.order = m.order;
  e.derived_from = "splitting coefficients";
  return e;
}

// What a method object's coefficients promise.
std::optional<coefficient_expectation> from_coefficients(const method_entry& method) {
  using result = std::optional<coefficient_expectation>;
  return method.visit(method_visitor{
      [](const butcher_tableau& t) -> result { return from_geometry(analyse_geometric_properties(t), "tableau"); },
      [](const splitting_method& s) -> result { return from_splitting(s); },
      [](const rosenbrock_method& r) -> result {
        return from_geometry(analyse_rosenbrock_geometry(r), "Rosenbrock coefficients (B-series, exact Jacobian)");
      },
  });
}

// An article's code inherits the expectation of the catalog method whose step it computes.
std::optional<coefficient_expectation> inherited(const seed_specimen& seed) {
  const auto& name = seed.autonomous_equivalent.empty() ? seed.separable_equivalent : seed.autonomous_equivalent;
  const auto* equivalent = name.empty() ? nullptr : find_method(name);
  if (!equivalent || !equivalent->has_coefficients()) return std::nullopt;
  auto e = from_coefficients(*equivalent);
  if (e) e->derived_from = "the catalog method it computes, " + equivalent->name;
  return e;
}

std::optional<coefficient_expectation> compute(const method_entry& method) {
  if (const auto* seed = method.seed()) return inherited(*seed);
  return from_coefficients(method);
}

}  // namespace

std::optional<coefficient_expectation> coefficient_expectation_of(const method_entry& method) {
  static std::mutex guard;
  static std::map<std::string, std::optional<coefficient_expectation>> computed;
  {
    const std::lock_guard lock(guard);
    if (const auto it = computed.find(method.name); it != computed.end()) return it->second;
  }
  auto e = compute(method);
  const std::lock_guard lock(guard);
  return computed.emplace(method.name, std::move(e)).first->second;
}

namespace {

using real = long double;
using plane = std::array<real, 2>;
using phase_point = std::array<real, 4>;  // (q1, q2, p1, p2)

// The Taylor coefficients of degree `degree` of g(q + s w), g(x) = -x |x|^-3.
plane force_taylor_coefficient(const plane& q, const plane& w, int degree) {
  // r2(s) = |q|^2 + 2 (q.w) s + |w|^2 s^2, u = r2^(-3/2) by the power rule for series:
  // u_k = 1/(k a_0) sum_{j=1..k} ((alpha + 1) j - k) a_j u_{k-j}, alpha = -3/2.
  const real a[3] = {q[0] * q[0] + q[1] * q[1], 2 * (q[0] * w[0] + q[1] * w[1]), w[0] * w[0] + w[1] * w[1]};
  constexpr real alpha = -1.5L;
  std::vector<real> u(static_cast<std::size_t>(degree) + 1);
  u[0] = std::pow(a[0], alpha);
  for (int k = 1; k <= degree; ++k) {
    real sum = 0;
    for (int j = 1; j <= std::min(k, 2); ++j) sum += ((alpha + 1) * j - k) * a[j] * u[static_cast<std::size_t>(k - j)];
    u[static_cast<std::size_t>(k)] = sum / (k * a[0]);
  }
  plane out{};
  for (int i = 0; i < 2; ++i)
    out[static_cast<std::size_t>(i)] =
        -(q[static_cast<std::size_t>(i)] * u[static_cast<std::size_t>(degree)] +
          (degree > 0 ? w[static_cast<std::size_t>(i)] * u[static_cast<std::size_t>(degree) - 1] : 0));
  return out;
}

// D^m g(q)[v_1, ..., v_m] by polarization: 2^-m sum over signs e of (prod e) T_m(sum e_i v_i),
// T_m the degree-m Taylor coefficient along the line.
plane force_derivative(const plane& q, const std::vector<plane>& v) {
  const int m = static_cast<int>(v.size());
  plane out{};
  for (unsigned signs = 0; signs < (1u << m); ++signs) {
    plane w{};
    real sign = 1;
    for (int i = 0; i < m; ++i) {
      const real e = (signs >> i) & 1u ? -1 : 1;
      sign *= e;
      w[0] += e * v[static_cast<std::size_t>(i)][0];
      w[1] += e * v[static_cast<std::size_t>(i)][1];
    }
    const plane t = force_taylor_coefficient(q, w, m);
    out[0] += sign * t[0];
    out[1] += sign * t[1];
  }
  out[0] = std::ldexp(out[0], -m);
  out[1] = std::ldexp(out[1], -m);
  return out;
}

// F(t)(y) for the tree and (memoised) its subtrees: f = (p, g(q)), f'[v] = (v_p, g'[v_q]),
// f^(m)[v_1..v_m] = (0, g^(m)[v_1q..v_mq]) for m >= 2.
phase_point elementary_differential(const tree_forest& forest, int tree, const phase_point& y,
                                    std::map<int, phase_point>& memo) {
  if (const auto it = memo.find(tree); it != memo.end()) return it->second;
  const auto& children = forest.trees[static_cast<std::size_t>(tree)].children;
  std::vector<phase_point> arguments;
  for (int c : children) arguments.push_back(elementary_differential(forest, c, y, memo));
  std::vector<plane> positions;
  for (const auto& x : arguments) positions.push_back({x[0], x[1]});
  const plane force = force_derivative({y[0], y[1]}, positions);
  phase_point out{};
  if (children.empty())
    out = {y[2], y[3], force[0], force[1]};
  else if (children.size() == 1)
    out = {arguments[0][2], arguments[0][3], force[0], force[1]};
  else
    out = {0, 0, force[0], force[1]};
  memo.emplace(tree, out);
  return out;
}

}  // namespace

std::optional<double> predicted_kepler_drift_rate(const method_entry& method, const std::array<double, 4>& y0,
                                                  double h) {
  const auto e = coefficient_expectation_of(method);
  if (!e || e->symplectic || e->drift_terms.empty()) return std::nullopt;
  // The orbit's a and e from the energy and angular momentum of y0.
  const real q_norm = std::hypot(static_cast<real>(y0[0]), static_cast<real>(y0[1]));
  const real energy = (static_cast<real>(y0[2]) * y0[2] + static_cast<real>(y0[3]) * y0[3]) / 2 - 1 / q_norm;
  if (!(energy < 0)) return std::nullopt;
  const real momentum = static_cast<real>(y0[0]) * y0[3] - static_cast<real>(y0[1]) * y0[2];
  const real a = -1 / (2 * energy), ecc = std::sqrt(std::max<real>(0, 1 + 2 * energy * momentum * momentum));
  const real b = a * std::sqrt(1 - ecc * ecc), n = std::pow(a, -1.5L);
  const auto& forest = bseries_trees_up_to(e->tree_forest_order).forest;
  real sum = 0;
  for (int k = 0; k < kepler_average_points; ++k) {
    const real mean_anomaly = 2 * std::acos(-1.0L) * k / kepler_average_points;
    real anomaly = mean_anomaly;  // Kepler's equation E - e sin E = M by Newton's method
    for (int it = 0; it < 50; ++it)
      anomaly -= (anomaly - ecc * std::sin(anomaly) - mean_anomaly) / (1 - ecc * std::cos(anomaly));
    const real rate = n / (1 - ecc * std::cos(anomaly));
    const phase_point y{a * (std::cos(anomaly) - ecc), b * std::sin(anomaly), -a * std::sin(anomaly) * rate,
                        b * std::cos(anomaly) * rate};
    const real r = std::hypot(y[0], y[1]);
    const phase_point grad_h{y[0] / (r * r * r), y[1] / (r * r * r), y[2], y[3]};
    std::map<int, phase_point> memo;
    for (const auto& [tree, coefficient] : e->drift_terms) {
      const auto f = elementary_differential(forest, tree, y, memo);
      real dot = 0;
      for (int i = 0; i < 4; ++i) dot += grad_h[static_cast<std::size_t>(i)] * f[static_cast<std::size_t>(i)];
      sum += coefficient / static_cast<real>(forest.trees[static_cast<std::size_t>(tree)].symmetry) * dot;
    }
  }
  const real average = sum / kepler_average_points;
  return static_cast<double>(std::pow(static_cast<real>(h), e->drift_tree_order - 1) * average / std::fabs(energy));
}

std::optional<double> kepler_drift_rate_along_run(const method_entry& method, const std::vector<double>& times,
                                                  const std::vector<double>& deviations,
                                                  const std::vector<std::array<double, 4>>& states, double h,
                                                  double rate_at_start) {
  if (times.empty() || times.size() != states.size() || times.size() != deviations.size()) return std::nullopt;
  // dH/dt / |H0| at a sample: the rate relative to the orbit's own |H| = |H0| (1 - dev), H0 < 0.
  double previous_t = 0, previous_slope = rate_at_start, deviation = 0;
  for (std::size_t i = 0; i < times.size(); ++i) {
    const auto rate = predicted_kepler_drift_rate(method, states[i], h);
    if (!rate) return std::nullopt;
    const double slope = *rate * (1 - deviations[i]);
    deviation += (times[i] - previous_t) * (previous_slope + slope) / 2;
    previous_t = times[i];
    previous_slope = slope;
  }
  if (!(previous_t > 0) || !(1 + deviation > 0)) return std::nullopt;
  return std::log1p(deviation) / previous_t;
}

double predicted_harmonic_drift_rate(const coefficient_expectation& e, double omega, double h) {
  if (!e.drift_power) return 0;
  return *e.drift_coefficient * std::pow(omega, *e.drift_power) * std::pow(h, *e.drift_power - 1);
}

}  // namespace orderly
