// The stored references in reference/data against independent evidence:
//  - every problem without a closed form has a stored reference meeting the digit targets
//    (28 digits non-stiff and Hamiltonian, 16 stiff);
//  - a quick fresh recomputation (mp50 extrapolation at a moderate tolerance) agrees with the
//    stored values of lotka-volterra and henon-heiles;
//  - the stored Pleiades state agrees with the Bari test set's published 16-digit solution;
//  - a time within rounding of the stored one is stepped to from it, in agreement with a fresh
//    computation at that time;
//  - the Arenstorf orbit closes after its published period;
//  - first integrals (energy, angular and linear momentum, Jacobi integral, the Lotka-Volterra
//    integral) take their initial values at the stored states;
//  - a stored file with a value that is not a finite number is refused.
#include <orderly/extrapolation_reference.hpp>
#include <orderly/reference_solution.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

namespace {

using orderly::mp50;
using orderly::state_of;

const orderly::problem_entry& entry_of(const std::string& name) {
  const auto* entry = orderly::find_problem(name);
  if (!entry) throw std::runtime_error("no problem " + name);
  return *entry;
}

orderly::reference_states stored(const std::string& name) {
  auto r = orderly::load_reference(entry_of(name));
  if (!r) throw std::runtime_error("no stored reference for " + name + " (orderly reference --all --recompute)");
  return *r;
}

TEST(ReferenceData, EveryIntegratedProblemIsStoredAndMeetsItsDigitTarget) {
  for (const auto& entry : orderly::problem_catalog()) {
    if (entry.info.has_exact) continue;
    const auto r = orderly::load_reference(entry);
    ASSERT_TRUE(r.has_value()) << entry.info.name;
    ASSERT_EQ(r->times.size(), 1u) << entry.info.name;
    EXPECT_EQ(r->times[0], orderly::default_end_time(entry)) << entry.info.name;
    ASSERT_EQ(static_cast<int>(r->states[0].size()), entry.info.dimension) << entry.info.name;
    EXPECT_GE(r->certified_digits, entry.info.stiff ? 16.0 : 28.0) << entry.info.name << ": " << r->method;
  }
}

TEST(ReferenceData, QuickRecomputationMatchesStoredValues) {
  for (const char* name : {"lotka-volterra", "henon-heiles"}) {
    const auto& entry = entry_of(name);
    const auto p = orderly::instantiate<mp50>(entry);
    const auto fresh = orderly::integrate_extrapolation(p, {p.t_end}, mp50("1e-22"));
    const auto reference = stored(name);
    // At tolerance 1e-22 the global error stays below ~1e-19 on these intervals: 18 digits agree.
    EXPECT_GE(orderly::agreement_digits_floor(fresh[0], reference.states[0], mp50(0)), 18.0) << name;
  }
}

TEST(ReferenceData, DenseReferencesHitTheRequestedTimes) {
  // Studies ask for many output times: they are integrated through, hit exactly, and certified.
  const auto& entry = entry_of("lotka-volterra");
  const auto p = orderly::instantiate<mp50>(entry);
  const std::vector<mp50> times = {p.t_end / 4, p.t_end / 2, p.t_end};
  const auto dense = orderly::reference_at(entry, times);
  ASSERT_EQ(dense.states.size(), times.size());
  EXPECT_EQ(dense.origin, "computed");
  EXPECT_GE(dense.certified_digits, 28.0);
  EXPECT_GE(orderly::agreement_digits_floor(dense.states[2], stored("lotka-volterra").states[0], mp50(0)), 28.0);
  // The first integral holds at every output time.
  for (const auto& y : dense.states)
    EXPECT_LE(abs(p.invariants[0].value(0, y) - p.invariants[0].value(0, p.y0)), mp50("1e-27"));
}

TEST(ReferenceData, AComputedReferenceIsComputedOncePerProcess) {
  // Every measurement and sweep of a study asks for the reference at its scalar's t_end: the second
  // request gets the first one's result, its compute time included, not a second pair of runs
  // (whose time would differ).
  const auto& entry = entry_of("lotka-volterra");
  const auto p = orderly::instantiate<mp50>(entry);
  const std::vector<mp50> times = {p.t_end / 4, p.t_end / 2, p.t_end};
  const auto first = orderly::reference_at(entry, times);
  const auto again = orderly::reference_at(entry, times);
  EXPECT_GT(first.compute_seconds, 0.0);
  EXPECT_EQ(again.compute_seconds, first.compute_seconds);
  ASSERT_EQ(again.states.size(), first.states.size());
  for (std::size_t k = 0; k < first.states.size(); ++k) EXPECT_EQ(again.states[k], first.states[k]);
}

TEST(ReferenceData, ATimeWithinRoundingOfTheStoredOneIsSteppedToFromIt) {
  // A run in double ends at t_end rounded to double: that time, 1e-15 t_end from the stored one,
  // is reached from the stored state, and agrees with a fresh two-run computation at that time
  // (the independent evidence) to the stored certificate's 28 digits.
  const auto& entry = entry_of("lotka-volterra");
  const auto stored_reference = stored("lotka-volterra");
  const mp50 t = stored_reference.times[0] * (1 + mp50("1e-15"));
  const auto stepped = orderly::reference_at(entry, {t});
  EXPECT_EQ(stepped.origin, "stored");
  EXPECT_NE(stepped.method.find("within rounding"), std::string::npos) << stepped.method;
  EXPECT_LE(stepped.certified_digits, stored_reference.certified_digits);
  EXPECT_GE(stepped.certified_digits, 28.0);
  // The fresh computation also tells a listener how far it has got: a share of the span from t0
  // to t, in the first of at most three attempts (nonstiff_reference_settings).
  std::vector<orderly::reference_progress_point> heard;
  const auto fresh =
      orderly::compute_reference(entry, {t}, [&](const orderly::reference_progress_point& p) { heard.push_back(p); });
  ASSERT_FALSE(heard.empty());
  for (const auto& p : heard) {
    EXPECT_GE(p.fraction, 0.0);
    EXPECT_LE(p.fraction, 1.0);
    EXPECT_EQ(p.max_attempts, orderly::nonstiff_reference_settings{}.max_attempts);
  }
  EXPECT_EQ(heard.front().attempt, 1);
  EXPECT_GT(heard.back().fraction, 0.5);
  EXPECT_GE(orderly::agreement_digits_floor(stepped.states[0], fresh.states[0], mp50(0)), 28.0);
  // The gap itself matters at that accuracy: the stored state is not the state at t.
  EXPECT_LT(orderly::agreement_digits_floor(stored_reference.states[0], fresh.states[0], mp50(0)), 20.0);
  // A time further than rounding from every stored one is computed, not stepped to.
  const auto far = orderly::stored_reference_at(entry, stored_reference, {stored_reference.times[0] * mp50("1.001")});
  EXPECT_FALSE(far.has_value());
}

TEST(ReferenceData, PleiadesMatchesTheBariTestSet) {
  // Mazzia & Magherini, Test Set for IVP Solvers, release 2.4, problem PLEI: y(3), 16 digits.
  const char* bari[28] = {
      "0.3706139143970502",    "0.3237284092057233e1",  "-0.3222559032418324e1", "0.6597091455775310",
      "0.3425581707156584",    "0.1562172101400631e1",  "-0.7003092922212495",   "-0.3943437585517392e1",
      "-0.3271380973972550e1", "0.5225081843456543e1",  "-0.2590612434977470e1", "0.1198213693392275e1",
      "-0.2429682344935824",   "0.1091449240428980e1",  "0.3417003806314313e1",  "0.1354584501625501e1",
      "-0.2590065597810775e1", "0.2025053734714242e1",  "-0.1155815100160448e1", "-0.8072988170223021",
      "0.5952396354208710",    "-0.3741244961234010e1", "0.3773459685750630",    "0.9386858869551073",
      "0.3667922227200571",    "-0.3474046353808490",   "0.2344915448180937e1",  "-0.1947020434263292e1"};
  // The published values come from a double-precision computation: allow 20 units of double
  // rounding at the size of the state, 20 * 2^-52 * max|y| (about 2.3e-14 here).
  const auto reference = stored("pleiades");
  mp50 largest = 0;
  for (const auto& y : reference.states[0]) largest = std::max(largest, mp50(abs(y)));
  const mp50 tolerance = 20 * mp50(std::numeric_limits<double>::epsilon()) * largest;
  for (std::size_t i = 0; i < 28; ++i)
    EXPECT_LE(abs(mp50(bari[i]) - reference.states[0][i]), tolerance) << "component " << i;
}

TEST(ReferenceData, ArenstorfOrbitClosesAfterItsPeriod) {
  // HNW I gives y2'(0) and the period to 30 digits; the orbit must return to y0 to about that
  // accuracy times the (moderate) sensitivity of the return map.
  const auto& entry = entry_of("arenstorf");
  const auto p = orderly::instantiate<mp50>(entry);
  const auto reference = stored("arenstorf");
  EXPECT_GE(orderly::agreement_digits_floor(reference.states[0], p.y0, mp50(0)), 20.0);
}

TEST(ReferenceData, FirstIntegralsKeepTheirInitialValues) {
  int checked = 0;
  for (const auto& entry : orderly::problem_catalog()) {
    if (entry.info.has_exact || entry.info.stiff) continue;
    const auto p = orderly::instantiate<mp50>(entry);
    const auto reference = stored(entry.info.name);
    for (const auto& invariant : p.invariants) {
      const mp50 initial = invariant.value(p.t0, p.y0);
      const mp50 final = invariant.value(reference.times[0], reference.states[0]);
      // Relative to the invariant's size, or (momenta that vanish) to the size of its terms.
      const mp50 scale = std::max(mp50(abs(initial)), mp50("1e-6"));
      EXPECT_LE(abs(final - initial) / scale, mp50("1e-26")) << entry.info.name << " " << invariant.name;
      ++checked;
    }
  }
  EXPECT_GE(checked, 10);
}

TEST(ReferenceData, AValueThatIsNotFiniteIsRefused) {
  // The stored file as it is, then with one time, one state component or the certificate replaced.
  const auto& entry = entry_of("lotka-volterra");
  std::ifstream in(orderly::reference_data_path("lotka-volterra"));
  const auto file = nlohmann::json::parse(in);
  ASSERT_TRUE(orderly::reference_from_json(entry, file).has_value());
  for (const char* bad : {"nan", "inf", "-inf"}) {
    auto time = file;
    time["times"][0] = bad;
    EXPECT_THROW(orderly::reference_from_json(entry, time), std::invalid_argument) << bad;
    auto state = file;
    state["states"][0][1] = bad;
    EXPECT_THROW(orderly::reference_from_json(entry, state), std::invalid_argument) << bad;
  }
  auto certificate = file;
  certificate["certified_digits"] = -1;
  EXPECT_THROW(orderly::reference_from_json(entry, certificate), std::invalid_argument);
}

}  // namespace
