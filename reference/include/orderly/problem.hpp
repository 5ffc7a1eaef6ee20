#pragma once
// A test problem as one object: metadata that does not depend on the scalar (problem_info), and
// the scalar-typed functions (typed_problem<T>) that a problem definition builds for any T from
// right-hand sides templated on the scalar.
#include <orderly/rhs.hpp>
#include <orderly/scalars.hpp>

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace orderly {

// A named physical parameter of a problem (e.g. Kepler's eccentricity), kept as an exact rational
// or decimal string so that every scalar type receives it rounded once, at full precision.
struct problem_parameter {
  std::string name;
  std::string value;  // "6/10", "0.012277471", ...
  std::string description;
};

// What a suite selects problems by. Each tag is read off the problem's own flags (problem_info),
// so a problem states its properties once.
enum class problem_tag { stiff, hamiltonian, separable, nonautonomous, exact_solution, nonlinear, second_order, seed };

inline constexpr problem_tag all_problem_tags[] = {
    problem_tag::stiff,          problem_tag::hamiltonian, problem_tag::separable,    problem_tag::nonautonomous,
    problem_tag::exact_solution, problem_tag::nonlinear,   problem_tag::second_order, problem_tag::seed};

inline const char* tag_name(problem_tag tag) {
  switch (tag) {
    case problem_tag::stiff:
      return "stiff";
    case problem_tag::hamiltonian:
      return "hamiltonian";
    case problem_tag::separable:
      return "separable";
    case problem_tag::nonautonomous:
      return "non-autonomous";
    case problem_tag::exact_solution:
      return "exact-solution";
    case problem_tag::nonlinear:
      return "nonlinear";
    case problem_tag::second_order:
      return "second-order";
    case problem_tag::seed:
      return "seed";
  }
  return "?";
}

struct problem_info {
  std::string name;         // CLI name, e.g. "kepler"
  std::string description;  // one line
  std::string citation;
  int dimension = 0;
  bool stiff = false;
  bool hamiltonian = false;
  bool has_exact = false;  // closed-form solution available
  bool has_jacobian = false;
  bool separable = false;     // H = T(p) + V(q) split available for partitioned methods
  bool second_order = false;  // y = (q, v) with q' = v: seed specimens that split position/velocity apply
  bool nonautonomous = false;
  bool nonlinear = true;
  // Chaotic problems: the largest Lyapunov exponent, at which any error grows like e^(rate t);
  // it bounds how far a reference in a given precision can be certified. 0 where not chaotic.
  double error_growth_rate = 0;
  std::string source;                         // seed article file for seed problems, empty otherwise
  std::vector<problem_parameter> parameters;  // values a caller may change before instantiating

  bool has(problem_tag tag) const {
    switch (tag) {
      case problem_tag::stiff:
        return stiff;
      case problem_tag::hamiltonian:
        return hamiltonian;
      case problem_tag::separable:
        return separable;
      case problem_tag::nonautonomous:
        return nonautonomous;
      case problem_tag::exact_solution:
        return has_exact;
      case problem_tag::nonlinear:
        return nonlinear;
      case problem_tag::second_order:
        return second_order;
      case problem_tag::seed:
        return !source.empty();
    }
    return false;
  }

  std::vector<std::string> tag_names() const {
    std::vector<std::string> names;
    for (auto tag : all_problem_tags)
      if (has(tag)) names.push_back(tag_name(tag));
    return names;
  }

  // The value text of parameter `key`; throws std::out_of_range when the problem has none such.
  const std::string& parameter(std::string_view key) const {
    for (const auto& p : parameters)
      if (p.name == key) return p.value;
    throw std::out_of_range(name + " has no parameter '" + std::string(key) + "'");
  }
};

template <class T>
struct invariant {
  std::string name;  // "energy", "angular momentum", ...
  std::function<T(const T& t, const state_of<T>& y)> value;
};

// For separable Hamiltonian systems y = (q, p), H = T(p) + V(q) (or a time-dependent force):
// q' = velocity(p), p' = force(t, q) with force = -dV/dq. Each half has `half_dimension` entries.
template <class T>
struct separable_split {
  int half_dimension = 0;
  std::function<void(const T& t, const state_of<T>& q, state_of<T>& force)> force;
  std::function<void(const T& t, const state_of<T>& p, state_of<T>& velocity)> velocity;
};

// A bound orbit about the origin in the plane of (y[0], y[1]), its periapsis on the positive y[0]
// axis at t0: the true anomaly of a state is its polar angle, unwrapped over the revolutions. The
// phase along the orbit is the mean anomaly, which advances uniformly in time on the exact orbit,
// so a numerical orbit's lag measured in it has the same size wherever on the orbit it is read.
template <class T>
struct planar_orbit {
  std::function<T(const T& true_anomaly)> mean_anomaly;  // of a position at this (unwrapped) true anomaly
  std::function<T(const T& t)> true_anomaly;             // of the exact solution at t, unwrapped
};

// The harmonic oscillator q'' = -k q: unit mass, y = (q, p), H = (p^2 + k q^2) / 2. Linear, so a
// method's linear model (its stability function, or a splitting's step matrix) predicts every
// step of it exactly.
template <class T>
struct harmonic_oscillator {
  T k;
};

template <class T>
struct typed_problem {
  const problem_info* info = nullptr;
  T t0 = 0;
  T t_end = 0;  // default time span [t0, t_end]
  state_of<T> y0;
  rhs_function<T> rhs;
  std::function<state_of<T>(const T& t)> exact;  // empty when no closed form
  // Row-major dimension x dimension Jacobian df/dy; empty when none.
  std::function<void(const T& t, const state_of<T>& y, std::vector<T>& jacobian)> jacobian;
  std::vector<invariant<T>> invariants;
  std::optional<separable_split<T>> split;
  std::optional<T> period;                           // of the solution from y0, where it is periodic
  std::optional<planar_orbit<T>> orbit;              // a two-body orbit, whose phase a study can follow
  std::optional<harmonic_oscillator<T>> oscillator;  // the problem is the harmonic oscillator
};

}  // namespace orderly
