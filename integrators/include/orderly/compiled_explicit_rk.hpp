#pragma once
// The compiled form of an explicit Runge-Kutta tableau: the stage count is a template parameter,
// the coefficients are rounded once from the exact tableau into flat arrays of the scalar type,
// and only the nonzero ones are kept, as per-row term lists. The exact butcher_tableau stays the
// single source of truth: fixed_explicit_rk<State, 7> is built from dopri54's exact tableau and
// checks its stage count; nothing is typed twice.
//
// The arithmetic is Boost.Odeint's (runge_kutta_dopri5.hpp, default_operations::scale_sumN):
//     Y_i = y + (h a_i0) k_0 + (h a_i1) k_1 + ... + (h a_i,i-1) k_i-1
// summed left to right per component, so the newest stage enters last and the next right-hand
// side call waits on one multiply-add; zero coefficients are not in the term lists, so the
// innermost loop has no tests; h a_ij is recomputed only when h changes. Vector states are read
// through their data pointers, passed to the component loop as __restrict pointers (with a
// compile-time trip count for std::array states) so that GCC vectorises it already at -O2. The
// run-time-tableau stepper (explicit_rk.hpp) sums its run-time term lists in the same order and
// gives the same bits (tests/integrators/compiled_stepper.cpp compares them for every catalog
// tableau). The term lists are built by stage_coefficients.hpp, the kernels are in
// fixed_rk_kernels.hpp.
//
// Small fixed-size states (std::array of a hardware scalar, at most dense_max_extent components)
// take a dense kernel instead: every h a_ij with j < i, zeros included, the stages and components
// unrolled at compile time. The term lists' run-time stage indices keep the stages in memory, and
// at -O3 that left rk4 on Lorenz at twice odeint's time (measured in a standalone program: 0.74 s
// against 0.36 s for 2e7 steps; the dense kernel 0.35 s, the same final state to the last bit).
// A zero coefficient adds 0 * k = +-0, so the two kernels give the same bits (a unit test compares
// them for every catalog tableau); on large states the zeros would cost whole passes over the state.
//
// FSAL pairs (last stage f(t + h, y_{n+1})) compute y_{n+1} once, in place, evaluate the last
// stage there into k_0's slot, and reuse it as the next step's first stage. The cache is tracked
// by a flag, with the contract of explicit_rk.hpp: call reset() after changing y between steps.
//
// Sum = summation::compensated adds the step's increment h sum b_i k_i to y with a per-component
// Kahan carry (compensated_sum.hpp): for runs of 10^6..10^7 steps. The stages are unchanged.
#include "explicit_rk_base.hpp"
#include "fixed_rk_kernels.hpp"
#include "stage_coefficients.hpp"
#include "state_algebra.hpp"
#include "tableau.hpp"
#include "weighted_sum.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

// GCC's per-function switch for SLP vectorisation (fixed_explicit_rk's called dense-kernel parts);
// other compilers have none.
#if defined(__GNUC__) && !defined(__clang__)
#define ORDERLY_NO_SLP_VECTORIZE gnu::optimize("no-tree-slp-vectorize")
#else
#define ORDERLY_NO_SLP_VECTORIZE
#endif

namespace orderly {

// The largest fixed state size the dense kernel serves (see the header comment): Lorenz's 3 and a
// planar two-body problem's 4 components are far below it; Pleiades' 28 keep the term lists.
inline constexpr std::size_t dense_max_extent = 8;

template <contiguous_state State, int Stages, summation Sum = summation::plain>
class fixed_explicit_rk
    : public explicit_rk_base<State, Sum,
                              stage_coefficients<fixed_rk_detail::terms<scalar_of<State>, Stages>, Stages>> {
  static_assert(Stages >= 1, "a Runge-Kutta method has at least one stage");
  using terms = fixed_rk_detail::terms<scalar_of<State>, Stages>;
  using common = explicit_rk_base<State, Sum, stage_coefficients<terms, Stages>>;
  static constexpr std::size_t extent = fixed_rk_detail::static_extent<State>::value;

 public:
  using scalar = scalar_of<State>;
  static constexpr int stages = Stages;
  // Whether this state takes the dense kernel (see the header comment).
  static constexpr bool dense = std::is_arithmetic_v<scalar> && extent > 0 && extent <= dense_max_extent;

  // The stepper rounds the tableau's coefficients and keeps them; it keeps no reference to it.
  explicit fixed_explicit_rk(const butcher_tableau& tableau, weight_set weights = weight_set::primary)
      : common(checked(tableau), weights) {}

  // y <- y(t + h).
  template <class Rhs>
  void step(Rhs&& f, const scalar& t, State& y, const scalar& h) {
    advance(f, t, y, h, nullptr);
  }

  // y <- y(t + h) with the propagated weights; error <- (propagated - other weight set), the
  // local error estimate of the embedded pair.
  template <class Rhs>
  void step(Rhs&& f, const scalar& t, State& y, const scalar& h, State& error) {
    this->require_error_estimate();
    resize_like(error, y);
    advance(f, t, y, h, &error);
  }

  // Forget the cached last stage (and the compensation carry): call it when y was changed outside
  // the stepper.
  void reset() { this->forget_cache(); }

  // The next step, if it starts at t, takes `derivative` = f(t, y) as its first stage instead of
  // evaluating it (explicit_rk.hpp's contract).
  void set_first_stage(const scalar& t, const State& derivative) {
    k_[0] = derivative;
    this->end_t_ = t;
    this->end_valid_ = true;
  }

  // f(t + h, y_{n+1}) when the last step ended by evaluating it (FSAL), else nullptr.
  const State* end_derivative() const { return this->terms_.fsal && this->end_valid_ ? &k_[0] : nullptr; }

 private:
  // Small fixed states take the dense kernel, the others the term lists (see the header comment).
  template <class Rhs>
  void advance(Rhs& f, const scalar& t, State& y, const scalar& h, State* error) {
    if constexpr (!dense)
      advance_body(f, t, y, h, error);
    else if constexpr (Stages <= dense_inlined_stages || dense_split)
      advance_dense_inlined(f, t, y, h, error);
    else
      advance_dense_called(f, t, y, h, error);
  }

  // The dense kernel's step takes one of three shapes, by stage count. A short step is inlined
  // into the caller's loop, where y and the stages stay in registers from one step to the next.
  // A step of dense_split_min_stages to dense_split_max_stages stages (cash-karp54, dopri54, the
  // 9-stage pairs) is inlined too, all but its middle stages (1 .. s-2), which are a call: inlined
  // whole, it keeps more values live across the caller's loop than there are registers, and the
  // spills and reloads cost more than the call. Otherwise (rk4's four stages, rkf78's thirteen)
  // the whole step as a call ran faster. Inlined code keeps its sums scalar (fixed_rk_kernels.hpp's
  // unvectorised); the called parts have GCC's SLP vectorisation off instead, which would pack
  // pairs of components with shuffles that lengthen the step's critical path for a state of a few
  // components (a function with optimisation options of its own is never inlined, so only called
  // parts can have them). The run-time-tableau stepper (explicit_rk.hpp), which holds one compiled
  // form per stage count and picks one at run time, calls every step longer than the short ones
  // (advance_dispatched).
  static constexpr int dense_inlined_stages = 3;
  static constexpr int dense_split_min_stages = 6;
  static constexpr int dense_split_max_stages = 9;
  static constexpr bool dense_split = Stages >= dense_split_min_stages && Stages <= dense_split_max_stages;

  template <class Rhs>
  [[gnu::always_inline, gnu::flatten]] inline void advance_dense_inlined(Rhs& f, const scalar& t, State& y,
                                                                         const scalar& h, State* error) {
    dense_step(f, t, y, h, error);
  }

  template <class Rhs>
  [[gnu::flatten, ORDERLY_NO_SLP_VECTORIZE]] void advance_dense_called(Rhs& f, const scalar& t, State& y,
                                                                       const scalar& h, State* error) {
    dense_step(f, t, y, h, error);
  }

  // The step as the run-time-tableau stepper runs it: a short step inlined, as advance does, any
  // longer one called (never inlined whole, whatever its stage count).
  template <class Rhs>
  void advance_dispatched(Rhs& f, const scalar& t, State& y, const scalar& h, State* error) {
    if constexpr (Stages <= dense_inlined_stages)
      advance_dense_inlined(f, t, y, h, error);
    else
      advance_dense_called(f, t, y, h, error);
  }

  template <class Rhs>
  [[gnu::noinline, gnu::flatten, ORDERLY_NO_SLP_VECTORIZE]] void middle_stages_called(Rhs& f, const scalar& t,
                                                                                      const State& y, const scalar& h) {
    middle_stages(f, t, y, h);
  }

  template <state_vector, summation>
  friend class explicit_rk;

  // Stages 1 .. s-2 of the dense step: Y_i from y and the stages before it, then k_i = f(t + c_i h, Y_i).
  template <class Rhs>
  void middle_stages(Rhs& f, const scalar& t, const State& y, const scalar& h) {
    [&]<std::size_t... i>(std::index_sequence<i...>) {
      (stage_of(f, t, y, h, std::integral_constant<std::size_t, i + 1>{}), ...);
    }
    (std::make_index_sequence<static_cast<std::size_t>(Stages) - 2>{});
  }

  template <class Rhs, std::size_t I>
  void stage_of(Rhs& f, const scalar& t, const State& y, const scalar& h, std::integral_constant<std::size_t, I>) {
    fixed_rk_detail::combine_dense<true, I, extent>(stage_, y, k_, this->terms_.rows[I].scaled_by_stage);
    f(t + this->terms_.node[I] * h, stage_, k_[I]);
    ++this->rhs_evaluations_;
  }

  // The dense kernel's step: the same stages, sums and FSAL handling as advance_body. y_{n+1} is
  // summed into a local and copied to y once: as far as the compiler knows, the caller's y may share
  // memory with the stages, so a sum stored straight into y would have the remaining components
  // re-read the stages from memory, and the FSAL evaluation re-read y, each a store-to-load round
  // trip on the step's critical path.
  // GCC 12 warns, wrongly, that `y = next` may use a dangling pointer to next when the middle
  // stages are a call (y's address passes to it; next's never does): silenced for this function.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-pointer"
#endif
  template <class Rhs>
  void dense_step(Rhs& f, const scalar& t, State& y, const scalar& h, State* error) {
    using fixed_rk_detail::combine_dense;
    this->terms_.scale_to(h);
    if (!(this->end_valid_ && same_step_time(t, this->end_t_, h))) {
      f(t, y, k_[0]);
      ++this->rhs_evaluations_;
    }
    this->end_valid_ = false;  // until an FSAL step ends
    // Stages 1 .. s-2, then the last one unless it is the next step's first (FSAL).
    constexpr std::size_t s = static_cast<std::size_t>(Stages);
    if constexpr (dense_split)
      middle_stages_called(f, t, y, h);
    else if constexpr (s >= 3)
      middle_stages(f, t, y, h);
    // The weighted sums over the stages computed so far (FSAL: all but the last, whose weight is 0).
    State next;  // y_{n+1}
    auto finish = [&]<std::size_t Count>(std::integral_constant<std::size_t, Count>) {
      if (error) combine_dense<false, Count, extent>(*error, *error, k_, this->terms_.error.scaled_by_stage);
      if constexpr (Sum == summation::compensated) {
        combine_dense<false, Count, extent>(this->increment_, this->increment_, k_,
                                            this->terms_.weights.scaled_by_stage);
        this->compensation_.add(y, this->increment_);
        next = y;
      } else {
        combine_dense<true, Count, extent>(next, y, k_, this->terms_.weights.scaled_by_stage);
        y = next;
      }
    };
    if constexpr (s >= 2) {
      if (this->terms_.fsal) {
        finish(std::integral_constant<std::size_t, s - 1>{});
        f(t + this->terms_.node[s - 1] * h, next, k_[0]);
        ++this->rhs_evaluations_;
        if (error) {  // the last stage's error term, added last as in a single left-to-right sum
          const scalar w = this->terms_.error_last.scaled_by_stage[s - 1];
          for (std::size_t c = 0; c < extent; ++c) (*error)[c] += w * k_[0][c];
        }
        this->end_t_ = t + h;
        this->end_valid_ = true;
        return;
      }
      stage_of(f, t, y, h, std::integral_constant<std::size_t, s - 1>{});
    }
    finish(std::integral_constant<std::size_t, s>{});
  }
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#pragma GCC diagnostic pop
#endif

  template <class Rhs>
  void advance_body(Rhs& f, const scalar& t, State& y, const scalar& h, State* error) {
    using enum fixed_rk_detail::sum_base;
    constexpr const scalar* no_base = nullptr;
    // Fixed-size states give the component loops a compile-time trip count.
    const auto n = [&] {
      if constexpr (extent > 0)
        return std::integral_constant<std::size_t, extent>{};
      else
        return size_of(y);
    }();
    this->terms_.scale_to(h);
    // A fixed-size state's stages are locals, so that the compiler knows them apart from each other
    // and from y: a right-hand side that copies part of its argument (std::copy, as positions to
    // velocity derivatives do) then compiles to an inline copy, not a call to memmove, whose wide
    // loads wait on the stage's sum just stored (benchmarks/orderly_bench.cpp, Pleiades). The cached
    // first stage (FSAL, set_first_stage) stays in k_[0]. A run-time size keeps the members,
    // allocated once, and so does a software scalar, whose construction costs more than a copy.
    constexpr bool local = extent > 0 && std::is_arithmetic_v<scalar>;
    [[maybe_unused]] std::conditional_t<local, std::array<State, Stages>, std::monostate> local_k;
    [[maybe_unused]] std::conditional_t<local, State, std::monostate> local_stage;
    auto& k = fixed_rk_detail::first_if<local>(local_k, k_);
    State& stage = fixed_rk_detail::first_if<local>(local_stage, stage_);
    for (auto& ki : k) resize_like(ki, y);
    resize_like(stage, y);
    std::array<scalar*, Stages> data;
    for (std::size_t i = 0; i < static_cast<std::size_t>(Stages); ++i) data[i] = k[i].data();

    if (this->end_valid_ && same_step_time(t, this->end_t_, h)) {
      data[0] = k_[0].data();  // the cached first stage, read in place
    } else {
      f(t, y, k[0]);
      ++this->rhs_evaluations_;
    }
    this->end_valid_ = false;  // until an FSAL step ends
    // FSAL: the last stage is evaluated at y_{n+1}, after the update, into k_0's slot.
    const int computed = this->terms_.fsal ? Stages - 1 : Stages;
    for (int i = 1; i < computed; ++i) {
      const auto si = static_cast<std::size_t>(i);
      sum_terms<separate>(stage.data(), y.data(), this->terms_.rows[si], data, n);
      f(t + this->terms_.node[si] * h, stage, k[si]);
      ++this->rhs_evaluations_;
    }
    if (error) sum_terms<none>(error->data(), no_base, this->terms_.error, data, n);
    if constexpr (Sum == summation::compensated) {
      resize_like(this->increment_, y);
      sum_terms<none>(this->increment_.data(), no_base, this->terms_.weights, data, n);
      this->compensation_.add(y, this->increment_);
    } else {
      sum_terms<in_place>(y.data(), no_base, this->terms_.weights, data, n);
    }
    if (this->terms_.fsal) {
      f(t + this->terms_.node[static_cast<std::size_t>(Stages - 1)] * h, y, k[0]);
      ++this->rhs_evaluations_;
      if (error) {  // the last stage's error term, added last as in a single left-to-right sum
        std::array<scalar*, Stages> last = data;
        last[static_cast<std::size_t>(Stages - 1)] = k[0].data();
        sum_terms<in_place>(error->data(), no_base, this->terms_.error_last, last, n);
      }
      if constexpr (local) k_[0] = k[0];
      this->end_t_ = t + h;
      this->end_valid_ = true;
    }
  }

  // One weighted sum over the term lists. For hardware scalars its dispatch and per-count kernels
  // are flattened into one body (GCC's -O2 heuristics otherwise leave the kernels as calls). Software
  // scalars (float128, mp50) are not flattened: it would cost minutes of compilation and gain
  // nothing next to their own arithmetic.
  template <fixed_rk_detail::sum_base Base, class Count>
  static void sum_terms(scalar* out, const scalar* base, const terms& row,
                        const std::array<scalar*, Stages>& stage_data, Count n) {
    if constexpr (std::is_arithmetic_v<scalar>)
      fixed_rk_detail::combine_terms_flat<Base>(out, base, row, stage_data, n);
    else
      fixed_rk_detail::combine_terms<Base>(out, base, row, stage_data, n);
  }

  static const butcher_tableau& checked(const butcher_tableau& tableau) {
    if (tableau.stages() != Stages)
      throw std::invalid_argument(tableau.name + " has " + std::to_string(tableau.stages()) + " stages, not " +
                                  std::to_string(Stages));
    if (!tableau.is_explicit()) throw std::invalid_argument(tableau.name + " is not an explicit method");
    return tableau;
  }

  std::array<State, Stages> k_{};
  State stage_{};
};

}  // namespace orderly
