// libFuzzer target for orderly::fuzz::fuzz_reference_data (tests/fuzz/fuzz_entries.hpp); built and run by
// `make fuzz` (tests/fuzz/README.md).
#include "fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return orderly::fuzz::fuzz_reference_data(data, size);
}
