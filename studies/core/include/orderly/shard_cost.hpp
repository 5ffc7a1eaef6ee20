#pragma once
// What a job costs, roughly, for spreading a suite over shards (orderly/shard.hpp): only the ratios
// between a suite's jobs matter, and only roughly (a wrong estimate unbalances the shards, it never
// changes a result).
#include <orderly/scalars.hpp>

namespace orderly {

// One arithmetic operation in each scalar against one in double: software float128 is some tens
// of times slower, 50-digit multiprecision some hundreds.
inline double scalar_cost_factor(scalar_kind scalar) {
  switch (scalar) {
    case scalar_kind::float32:
    case scalar_kind::float64:
      return 1;
    case scalar_kind::long_double:
      return 2;
    case scalar_kind::quad:
      return 30;
    case scalar_kind::mp50:
      return 300;
  }
  return 1;
}

}  // namespace orderly
