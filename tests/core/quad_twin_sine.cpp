// The rounding twin's sine (orderly/quad_twin.hpp) against 45-digit values from mpmath
// (mp.dps = 60, sin of the exact rational argument): within a few units of 2^-128 relative, in every
// quadrant, for tiny arguments, next to a multiple of pi (where the reduction must keep the bits
// that cancel) and beyond the fast reduction's range.
#include <orderly/quad_twin.hpp>

#include <gtest/gtest.h>

#include <string>

using namespace orderly;

namespace {

struct sine_case {
  quad_twin x;
  const char* expected;
};

// A few units of the twin's last place: the series and the reduction round a handful of times.
const quad_twin tolerance = ldexp(quad_twin(4), -128);

}  // namespace

TEST(QuadTwinSine, MatchesMpmathInEveryQuadrant) {
  const sine_case cases[] = {
      {quad_twin(3) / 2, "9.97494986604054430941723371141487322706651426e-1"},
      {quad_twin(-3) / 2, "-9.97494986604054430941723371141487322706651426e-1"},
      {quad_twin(1) / 1024, "9.76562344779578298906910168119786366802418046e-4"},
      {quad_twin(7) / 4, "9.83985946873936898731662936967985593538094354e-1"},
      {quad_twin(3), "1.41120008059867222100744802808110279846933264e-1"},
      {quad_twin(-5), "9.58924274663138468893154406155993973352461544e-1"},
      {quad_twin(100), "-5.06365641109758793656557610459785432065032721e-1"},
      // pi rounded to double: sin is the 1.2e-16 that the reduction's second and third pieces keep
      {quad_twin(884279719003555) / 281474976710656, "1.2246467991473531772260659322749979970830539e-16"},
      // pi rounded to 128 bits: sin is pi's next 1.9e-39, which needs all three pieces of pi/2
      {ldexp(quad_twin("267257146016241686964920093290467695825"), -126),
       "1.88304107766078511674590954845603494027533949e-39"},
      {ldexp(quad_twin(1), -70), "8.470329472543003390683225006796419620513915e-22"},
      // beyond 2^27: Boost's own reduction
      {quad_twin(1000000000), "5.4584344944869956424438727089751452899502293e-1"},
  };
  for (const auto& c : cases) {
    const quad_twin expected(c.expected);
    const quad_twin relative = abs((sin(c.x) - expected) / expected);
    EXPECT_LE(relative, tolerance) << "sin(" << c.x.str(40) << ") = " << sin(c.x).str(40) << ", mpmath " << c.expected;
  }
  EXPECT_EQ(sin(quad_twin(0)), 0);
}
