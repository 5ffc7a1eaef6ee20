// The energy study's run instantiated for float128 (evaluated in 50 digits); a file of its own
// because the software scalar's instantiations are slow to compile.
#include <orderly/energy_run.hpp>

namespace orderly::energy_detail {

energy_result run_energy_float128(const energy_request& request) {
  return request.sum == summation::compensated ? run_energy<float128, summation::compensated>(request)
                                               : run_energy<float128, summation::plain>(request);
}

}  // namespace orderly::energy_detail
