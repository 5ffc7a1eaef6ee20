#pragma once
// Symplectic splitting methods for separable Hamiltonians H = T(p) + V(q): the methods as data
// (splitting/method.hpp, splitting/methods.hpp) and the stepper they drive (splitting/stepper.hpp).
#include <orderly/splitting/method.hpp>
#include <orderly/splitting/methods.hpp>
#include <orderly/splitting/stepper.hpp>
