#pragma once
// The scalars a measurement can run in, from the least precise to the most, and the step a run
// takes up that ladder when round-off cuts its window or a superconvergence needs confirming: one
// ladder for the convergence study's escalation and for the scalars the check study names.
#include <orderly/scalars.hpp>

#include <array>
#include <optional>

namespace orderly {

inline constexpr std::array<scalar_kind, 5> scalars_by_precision{
    scalar_kind::float32, scalar_kind::float64, scalar_kind::long_double, scalar_kind::quad, scalar_kind::mp50};

// The next more precise scalar a run escalates to. long double is skipped: its 64-bit mantissa
// buys three digits over double. float32 and mp50 have no step up.
inline std::optional<scalar_kind> escalation_of(scalar_kind scalar) {
  switch (scalar) {
    case scalar_kind::float64:
    case scalar_kind::long_double:
      return scalar_kind::quad;
    case scalar_kind::quad:
      return scalar_kind::mp50;
    case scalar_kind::float32:
    case scalar_kind::mp50:
      break;
  }
  return std::nullopt;
}

}  // namespace orderly
