// The study platform: the stepper factory, the observer driver, suites as data and the job runner.
#include <orderly/convergence_measure.hpp>
#include <orderly/convergence_suites.hpp>
#include <orderly/driver.hpp>
#include <orderly/job_runner.hpp>
#include <orderly/stepper_factory.hpp>
#include <orderly/suites.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>

using namespace orderly;

namespace {

const problem_entry& problem_named(const std::string& name) {
  const auto* p = find_problem(name);
  if (!p) throw std::logic_error("no problem " + name);
  return *p;
}

}  // namespace

TEST(Driver, ObserverSeesEveryStepAtGridTimesComputedFromTheStepIndex) {
  const auto problem = instantiate<double>(problem_named("harmonic"));
  const auto stepper = make_stepper(*find_method("rk4"), problem);
  const double h = 0.1;
  std::size_t calls = 0;
  double worst_time_error = 0;
  const auto outcome =
      drive_fixed(*stepper, problem, h, 1000, [&](std::size_t n, const double& t, const state_of<double>&) {
        ++calls;
        EXPECT_EQ(n, calls);
        worst_time_error = std::max(worst_time_error, std::fabs(t - (problem.t0 + static_cast<double>(n) * h)));
      });
  EXPECT_TRUE(outcome.stable);
  EXPECT_EQ(calls, 1000u);
  EXPECT_EQ(outcome.steps_done, 1000u);
  EXPECT_EQ(worst_time_error, 0.0);                // t_n = t0 + n h exactly, not an accumulated sum
  EXPECT_EQ(outcome.work.rhs_evaluations, 4000u);  // rk4: four evaluations a step
}

TEST(Driver, AnObserverReturningFalseStopsTheRun) {
  const auto problem = instantiate<double>(problem_named("harmonic"));
  const auto stepper = make_stepper(*find_method("euler"), problem);
  const auto outcome = drive_fixed(*stepper, problem, 0.01, 100,
                                   [](std::size_t n, const double&, const state_of<double>&) { return n < 7; });
  EXPECT_TRUE(outcome.stable);
  EXPECT_EQ(outcome.steps_done, 7u);
}

TEST(Driver, ABlowUpIsAResultNamingTheStepAndTime) {
  // Explicit Euler on x'' = -x with h = 3: the amplification |1 + 3i| = sqrt(10) per step passes the
  // blow-up bound (1e12 x the initial scale 1) after ceil(12 / log10(sqrt(10))) = 24 steps.
  const auto problem = instantiate<double>(problem_named("harmonic"));
  const auto stepper = make_stepper(*find_method("euler"), problem);
  const auto outcome = drive_fixed(*stepper, problem, 3.0, 1000);
  EXPECT_FALSE(outcome.stable);
  EXPECT_EQ(outcome.steps_done, 24u);
  EXPECT_EQ(outcome.failure, "unstable at step 25, t = 75");
}

TEST(StepperFactory, EveryFamilyGetsAStepperWhereItCanRun) {
  const auto duffing = instantiate<double>(problem_named("forced-duffing"));
  const auto duffing_f = instantiate<float>(problem_named("forced-duffing"));
  for (const auto& method : method_catalog()) {
    SCOPED_TRACE(method.name);
    if (method.family == method_family::seed) {
      if (!incompatibility(method, *duffing_f.info).empty()) continue;
      EXPECT_NE(make_stepper(method, duffing_f), nullptr);
      EXPECT_THROW(make_stepper(method, duffing), std::invalid_argument);  // specimens are float code
    } else {
      EXPECT_NE(make_stepper(method, duffing), nullptr);
    }
  }
  const auto arenstorf = instantiate<double>(problem_named("arenstorf"));
  EXPECT_THROW(make_stepper(*find_method("velocity-verlet"), arenstorf), std::invalid_argument);  // not separable
}

// The method's word on its scalar and its update agrees with the factory, the one place that
// builds steppers: a method with a native scalar gets a stepper in it and in no other, and exactly
// the methods that support a compensated update get a compensated stepper.
TEST(StepperFactory, TheMethodsOwnPropertiesAgreeWithTheFactory) {
  const auto duffing = instantiate<double>(problem_named("forced-duffing"));
  const auto duffing_f = instantiate<float>(problem_named("forced-duffing"));
  for (const auto& method : method_catalog()) {
    SCOPED_TRACE(method.name);
    if (!incompatibility(method, *duffing.info).empty()) continue;
    if (method.native_scalar()) {
      ASSERT_EQ(*method.native_scalar(), scalar_kind::float32);  // the only one a stepper is built for
      EXPECT_NE(make_stepper(method, duffing_f), nullptr);
      EXPECT_THROW(make_stepper(method, duffing), std::invalid_argument);
    }
    if (method.supports_compensated_update())
      EXPECT_NE((make_stepper<double, summation::compensated>(method, duffing)), nullptr);
    else
      EXPECT_THROW((make_stepper<double, summation::compensated>(method, duffing)), std::invalid_argument);
  }
}

// The adaptive form of an explicit pair: the compiled stepper by default (dopri54's 7 stages have
// one, compiled_stage_counts), explicit_rk when the runtime form is asked for; a Rosenbrock pair is
// its Rosenbrock stepper either way.
TEST(StepperFactory, AnAdaptivePairComesInTheExplicitFormAskedFor) {
  const auto arenstorf = instantiate<double>(problem_named("arenstorf"));
  using state = state_of<double>;
  constexpr auto runtime = explicit_form::runtime;
  const auto& dopri54 = *find_method("dopri54");
  const auto& rosenbrock4 = *find_method("rosenbrock4");
  const auto is_compiled = []<class S>(S&&) {
    return std::is_same_v<std::remove_cvref_t<S>, fixed_explicit_rk<state, 7>>;
  };
  const auto is_runtime = []<class S>(S&&) { return std::is_same_v<std::remove_cvref_t<S>, explicit_rk<state>>; };
  const auto is_rosenbrock = []<class S>(S&&) {
    return std::is_same_v<std::remove_cvref_t<S>, rosenbrock_stepper<state>>;
  };
  const auto any = [](auto&&) { return true; };
  EXPECT_TRUE(visit_adaptive_stepper(dopri54, arenstorf, is_compiled));
  EXPECT_TRUE((visit_adaptive_stepper<double, runtime>(dopri54, arenstorf, is_runtime)));
  EXPECT_TRUE((visit_adaptive_stepper<double, runtime>(rosenbrock4, arenstorf, is_rosenbrock)));
  EXPECT_THROW((visit_adaptive_stepper<double, runtime>(*find_method("rk4"), arenstorf, any)),
               std::invalid_argument);  // no error estimate
}

TEST(Suites, TheGateSelectsOnlyNonlinearNonAutonomousProblemsAndThePendulum) {
  std::set<std::string> problems;
  for (const auto& [method, problem] : select_pairs(gate_suite())) {
    problems.insert(problem->info.name);
    if (problem->info.name == "pendulum")
      EXPECT_NE(method->family, method_family::seed);
    else
      EXPECT_TRUE(problem->info.nonlinear && problem->info.nonautonomous && !problem->info.stiff);
  }
  EXPECT_EQ(problems, (std::set<std::string>{"nonlinear-na", "forced-duffing", "pendulum"}));
}

TEST(Suites, SeedSpecimensRunOnTheArticlesProblemsAndTheGateProblemsOnly) {
  for (const auto& [method, problem] : select_pairs(default_convergence_suite())) {
    if (method->family != method_family::seed) continue;
    const bool article = !problem->info.source.empty();
    const bool gate = problem->info.nonlinear && problem->info.nonautonomous && problem->info.has_exact;
    EXPECT_TRUE(article || gate) << method->name << " on " << problem->info.name;
  }
}

TEST(Suites, APairIsSelectedOnceEvenWhenTwoPartsSelectIt) {
  const std::vector<suite_part> overlapping{
      {.purpose = "by name", .methods = {.families = {method_family::explicit_rk}}, .problems = {.names = {"kepler"}}},
      {.purpose = "by tag",
       .methods = {.families = {method_family::explicit_rk}},
       .problems = {.all_of = {problem_tag::hamiltonian}}},
  };
  std::size_t kepler_rk4 = 0;
  for (const auto& [method, problem] : select_pairs(overlapping))
    if (method->name == "rk4" && problem->info.name == "kepler") ++kepler_rk4;
  EXPECT_EQ(kepler_rk4, 1u);
}

TEST(JobRunner, ResultsAndErrorsLandInJobOrderForAnyThreadCount) {
  std::vector<int> jobs;
  for (int i = 0; i < 50; ++i) jobs.push_back(i);
  auto square_or_throw = [](const int& i) {
    if (i % 7 == 3) throw std::runtime_error("job " + std::to_string(i) + " failed");
    return i * i;
  };
  for (unsigned threads : {1u, 2u, 5u}) {
    const auto outcomes = run_jobs(jobs, square_or_throw, threads);
    ASSERT_EQ(outcomes.size(), jobs.size());
    for (int i = 0; i < 50; ++i) {
      if (i % 7 == 3) {
        EXPECT_FALSE(outcomes[static_cast<std::size_t>(i)].result);
        EXPECT_EQ(outcomes[static_cast<std::size_t>(i)].error, "job " + std::to_string(i) + " failed");
      } else {
        EXPECT_EQ(*outcomes[static_cast<std::size_t>(i)].result, i * i);
      }
    }
  }
}

TEST(MeasurementCache, AMeasurementIsMadeOnceAndSharedByEveryJobThatAsksForIt) {
  measurement_cache cache;
  const auto* method = find_method("rk4");
  const auto& problem = problem_named("harmonic");
  const measurement_key key{method, &problem, weight_set::primary, error_norm_kind::final, scalar_kind::quad, 4, 64};
  std::atomic<int> made{0};
  auto measure = [&] {
    ++made;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // long enough for the others to wait on it
    cached_measurement m;
    m.solution.points.resize(3);
    m.solution.points[2].error = 0.25;
    return m;
  };
  std::vector<std::thread> askers;
  std::vector<double> seen(4);
  for (std::size_t i = 0; i < seen.size(); ++i)
    askers.emplace_back([&, i] { seen[i] = cache.fixed_steps.get(key, measure).solution.points.at(2).error; });
  for (auto& t : askers) t.join();
  EXPECT_EQ(made.load(), 1);
  for (double e : seen) EXPECT_EQ(e, 0.25);
  // Another grid is another measurement.
  auto other = key;
  std::get<6>(other) = 128;
  (void)cache.fixed_steps.get(other, measure);
  EXPECT_EQ(made.load(), 2);
}

TEST(MeasurementCache, ASuiteGivesTheSameResultsAsEachJobAlone) {
  // A double job that escalates into float128 repeats the float128 job's measurement: with the
  // cache it is shared; every result must equal the job run on its own, without a cache.
  std::vector<convergence_request> jobs;
  for (auto scalar : {scalar_kind::float64, scalar_kind::quad})
    jobs.push_back({.method = find_method("rkf78"),
                    .problem = &problem_named("lotka-volterra"),
                    .scalar = scalar,
                    .tolerance_sweep = false});
  const auto together = run_convergence_jobs(jobs, 2);
  ASSERT_TRUE(together[0].result) << together[0].error;
  ASSERT_EQ(together[0].result->refinement.size(), 2u) << "the double job no longer escalates: pick another pair";
  EXPECT_EQ(together[0].result->scalar, scalar_kind::quad);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const auto alone = study_convergence(jobs[i]);
    ASSERT_TRUE(together[i].result) << together[i].error;
    const auto& shared = *together[i].result;
    EXPECT_EQ(shared.scalar, alone.scalar);
    EXPECT_EQ(shared.judged.outcome, alone.judged.outcome);
    EXPECT_EQ(shared.solution.fit.order, alone.solution.fit.order);
    ASSERT_EQ(shared.solution.points.size(), alone.solution.points.size());
    for (std::size_t k = 0; k < alone.solution.points.size(); ++k)
      EXPECT_EQ(shared.solution.points[k].error, alone.solution.points[k].error);
  }
}

TEST(MeasurementCache, AMeasurementOnMoreGridsRunsOnlyTheGridsNotYetMeasured) {
  // rk4 on nonlinear-na in double: grids 4..16, then 4..512 given the first one's raw points. The
  // second runs only the grids the first did not, and gives every point and the fit exactly as a
  // measurement made afresh.
  const auto* method = find_method("rk4");
  const auto& entry = problem_named("nonlinear-na");
  const auto problem = instantiate<double>(entry);
  std::vector<std::size_t> ran;
  auto grid = [&](const typed_problem<double>& typed, std::size_t n, bool record) {
    ran.push_back(n);
    return run_fixed_steps(*method, typed, n, record, weight_set::primary);
  };
  auto measure = [&](std::size_t finest, grid_points* known) {
    return detail::measure_fixed_steps(entry, problem, error_norm_kind::final, detail::step_sequence(4, finest), grid,
                                       {.shadow = false, .known = known});
  };
  grid_points known;
  const auto first = measure(16, &known);
  std::vector<std::size_t> first_grids;
  for (const auto& p : first.points) first_grids.push_back(p.steps);
  EXPECT_EQ(ran, first_grids);
  ASSERT_EQ(known.size(), first_grids.size());

  ran.clear();
  const auto afresh = measure(512, nullptr);
  std::vector<std::size_t> new_grids;
  for (const auto& p : afresh.points)
    if (!known.contains(p.steps)) new_grids.push_back(p.steps);
  ASSERT_GT(new_grids.size(), 2u);

  ran.clear();
  const auto extended = measure(512, &known);
  EXPECT_EQ(ran, new_grids);
  ASSERT_EQ(extended.points.size(), afresh.points.size());
  for (std::size_t k = 0; k < afresh.points.size(); ++k) {
    EXPECT_EQ(extended.points[k].steps, afresh.points[k].steps);
    EXPECT_EQ(extended.points[k].error, afresh.points[k].error);
    EXPECT_EQ(extended.points[k].status, afresh.points[k].status);
  }
  EXPECT_EQ(extended.fit.order, afresh.fit.order);
  EXPECT_EQ(extended.fit.error_constant, afresh.fit.error_constant);
}

TEST(MeasurementCache, APairsEmbeddedWeightsAndSweepAreSharedWithoutChangingAResult) {
  // The primary job of a pair measures its embedded weights and its tolerance sweep; the embedded
  // job measures the same embedded weights, under the same cache key. Run together, the primary's
  // embedded measurement must be the embedded job's, and its sweep and embedded measurement those of
  // the job run on its own.
  const auto* method = find_method("dopri54");
  const auto* problem = &problem_named("nonlinear-na");
  const std::vector<convergence_request> jobs{
      {.method = method, .problem = problem},
      {.method = method, .problem = problem, .weights = weight_set::embedded, .tolerance_sweep = false}};
  const auto together = run_convergence_jobs(jobs, 2);
  ASSERT_TRUE(together[0].result) << together[0].error;
  ASSERT_TRUE(together[1].result) << together[1].error;
  const auto& primary = *together[0].result;
  const auto& embedded = *together[1].result;
  ASSERT_TRUE(primary.embedded_weights);
  ASSERT_EQ(primary.embedded_weights->points.size(), embedded.solution.points.size());
  for (std::size_t k = 0; k < embedded.solution.points.size(); ++k)
    EXPECT_EQ(primary.embedded_weights->points[k].error, embedded.solution.points[k].error);

  const auto alone = study_convergence(jobs[0]);
  ASSERT_FALSE(alone.adaptive.empty());
  ASSERT_EQ(primary.adaptive.size(), alone.adaptive.size());
  for (std::size_t k = 0; k < alone.adaptive.size(); ++k) {
    EXPECT_EQ(primary.adaptive[k].error, alone.adaptive[k].error);
    EXPECT_EQ(primary.adaptive[k].rhs_evaluations, alone.adaptive[k].rhs_evaluations);
  }
  ASSERT_TRUE(alone.embedded_weights);
  ASSERT_EQ(primary.embedded_weights->points.size(), alone.embedded_weights->points.size());
  for (std::size_t k = 0; k < alone.embedded_weights->points.size(); ++k)
    EXPECT_EQ(primary.embedded_weights->points[k].error, alone.embedded_weights->points[k].error);
}

TEST(ConvergenceMeasure, SettledSlopesStopBeforeAGridThatWouldNeedATwinRun) {
  // rkf78 on nonlinear-na in float128: the local slopes settle near 8 while the errors are still
  // far above float128's rounding; the grid after that would fall within the shadow trigger of its
  // rounding estimate and need a twin run. The measurement stops there: no twin run, every
  // point's floor is still the a-priori estimate eps |y| sqrt(N), and the finest point is above the
  // trigger.
  const auto* method = find_method("rkf78");
  const auto& entry = problem_named("nonlinear-na");
  const auto problem = instantiate<float128>(entry);
  std::vector<std::size_t> ran, twins;
  auto grid = [&](const auto& typed, std::size_t n, bool record) {
    using T = std::remove_cvref_t<decltype(typed.t0)>;
    (std::is_same_v<T, float128> ? ran : twins).push_back(n);
    return run_fixed_steps(*method, typed, n, record, weight_set::primary);
  };
  const auto& policy = default_order_policy();
  const auto m = detail::measure_fixed_steps(entry, problem, error_norm_kind::final, detail::step_sequence(4, 16384),
                                             grid, {.shadow = true, .policy = policy});
  EXPECT_TRUE(m.stopped_short_of_rounding);
  EXPECT_EQ(twins.size(), 0u) << "twin runs in the more precise scalar";
  ASSERT_GE(m.points.size(), 5u);
  EXPECT_LT(m.points.back().steps, 16384u);
  const double eps = std::ldexp(1.0, -112);  // float128: 113-bit significand
  for (const auto& p : m.points)
    EXPECT_DOUBLE_EQ(p.noise_floor, eps * std::max(m.solution_scale, 1.0) * std::sqrt(static_cast<double>(p.steps)));
  EXPECT_GT(m.points.back().error, policy.shadow_trigger_factor * m.points.back().noise_floor);
  ASSERT_TRUE(m.fit.found);
  EXPECT_NEAR(m.fit.order, 8.0, policy.band_below);
}

TEST(Gate, DoubleIsKeptOnlyWhenItsMeasurementIsClearOfRounding) {
  // Euler's errors on nonlinear-na stay far above double's rounding on every grid: the gate keeps
  // the double measurement, and it matches a float128 measurement of the same grids to many digits.
  // rkf78's reach double's rounding within a few grids: the gate measures it in float128, exactly
  // as a plain float128 request does.
  const auto& problem = problem_named("nonlinear-na");
  auto alone = [&](const char* name) {
    return study_convergence(
        {.method = find_method(name), .problem = &problem, .scalar = scalar_kind::quad, .tolerance_sweep = false});
  };
  const auto euler = study_convergence(gate_request(find_method("euler"), &problem));
  const auto euler_quad = alone("euler");
  EXPECT_EQ(euler.scalar, scalar_kind::float64);
  EXPECT_EQ(euler_quad.scalar, scalar_kind::quad);
  ASSERT_EQ(euler.solution.points.size(), euler_quad.solution.points.size());
  for (std::size_t k = 0; k < euler.solution.points.size(); ++k)
    EXPECT_NEAR(euler.solution.points[k].error, euler_quad.solution.points[k].error,
                1e-9 * euler_quad.solution.points[k].error);
  EXPECT_NEAR(euler.solution.fit.order, euler_quad.solution.fit.order, 1e-9);

  const auto rkf78 = study_convergence(gate_request(find_method("rkf78"), &problem));
  const auto rkf78_quad = alone("rkf78");
  EXPECT_EQ(rkf78.scalar, scalar_kind::quad);
  EXPECT_EQ(rkf78.solution.fit.order, rkf78_quad.solution.fit.order);
  EXPECT_EQ(rkf78.solution.fit.error_constant, rkf78_quad.solution.fit.error_constant);
}
