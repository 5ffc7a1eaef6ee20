// Semi-implicit (symplectic) Euler from Glenn Fiedler's "Integration Basics" (2018 revision), as a
// C++ user exposes it through the C interface: velocity += acceleration * dt, then position +=
// velocity * dt with the new velocity. It needs y = (positions, velocities) of a second-order
// problem, so it declares itself separable; its battery runs it on such problems only.
#include <orderly/stepper.h>

#include <cstddef>
#include <vector>

namespace {

int semi_implicit_euler_step(orderly_rhs f, void* context, double t, double* y, std::size_t n, double h) {
  if (n % 2 != 0) return 1;  // not (positions, velocities)
  const std::size_t half = n / 2;
  std::vector<double> dydt(n);
  f(context, t, y, dydt.data());  // the acceleration at the step's start
  for (std::size_t i = 0; i < half; ++i) y[half + i] += dydt[half + i] * h;
  for (std::size_t i = 0; i < half; ++i) y[i] += y[half + i] * h;
  return 0;
}

}  // namespace

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION,
    .step = semi_implicit_euler_step,
    .name = "semi-implicit Euler in C++",
    .declared_order = 1,
    .separable = 1,
    .closest_method = "symplectic-euler-a",
};
