// The catalog's typed problems compiled once for float128 (declared extern in problem_catalog.hpp).
#include <orderly/problem_types.hpp>

namespace orderly {

template typed_problem<float128> instantiate<float128>(const problem_entry&);

}  // namespace orderly
