#pragma once
// Published Runge-Kutta-Nystrom methods for y'' = f(t, y), as data with their citations: a compiled
// separable stepper's recovered Nystrom coefficients are matched against them. A method is its
// nodes c, position coefficients A_bar (row i holds i entries), position weights b_bar and velocity
// weights b: Y_i = y + c_i h y' + h^2 sum A_bar_ij k_j, k_i = f(t + c_i h, Y_i),
// y_1 = y + h y' + h^2 sum b_bar_i k_i, y'_1 = y' + h sum b_i k_i.
#include <orderly/exact.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace orderly {

struct published_nystrom_method {
  std::string name, title, citation;
  int order = 0;
  std::vector<exact> c, b_bar, b;
  std::vector<std::vector<exact>> a_bar;
  int stages() const { return static_cast<int>(b.size()); }
};

const std::vector<published_nystrom_method>& published_nystrom_methods();

}  // namespace orderly
