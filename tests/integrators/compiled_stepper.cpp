// The compiled stepper (fixed_explicit_rk) against the run-time one (explicit_rk): every catalog
// tableau, both weight sets, double and float128, over many steps. The two drop the same zero
// coefficients and add the same products in the same order (y + (h a_i0) k_0 + (h a_i1) k_1 + ...,
// error weights b_j - bhat_j rounded once from the exact difference), so they must give the same
// bits, with the same work.
#include <orderly/catalog.hpp>
#include <orderly/fixed_explicit_rk.hpp>
#include <orderly/scalars.hpp>
#include <orderly/tableaus/explicit_methods.hpp>

#include <Eigen/Core>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace orderly {
namespace {

// y_i' = -y_i^2 + Y_i' + Y_i^2 with Y_1 = 1 + sin(t)/2, Y_2 = 2 + cos(3t)/3: nonlinear,
// non-autonomous, solution y = Y, and contractive (df_i/dy_i = -2 y_i < 0 near Y), so rounding
// differences between two steppers add up over the steps but are not amplified.
struct contractive_problem {
  template <class T, class State>
  void operator()(const T& t, const State& y, State& dydt) const {
    using std::cos;
    using std::sin;
    resize_like(dydt, y);
    const T Y1 = 1 + sin(t) / 2, Y2 = 2 + cos(3 * t) / 3;
    dydt[0] = -y[0] * y[0] + cos(t) / 2 + Y1 * Y1;
    dydt[1] = -y[1] * y[1] - sin(3 * t) + Y2 * Y2;
  }
};

constexpr double compared_h = 1.0 / 64;

template <class Stepper>
constexpr bool is_compiled = requires {
  Stepper::stages;
};

struct comparison {
  double worst_state_ulps = 0;  // max |compiled - runtime| / (eps * max(1, |y|)), over components and steps
  double worst_error_ulps = 0;  // the same for the error estimate, in units of eps * h * max|f|
  double y_max = 0, f_max = 0;  // the largest |y| and |f| of the run
};

// N steps of both steppers from the same start; the error-estimating step when the tableau has one.
template <class T>
comparison compare(const butcher_tableau& tableau, weight_set weights, int steps) {
  using State = std::vector<T>;
  const T h = T(compared_h);
  const T eps = std::numeric_limits<T>::epsilon();
  explicit_rk<State> runtime(tableau, weights);
  comparison result;
  visit_explicit_stepper<State>(tableau, weights, [&](auto& compiled) {
    if constexpr (!is_compiled<std::remove_cvref_t<decltype(compiled)>>) {
      ADD_FAILURE() << tableau.name << " has no compiled form";
      return 0;
    }
    State y_runtime{T(1), T(2) + T(1) / 3}, y_compiled = y_runtime, e_runtime, e_compiled;
    T f_max = 0;
    auto f = [&](const T& t, const State& y, State& dydt) {
      contractive_problem{}(t, y, dydt);
      using std::abs;
      for (const auto& v : dydt) f_max = std::max(f_max, T(abs(v)));
    };
    for (int n = 0; n < steps; ++n) {
      const T t = T(n) * h;
      if (tableau.b_embedded) {
        runtime.step(f, t, y_runtime, h, e_runtime);
        compiled.step(f, t, y_compiled, h, e_compiled);
      } else {
        runtime.step(f, t, y_runtime, h);
        compiled.step(f, t, y_compiled, h);
      }
      using std::abs;
      for (std::size_t i = 0; i < 2; ++i) {
        const T scale = std::max(T(1), T(abs(y_runtime[i])));
        result.y_max = std::max(result.y_max, static_cast<double>(abs(y_runtime[i])));
        result.worst_state_ulps =
            std::max(result.worst_state_ulps, static_cast<double>(abs(y_compiled[i] - y_runtime[i]) / (eps * scale)));
        if (tableau.b_embedded)
          result.worst_error_ulps = std::max(
              result.worst_error_ulps, static_cast<double>(abs(e_compiled[i] - e_runtime[i]) / (eps * h * f_max)));
      }
    }
    EXPECT_EQ(compiled.rhs_evaluations(), runtime.rhs_evaluations()) << tableau.name;
    result.f_max = static_cast<double>(f_max);
    return 0;
  });
  return result;
}

constexpr int compared_steps = 640;  // t in [0, 10]

template <class T>
void compare_every_tableau(const char* scalar) {
  for (const auto& tableau : explicit_tableaus())
    for (auto weights : {weight_set::primary, weight_set::embedded}) {
      if (weights == weight_set::embedded && !tableau.b_embedded) continue;
      const std::string label = tableau.name + (weights == weight_set::primary ? " (b)" : " (b_hat)") + " " + scalar;
      const auto r = compare<T>(tableau, weights, compared_steps);
      EXPECT_EQ(r.worst_state_ulps, 0) << label;
      EXPECT_EQ(r.worst_error_ulps, 0) << label;
    }
}

TEST(CompiledStepper, EveryCatalogTableauHasACompiledForm) {
  for (const auto& tableau : explicit_tableaus()) {
    EXPECT_NE(std::find(compiled_stage_counts.begin(), compiled_stage_counts.end(), tableau.stages()),
              compiled_stage_counts.end())
        << tableau.name;
    const bool compiled = visit_explicit_stepper<std::vector<double>>(tableau, weight_set::primary, [](auto& stepper) {
      return is_compiled<std::remove_cvref_t<decltype(stepper)>>;
    });
    EXPECT_TRUE(compiled) << tableau.name;
  }
}

TEST(CompiledStepper, OtherStageCountsFallBackToTheRuntimeStepper) {
  // Five stages (no catalog method has five): rk4 with a zero-weight fifth stage appended.
  butcher_tableau t = *find_method("rk4")->tableau();
  t.name = "rk4-padded";
  t.a.push_back({exact(0), exact(0), exact(0), exact(1)});
  t.b.push_back(exact(0));
  t.c.push_back(exact(1));
  const bool compiled = visit_explicit_stepper<std::vector<double>>(
      t, weight_set::primary, [](auto& stepper) { return is_compiled<std::remove_cvref_t<decltype(stepper)>>; });
  EXPECT_FALSE(compiled);
  // The appended stage is evaluated but has weight 0, which the run-time stepper drops: its steps
  // are rk4's compiled steps to the bit, with one evaluation more per step.
  using State = std::vector<double>;
  explicit_rk<State> padded(t);
  fixed_explicit_rk<State, 4> rk4(*find_method("rk4")->tableau());
  State y_padded{1.0, 2.0 + 1.0 / 3}, y_rk4 = y_padded;
  for (int n = 0; n < 64; ++n) {
    padded.step(contractive_problem{}, n / 64.0, y_padded, 1 / 64.0);
    rk4.step(contractive_problem{}, n / 64.0, y_rk4, 1 / 64.0);
  }
  EXPECT_EQ(y_padded, y_rk4);
  EXPECT_EQ(padded.rhs_evaluations(), 5u * 64u);
  EXPECT_EQ(rk4.rhs_evaluations(), 4u * 64u);
}

// rk4 with zero-weight stages appended up to `stages` (each evaluated at y + h k_3, node 1).
butcher_tableau padded_rk4(int stages) {
  butcher_tableau t = *find_method("rk4")->tableau();
  t.name = "rk4-padded-" + std::to_string(stages);
  for (int i = 4; i < stages; ++i) {
    std::vector<exact> row(static_cast<std::size_t>(i), exact(0));
    row[3] = exact(1);
    t.a.push_back(row);
    t.b.push_back(exact(0));
    t.c.push_back(exact(1));
  }
  return t;
}

// The run-time stepper on a small fixed-size state runs the compiled form of its stage count up to
// 17 stages, and sums longer tableaus component by component over its term lists: both give rk4's
// compiled bits for rk4 padded with zero-weight stages, with one evaluation per stage.
TEST(CompiledStepper, PaddedRk4OnASmallArrayGivesRk4sBits) {
  using State = std::array<double, 2>;
  for (const int stages : {5, 17, 18, 20}) {
    explicit_rk<State> padded(padded_rk4(stages));
    fixed_explicit_rk<State, 4> rk4(*find_method("rk4")->tableau());
    State y_padded{1.0, 2.0 + 1.0 / 3}, y_rk4 = y_padded;
    for (int n = 0; n < 64; ++n) {
      padded.step(contractive_problem{}, n / 64.0, y_padded, 1 / 64.0);
      rk4.step(contractive_problem{}, n / 64.0, y_rk4, 1 / 64.0);
    }
    EXPECT_EQ(y_padded, y_rk4) << stages << " stages";
    EXPECT_EQ(padded.rhs_evaluations(), static_cast<std::uint64_t>(stages) * 64u) << stages << " stages";
  }
}

// A small fixed-size state takes the compiled dense kernel in both steppers (the run-time stepper
// through the compiled form of its stage count): the same bits, states and error estimates.
TEST(CompiledStepper, GivesTheRuntimeStepperBitsOnASmallArray) {
  using State = std::array<double, 2>;
  for (const auto& tableau : explicit_tableaus()) {
    explicit_rk<State> runtime(tableau);
    visit_explicit_stepper<State>(tableau, weight_set::primary, [&](auto& compiled) {
      State y_runtime{1.0, 2.0 + 1.0 / 3}, y_compiled = y_runtime, e_runtime{}, e_compiled{};
      for (int n = 0; n < 64; ++n) {
        if (tableau.b_embedded) {
          runtime.step(contractive_problem{}, n / 64.0, y_runtime, 1 / 64.0, e_runtime);
          compiled.step(contractive_problem{}, n / 64.0, y_compiled, 1 / 64.0, e_compiled);
        } else {
          runtime.step(contractive_problem{}, n / 64.0, y_runtime, 1 / 64.0);
          compiled.step(contractive_problem{}, n / 64.0, y_compiled, 1 / 64.0);
        }
      }
      EXPECT_EQ(y_runtime, y_compiled) << tableau.name;
      EXPECT_EQ(e_runtime, e_compiled) << tableau.name;
      return 0;
    });
  }
}

TEST(CompiledStepper, GivesTheRuntimeStepperBitsInDouble) { compare_every_tableau<double>("double"); }

TEST(CompiledStepper, GivesTheRuntimeStepperBitsInFloat128) { compare_every_tableau<float128>("float128"); }

TEST(CompiledStepper, ChecksItsStageCountAndWeights) {
  using State = std::vector<double>;
  EXPECT_THROW((fixed_explicit_rk<State, 4>(*find_method("dopri54")->tableau())), std::invalid_argument);
  EXPECT_THROW((fixed_explicit_rk<State, 4>(*find_method("rk4")->tableau(), weight_set::embedded)),
               std::invalid_argument);
  fixed_explicit_rk<State, 4> rk4(*find_method("rk4")->tableau());
  State y{1.0, 2.0}, error;
  EXPECT_THROW(rk4.step(contractive_problem{}, 0.0, y, 0.1, error), std::logic_error);
}

// FSAL: one evaluation per step saved in a run of steps, none after reset() or at another time;
// the reused stage is the one a fresh stepper computes (same bits).
TEST(CompiledStepper, FirstSameAsLastIsReusedOnlyWithinARun) {
  using State = std::vector<double>;
  const auto& dopri = *find_method("dopri54")->tableau();
  fixed_explicit_rk<State, 7> stepper(dopri);
  State y{1.0, 2.0 + 1.0 / 3};
  for (int n = 0; n < 64; ++n) stepper.step(contractive_problem{}, n / 64.0, y, 1 / 64.0);
  EXPECT_EQ(stepper.rhs_evaluations(), 7u + 63u * 6u);

  // The reused last stage gives the same step as a fresh stepper would.
  fixed_explicit_rk<State, 7> fresh(dopri);
  State y_fresh = y;
  stepper.step(contractive_problem{}, 1.0, y, 1 / 64.0);
  fresh.step(contractive_problem{}, 1.0, y_fresh, 1 / 64.0);
  EXPECT_EQ(y, y_fresh);
  EXPECT_EQ(stepper.rhs_evaluations(), 7u + 64u * 6u);

  // A changed state is announced by reset(): the first stage is evaluated again.
  y[0] += 0.25;
  stepper.reset();
  stepper.step(contractive_problem{}, 1.0 + 1 / 64.0, y, 1 / 64.0);
  EXPECT_EQ(stepper.rhs_evaluations(), 7u + 64u * 6u + 7u);
  // A step at another time than the last one ended recomputes too.
  stepper.step(contractive_problem{}, 5.0, y, 1 / 64.0);
  EXPECT_EQ(stepper.rhs_evaluations(), 7u + 64u * 6u + 14u);
  // The run-time stepper follows the same contract.
  explicit_rk<State> runtime(dopri);
  State z{1.0, 2.0};
  runtime.step(contractive_problem{}, 0.0, z, 0.1);
  runtime.step(contractive_problem{}, 0.1, z, 0.1);
  EXPECT_EQ(runtime.rhs_evaluations(), 13u);
  runtime.reset();
  runtime.step(contractive_problem{}, 0.2, z, 0.1);
  EXPECT_EQ(runtime.rhs_evaluations(), 20u);
}

// One template serves every contiguous container: std::vector, std::array and Eigen vectors give
// the same bits.
TEST(CompiledStepper, EveryContainerGivesTheSameResult) {
  const auto& tableau = *find_method("rkf78")->tableau();
  auto run = [&](auto state) {
    using State = decltype(state);
    fixed_explicit_rk<State, 13> stepper(tableau);
    State error;
    for (int n = 0; n < 64; ++n) stepper.step(contractive_problem{}, n / 64.0, state, 1 / 64.0, error);
    return std::array<double, 3>{state[0], state[1], error[0]};
  };
  const auto vector_result = run(std::vector<double>{1.0, 2.0});
  EXPECT_EQ(run(std::array<double, 2>{1.0, 2.0}), vector_result);
  EXPECT_EQ(run(Eigen::Vector2d(1.0, 2.0)), vector_result);
  Eigen::VectorXd dynamic(2);
  dynamic << 1.0, 2.0;
  EXPECT_EQ(run(dynamic), vector_result);
}

// The dense kernel (small std::array states) and the term lists (every other state) add the same
// products in the same order, the dense one also adding 0 * k for each zero coefficient: the two
// must give the same bits, states and error estimates, for every catalog tableau.
TEST(CompiledStepper, DenseKernelGivesTheTermListsBits) {
  using Small = std::array<double, 2>;
  using Large = std::vector<double>;
  for (const auto& tableau : explicit_tableaus())
    for (auto weights : {weight_set::primary, weight_set::embedded}) {
      if (weights == weight_set::embedded && !tableau.b_embedded) continue;
      auto run = [&](auto state) {
        using State = decltype(state);
        return visit_explicit_stepper<State>(tableau, weights, [&](auto& stepper) {
          using Stepper = std::remove_cvref_t<decltype(stepper)>;
          if constexpr (is_compiled<Stepper>) {
            EXPECT_EQ(Stepper::dense, (std::is_same_v<State, Small>));
          }
          State error = state;
          std::vector<double> trace;
          for (int n = 0; n < compared_steps; ++n) {
            if (tableau.b_embedded)
              stepper.step(contractive_problem{}, n * compared_h, state, compared_h, error);
            else
              stepper.step(contractive_problem{}, n * compared_h, state, compared_h);
            trace.insert(trace.end(), {state[0], state[1]});
            if (tableau.b_embedded) trace.insert(trace.end(), {error[0], error[1]});
          }
          return std::pair{trace, stepper.rhs_evaluations()};
        });
      };
      const auto dense = run(Small{1.0, 2.0});
      const auto lists = run(Large{1.0, 2.0});
      EXPECT_EQ(dense.first, lists.first) << tableau.name;
      EXPECT_EQ(dense.second, lists.second) << tableau.name;
    }
}

}  // namespace
}  // namespace orderly
