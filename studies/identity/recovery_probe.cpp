// The probe of a compiled step and the readings' shared arithmetic (recovery_probe.hpp).
#include <orderly/analysis/rational_recognition.hpp>

#include "recovery_probe.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace orderly::recovery {
namespace {

// A combination predicted from the coefficients matches the step's own when they differ by at
// most this many units of double's rounding of the sum's magnitude (plus the coefficients' bounds):
// the step may add its terms in any order.
constexpr double affine_tolerance_ulps = 64;

struct evaluations_exceeded {};

}  // namespace

probe run_probe(const user_stepper& stepper, bool with_error, double t0, const state_of<double>& y0, double h,
                int max_calls, const evaluation_source& source) {
  probe p;
  const user_rhs f = [&](double t, const state_of<double>& y) {
    const int call = static_cast<int>(p.calls.size());
    if (call >= max_calls) throw evaluations_exceeded{};
    p.calls.push_back({t, y});
    return source(call, y);
  };
  try {
    if (with_error) {
      auto r = stepper.step_with_error(f, t0, y0, h);
      p.y1 = std::move(r.y);
      p.error = std::move(r.error);
    } else {
      p.y1 = stepper.step(f, t0, y0, h);
    }
  } catch (const evaluations_exceeded&) {
    p.exceeded = true;
  } catch (const std::exception& e) {
    p.failure = e.what();
  }
  if (!p.exceeded && p.failure.empty() && p.y1.size() != y0.size())
    p.failure =
        "the step returned " + std::to_string(p.y1.size()) + " values for a state of " + std::to_string(y0.size());
  return p;
}

recovered_coefficient read_coefficient(double value, double bound) {
  return {value, bound, recognise_rational(value, bound)};
}

recovered_coefficient read_coefficient(double value) { return read_coefficient(value, rounding_bound(value)); }

state_of<double> unit_vector(int n, int j) {
  state_of<double> e(static_cast<std::size_t>(n), 0.0);
  if (j < n) e[static_cast<std::size_t>(j)] = 1;
  return e;
}

std::string number(double x) {
  std::ostringstream out;
  out.precision(17);
  out << x;
  return out.str();
}

void compare_into(comparison& c, long double predicted, double got, long double magnitude, long double bound) {
  const long double tolerance = affine_tolerance_ulps * std::numeric_limits<double>::epsilon() * magnitude + bound +
                                std::numeric_limits<double>::min();
  const long double excess = std::fabs(predicted - static_cast<long double>(got)) / tolerance;
  if (excess > 1) c.agrees = false;
  c.worst = std::max(c.worst, static_cast<double>(excess));
}

probe unit_probe(const user_stepper& stepper, bool with_error, int& width) {
  for (width = first_probe_width;; width *= 2) {
    probe p = run_probe(stepper, with_error, 0.0, state_of<double>(static_cast<std::size_t>(width), 0.0), 1.0, width,
                        [width](int call, const state_of<double>&) { return unit_vector(width, call); });
    if (!p.exceeded || width >= max_recovered_evaluations) return p;
  }
}

}  // namespace orderly::recovery
