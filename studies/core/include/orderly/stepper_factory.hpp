#pragma once
// The one place that turns a catalog entry into a stepper bound to a problem, for any scalar T.
// Studies drive every method through bound_stepper<T>; make_stepper is one visit over the method
// object (catalog.hpp; a seed specimen, code, has its one branch before it), so a new family is
// one bound_* class here and one case the compiler asks for. Every stepper owns its coefficients
// (rounded to T, or its own copy of the exact ones it rounds from); none points into the catalog.
// One indirect call per step; the step itself (stages, sums) stays inlined in the family's stepper.
#include <orderly/catalog.hpp>
#include <orderly/explicit_rk.hpp>
#include <orderly/fixed_explicit_rk.hpp>
#include <orderly/implicit/implicit_rk.hpp>
#include <orderly/implicit/rosenbrock.hpp>
#include <orderly/problem.hpp>
#include <orderly/splitting/stepper.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace orderly {

// Work done by a stepper, counted, never timed.
struct work_counts {
  std::uint64_t rhs_evaluations = 0;       // splitting methods: force evaluations
  std::uint64_t jacobian_evaluations = 0;  // implicit families
  std::uint64_t lu_factorizations = 0;
  std::uint64_t linear_solves = 0;
};

// A method bound to one problem. step() advances y from t to t + h; consecutive calls continue one
// run (caches such as FSAL stages are reused), so call reset() whenever y is changed between steps
// by anything other than step(). The problem must outlive the stepper.
template <class T>
class bound_stepper {
 public:
  virtual ~bound_stepper() = default;
  virtual void step(const T& t, state_of<T>& y, const T& h) = 0;
  virtual void reset() = 0;
  virtual work_counts counts() const = 0;
};

// Whether a method can run on a problem at all (and why not): empty when it can.
inline std::string incompatibility(const method_entry& method, const problem_info& problem) {
  if (const auto* seed = method.seed())
    return !seed->needs_second_order || problem.second_order
               ? std::string()
               : method.name + " needs a second-order system y = (x, v); " + problem.name + " is not one";
  return method.visit(method_visitor{
      [](const butcher_tableau&) { return std::string(); },
      [](const rosenbrock_method&) { return std::string(); },
      [&](const splitting_method&) {
        return problem.separable ? std::string()
                                 : method.name + " needs a separable Hamiltonian split; " + problem.name + " has none";
      },
  });
}

namespace detail {

// Explicit tableaus run on their compiled form (fixed_explicit_rk, stage count known at compile
// time) where one exists, on the runtime explicit_rk otherwise.
template <class T, class Stepper>
class bound_explicit_rk final : public bound_stepper<T> {
 public:
  bound_explicit_rk(Stepper&& stepper, const typed_problem<T>& problem)
      : stepper_(std::move(stepper)), rhs_(&problem.rhs) {}
  void step(const T& t, state_of<T>& y, const T& h) override { stepper_.step(*rhs_, t, y, h); }
  void reset() override { stepper_.reset(); }
  work_counts counts() const override { return {.rhs_evaluations = stepper_.rhs_evaluations()}; }

 private:
  Stepper stepper_;
  const rhs_function<T>* rhs_;
};

template <class T, summation Sum = summation::plain>
std::unique_ptr<bound_stepper<T>> make_explicit_stepper(const butcher_tableau& tableau, const typed_problem<T>& problem,
                                                        weight_set weights) {
  // The stepper holds its coefficients rounded to T.
  return visit_explicit_stepper<state_of<T>, Sum>(
      tableau, weights, [&](auto& stepper) -> std::unique_ptr<bound_stepper<T>> {
        using stepper_type = std::remove_cvref_t<decltype(stepper)>;
        return std::make_unique<bound_explicit_rk<T, stepper_type>>(std::move(stepper), problem);
      });
}

// Splitting methods act on (q, p); the problem's state is y = (q, p) concatenated.
template <class T, summation Sum = summation::plain>
class bound_splitting final : public bound_stepper<T> {
 public:
  bound_splitting(const splitting_method& method, const typed_problem<T>& problem)
      : stepper_(method), split_(&*problem.split) {}
  void step(const T& t, state_of<T>& y, const T& h) override {
    const auto n = static_cast<std::ptrdiff_t>(split_->half_dimension);
    q_.assign(y.begin(), y.begin() + n);
    p_.assign(y.begin() + n, y.end());
    stepper_.step(split_->force, split_->velocity, t, q_, p_, h);
    std::copy(q_.begin(), q_.end(), y.begin());
    std::copy(p_.begin(), p_.end(), y.begin() + n);
  }
  void reset() override { stepper_.reset(); }
  work_counts counts() const override { return {.rhs_evaluations = stepper_.rhs_evaluations()}; }

 private:
  splitting_stepper<state_of<T>, Sum> stepper_;
  const separable_split<T>* split_;
  state_of<T> q_, p_;
};

// Seed specimens are the articles' float code: they exist for T = float only.
class bound_seed final : public bound_stepper<float> {
 public:
  bound_seed(const seed_specimen& seed, const typed_problem<float>& problem) : step_(seed.step), rhs_(&problem.rhs) {
    counted_ = [this](const float& t, const state_of<float>& x, state_of<float>& dx) {
      ++evaluations_;
      (*rhs_)(t, x, dx);
    };
  }
  void step(const float& t, state_of<float>& y, const float& h) override { step_(counted_, t, y, h); }
  void reset() override {}
  work_counts counts() const override { return {.rhs_evaluations = evaluations_}; }

 private:
  decltype(seed_specimen::step) step_;  // the article's code, owned like any stepper's coefficients
  const rhs_function<float>* rhs_;
  rhs_function<float> counted_;
  std::uint64_t evaluations_ = 0;
};

// Implicit Runge-Kutta methods: implicit_rk_stepper (implicit/implicit_rk.hpp: the stage system solved
// by Newton to round-off, J from the problem's Jacobian or finite differences, the s n x s n matrix
// LU-factorised with Eigen; J, the factorisation and the Newton start carried between steps).
template <class T>
class bound_implicit_rk final : public bound_stepper<T> {
 public:
  bound_implicit_rk(const butcher_tableau& tableau, const typed_problem<T>& problem, weight_set weights,
                    const T& newton_tolerance = T(0))
      : stepper_(numeric_coefficients<T>(tableau, weights), newton_tolerance), problem_(&problem) {}
  void step(const T& t, state_of<T>& y, const T& h) override {
    stepper_.step(problem_->rhs, problem_->jacobian, t, y, h);
  }
  void reset() override { stepper_.reset(); }
  work_counts counts() const override {
    const auto& stats = stepper_.stats();
    return {.rhs_evaluations = stats.rhs_evaluations,
            .jacobian_evaluations = stats.jacobian_evaluations,
            .lu_factorizations = stats.lu_decompositions,
            .linear_solves = stats.newton_iterations};  // one solve with the LU per Newton iteration
  }

 private:
  implicit_rk_stepper<T> stepper_;
  const typed_problem<T>* problem_;
};

// Rosenbrock methods: the problem's Jacobian (finite differences when it has none); df/dt only
// for non-autonomous problems.
template <class T>
class bound_rosenbrock final : public bound_stepper<T> {
 public:
  bound_rosenbrock(const rosenbrock_method& method, const typed_problem<T>& problem, weight_set weights)
      : stepper_(method, problem.jacobian, !problem.info->nonautonomous, weights), rhs_(&problem.rhs) {}
  void step(const T& t, state_of<T>& y, const T& h) override { stepper_.step(*rhs_, t, y, h); }
  void reset() override { stepper_.reset(); }
  work_counts counts() const override {
    return {.rhs_evaluations = stepper_.rhs_evaluations(),
            .jacobian_evaluations = stepper_.jacobian_evaluations(),
            .lu_factorizations = stepper_.lu_factorizations(),
            .linear_solves = stepper_.linear_solves()};
  }

 private:
  rosenbrock_stepper<state_of<T>> stepper_;
  const rhs_function<T>* rhs_;
};

}  // namespace detail

// The stepper for `method` on `problem` in scalar T. Throws std::invalid_argument when the method
// cannot run there (see incompatibility) or not in T (seed specimens outside float).
// Sum = summation::compensated: the update y + increment is Kahan-compensated (compensated_sum.hpp);
// explicit Runge-Kutta and splitting methods only (the seed specimens are the articles' code; the
// implicit methods' updates come out of a linear solve). A
// template parameter, so that only the studies that ask for it compile the compensated steppers.
template <class T, summation Sum = summation::plain>
std::unique_ptr<bound_stepper<T>> make_stepper(const method_entry& method, const typed_problem<T>& problem,
                                               weight_set weights = weight_set::primary) {
  if (auto why = incompatibility(method, *problem.info); !why.empty()) throw std::invalid_argument(why);
  using made = std::unique_ptr<bound_stepper<T>>;
  const auto no_compensated_update = [&](const char* why) {
    if (Sum == summation::compensated) throw std::invalid_argument(method.name + why);
  };
  // A seed specimen is a code stepper, not a method object: its one stepper runs the article's code.
  if (const auto* seed = method.seed()) {
    no_compensated_update(" is an article's code as written; it has no compensated update");
    if constexpr (std::is_same_v<T, float>)
      return std::make_unique<detail::bound_seed>(*seed, problem);
    else
      throw std::invalid_argument(method.name + " is a float specimen; run it with scalar float");
  }
  return method.visit(method_visitor{
      [&](const butcher_tableau& tableau) -> made {
        if (tableau.is_explicit()) return detail::make_explicit_stepper<T, Sum>(tableau, problem, weights);
        no_compensated_update(": implicit methods have no compensated update");
        return std::make_unique<detail::bound_implicit_rk<T>>(tableau, problem, weights);
      },
      [&](const splitting_method& splitting) -> made {
        return std::make_unique<detail::bound_splitting<T, Sum>>(splitting, problem);
      },
      [&](const rosenbrock_method& rosenbrock) -> made {
        no_compensated_update(": implicit methods have no compensated update");
        return std::make_unique<detail::bound_rosenbrock<T>>(rosenbrock, problem, weights);
      },
  });
}

// An implicit Runge-Kutta method whose Newton iteration stops at a correction of newton_tolerance
// times max(|y|, 1) instead of round-off (implicit_rk_stepper): for studies that measure what a
// loose solve does. newton_tolerance = 0 is make_stepper's stepper. Throws std::invalid_argument
// for a method of another family.
template <class T>
std::unique_ptr<bound_stepper<T>> make_implicit_rk_stepper(const method_entry& method, const typed_problem<T>& problem,
                                                           const T& newton_tolerance) {
  const auto* tableau = method.tableau();
  if (!tableau || tableau->is_explicit())
    throw std::invalid_argument(method.name + ": a Newton tolerance needs an implicit Runge-Kutta method");
  return std::make_unique<detail::bound_implicit_rk<T>>(*tableau, problem, weight_set::primary, newton_tolerance);
}

// The form an explicit pair takes as an adaptive stepper: compiled (fixed_explicit_rk where the
// stage count has one, the fastest) or runtime (explicit_rk: each stage y + h (sum a_ij k_j), whose
// results differ from the compiled form's by rounding; fixed_explicit_rk.hpp).
enum class explicit_form { compiled, runtime };

// The adaptive stepper of a catalog method with an error estimate, handed to `use` as the concrete
// stepper object integrate_adaptive drives (the explicit pair in the form asked for, or the
// Rosenbrock pair); the factory's other visit, for step-size-controlled runs. Throws
// std::invalid_argument for a method without an embedded estimate. The stepper owns its
// coefficients, like every stepper the factory makes.
template <class T, explicit_form Form = explicit_form::compiled, class Use>
auto visit_adaptive_stepper(const method_entry& method, const typed_problem<T>& problem, Use&& use) {
  using result = decltype(use(std::declval<rosenbrock_stepper<state_of<T>>>()));
  const auto not_a_pair = [&]() -> result { throw std::invalid_argument(method.name + " is not an embedded pair"); };
  if (method.seed()) return not_a_pair();  // an article's code: no estimate the controller can use
  return method.visit(method_visitor{
      [&](const rosenbrock_method& rosenbrock) -> result {
        return use(rosenbrock_stepper<state_of<T>>(rosenbrock, problem.jacobian, !problem.info->nonautonomous));
      },
      [&](const butcher_tableau& tableau) -> result {
        if (!tableau.embedded_order) return not_a_pair();
        if constexpr (Form == explicit_form::runtime)
          return use(explicit_rk<state_of<T>>(tableau, weight_set::primary));
        else
          return visit_explicit_stepper<state_of<T>>(tableau, weight_set::primary,
                                                     [&](auto& stepper) -> result { return use(std::move(stepper)); });
      },
      [&](const splitting_method&) -> result { return not_a_pair(); },
  });
}

// Every family's stepper in one scalar is a large instantiation: for the scalars the studies use
// it is compiled once, in the study library (studies/core/catalog_runs_*.cpp), and linked by every
// file that asks for one instead of compiled again in each.
extern template std::unique_ptr<bound_stepper<float>> make_stepper(const method_entry&, const typed_problem<float>&,
                                                                   weight_set);
extern template std::unique_ptr<bound_stepper<double>> make_stepper(const method_entry&, const typed_problem<double>&,
                                                                    weight_set);
extern template std::unique_ptr<bound_stepper<long double>> make_stepper(const method_entry&,
                                                                         const typed_problem<long double>&, weight_set);
extern template std::unique_ptr<bound_stepper<float128>> make_stepper(const method_entry&,
                                                                      const typed_problem<float128>&, weight_set);
extern template std::unique_ptr<bound_stepper<mp50>> make_stepper(const method_entry&, const typed_problem<mp50>&,
                                                                  weight_set);
extern template std::unique_ptr<bound_stepper<high_precision>> make_stepper(const method_entry&,
                                                                            const typed_problem<high_precision>&,
                                                                            weight_set);

}  // namespace orderly
