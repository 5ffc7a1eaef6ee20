// Orderly's steppers against Boost.Odeint's, side by side in one binary: the same right-hand side
// object (plain functors with both calling conventions), the same flags, steppers built before the
// timed loop. Each iteration integrates one block of steps from the problem's initial state (so
// the state never drifts into another regime); ns per step = time per iteration / steps.
// Before any timing, both sides run one block and must end in the same state to rounding; the
// right-hand-side evaluations per step of each side are counted there and reported.
// Every explicit method runs twice: on its compiled stepper ("rk4~runge_kutta4/lorenz") and on the
// run-time-tableau stepper that users' tableau files run on ("tableau:rk4~runge_kutta4/lorenz",
// explicit_rk built from the same tableau), each against the same odeint stepper.
//   orderly-bench-O2 / orderly-bench-O3 (make bench runs both, prints the table and writes
//   benchmarks/bench_table.py's JSON)
#include <orderly/catalog.hpp>
#include <orderly/explicit_rk.hpp>
#include <orderly/fixed_explicit_rk.hpp>
#include <orderly/splitting.hpp>
#include <orderly/tableaus/explicit_methods.hpp>

#include <benchmark/benchmark.h>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>
#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_m4_mclachlan.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace odeint = boost::numeric::odeint;
using orderly::find_method;

// ---------------------------------------------------------------------------------------------
// Problems. Every functor has Orderly's signature f(t, y, dydt) and odeint's f(y, dydt, t); the
// split ones have force(t, q, a) / force(q, a) and velocity(t, v, dq) / velocity(v, dq).

struct lorenz {
  using state = std::array<double, 3>;
  static constexpr int steps = 1000;
  static constexpr double h = 0.001;
  static state initial() { return {10.0, 1.0, 1.0}; }
  void operator()(double, const state& y, state& d) const {
    d[0] = 10.0 * (y[1] - y[0]);
    d[1] = y[0] * (28.0 - y[2]) - y[1];
    d[2] = y[0] * y[1] - (8.0 / 3.0) * y[2];
  }
  void operator()(const state& y, state& d, double t) const { (*this)(t, y, d); }
};

// n bodies in `dim` dimensions, a_i = sum_j m_j (x_j - x_i) / (|x_j - x_i|^2 + soft^2)^(3/2);
// positions stored coordinate-major (x of every body, then y, ...).
template <int Bodies, int Dim>
void accelerations(const double* x, double* a, const double* mass, double soft2) {
  for (int c = 0; c < Bodies * Dim; ++c) a[c] = 0;
  for (int i = 0; i < Bodies; ++i)
    for (int j = i + 1; j < Bodies; ++j) {
      double d[Dim], r2 = soft2;
      for (int c = 0; c < Dim; ++c) {
        d[c] = x[c * Bodies + j] - x[c * Bodies + i];
        r2 += d[c] * d[c];
      }
      const double inv = 1.0 / (r2 * std::sqrt(r2));
      for (int c = 0; c < Dim; ++c) {
        a[c * Bodies + i] += mass[j] * inv * d[c];
        a[c * Bodies + j] -= mass[i] * inv * d[c];
      }
    }
}

// Hairer, Norsett, Wanner I, II.10: seven bodies in the plane, masses 1..7, y = (x, v), 28 components.
struct pleiades_masses {
  static constexpr std::array<double, 7> mass{1, 2, 3, 4, 5, 6, 7};
};

struct pleiades {
  using state = std::array<double, 28>;
  static constexpr int steps = 1000;
  static constexpr double h = 0.0005;
  static state initial() {
    return {3, 3, -1, -3, 2, -2, 2, 3, -3, 2, 0, 0, -4, 4, 0, 0, 0, 0, 0, 1.75, -1.5, 0, 0, 0, -1.25, 1, 0, 0};
  }
  void operator()(double, const state& y, state& d) const {
    std::copy(y.begin() + 14, y.end(), d.begin());
    accelerations<7, 2>(y.data(), d.data() + 14, pleiades_masses::mass.data(), 0.0);
  }
  void operator()(const state& y, state& d, double t) const { (*this)(t, y, d); }
};

struct pleiades_split {
  using state = std::array<double, 14>;
  static constexpr int steps = 1000;
  static constexpr double h = 0.0005;
  static std::pair<state, state> initial() {
    const auto y = pleiades::initial();
    state q, v;
    std::copy(y.begin(), y.begin() + 14, q.begin());
    std::copy(y.begin() + 14, y.end(), v.begin());
    return {q, v};
  }
  void operator()(double, const state& q, state& a) const {
    accelerations<7, 2>(q.data(), a.data(), pleiades_masses::mass.data(), 0.0);
  }
  void operator()(const state& q, state& a) const { (*this)(0.0, q, a); }
};

// 100 bodies in space, equal masses 1/100, Plummer softening 0.05, positions in the unit cube from
// a fixed linear congruential sequence: 600 components (positions, then velocities).
constexpr int crowd = 100;
inline const std::vector<double>& crowd_masses() {
  static const std::vector<double> m(crowd, 1.0 / crowd);
  return m;
}
inline std::vector<double> crowd_start() {
  std::vector<double> y(6 * crowd);
  std::uint64_t seed = 12345;
  auto next = [&] {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(seed >> 11) / 9007199254740992.0;  // [0, 1)
  };
  for (int c = 0; c < 3 * crowd; ++c) y[static_cast<std::size_t>(c)] = 2 * next() - 1;
  for (int c = 3 * crowd; c < 6 * crowd; ++c) y[static_cast<std::size_t>(c)] = 0.1 * (2 * next() - 1);
  return y;
}
constexpr double crowd_soft2 = 0.05 * 0.05;

struct bodies100 {
  using state = std::vector<double>;
  static constexpr int steps = 4;
  static constexpr double h = 0.001;
  static state initial() { return crowd_start(); }
  void operator()(double, const state& y, state& d) const {
    d.resize(y.size());
    std::copy(y.begin() + 3 * crowd, y.end(), d.begin());
    accelerations<crowd, 3>(y.data(), d.data() + 3 * crowd, crowd_masses().data(), crowd_soft2);
  }
  void operator()(const state& y, state& d, double t) const { (*this)(t, y, d); }
};

struct bodies100_split {
  using state = std::vector<double>;
  static constexpr int steps = 4;
  static constexpr double h = 0.001;
  static std::pair<state, state> initial() {
    const auto y = crowd_start();
    return {state(y.begin(), y.begin() + 3 * crowd), state(y.begin() + 3 * crowd, y.end())};
  }
  void operator()(double, const state& q, state& a) const {
    a.resize(q.size());
    accelerations<crowd, 3>(q.data(), a.data(), crowd_masses().data(), crowd_soft2);
  }
  void operator()(const state& q, state& a) const { (*this)(0.0, q, a); }
};

// Kepler, eccentricity 1/2, from pericentre: a = -q / |q|^3.
struct kepler {
  using state = std::array<double, 2>;
  static constexpr int steps = 1000;
  static constexpr double h = 0.001;
  static std::pair<state, state> initial() { return {{0.5, 0.0}, {0.0, std::sqrt(3.0)}}; }
  void operator()(double, const state& q, state& a) const {
    const double r2 = q[0] * q[0] + q[1] * q[1];
    const double inv = 1.0 / (r2 * std::sqrt(r2));
    a[0] = -q[0] * inv;
    a[1] = -q[1] * inv;
  }
  void operator()(const state& q, state& a) const { (*this)(0.0, q, a); }
};

// dq/dt = v for every split problem (unit masses in the (q, v) form).
template <class State>
struct identity_velocity {
  void operator()(double, const State& v, State& dq) const { dq = v; }
  void operator()(const State& v, State& dq) const { dq = v; }
};

// Counts calls, for the agreement check (never in a timed loop).
template <class F>
struct counted {
  F f;
  std::uint64_t* calls;
  template <class... A>
  void operator()(A&&... a) const {
    ++*calls;
    f(std::forward<A>(a)...);
  }
};

// ---------------------------------------------------------------------------------------------
// One block of steps for each side.

template <class P, class Stepper, class Rhs>
typename P::state ours_block(Stepper& stepper, const Rhs& f) {
  auto y = P::initial();
  stepper.reset();
  for (int n = 0; n < P::steps; ++n) stepper.step(f, n * P::h, y, P::h);
  return y;
}

template <class P, class Stepper, class Rhs>
typename P::state odeint_block(Stepper& stepper, const Rhs& f) {
  auto y = P::initial();
  if constexpr (requires { stepper.reset(); }) stepper.reset();
  for (int n = 0; n < P::steps; ++n) stepper.do_step(f, y, n * P::h, P::h);
  return y;
}

template <class P, class Stepper, class Force>
std::pair<typename P::state, typename P::state> ours_split_block(Stepper& stepper, const Force& force) {
  auto [q, v] = P::initial();
  stepper.reset();
  const identity_velocity<typename P::state> velocity;
  for (int n = 0; n < P::steps; ++n) stepper.step(force, velocity, n * P::h, q, v, P::h);
  return {q, v};
}

template <class P, class Stepper, class System>
std::pair<typename P::state, typename P::state> odeint_split_block(Stepper& stepper, const System& system) {
  auto [q, v] = P::initial();
  if constexpr (requires { stepper.reset(); }) stepper.reset();
  for (int n = 0; n < P::steps; ++n) stepper.do_step(system, std::make_pair(std::ref(q), std::ref(v)), n * P::h, P::h);
  return {q, v};
}

// odeint's systems for the same force functor: the symplectic steppers take the pair
// (velocity(v, dq), force(q, a)); velocity_verlet takes the acceleration as a(x, v, a, t).
template <class F>
struct plain_force {
  F force;
  template <class S>
  void operator()(const S& q, S& a) const {
    force(q, a);
  }
};

template <class F>
struct verlet_acceleration {
  F force;
  template <class S>
  void operator()(const S& x, const S&, S& a, double) const {
    force(x, a);
  }
};

template <class S, bool Verlet, class F>
auto odeint_system(const F& force) {
  if constexpr (Verlet)
    return verlet_acceleration<F>{force};
  else
    return std::make_pair(identity_velocity<S>{}, plain_force<F>{force});
}

// ---------------------------------------------------------------------------------------------
// Agreement: both sides' final states within rounding (relative to max(1, |y|)).

constexpr double agreement = 1e-10;

template <class S>
double difference(const S& a, const S& b) {
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, std::abs(a[i] - b[i]) / std::max(1.0, std::abs(b[i])));
  return worst;
}

void require_agreement(const std::string& name, double diff, double ours_rhs, double theirs_rhs) {
  std::printf("check %-44s max rel diff %.2e   rhs/step ours %.3f odeint %.3f\n", name.c_str(), diff, ours_rhs,
              theirs_rhs);
  if (!(diff <= agreement)) {
    std::fprintf(stderr, "orderly-bench: %s: the two sides disagree (%.3e > %.0e)\n", name.c_str(), diff, agreement);
    std::exit(1);
  }
}

// ---------------------------------------------------------------------------------------------
// Registration: "method/problem/ours", "method/problem/odeint", and the right-hand side alone:
// "rhs/problem" for y' = f(t, y), "force/problem" for the split form's force (the Pleiades and the
// 100 bodies come in both forms, so one name each would not say which a pair was measured against).
// Counters carry the steps per iteration and the right-hand-side evaluations per step measured in
// the check; a pair's label names the right-hand-side benchmark its overhead is taken over.

template <class P>
void register_rhs(const std::string& problem) {
  benchmark::RegisterBenchmark(("rhs/" + problem).c_str(), [](benchmark::State& st) {
    const P f;
    auto y = P::initial();
    typename P::state d = y;
    for (auto _ : st) {
      benchmark::DoNotOptimize(y);
      f(0.0, y, d);
      benchmark::DoNotOptimize(d);
    }
    st.counters["steps"] = 1;
    st.counters["rhs_per_step"] = 1;
  });
}

template <class P>
void register_split_rhs(const std::string& problem) {
  benchmark::RegisterBenchmark(("force/" + problem).c_str(), [](benchmark::State& st) {
    const P f;
    auto [q, v] = P::initial();
    typename P::state a = q;
    for (auto _ : st) {
      benchmark::DoNotOptimize(q);
      f(0.0, q, a);
      benchmark::DoNotOptimize(a);
    }
    st.counters["steps"] = 1;
    st.counters["rhs_per_step"] = 1;
  });
}

// Visits the stepper a form of the method runs on: the compiled one where the catalog has it
// (visit_explicit_stepper), or the run-time-tableau stepper.
enum class explicit_form { compiled, tableau };

template <class State, explicit_form Form, class Visitor>
decltype(auto) visit_form(const orderly::butcher_tableau& tableau, Visitor&& visitor) {
  if constexpr (Form == explicit_form::tableau) {
    orderly::explicit_rk<State> stepper(tableau);
    return visitor(stepper);
  } else {
    return orderly::visit_explicit_stepper<State>(tableau, orderly::weight_set::primary, visitor);
  }
}

template <class P, class OdeintStepper, explicit_form Form = explicit_form::compiled>
void register_rk(const std::string& method, const std::string& odeint_name, const std::string& problem) {
  const auto& tableau = *find_method(method)->tableau();
  const std::string base = std::string(Form == explicit_form::tableau ? "tableau:" : "") + method +
                           (odeint_name.empty() ? "" : "~" + odeint_name) + "/" + problem;
  std::uint64_t ours_calls = 0, theirs_calls = 0;
  const P f;
  const auto ours_end = visit_form<typename P::state, Form>(tableau, [&](auto& stepper) {
    return ours_block<P>(stepper, counted<P>{f, &ours_calls});
  });
  OdeintStepper theirs;
  const auto theirs_end = odeint_block<P>(theirs, counted<P>{f, &theirs_calls});
  const double ours_rhs = double(ours_calls) / P::steps, theirs_rhs = double(theirs_calls) / P::steps;
  require_agreement(base, difference(ours_end, theirs_end), ours_rhs, theirs_rhs);

  const std::string rhs_name = "rhs/" + problem;
  benchmark::RegisterBenchmark((base + "/ours").c_str(), [&tableau, ours_rhs, rhs_name](benchmark::State& st) {
    const P rhs;
    visit_form<typename P::state, Form>(tableau, [&](auto& stepper) {
      for (auto _ : st) {
        auto y = ours_block<P>(stepper, rhs);
        benchmark::DoNotOptimize(y);
      }
      return 0;
    });
    st.counters["steps"] = P::steps;
    st.counters["rhs_per_step"] = ours_rhs;
    st.SetLabel(rhs_name);
  });
  benchmark::RegisterBenchmark((base + "/odeint").c_str(), [theirs_rhs, rhs_name](benchmark::State& st) {
    const P rhs;
    OdeintStepper stepper;
    for (auto _ : st) {
      auto y = odeint_block<P>(stepper, rhs);
      benchmark::DoNotOptimize(y);
    }
    st.counters["steps"] = P::steps;
    st.counters["rhs_per_step"] = theirs_rhs;
    st.SetLabel(rhs_name);
  });
}

template <class P, class OdeintStepper, bool Verlet = false>
void register_split(const std::string& method, const std::string& problem) {
  const auto& m = *find_method(method)->splitting();
  const std::string base = method + "/" + problem;
  std::uint64_t ours_calls = 0, theirs_calls = 0;
  const P f;
  orderly::splitting_stepper<typename P::state> ours(m);
  const auto ours_end = ours_split_block<P>(ours, counted<P>{f, &ours_calls});
  OdeintStepper theirs;
  const auto theirs_end =
      odeint_split_block<P>(theirs, odeint_system<typename P::state, Verlet>(counted<P>{f, &theirs_calls}));
  const double diff =
      std::max(difference(ours_end.first, theirs_end.first), difference(ours_end.second, theirs_end.second));
  const double ours_rhs = double(ours_calls) / P::steps, theirs_rhs = double(theirs_calls) / P::steps;
  require_agreement(base, diff, ours_rhs, theirs_rhs);

  const std::string force_name = "force/" + problem;
  benchmark::RegisterBenchmark((base + "/ours").c_str(), [&m, ours_rhs, force_name](benchmark::State& st) {
    const P rhs;
    orderly::splitting_stepper<typename P::state> stepper(m);
    for (auto _ : st) {
      auto y = ours_split_block<P>(stepper, rhs);
      benchmark::DoNotOptimize(y);
    }
    st.counters["steps"] = P::steps;
    st.counters["rhs_per_step"] = ours_rhs;
    st.SetLabel(force_name);
  });
  benchmark::RegisterBenchmark((base + "/odeint").c_str(), [theirs_rhs, force_name](benchmark::State& st) {
    const auto system = odeint_system<typename P::state, Verlet>(P{});
    OdeintStepper stepper;
    for (auto _ : st) {
      auto y = odeint_split_block<P>(stepper, system);
      benchmark::DoNotOptimize(y);
    }
    st.counters["steps"] = P::steps;
    st.counters["rhs_per_step"] = theirs_rhs;
    st.SetLabel(force_name);
  });
}

template <class P, explicit_form Form>
void register_rk_methods(const std::string& problem) {
  using S = typename P::state;
  register_rk<P, odeint::euler<S>, Form>("euler", "", problem);
  register_rk<P, odeint::runge_kutta4<S>, Form>("rk4", "runge_kutta4", problem);
  register_rk<P, odeint::runge_kutta4_classic<S>, Form>("rk4", "runge_kutta4_classic", problem);
  register_rk<P, odeint::runge_kutta_cash_karp54<S>, Form>("cash-karp54", "", problem);
  register_rk<P, odeint::runge_kutta_dopri5<S>, Form>("dopri54", "", problem);
  register_rk<P, odeint::runge_kutta_fehlberg78<S>, Form>("rkf78", "", problem);
}

template <class P>
void register_rk_problem(const std::string& problem) {
  register_rhs<P>(problem);
  register_rk_methods<P, explicit_form::compiled>(problem);
  register_rk_methods<P, explicit_form::tableau>(problem);
}

template <class P>
void register_split_problem(const std::string& problem) {
  using S = typename P::state;
  register_split_rhs<P>(problem);
  register_split<P, odeint::symplectic_euler<S>>("symplectic-euler-b", problem);
  register_split<P, odeint::velocity_verlet<S>, true>("velocity-verlet", problem);
  register_split<P, odeint::symplectic_rkn_sb3a_m4_mclachlan<S>>("mclachlan4", problem);
}

// The compiler that built this binary, for the JSON's context block (the flags are in the build
// tree's compile_commands.json, which bench_table.py reads).
#if defined(__clang__)
constexpr const char* compiler = "clang " __clang_version__;
#elif defined(__GNUC__)
constexpr const char* compiler = "GCC " __VERSION__;
#else
constexpr const char* compiler = "unknown";
#endif

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::AddCustomContext("compiler", compiler);
  register_rk_problem<lorenz>("lorenz");
  register_rk_problem<pleiades>("pleiades");
  register_rk_problem<bodies100>("bodies100");
  register_split_problem<kepler>("kepler");
  register_split_problem<pleiades_split>("pleiades");
  register_split_problem<bodies100_split>("bodies100");
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
