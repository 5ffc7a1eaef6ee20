// The catalog's typed problems compiled once for the hardware scalars (declared extern in
// problem_catalog.hpp).
#include <orderly/problem_types.hpp>

namespace orderly {

template typed_problem<float> instantiate<float>(const problem_entry&);
template typed_problem<double> instantiate<double>(const problem_entry&);
template typed_problem<long double> instantiate<long double>(const problem_entry&);

}  // namespace orderly
