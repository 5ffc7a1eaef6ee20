// The catalog's typed problems compiled once for mp50 (declared extern in problem_catalog.hpp).
#include <orderly/problem_types.hpp>

namespace orderly {

template typed_problem<mp50> instantiate<mp50>(const problem_entry&);

}  // namespace orderly
