// The catalog's typed problems compiled once for high_precision (declared extern in problem_catalog.hpp).
#include <orderly/problem_types.hpp>

namespace orderly {

template typed_problem<high_precision> instantiate<high_precision>(const problem_entry&);

}  // namespace orderly
