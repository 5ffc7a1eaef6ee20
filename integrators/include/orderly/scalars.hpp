#pragma once
// The scalar types Orderly is built and measured for, and a runtime switch over them.
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/float128.hpp>

#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace orderly {

using float128 = boost::multiprecision::float128;
using mp50 = boost::multiprecision::cpp_bin_float_50;

enum class scalar_kind { float32, float64, long_double, quad, mp50 };

inline std::string_view scalar_name(scalar_kind kind) {
  switch (kind) {
    case scalar_kind::float32:
      return "float";
    case scalar_kind::float64:
      return "double";
    case scalar_kind::long_double:
      return "long-double";
    case scalar_kind::quad:
      return "float128";
    case scalar_kind::mp50:
      return "mp50";
  }
  return "?";
}

inline std::optional<scalar_kind> parse_scalar(std::string_view name) {
  for (auto kind :
       {scalar_kind::float32, scalar_kind::float64, scalar_kind::long_double, scalar_kind::quad, scalar_kind::mp50})
    if (scalar_name(kind) == name) return kind;
  return std::nullopt;
}

// Decimal digits a scalar represents exactly (std::numeric_limits<T>::digits10).
inline int decimal_digits(scalar_kind kind);

// Calls visit(T{}) with T the scalar type named by kind.
template <class Visitor>
decltype(auto) with_scalar(scalar_kind kind, Visitor&& visit) {
  switch (kind) {
    case scalar_kind::float32:
      return visit(float{});
    case scalar_kind::float64:
      return visit(double{});
    case scalar_kind::long_double:
      return visit((long double){});
    case scalar_kind::quad:
      return visit(float128{});
    case scalar_kind::mp50:
      break;
  }
  return visit(mp50{});
}

inline int decimal_digits(scalar_kind kind) {
  return with_scalar(kind, [](auto zero) { return std::numeric_limits<decltype(zero)>::digits10; });
}

}  // namespace orderly
