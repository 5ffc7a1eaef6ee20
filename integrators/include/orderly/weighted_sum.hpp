#pragma once
// The weighted sums of the explicit Runge-Kutta steppers, for states whose components sit
// contiguously in memory:
//     out[c] = base[c] + w_0 k_0[c] + w_1 k_1[c] + ...   summed left to right per component,
// the newest stage last, as Boost.Odeint's default_operations::scale_sumN. The compiled stepper
// (fixed_explicit_rk.hpp) sums its compile-time term lists with combine; the run-time stepper
// (explicit_rk.hpp) its run-time lists with sum_list, in passes of at most pass_terms terms, each
// pass one combine, which adds in the same order: the two steppers give the same bits.
#include "state_algebra.hpp"

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <type_traits>
#include <utility>

namespace orderly {

// A state whose components sit contiguously behind data() (std::array, std::vector, Eigen).
template <class S>
concept contiguous_state = state_vector<S> && requires(S s, const S cs) {
  { s.data() } -> std::same_as<scalar_of<S>*>;
  { cs.data() } -> std::same_as<const scalar_of<S>*>;
};

namespace weighted_sums {

// The number of components of a state whose size is part of its type (0: known at run time only).
template <class S>
struct static_extent : std::integral_constant<std::size_t, 0> {};
template <class T, std::size_t N>
struct static_extent<std::array<T, N>> : std::integral_constant<std::size_t, N> {};

// One component of a weighted sum: base[c] + w[0] k0[c] + w[1] k1[c] + ..., left to right; without
// a base the sum starts at w[0] k0[c]. The stages k are pointers to their components, and every
// argument is taken by value: a pointer that the compiler sees only as a value (never through a
// reference, never stored in an array) keeps the __restrict of the kernel's parameters, which is
// what lets GCC vectorise the component loop at -O2 without run-time alias checks (Pleiades'
// 28-component sums; a reference to the pointer, or the stages in a std::array of pointers, loses
// it). The weights come by value too, for the same reason; a software scalar's weights (float128,
// mp50) come as a pointer instead, so as not to be copied for every component. base is unread
// without a base.
template <bool HasBase, class T, class Weights>
inline T weighted_component(const T* base, const Weights, std::size_t c) {
  if constexpr (HasBase)
    return base[c];
  else
    return T(0);
}
template <bool HasBase, class T, class Weights, class... K>
inline T weighted_component(const T* base, const Weights w, std::size_t c, const T* k0, const K*... k) {
  T sum = w[0] * k0[c];
  if constexpr (HasBase) sum = base[c] + sum;
  std::size_t m = 1;
  ((sum += w[m++] * k[c]), ...);
  return sum;
}

// Where a weighted sum starts: at zero, at a state other than the output, or at the output itself.
enum class sum_base { none, separate, in_place };

// out[c] = weighted_component(c) for every component c < n (n a std::size_t or, for fixed-size
// states, a std::integral_constant). out is never base (in place: base is unused and out is read
// before it is written) and never one of the k's: the kernel's calls keep to that, which is what
// the __restrict qualifiers promise.
template <sum_base Base, std::size_t N, class T, class Count, class... K>
void combine(T* __restrict out, const T* __restrict base, const std::array<T, N> w, Count n, const K* __restrict... k) {
  static_assert(sizeof...(K) == N);
  const auto weights = [&] {
    if constexpr (std::is_arithmetic_v<T>)
      return w;
    else
      return w.data();
  }();
  // Vectorised whatever the term count: GCC's -O2 cost model leaves sums of four or more stages
  // scalar. Each lane computes one component's sum in the same order, and SSE2 rounds packed and
  // scalar operations alike, so the values are those of the scalar loop.
#pragma omp simd
  for (std::size_t c = 0; c < n; ++c) {
    if constexpr (Base == sum_base::in_place)
      out[c] = weighted_component<true, T>(out, weights, c, k...);
    else
      out[c] = weighted_component<Base == sum_base::separate, T>(base, weights, c, k...);
  }
}

// The most terms one pass of sum_list adds (one combine<N>, N <= pass_terms): longer lists take
// further passes in place. Every catalog row but rkf78's and verner65's longest fits in one.
inline constexpr std::size_t pass_terms = 8;

template <sum_base Base, std::size_t N, class T, class Count>
void sum_pass_of(T* out, const T* base, const T* w, const std::size_t* stage, T* const* k, Count n) {
  std::array<T, N> weights;
  for (std::size_t m = 0; m < N; ++m) weights[m] = w[m];
  [&]<std::size_t... m>(std::index_sequence<m...>) {
    combine<Base, N>(out, base, weights, n, static_cast<const T*>(k[stage[m]])...);
  }
  (std::make_index_sequence<N>{});
}

// One pass: combine<count> for the run-time count, count <= pass_terms.
template <sum_base Base, class T, class Count>
void sum_pass(T* out, const T* base, const T* w, const std::size_t* stage, std::size_t count, T* const* k, Count n) {
  [&]<std::size_t... N>(std::index_sequence<N...>) {
    (void)((count == N ? (sum_pass_of<Base, N>(out, base, w, stage, k, n), true) : false) || ...);
  }
  (std::make_index_sequence<pass_terms + 1>{});
}

// out[c] = base[c] + w[0] k[stage[0]][c] + ... + w[count-1] k[stage[count-1]][c] for c < n, over a
// list known at run time only (without a base the sum starts at its first term; an empty list
// gives the base, or zero). out is neither base nor any stage (combine's contract).
template <sum_base Base, class T, class Count>
void sum_list(T* out, const T* base, const T* w, const std::size_t* stage, std::size_t count, T* const* k, Count n) {
  const std::size_t first = std::min(count, pass_terms);
  sum_pass<Base>(out, base, w, stage, first, k, n);
  for (std::size_t m = first; m < count; m += pass_terms)
    sum_pass<sum_base::in_place>(out, static_cast<const T*>(nullptr), w + m, stage + m, std::min(pass_terms, count - m),
                                 k, n);
}

}  // namespace weighted_sums
}  // namespace orderly
