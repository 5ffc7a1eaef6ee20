#pragma once
// The seed articles' integrators as specimens: reproduced faithfully (float arithmetic, the
// articles' constants, operation order and time arguments), defects included, so the studies can
// measure what they really achieve. Do not fix them.
//
// State convention: y has dimension 2n, positions first, velocities second; f(t, y, dydt) is the
// float right-hand side (for a second-order system dydt = (v, a)). Every call of f is one
// right-hand-side evaluation; rhs_evaluations_per_step is the number of calls per step.
#include <orderly/rhs.hpp>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace orderly {

struct seed_specimen {
  std::string name;  // CLI name, "seed-..."
  std::string title;
  std::string source;               // the seed article's text, by its file name
  std::string description;          // what it does and its known defect
  int claimed_order = 0;            // the order the article claims or implies
  bool needs_second_order = false;  // requires y = (x, v) with x' = v
  int rhs_evaluations_per_step = 0;
  // The catalog method whose step this specimen computes on an autonomous problem (its defects
  // are in the time arguments it passes f, which such a problem ignores), to float rounding; empty
  // when it has its own update.
  std::string autonomous_equivalent;
  // The catalog splitting method whose step this specimen computes on a separable problem with a
  // position-only force, q'' = a(q), to float rounding; empty when it computes none or declares an
  // autonomous equivalent.
  std::string separable_equivalent;
  std::function<void(const rhs_function<float>& f, float t, std::vector<float>& y, float h)> step;
  // Only for specimens that produce an error estimate (seed-rkf45): the step plus the article's
  // error output, of dimension n (position part).
  std::function<void(const rhs_function<float>& f, float t, std::vector<float>& y, float h, std::vector<float>& error)>
      step_with_error;
};

// The seed articles' integrators, with what each claims and does (src/seed_specimens.cpp).
const std::vector<seed_specimen>& seed_specimens();

}  // namespace orderly
