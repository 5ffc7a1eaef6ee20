#pragma once
// A user's stepper bound to one problem, as the studies' drivers and runners take the catalog's
// steppers (bound_stepper): the problem's right-hand side is handed to the user's step and its
// evaluations are counted, so every study runs a user's step with the code it runs the catalog's.
#include <orderly/stepper_factory.hpp>
#include <orderly/user_stepper.hpp>

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

namespace orderly {

class bound_user_stepper final : public bound_stepper<double> {
 public:
  // Both are borrowed: they must outlive the bound stepper.
  bound_user_stepper(const user_stepper& stepper, const typed_problem<double>& problem)
      : stepper_(&stepper), problem_(&problem) {}
  bound_user_stepper(const bound_user_stepper&) = delete;
  bound_user_stepper& operator=(const bound_user_stepper&) = delete;

  // A step that throws integration_failure passes it on (the drivers record it as a blow-up).
  void step(const double& t, state_of<double>& y, const double& h) override {
    const std::size_t n = y.size();
    const user_rhs f = [this](double at, const state_of<double>& state) {
      state_of<double> derivative(state.size());
      problem_->rhs(at, state, derivative);
      ++evaluations_;
      return derivative;
    };
    state_of<double> next = stepper_->step(f, t, std::move(y), h);
    if (next.size() != n)
      throw std::invalid_argument(stepper_->name + ": its step returned " + std::to_string(next.size()) +
                                  " values for a state of " + std::to_string(n));
    y = std::move(next);
  }
  // A user's step keeps nothing between steps that Orderly could clear.
  void reset() override {}
  work_counts counts() const override { return {.rhs_evaluations = evaluations_}; }

 private:
  const user_stepper* stepper_;
  const typed_problem<double>* problem_;
  std::uint64_t evaluations_ = 0;
};

inline std::unique_ptr<bound_stepper<double>> bind_user_stepper(const user_stepper& stepper,
                                                                const typed_problem<double>& problem) {
  return std::make_unique<bound_user_stepper>(stepper, problem);
}

}  // namespace orderly
