// Compiled once into the study library (declared in shard_cost.hpp).
#include <orderly/shard_cost.hpp>

namespace orderly {

double scalar_cost_factor(scalar_kind scalar) {
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
