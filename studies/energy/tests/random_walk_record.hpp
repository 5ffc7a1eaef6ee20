#pragma once
// A synthetic random-walk record for the energy classifier's tests: the mean over `walks`
// independent walks of +-step_size steps (a fixed linear congruential sequence from `seed`) of the
// running maximum of |S_n|, sampled at log-spaced n, 10 per decade, as the study samples. Its
// expected value is step_size sqrt(pi n / 2) (Feller): growth exponent 1/2. One walk's maximum
// wanders by a random factor over two decades, hence the mean over walks.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace orderly::testing {

struct sampled_record {
  std::vector<double> t, value;
};

inline sampled_record mean_running_maximum_of_random_walks(int walks, std::size_t steps, double step_size,
                                                           std::uint64_t seed) {
  std::vector<std::size_t> sample_steps;
  for (int k = 0;; ++k) {
    const auto n = static_cast<std::size_t>(std::ceil(std::pow(10.0, k / 10.0) - 1e-9));
    if (n > steps) break;
    if (sample_steps.empty() || n > sample_steps.back()) sample_steps.push_back(n);
  }
  sampled_record record;
  record.value.assign(sample_steps.size(), 0);
  std::uint64_t state = seed;
  for (int w = 0; w < walks; ++w) {
    double walk = 0, running_max = 0;
    std::size_t next = 0;
    for (std::size_t n = 1; n <= steps; ++n) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      walk += (state >> 63) ? step_size : -step_size;
      running_max = std::max(running_max, std::fabs(walk));
      if (n == sample_steps[next]) record.value[next++] += running_max / walks;
    }
  }
  for (auto n : sample_steps) record.t.push_back(static_cast<double>(n));
  return record;
}

}  // namespace orderly::testing
