#pragma once
// The right-hand-side convention shared by every stepper, problem and study:
// f(t, y, dydt) writes dy/dt at (t, y) into dydt. Type-erased form for runtime-selected problems.
#include <functional>
#include <vector>

namespace orderly {

template <class T>
using state_of = std::vector<T>;

template <class T>
using rhs_function = std::function<void(const T& t, const state_of<T>& y, state_of<T>& dydt)>;

}  // namespace orderly
