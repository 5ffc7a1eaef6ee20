#pragma once
// The explicit Runge-Kutta stepper: any explicit butcher_tableau, any scalar, any state container.
//
// Right-hand side convention (one for the whole library): f(t, y, dydt) writes dy/dt into dydt.
// step(f, t, y, h) advances y in place from t to t + h; y may not be aliased by f's output.
//
// This stepper reads its coefficients at run time, for any stage count (user tableau files); the
// catalog's methods also have a compiled form, compiled_explicit_rk.hpp, which visit_explicit_stepper
// (fixed_explicit_rk.hpp) picks when it can. Both do the same arithmetic, so they give the same bits:
// the coefficients are rounded once from the exact tableau, the zero ones dropped at construction
// (stage_coefficients.hpp), and each weighted sum is Y_i = y + (h a_i0) k_0 + (h a_i1) k_1 + ...
// left to right per component (weighted_sum.hpp), with h a_ij recomputed only when h changes. An
// FSAL pair's last stage is evaluated at y_{n+1} itself. The error estimate's weights b_j - bhat_j
// are differences of exact rationals, rounded once. A state of a few components known at compile
// time runs the compiled form of its stage count (see few_components).
//
// FSAL contract (first same as last, e.g. dopri54 with its primary weights): the last stage of a
// step is f(t + h, y_{n+1}), and the next step reuses it when it starts at that time. The stepper
// tracks this with a flag, not by comparing states: a caller that changes y between steps (other
// than by this stepper's own step) must call reset() first. A step at another time recomputes.
// An adaptive driver that already has f(t, y) hands it over with set_first_stage (any method), and
// reads the FSAL stage back with end_derivative, so a rejected step is retried without evaluating
// f(t, y) again (as Hairer's DOPRI5 does).
//
// Sum = summation::compensated adds the increment h sum b_i k_i with a per-component Kahan carry
// (compensated_sum.hpp); reset() also clears the carry.
#include "compiled_explicit_rk.hpp"
#include "explicit_rk_base.hpp"
#include "stage_coefficients.hpp"
#include "state_algebra.hpp"
#include "tableau.hpp"
#include "weighted_sum.hpp"

#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace orderly {

namespace explicit_rk_detail {

// The nonzero terms of one weighted sum, in stage order, with h times each coefficient.
template <class T>
struct term_list {
  using scalar = T;
  std::vector<std::size_t> stage;
  std::vector<T> coefficient;  // the exact coefficient rounded once
  std::vector<T> scaled;       // h * coefficient for the current h

  void add(std::size_t j, const exact& value) {
    if (value == 0) return;
    stage.push_back(j);
    coefficient.push_back(to_scalar<T>(value));
    scaled.push_back(T(0));
  }
  void rescale(const T& h) {
    for (std::size_t m = 0; m < coefficient.size(); ++m) scaled[m] = h * coefficient[m];
  }
};

// The state size a stepper's stages and their data pointers were prepared for. A copy of the
// stepper has its stages elsewhere, so a copy starts unprepared.
struct prepared_size {
  static constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::size_t size = none;
  prepared_size() = default;
  prepared_size(const prepared_size&) {}
  prepared_size& operator=(const prepared_size&) {
    size = none;
    return *this;
  }
};

}  // namespace explicit_rk_detail

template <state_vector State, summation Sum = summation::plain>
class explicit_rk
    : public explicit_rk_base<State, Sum, stage_coefficients<explicit_rk_detail::term_list<scalar_of<State>>>> {
  using common = explicit_rk_base<State, Sum, stage_coefficients<explicit_rk_detail::term_list<scalar_of<State>>>>;
  using terms = explicit_rk_detail::term_list<scalar_of<State>>;

 public:
  using scalar = scalar_of<State>;

  // The stepper rounds the tableau's coefficients and keeps them; it keeps no reference to it.
  explicit explicit_rk(const butcher_tableau& tableau, weight_set weights = weight_set::primary)
      : common(checked_explicit(tableau, weights), weights) {
    const auto s = static_cast<std::size_t>(tableau.stages());
    k_.resize(s);
    data_.resize(s);
    if constexpr (few_components) {
      [&]<int... m>(std::integer_sequence<int, m...>) {
        (void)((s == m + 1 ? (compiled_.template emplace<m + 1>(tableau, weights), true) : false) || ...);
      }
      (std::make_integer_sequence<int, few_components_max_stages>{});
    }
  }

  std::uint64_t rhs_evaluations() const {
    std::uint64_t count = this->rhs_evaluations_;
    on_compiled(*this, [&](auto& compiled) { count = compiled.rhs_evaluations(); });
    return count;
  }

  // y <- y(t + h).
  template <class Rhs>
  void step(Rhs&& f, const scalar& t, State& y, const scalar& h) {
    if (!on_compiled(*this, [&](auto& compiled) { compiled.advance_dispatched(f, t, y, h, nullptr); }))
      advance(f, t, y, h, nullptr);
  }

  // y <- y(t + h) with the propagated weights; error <- (propagated - other weight set), the
  // local error estimate of the embedded pair.
  template <class Rhs>
  void step(Rhs&& f, const scalar& t, State& y, const scalar& h, State& error) {
    this->require_error_estimate();
    if (on_compiled(*this, [&](auto& compiled) { compiled.advance_dispatched(f, t, y, h, &error); })) return;
    resize_like(error, y);
    advance(f, t, y, h, &error);
  }

  // Forget the cached last stage (and the compensation carry): call it when y was changed outside
  // the stepper (a rejected step, a new run, an event).
  void reset() {
    on_compiled(*this, [](auto& compiled) { compiled.reset(); });
    this->forget_cache();
  }

  // The next step, if it starts at t, takes `derivative` = f(t, y) as its first stage instead of
  // evaluating it (the same bits: f is deterministic).
  void set_first_stage(const scalar& t, const State& derivative) {
    if (on_compiled(*this, [&](auto& compiled) { compiled.set_first_stage(t, derivative); })) return;
    k_[0] = derivative;  // where an FSAL step leaves f(t + h, y_{n+1}) for the next one
    prepared_.size = explicit_rk_detail::prepared_size::none;  // the copy may have moved k_[0]'s components
    this->end_t_ = t;
    this->end_valid_ = true;
  }

  // f(t + h, y_{n+1}) when the last step ended by evaluating it (FSAL), else nullptr.
  const State* end_derivative() const {
    const State* derivative = this->terms_.fsal && this->end_valid_ ? &k_[0] : nullptr;
    on_compiled(*this, [&](const auto& compiled) { derivative = compiled.end_derivative(); });
    return derivative;
  }

 private:
  // A state of a few components known at compile time (Lorenz's 3, a planar orbit's 4), in a
  // hardware scalar: the compiled stepper's dense kernel (compiled_explicit_rk.hpp) keeps such a
  // state and the stages in registers, where run-time term lists keep the stages in memory and
  // cost up to twice odeint's time at -O3. So for these states the stepper runs the compiled form
  // of its tableau's stage count, up to few_components_max_stages stages (the same coefficients,
  // rounded once from the same exact tableau, in the same order: the same bits), and sums
  // longer tableaus component by component over the term lists. It calls the compiled forms'
  // steps but the shortest (advance_dispatched): one inlined step per stage count would make this
  // stepper's own step too large to inline into a caller's loop.
  static constexpr std::size_t extent = weighted_sums::static_extent<State>::value;
  static constexpr bool few_components =
      std::is_arithmetic_v<scalar> && contiguous_state<State> && extent > 0 && extent <= dense_max_extent;
  static constexpr int few_components_max_stages = 17;

  // std::variant<std::monostate, fixed_explicit_rk<State, 1, Sum>, ..., <State, max, Sum>>.
  static auto compiled_forms() {
    return []<int... m>(std::integer_sequence<int, m...>) {
      return std::variant<std::monostate, fixed_explicit_rk<State, m + 1, Sum>...>{};
    }
    (std::make_integer_sequence<int, few_components_max_stages>{});
  }
  using compiled_form = std::conditional_t<few_components, decltype(compiled_forms()), std::monostate>;

  // Calls use(compiled stepper) when self runs a compiled form; false otherwise. A comparison per
  // stage count, not std::visit, which for this many alternatives calls through a table of
  // function pointers that the compiler cannot inline.
  template <class Self, class Use>
  static bool on_compiled(Self& self, Use&& use) {
    if constexpr (few_components) {
      const std::size_t index = self.compiled_.index();
      return [&]<std::size_t... m>(std::index_sequence<m...>) {
        return ((index == m + 1 ? (use(*std::get_if<m + 1>(&self.compiled_)), true) : false) || ...);
      }
      (std::make_index_sequence<few_components_max_stages>{});
    } else {
      return false;
    }
  }

  // For hardware scalars the step is flattened (everything called is inlined, the user's
  // right-hand side too), as the compiled stepper's sums are; software scalars' arithmetic
  // outweighs the calls.
  template <class Rhs>
  void advance(Rhs& f, const scalar& t, State& y, const scalar& h, State* error) {
    if constexpr (std::is_arithmetic_v<scalar>)
      advance_flat(f, t, y, h, error);
    else
      advance_body(f, t, y, h, error);
  }

  template <class Rhs>
  [[gnu::flatten]] void advance_flat(Rhs& f, const scalar& t, State& y, const scalar& h, State* error) {
    advance_body(f, t, y, h, error);
  }

  // The stages, the update and (FSAL) the last stage at y_{n+1}, which the next step starting at
  // t + h takes as its first: fixed_explicit_rk's advance_body with run-time term lists.
  template <class Rhs>
  void advance_body(Rhs& f, const scalar& t, State& y, const scalar& h, State* error) {
    using enum weighted_sums::sum_base;
    const std::size_t s = k_.size();
    this->terms_.scale_to(h);
    prepare(y);
    // A cached first stage (the previous step's last, or the caller's) is in k_[0] already.
    if (!(this->end_valid_ && same_step_time(t, this->end_t_, h))) {
      f(t, y, k_[0]);
      ++this->rhs_evaluations_;
    }
    this->end_valid_ = false;  // until an FSAL step ends
    const std::size_t computed = this->terms_.fsal ? s - 1 : s;
    for (std::size_t i = 1; i < computed; ++i) {
      sum<separate>(stage_, &y, this->terms_.rows[i]);
      f(t + this->terms_.node[i] * h, stage_, k_[i]);
      ++this->rhs_evaluations_;
    }
    if (error) sum<none>(*error, nullptr, this->terms_.error);
    if constexpr (Sum == summation::compensated) {
      resize_like(this->increment_, y);
      sum<none>(this->increment_, nullptr, this->terms_.weights);
      this->compensation_.add(y, this->increment_);
    } else {
      sum<in_place>(y, nullptr, this->terms_.weights);
    }
    if (this->terms_.fsal) {
      f(t + this->terms_.node[s - 1] * h, y, k_[s - 1]);
      ++this->rhs_evaluations_;
      // The last stage's error term is added last, as in one left-to-right sum.
      if (error) sum<in_place>(*error, nullptr, this->terms_.error_last);
      // The last stage is the next step's first; a vector's swap exchanges the components' storage.
      std::swap(k_[0], k_[s - 1]);
      data_[0] = pointer(k_[0]);
      data_[s - 1] = pointer(k_[s - 1]);
      this->end_t_ = t + h;
      this->end_valid_ = true;
    }
  }

  // The stages shaped like y and their data pointers current: done again only when y's size
  // changes (or set_first_stage replaced k_[0]), not in every step.
  void prepare(const State& y) {
    if (prepared_.size == size_of(y)) return;
    for (auto& k : k_) resize_like(k, y);
    resize_like(stage_, y);
    for (std::size_t i = 0; i < k_.size(); ++i) data_[i] = pointer(k_[i]);
    prepared_.size = size_of(y);
  }

  // out = base + sum of the list's terms (weighted_sum.hpp's order), for any state: contiguous
  // ones through their data pointers, passing over the components once per block of terms
  // (vectorised); others, and few_components (longer tableaus than the compiled forms serve),
  // component by component in the same order, each component's chain in registers.
  template <weighted_sums::sum_base Base>
  void sum(State& out, const State* base, const terms& list) {
    const std::size_t count = list.stage.size();
    if constexpr (contiguous_state<State> && !few_components) {
      const auto n = [&] {
        if constexpr (weighted_sums::static_extent<State>::value > 0)
          return std::integral_constant<std::size_t, weighted_sums::static_extent<State>::value>{};
        else
          return size_of(out);
      }();
      weighted_sums::sum_list<Base>(out.data(), base ? base->data() : nullptr, list.scaled.data(), list.stage.data(),
                                    count, data_.data(), n);
    } else {
      using enum weighted_sums::sum_base;
      for (std::size_t c = 0; c < size_of(out); ++c) {
        std::size_t m = 0;
        scalar total{};
        if constexpr (Base == none) {
          if (count > 0) total = list.scaled[m++] * k_[list.stage[0]][c];
        } else {
          total = Base == in_place ? out[c] : (*base)[c];
        }
        for (; m < count; ++m) total += list.scaled[m] * k_[list.stage[m]][c];
        out[c] = total;
      }
    }
  }

  static scalar* pointer(State& k) {
    if constexpr (contiguous_state<State>)
      return k.data();
    else
      return nullptr;
  }

  static const butcher_tableau& checked_explicit(const butcher_tableau& tableau, weight_set weights) {
    if (!tableau.is_explicit()) throw std::invalid_argument(tableau.name + " is not an explicit method");
    if (weights == weight_set::embedded && !tableau.b_embedded)
      throw std::invalid_argument(tableau.name + " has no embedded weights");
    return tableau;
  }

  compiled_form compiled_{};  // few_components, up to few_components_max_stages stages: the compiled form
  std::vector<State> k_;
  std::vector<scalar*> data_;                   // k_[i].data() for contiguous states
  explicit_rk_detail::prepared_size prepared_;  // the size prepare() shaped the stages for
  State stage_{};
};

}  // namespace orderly
