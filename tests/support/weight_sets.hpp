#pragma once
// Test parameters: every weight set of every catalog tableau (both sets of an embedded pair),
// with GoogleTest-safe names ("dopri54_bhat").
#include <orderly/explicit_rk.hpp>
#include <orderly/tableaus/explicit_methods.hpp>

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

namespace orderly {

struct weights_case {
  std::string name;
  weight_set weights;
};

inline std::vector<weights_case> every_weight_set() {
  std::vector<weights_case> cases;
  for (const auto& t : explicit_tableaus()) {
    cases.push_back({t.name, weight_set::primary});
    if (t.b_embedded) cases.push_back({t.name, weight_set::embedded});
  }
  return cases;
}

inline std::string case_name(const testing::TestParamInfo<weights_case>& info) {
  std::string name = info.param.name + (info.param.weights == weight_set::primary ? "_b" : "_bhat");
  for (auto& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

}  // namespace orderly
