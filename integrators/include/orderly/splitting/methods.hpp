#pragma once
// The splitting methods Orderly ships. Each is data in the drift-then-kick form of method.hpp.
#include <orderly/splitting/method.hpp>

#include <string_view>
#include <vector>

namespace orderly {

// Every splitting method Orderly ships, as drift and kick coefficients (src/splitting_methods.cpp).
const std::vector<splitting_method>& splitting_methods();

}  // namespace orderly
