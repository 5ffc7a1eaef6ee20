// odeint's explicit steppers identified through their own interfaces: each computes the method its
// documentation names (odeint's reference: euler, runge_kutta4, runge_kutta_cash_karp54,
// runge_kutta_dopri5, runge_kutta_fehlberg78), and its multistep stepper is said not to be a
// Runge-Kutta method.
#include <orderly/odeint_identity.hpp>

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace {

using orderly::odeint_identity_row;
using status = orderly::odeint_identity_status;

const std::map<std::string, odeint_identity_row>& odeint_rows() {
  static const std::map<std::string, odeint_identity_row> by_stepper = [] {
    std::map<std::string, odeint_identity_row> out;
    for (auto& row : orderly::odeint_identity_table().rows) out[row.stepper] = row;
    return out;
  }();
  return by_stepper;
}

std::string described(const odeint_identity_row& row) { return row.stepper + ": " + row.identity; }

TEST(OdeintIdentity, EveryDocumentedRungeKuttaStepperComputesItsPublishedMethod) {
  for (const char* stepper : {"euler", "runge_kutta4", "runge_kutta4_classic", "runge_kutta_cash_karp54",
                              "runge_kutta_cash_karp54_classic", "runge_kutta_dopri5", "runge_kutta_fehlberg78"}) {
    const auto& row = odeint_rows().at(stepper);
    EXPECT_EQ(row.status, status::identical) << described(row) << " " << row.differences.value_or(nullptr).dump(2);
  }
  // The error steppers' estimates are compared too (xerr = y_propagated - y_embedded).
  for (const char* stepper : {"runge_kutta_cash_karp54", "runge_kutta_dopri5", "runge_kutta_fehlberg78"})
    EXPECT_TRUE(odeint_rows().at(stepper).estimate_compared.value_or(false)) << stepper;
}

TEST(OdeintIdentity, AMultistepStepperIsSaidNotToBeRungeKutta) {
  const auto& row = odeint_rows().at("adams_bashforth<4>");
  EXPECT_EQ(row.status, status::not_runge_kutta);
  EXPECT_NE(row.identity.find("keeps state"), std::string::npos) << described(row);
}

TEST(OdeintIdentity, SeparableSteppersAreReadAsTheirKickDriftCompositions) {
  for (const char* stepper : {"velocity_verlet", "symplectic_euler", "symplectic_rkn_sb3a_m4_mclachlan"})
    EXPECT_EQ(odeint_rows().at(stepper).status, status::identical) << described(odeint_rows().at(stepper));
  // odeint's symplectic steppers pass no time: their forces are asked for at the step's start.
  EXPECT_FALSE(odeint_rows().at("symplectic_euler").recovered["times_follow_positions"].get<bool>());
  EXPECT_TRUE(odeint_rows().at("velocity_verlet").recovered["times_follow_positions"].get<bool>());
}

// With one substep the modified midpoint is z0 + h/2 (f(z0) + f(z0 + h f(z0))): Heun's method.
TEST(OdeintIdentity, OneSubstepOfTheModifiedMidpointIsHeun) {
  EXPECT_EQ(odeint_rows().at("modified_midpoint(steps = 1)").status, status::identical);
}

}  // namespace
