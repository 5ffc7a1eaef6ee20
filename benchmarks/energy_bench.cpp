// The energy study's cost over the bare stepper loop: 10^7 velocity-Verlet steps on kepler in
// double, (a) the bound stepper called in a bare loop, (b) the observer driver without an
// observer (adds the blow-up check), (c) the full study: energy (and angular momentum, phase) in
// float128 at the log-spaced probes, the revolution count at every step. Target: (c)
// within 1.5x of (a). One iteration is the whole 10^7-step run; three repetitions.
//   build/benchmarks/bench_energy_bench
#include <orderly/driver.hpp>
#include <orderly/energy.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>

namespace {

using namespace orderly;

constexpr std::size_t steps = 10000000;

const method_entry& verlet() { return *find_method("velocity-verlet"); }
const problem_entry& kepler() { return *find_problem("kepler"); }

void bare_stepper_loop(benchmark::State& state) {
  const auto problem = instantiate<double>(kepler());
  const double h = 0.01;
  for (auto _ : state) {
    auto stepper = make_stepper<double>(verlet(), problem);
    state_of<double> y = problem.y0;
    for (std::size_t n = 1; n <= steps; ++n) stepper->step(problem.t0 + static_cast<double>(n - 1) * h, y, h);
    benchmark::DoNotOptimize(y.data());
  }
  state.counters["ns_per_step"] = benchmark::Counter(
      static_cast<double>(steps), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void driver_without_observer(benchmark::State& state) {
  const auto problem = instantiate<double>(kepler());
  for (auto _ : state) {
    auto stepper = make_stepper<double>(verlet(), problem);
    auto outcome = drive_fixed(*stepper, problem, 0.01, steps);
    benchmark::DoNotOptimize(outcome.final_state.data());
  }
  state.counters["ns_per_step"] = benchmark::Counter(
      static_cast<double>(steps), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void energy_study(benchmark::State& state) {
  for (auto _ : state) {
    auto result = study_energy(
        {.method = &verlet(), .problem = &kepler(), .scalar = scalar_kind::float64, .h = "1/100", .steps = steps});
    benchmark::DoNotOptimize(result.samples.data());
  }
  state.counters["ns_per_step"] = benchmark::Counter(
      static_cast<double>(steps), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

}  // namespace

BENCHMARK(bare_stepper_loop)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3)->ReportAggregatesOnly(true);
BENCHMARK(driver_without_observer)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);
BENCHMARK(energy_study)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3)->ReportAggregatesOnly(true);
BENCHMARK_MAIN();
