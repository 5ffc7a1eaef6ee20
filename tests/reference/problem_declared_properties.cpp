// What a problem declares about itself for the studies to ask (typed_problem's period, orbit and
// oscillator), checked against the problem's own formulas in 50-digit arithmetic:
//  - a period returns the exact solution to y0, and half of it does not (it is the least period);
//  - a planar orbit's true anomaly is the polar angle of the exact solution, and its mean anomaly
//    advances as t (Kepler's third law for the unit orbit: semi-major axis 1, GM = 1, so the mean
//    motion is 1; periapsis at t = 0);
//  - a harmonic oscillator's right-hand side is (v, -k x) with the declared k.
#include <orderly/problem_catalog.hpp>
#include <orderly/problems/support.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

namespace {

using orderly::mp50;
using orderly::state_of;

// Far below the 50 digits' rounding of the formulas involved (a few hundred operations), far above
// any error of a wrong period or phase.
const mp50 agreement = mp50(1e-40);

mp50 distance(const state_of<mp50>& a, const state_of<mp50>& b) {
  using std::abs;
  mp50 largest = 0;
  for (std::size_t i = 0; i < a.size(); ++i) largest = std::max(largest, mp50(abs(a[i] - b[i])));
  return largest;
}

TEST(ProblemDeclaredProperties, APeriodReturnsTheExactSolutionToItsStartAndHalfOfItDoesNot) {
  std::set<std::string> periodic;
  for (const auto& entry : orderly::problem_catalog()) {
    const auto p = orderly::instantiate<mp50>(entry);
    if (!p.period) continue;
    periodic.insert(entry.info.name);
    ASSERT_TRUE(p.exact) << entry.info.name << ": a period is checked on the exact solution";
    EXPECT_LT(distance(p.exact(p.t0 + *p.period), p.y0), agreement) << entry.info.name;
    EXPECT_GT(distance(p.exact(p.t0 + *p.period / 2), p.y0), mp50(1) / 10) << entry.info.name;
  }
  for (const char* name : {"kepler", "harmonic", "pendulum"}) EXPECT_TRUE(periodic.count(name)) << name;
}

TEST(ProblemDeclaredProperties, AnOrbitsAnomaliesAreThoseOfItsExactSolution) {
  int orbits = 0;
  for (const auto& entry : orderly::problem_catalog()) {
    const auto p = orderly::instantiate<mp50>(entry);
    if (!p.orbit) continue;
    ++orbits;
    const mp50 two_pi = 2 * orderly::problems::pi<mp50>();
    for (const mp50& t : {mp50(3) / 10, mp50(2), mp50(15) / 2, mp50(20), mp50(100)}) {
      using std::atan2;
      using std::round;
      const auto y = p.exact(t);
      const mp50 nu = p.orbit->true_anomaly(t);
      const mp50 polar = atan2(y[1], y[0]);
      EXPECT_LT(abs(nu - polar - two_pi * round((nu - polar) / two_pi)), agreement) << entry.info.name;
      EXPECT_LT(abs(p.orbit->mean_anomaly(nu) - t), agreement) << entry.info.name << " at t = " << t;
    }
  }
  EXPECT_GE(orbits, 1);  // kepler
}

TEST(ProblemDeclaredProperties, AHarmonicOscillatorsRightHandSideIsMinusKX) {
  int oscillators = 0;
  for (const auto& entry : orderly::problem_catalog()) {
    const auto p = orderly::instantiate<mp50>(entry);
    if (!p.oscillator) continue;
    ++oscillators;
    for (const state_of<mp50>& y : {state_of<mp50>{mp50(3), mp50(-2)}, state_of<mp50>{mp50(-1) / 7, mp50(5)}}) {
      state_of<mp50> f;
      p.rhs(mp50(1), y, f);
      ASSERT_EQ(f.size(), 2u) << entry.info.name;
      EXPECT_EQ(f[0], y[1]) << entry.info.name;
      EXPECT_EQ(f[1], -p.oscillator->k * y[0]) << entry.info.name;
    }
  }
  EXPECT_GE(oscillators, 1);  // harmonic
}

}  // namespace
