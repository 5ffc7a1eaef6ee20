#pragma once
// State storage is kept apart from arithmetic: a state is any container with size() and
// operator[] (std::array, std::vector, Eigen vectors); every stepper does its arithmetic through
// these few loops, so no container needs its own stepper.
#include <cmath>
#include <concepts>
#include <cstddef>
#include <limits>
#include <type_traits>
#include <utility>

namespace orderly {

template <class S>
concept state_vector = requires(S s, const S cs, std::size_t i) {
  {cs.size()};
  s[i];
};

template <state_vector S>
using scalar_of = std::remove_cvref_t<decltype(std::declval<S&>()[std::size_t{0}])>;

template <state_vector S>
std::size_t size_of(const S& s) {
  return static_cast<std::size_t>(s.size());
}

// Gives `out` the shape of `like` (no-op for fixed-size containers).
template <state_vector S>
void resize_like(S& out, const S& like) {
  if constexpr (requires { out.resize(like.size()); }) {
    if (out.size() != like.size()) out.resize(like.size());
  }
}

// out = y + h * d; `out` may be the same object as `y` (each component is read before it is
// written).
template <state_vector S, class T>
void add_scaled(S& out, const S& y, const T& h, const S& d) {
  resize_like(out, y);
  const std::size_t n = size_of(y);
  for (std::size_t i = 0; i < n; ++i) out[i] = y[i] + h * d[i];
}

template <state_vector S>
bool all_finite(const S& y) {
  using std::isfinite;
  for (std::size_t i = 0; i < size_of(y); ++i)
    if (!isfinite(y[i])) return false;
  return true;
}

// Whether a step starting at `a` starts where the cached step ended (`b`). Callers compute step
// times as t0 + n h rather than accumulating; those agree with the cached t + h only to a few
// rounding units, which must not defeat the reuse of a cached evaluation.
template <class T>
bool same_step_time(const T& a, const T& b, const T& h) {
  if (a == b) return true;  // the usual case, decided without the bound
  using std::abs;
  const T scale = abs(a) > abs(b) ? T(abs(a)) : T(abs(b));
  const T bound = scale > abs(h) ? scale : T(abs(h));
  return abs(a - b) <= 8 * std::numeric_limits<T>::epsilon() * bound;
}

}  // namespace orderly
