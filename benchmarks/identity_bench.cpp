// Recovery and identification of a compiled stepper (studies/identity): the whole of what
// `orderly check --stepper` adds for a method's identity, on table-driven steppers of the
// published methods with the most stages (Feagin's 17-stage 10(8) pair with its estimate) and on
// Dormand-Prince 5(4) with its estimate. Target: within 1 s for up to 17 stages.
//   cmake --build build --target bench_identity_bench && build/bin/bench_identity_bench
#include <orderly/method_identity_json.hpp>
#include <orderly/published_methods.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace {

using namespace orderly;

// A table-driven explicit step on a published tableau's coefficients rounded to double.
user_stepper table_stepper(const std::string& name) {
  const auto* method = find_published_method(name);
  if (!method) throw std::invalid_argument(name + " is not a published method");
  const numeric_tableau<double> t(method->tableau);
  user_stepper s{.name = name, .declared_order = method->tableau.order};
  s.step_with_error = [t](const user_rhs& f, double t0, state_of<double> y, double h) {
    std::vector<state_of<double>> k;
    for (int i = 0; i < t.stages; ++i) {
      state_of<double> stage = y;
      for (int j = 0; j < i; ++j)
        for (std::size_t n = 0; n < y.size(); ++n)
          stage[n] +=
              h * t.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] * k[static_cast<std::size_t>(j)][n];
      k.push_back(f(t0 + t.c[static_cast<std::size_t>(i)] * h, stage));
    }
    state_of<double> error(y.size(), 0.0);
    for (int i = 0; i < t.stages; ++i)
      for (std::size_t n = 0; n < y.size(); ++n) {
        const auto u = static_cast<std::size_t>(i);
        y[n] += h * t.b[u] * k[u][n];
        if (!t.b_embedded.empty()) error[n] += h * (t.b[u] - t.b_embedded[u]) * k[u][n];
      }
    return step_with_estimate{std::move(y), std::move(error)};
  };
  const auto with_error = s.step_with_error;
  s.step = [with_error](const user_rhs& f, double t0, state_of<double> y, double h) {
    return with_error(f, t0, std::move(y), h).y;
  };
  if (!method->tableau.b_embedded) s.step_with_error = nullptr;
  return s;
}

void recover_and_identify(benchmark::State& state, const std::string& name) {
  const auto stepper = table_stepper(name);
  for (auto _ : state) {
    auto identity = stepper_identity(stepper);
    benchmark::DoNotOptimize(identity);
  }
}

}  // namespace

BENCHMARK_CAPTURE(recover_and_identify, dopri5, std::string("dopri54"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(recover_and_identify, feagin10, std::string("feagin10"))->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
