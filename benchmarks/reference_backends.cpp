// Which multiprecision backend computes references fastest? The same Gragg-Bulirsch-Stoer
// reference computation (odeint bulirsch_stoer, abs = rel tolerance) of the Kepler problem
// (e = 0.6, t in [0, 20]) in float128, cpp_bin_float_50 and cpp_dec_float_50. Digits are measured
// against the closed form (Kepler's equation solved in 100-digit arithmetic), with the definition
// of reference_solution.hpp; counters: digits, rhs evaluations, digits per second.
//   bench_reference_backends --benchmark_counters_tabular=true
#include <orderly/extrapolation_reference.hpp>
#include <orderly/reference_solution.hpp>

#include <boost/multiprecision/cpp_dec_float.hpp>
#include <benchmark/benchmark.h>

#include <string>

// et_off like cpp_bin_float_50 (odeint cannot take expression templates; cpp_dec_float_50 has them on).
using dec50 = boost::multiprecision::number<boost::multiprecision::cpp_dec_float<50>, boost::multiprecision::et_off>;
ORDERLY_ODEINT_VALUE_TYPE(dec50)

namespace {

template <class T>
void reference_backend(benchmark::State& state, const char* tolerance) {
  const auto* entry = orderly::find_problem("kepler");
  const auto problem = orderly::instantiate<T>(*entry);
  const auto exact = orderly::instantiate<orderly::high_precision>(*entry);
  const auto truth = exact.exact(orderly::high_precision(exact.t_end));
  const T tol = orderly::to_scalar<T>(orderly::problems::parse_value(tolerance));
  double digits = 0;
  std::size_t steps = 0;
  for (auto _ : state) {
    const auto y = orderly::integrate_extrapolation(problem, {problem.t_end}, tol, &steps);
    orderly::state_of<orderly::high_precision> y100;
    for (const auto& x : y[0]) y100.push_back(orderly::high_precision(x));
    digits = orderly::agreement_digits_floor(y100, truth, orderly::high_precision(0));
    benchmark::DoNotOptimize(digits);
  }
  state.counters["digits"] = digits;
  state.counters["steps"] = static_cast<double>(steps);
  // digits reached per second of one computation
  state.counters["digits_per_s"] =
      benchmark::Counter(digits * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

}  // namespace

void float128_backend(benchmark::State& state, const char* tolerance) {
  reference_backend<orderly::float128>(state, tolerance);
}
void cpp_bin_float_50_backend(benchmark::State& state, const char* tolerance) {
  reference_backend<orderly::mp50>(state, tolerance);
}
void cpp_dec_float_50_backend(benchmark::State& state, const char* tolerance) {
  reference_backend<dec50>(state, tolerance);
}

BENCHMARK_CAPTURE(float128_backend, tol_1e_25, "1e-25")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(cpp_bin_float_50_backend, tol_1e_25, "1e-25")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(cpp_dec_float_50_backend, tol_1e_25, "1e-25")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(float128_backend, tol_1e_31, "1e-31")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(cpp_bin_float_50_backend, tol_1e_31, "1e-31")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(cpp_dec_float_50_backend, tol_1e_31, "1e-31")->Unit(benchmark::kMillisecond);
// float128 plateaus below the 28-digit target whatever the tolerance (113-bit rounding):
BENCHMARK_CAPTURE(float128_backend, tol_1e_33, "1e-33")->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
