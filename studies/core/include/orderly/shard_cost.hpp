#pragma once
// What a job costs, roughly, for spreading a suite over shards (orderly/shard.hpp): only the ratios
// between a suite's jobs matter, and only roughly (a wrong estimate unbalances the shards, it never
// changes a result).
#include <orderly/scalars.hpp>

namespace orderly {

// One arithmetic operation in each scalar against one in double: software float128 is some tens
// of times slower, 50-digit multiprecision some hundreds.
double scalar_cost_factor(scalar_kind scalar);

}  // namespace orderly
