#pragma once
// Boost 1.81's odeint cannot deduce the value type of a Boost.Multiprecision number: number<>
// has a value_type typedef naming itself, and odeint's extract_value_type walks value_type chains
// forever. A full specialization for each number type Orderly integrates in ends the walk.
// Include this header (instead of odeint's own) wherever odeint runs on multiprecision states;
// pass the number type as odeint's Value template argument explicitly (its default is double).
#include <orderly/exact.hpp>
#include <orderly/scalars.hpp>

#include <boost/numeric/odeint.hpp>

namespace orderly {
// The precision of reference check runs: 60 decimal digits (4 limbs, one more than mp50).
using mp60 = boost::multiprecision::number<boost::multiprecision::cpp_bin_float<60>>;
}  // namespace orderly

#define ORDERLY_ODEINT_VALUE_TYPE(Number)    \
  namespace boost::numeric::odeint::detail { \
  template <>                                \
  struct extract_value_type<Number, void> {  \
    using type = Number;                     \
  };                                         \
  }

ORDERLY_ODEINT_VALUE_TYPE(orderly::float128)
ORDERLY_ODEINT_VALUE_TYPE(orderly::mp50)
ORDERLY_ODEINT_VALUE_TYPE(orderly::high_precision)
ORDERLY_ODEINT_VALUE_TYPE(orderly::mp60)
