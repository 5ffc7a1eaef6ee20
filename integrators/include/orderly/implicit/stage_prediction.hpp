#pragma once
// The starting values of an implicit Runge-Kutta step's Newton iteration: the last step's stages
// extrapolated over the next step (RADAU5's starting values, Hairer-Wanner II, sec. IV.8, for any
// nodes). Both implicit solvers (implicit/radau.hpp, implicit/implicit_rk.hpp) start from them.
#include <cstddef>
#include <span>
#include <vector>

namespace orderly {

// The stages the extrapolation interpolates through: one per distinct nonzero node (the node 0 is
// the point (0, 0) itself). A property of the method, so found once.
template <class T>
std::vector<std::size_t> distinct_nonzero_nodes(const std::vector<T>& c) {
  std::vector<std::size_t> nodes;
  for (std::size_t j = 0; j < c.size(); ++j) {
    bool repeated = c[j] == 0;
    for (std::size_t k : nodes) repeated = repeated || c[k] == c[j];
    if (!repeated) nodes.push_back(j);
  }
  return nodes;
}

// The last step's stages (previous, s blocks of n, relative to that step's start) extrapolated
// into stages: Lagrange interpolation through (0, 0) and (c_j, Z_j) over `nodes`, evaluated at
// 1 + c_i ratio (ratio = h / h_previous), less the last step's increment y1 - y0 (the new stages
// are relative to the new step's start).
template <class T>
void extrapolate_stages(const std::vector<T>& c, const std::vector<std::size_t>& nodes, const T& ratio,
                        const std::vector<T>& previous, std::span<const T> increment, std::vector<T>& stages) {
  const std::size_t s = c.size(), n = increment.size();
  for (std::size_t i = 0; i < s; ++i) {
    const T x = 1 + c[i] * ratio;
    for (std::size_t p = 0; p < n; ++p) stages[i * n + p] = -increment[p];
    for (std::size_t j : nodes) {
      T weight = x / c[j];  // the node 0, whose value is 0, still shapes every other weight
      for (std::size_t k : nodes)
        if (k != j) weight *= (x - c[k]) / (c[j] - c[k]);
      for (std::size_t p = 0; p < n; ++p) stages[i * n + p] += weight * previous[j * n + p];
    }
  }
}

}  // namespace orderly
