// The game table's row for a user's stepper, measured with its step alone, against the closed-form
// limits of the methods the steppers implement.
#include <orderly/game_table.hpp>
#include <orderly/game_table_policy.hpp>

#include "../../../tests/support/example_user_steppers.hpp"

#include <gtest/gtest.h>

namespace orderly {
namespace {

// The bisection in k stops at game_table_policy::k_relative_resolution (1e-10) of the bracket;
// the spectral radius of the measured step matrix is decided to round-off, which moves a
// transversal crossing by far less. Ten times the resolution covers both.
constexpr double k_tolerance = 10 * game_table_policy::k_relative_resolution;

game_cell cell(const user_game_limits& limits, int rate, double damping) {
  for (const auto& c : limits.row.cells)
    if (c.frame_rate == rate && c.damping == damping) return c;
  ADD_FAILURE() << "no cell " << rate << " Hz, b = " << damping;
  return {};
}

double confirmed(const user_game_limits& limits, int rate, double damping) {
  return cell(limits, rate, damping).confirmed_k_max.value().k.value();
}

TEST(GameLimits, SemiImplicitEulerSpringLimitIsFourOverHSquared) {
  // Unit mass, x'' = -k x: v += -h k x, then x += h v_new. Step matrix [[1 - k h^2, h], [-k h, 1]]:
  // determinant 1, trace 2 - k h^2, eigenvalues on the unit circle while |2 - k h^2| <= 2, i.e.
  // k h^2 <= 4: k_max = 4 / h^2 = 14,400 N/m at 60 Hz and 57,600 N/m at 120 Hz.
  const auto row = game_limits(example_steppers::semi_implicit_euler());
  EXPECT_EQ(row.row.family, "user");
  EXPECT_NEAR(confirmed(row, 60, 0), 14400, k_tolerance * 14400);
  EXPECT_NEAR(confirmed(row, 120, 0), 57600, k_tolerance * 57600);
  // Damped (b = 1): v += -h (k x + b v), x += h v_new gives [[1 - k h^2, h (1 - b h)], [-k h, 1 - b h]],
  // determinant 1 - b h < 1, stable (Jury's test) while |2 - b h - k h^2| <= 2 - b h:
  // k_max = (4 - 2 b h) / h^2 = 14,400 - 120 = 14,280 N/m at 60 Hz.
  EXPECT_NEAR(confirmed(row, 60, 1), 14280, k_tolerance * 14280);
  EXPECT_TRUE(cell(row, 60, 0).simulation.value().blows_up_outside);
  EXPECT_TRUE(cell(row, 60, 0).simulation.value().bounded_inside);
}

TEST(GameLimits, ClassicalRk4UndampedLimitIsItsImaginaryLimit) {
  // The undamped spring's eigenvalues are +-i sqrt(k); RK4 is stable on the imaginary axis up to
  // |h lambda| = 2 sqrt(2) (|R(i y)|^2 = 1 - y^6/72 + y^8/576 = 1 at y^2 = 8): k_max = 8 / h^2,
  // (2 sqrt(2) 60)^2 = 28,800 N/m at 60 Hz.
  const auto row = game_limits(example_steppers::classical_rk4());
  EXPECT_NEAR(confirmed(row, 60, 0), 28800, k_tolerance * 28800);
}

TEST(GameLimits, ForwardEulerHasNoStableUndampedSpring) {
  // |1 + i h sqrt(k)| > 1 for every k > 0; damped (b = 1) the eigenvalue -1/2 +- i sqrt(k - 1/4)
  // needs |1 + h lambda|^2 = (1 - h/2)^2 + h^2 (k - 1/4) <= 1, i.e. k <= b / h = 60 N/m at 60 Hz.
  const auto row = game_limits(example_steppers::forward_euler());
  EXPECT_EQ(confirmed(row, 60, 0), 0);
  EXPECT_NEAR(confirmed(row, 60, 1), 60, k_tolerance * 60);
}

TEST(GameLimits, AStepThatFailsHasNoStableSpring) {
  const auto row = game_limits(example_steppers::always_failing());
  for (const auto& c : row.row.cells)
    EXPECT_EQ(c.confirmed_k_max.value().k.value(), 0) << c.frame_rate << " Hz, b = " << c.damping;
}

}  // namespace
}  // namespace orderly
