#pragma once
// The compiled explicit Runge-Kutta stepper's kernels (compiled_explicit_rk.hpp): a term list of
// at most MaxTerms nonzero terms, the weighted sum over it with its term count dispatched once per
// sum (combine_terms), and the dense kernel of small fixed-size states (combine_dense), which
// sums every h a_ij, zeros included, with the stages and components unrolled at compile time.
#include "exact.hpp"
#include "weighted_sum.hpp"

#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

namespace orderly {

namespace fixed_rk_detail {

using weighted_sums::combine;
using weighted_sums::static_extent;
using weighted_sums::sum_base;
using weighted_sums::weighted_component;

// The nonzero terms of one weighted sum, in stage order.
template <class T, int MaxTerms>
struct terms {
  using scalar = T;
  int count = 0;
  std::array<int, MaxTerms> stage{};
  std::array<T, MaxTerms> coefficient{};      // the exact coefficient rounded once
  std::array<T, MaxTerms> scaled{};           // h * coefficient for the current h
  std::array<T, MaxTerms> scaled_by_stage{};  // the same indexed by stage, zeros included (dense kernel)

  void add(std::size_t j, const exact& value) {
    if (value == 0) return;
    stage[static_cast<std::size_t>(count)] = static_cast<int>(j);
    coefficient[static_cast<std::size_t>(count)] = to_scalar<T>(value);
    ++count;
  }
  void rescale(const T& h) {
    scaled_by_stage.fill(T(0));
    for (int m = 0; m < count; ++m) {
      const auto sm = static_cast<std::size_t>(m);
      scaled[sm] = h * coefficient[sm];
      scaled_by_stage[static_cast<std::size_t>(stage[sm])] = scaled[sm];
    }
  }
};

// Calls combine<N> for N = the run-time term count (N <= MaxTerms): one dispatch per weighted sum,
// outside the component loop.
template <sum_base Base, class T, int MaxTerms, std::size_t Stages, class Count>
void combine_terms(T* out, const T* base, const terms<T, MaxTerms>& t, const std::array<T*, Stages>& stage_data,
                   Count n) {
  auto with_count = [&]<std::size_t N>(std::integral_constant<std::size_t, N>) {
    std::array<T, N> w;
    for (std::size_t m = 0; m < N; ++m) w[m] = t.scaled[m];
    [&]<std::size_t... m>(std::index_sequence<m...>) {
      combine<Base, N>(out, base, w, n, static_cast<const T*>(stage_data[static_cast<std::size_t>(t.stage[m])])...);
    }
    (std::make_index_sequence<N>{});
  };
  [&]<std::size_t... N>(std::index_sequence<N...>) {
    (void)((static_cast<std::size_t>(t.count) == N ? (with_count(std::integral_constant<std::size_t, N>{}), true)
                                                   : false) ||
           ...);
  }
  (std::make_index_sequence<static_cast<std::size_t>(MaxTerms) + 1>{});
}

// a when First, else b: the kernel's stages are locals or members by a compile-time choice.
template <bool First, class A, class B>
constexpr auto& first_if(A& a, B& b) {
  if constexpr (First)
    return a;
  else
    return b;
}

// combine_terms with its dispatch and per-count kernels inlined into one body, for hardware
// scalars (see advance_body).
template <sum_base Base, class T, int MaxTerms, std::size_t Stages, class Count>
[[gnu::flatten]] void combine_terms_flat(T* out, const T* base, const terms<T, MaxTerms>& t,
                                         const std::array<T*, Stages>& stage_data, Count n) {
  combine_terms<Base>(out, base, t, stage_data, n);
}

// v, which the compiler must hold as a scalar in an SSE register. GCC's SLP vectoriser would
// otherwise pack the dense kernel's sums of neighbouring components into vectors when the step is
// inlined into a caller compiled at -O3: the right-hand side then unpacks each stage state and
// repacks each stage, shuffles on the step's critical path (the step runs slower than Boost.Odeint's
// at -O3). The empty asm changes no value; other compilers and targets get v unchanged.
template <class T>
[[gnu::always_inline]] inline T unvectorised(T v) {
#if defined(__GNUC__) && defined(__SSE2__)
  if constexpr (std::is_same_v<T, double> || std::is_same_v<T, float>) asm("" : "+x"(v));
#endif
  return v;
}

// The dense kernel: the weighted sum of the first Count stages for every component c < Extent,
// unrolled, with every weight (zeros included), each component's sum scalar (unvectorised).
template <bool HasBase, std::size_t Count, std::size_t Extent, class T, std::size_t Stages, class State>
void combine_dense(State& out, const State& base, const std::array<State, Stages>& k, const std::array<T, Stages>& w) {
  static_assert(Count <= Stages);
  [&]<std::size_t... m>(std::index_sequence<m...>) {
    [&]<std::size_t... c>(std::index_sequence<c...>) {
      ((out[c] = unvectorised(weighted_component<HasBase, T>(base.data(), w, c, k[m].data()...))), ...);
    }
    (std::make_index_sequence<Extent>{});
  }
  (std::make_index_sequence<Count>{});
}

}  // namespace fixed_rk_detail

}  // namespace orderly
