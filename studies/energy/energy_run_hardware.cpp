// The energy study's run instantiated for the hardware scalars (float, double, long double).
#include <orderly/energy_run.hpp>

namespace orderly::energy_detail {

template <class T>
energy_result run_for(const energy_request& request) {
  return request.sum == summation::compensated ? run_energy<T, summation::compensated>(request)
                                               : run_energy<T, summation::plain>(request);
}

energy_result run_energy_float(const energy_request& request) { return run_for<float>(request); }
energy_result run_energy_double(const energy_request& request) { return run_for<double>(request); }
energy_result run_energy_long_double(const energy_request& request) { return run_for<long double>(request); }

}  // namespace orderly::energy_detail
