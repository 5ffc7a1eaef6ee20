#pragma once
// A user's Runge-Kutta method as a JSON file, and what its digits support.
//
//   {"name": "my-rk3", "title": "optional", "order": 3, "embedded_order": 2 (optional),
//    "A": [["0"], ["1/2"], ["-1", "2"]],       rows; an explicit method may give the strictly lower part
//    "b": ["1/6", "2/3", "1/6"],  "b_hat": [...] (optional),  "c": [...] (optional: row sums)}
//
// Coefficients are exact rationals ("-7200/2197", "3") or decimals ("0.1666666666666667",
// "-1.5e-3"); a decimal is read as the exact rational it denotes, so the order conditions measure
// exactly what the given digits say. Every error names the field, the row and the column.
//
// Precision audit. A table printed to N significant digits shows fewer only where the value ends
// there, so a decimal with fewer significant digits than the file's longest is exact ("0.2",
// "0.025"), and one with N digits is known to half a unit in its last digit. The elementary
// weights Phi(t) are polynomials in the coefficients with coefficients +1, so perturbations of at
// most delta_ij in every entry move Phi(t) by at most Phi_abs(|a| + delta) - Phi_abs(|a|) (both on
// absolute values). An order condition holds "to the file's precision" when its exact residual is
// within that bound; the order the digits support is the largest p for which all conditions up to
// p hold so. A scalar type suits the file when every residual up to the declared order is within
// the bound for delta_ij = u |a_ij| (u the scalar's unit roundoff): the digits are then no worse
// than the scalar's own rounding of the coefficients, and a measurement in it sees the method, not
// the table's truncation.
#include <orderly/order_conditions.hpp>
#include <orderly/scalars.hpp>
#include <orderly/tableau.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace orderly {

// A malformed tableau file: the message names the field and, where it applies, row and column.
struct tableau_file_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

struct coefficient_text {
  exact value;
  std::optional<exact> resolution;  // half a unit in the last given digit (decimals); none when exact
  int significant_digits = 0;       // decimals: digits from the first nonzero one
};

// Reads "p", "p/q", or a decimal "[-]digits[.digits][e[+-]digits]" exactly.
inline coefficient_text parse_coefficient(const std::string& text, const std::string& where) {
  auto fail = [&](const std::string& why) {
    throw tableau_file_error(where + ": '" + text + "' " + why);
  };
  if (text.empty()) fail("is empty");
  if (text.find('/') != std::string::npos) {
    const auto slash = text.find('/');
    auto integer_ok = [](const std::string& s) {
      std::size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
      if (i == s.size()) return false;
      for (; i < s.size(); ++i)
        if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
      return true;
    };
    const std::string num = text.substr(0, slash), den = text.substr(slash + 1);
    if (!integer_ok(num) || !integer_ok(den) || den.find_first_of("+-") != std::string::npos)
      fail("is not a rational p/q");
    auto decimal_integer = [](std::string digits) {  // cpp_int reads a leading 0 as octal
      const bool minus = digits[0] == '-';
      if (digits[0] == '-' || digits[0] == '+') digits.erase(0, 1);
      digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size() - 1));
      const boost::multiprecision::cpp_int value(digits);
      return minus ? boost::multiprecision::cpp_int(-value) : value;
    };
    if (decimal_integer(den) == 0) fail("has a zero denominator");
    return {exact(decimal_integer(num), decimal_integer(den)), std::nullopt};
  }
  std::size_t i = 0;
  bool negative = false;
  if (text[i] == '-' || text[i] == '+') negative = text[i++] == '-';
  std::string digits;
  long fraction_digits = 0;
  bool seen_point = false, seen_digit = false;
  for (; i < text.size() && text[i] != 'e' && text[i] != 'E'; ++i) {
    if (text[i] == '.') {
      if (seen_point) fail("is not a number");
      seen_point = true;
    } else if (std::isdigit(static_cast<unsigned char>(text[i]))) {
      digits += text[i];
      seen_digit = true;
      if (seen_point) ++fraction_digits;
    } else {
      fail("is not a number (use a decimal or p/q)");
    }
  }
  if (!seen_digit) fail("is not a number");
  long exponent = 0;
  if (i < text.size()) {
    const std::string e = text.substr(i + 1);
    if (e.empty() || e.size() > 6) fail("has a malformed exponent");
    std::size_t k = (e[0] == '-' || e[0] == '+') ? 1 : 0;
    if (k == e.size()) fail("has a malformed exponent");
    for (; k < e.size(); ++k)
      if (!std::isdigit(static_cast<unsigned char>(e[k]))) fail("has a malformed exponent");
    exponent = std::stol(e);
  }
  // cpp_int reads a leading 0 as octal: drop leading zeros (keep one digit).
  digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size() - 1));
  const long scale = exponent - fraction_digits;  // value = digits * 10^scale
  const boost::multiprecision::cpp_int mantissa(digits);
  const boost::multiprecision::cpp_int ten_power = boost::multiprecision::pow(boost::multiprecision::cpp_int(10),
                                                                              static_cast<unsigned>(std::labs(scale)));
  exact value = scale >= 0 ? exact(mantissa * ten_power) : exact(mantissa, ten_power);
  if (negative) value = -value;
  // Integers written without a point or exponent ("3") are exact; anything else was rounded.
  if (!seen_point && exponent == 0) return {value, std::nullopt};
  const exact unit = scale >= 0 ? exact(ten_power) : exact(boost::multiprecision::cpp_int(1), ten_power);
  const int significant = mantissa == 0 ? 0 : static_cast<int>(digits.size());
  return {value, unit / 2, significant};
}

struct tableau_file {
  butcher_tableau tableau;
  bool decimal = false;  // some coefficient was given as a decimal
  int printed_digits = 0;  // the longest decimal's significant digits (the table's precision)
  // Per-coefficient uncertainty (0 where exact), laid out like A (square), b and b_hat.
  std::vector<std::vector<exact>> a_resolution;
  std::vector<exact> b_resolution, b_hat_resolution;
};

namespace detail {

inline const nlohmann::json& required(const nlohmann::json& j, const char* field) {
  if (!j.contains(field)) throw tableau_file_error(std::string("field '") + field + "' is missing");
  return j.at(field);
}

inline std::vector<coefficient_text> coefficient_row(const nlohmann::json& j, const std::string& where) {
  if (!j.is_array()) throw tableau_file_error(where + " must be an array of coefficient strings");
  std::vector<coefficient_text> row;
  for (std::size_t k = 0; k < j.size(); ++k) {
    const std::string at = where + ", column " + std::to_string(k + 1);
    if (j[k].is_number_integer()) row.push_back({exact(j[k].get<long long>()), std::nullopt});
    else if (j[k].is_string()) row.push_back(parse_coefficient(j[k].get<std::string>(), at));
    else throw tableau_file_error(at + ": a coefficient must be a string (\"1/6\" or \"0.1666\") or an integer");
  }
  return row;
}

}  // namespace detail

// Parses and validates a tableau file's JSON. Throws tableau_file_error naming what is wrong.
inline tableau_file parse_tableau_file(const nlohmann::json& j) {
  if (!j.is_object()) throw tableau_file_error("the file must hold one JSON object");
  tableau_file file;
  auto& t = file.tableau;
  std::vector<coefficient_text> given_b, given_b_hat;
  std::vector<std::vector<coefficient_text>> given_a;
  auto note_resolution = [&](const coefficient_text& x) {
    if (x.resolution) file.decimal = true;
    file.printed_digits = std::max(file.printed_digits, x.significant_digits);
  };
  const auto& name = detail::required(j, "name");
  if (!name.is_string() || name.get<std::string>().empty()) throw tableau_file_error("field 'name' must be a non-empty string");
  t.name = name.get<std::string>();
  t.title = j.value("title", t.name);
  t.citation = j.value("citation", std::string("user tableau file"));
  const auto& order = detail::required(j, "order");
  if (!order.is_number_integer() || order.get<int>() < 1 || order.get<int>() > 12)
    throw tableau_file_error("field 'order' must be an integer from 1 to 12");
  t.order = order.get<int>();

  const auto& b = detail::required(j, "b");
  const auto b_row = detail::coefficient_row(b, "field 'b'");
  const std::size_t s = b_row.size();
  if (s == 0) throw tableau_file_error("field 'b' has no weights");
  for (const auto& x : b_row) t.b.push_back(x.value), note_resolution(x);
  given_b = b_row;

  const auto& a = detail::required(j, "A");
  if (!a.is_array() || a.size() != s)
    throw tableau_file_error("field 'A' must have " + std::to_string(s) + " rows (one per weight in 'b'), it has " +
                             std::to_string(a.is_array() ? a.size() : 0));
  for (std::size_t i = 0; i < s; ++i) {
    const auto row = detail::coefficient_row(a[i], "field 'A', row " + std::to_string(i + 1));
    if (row.size() != s && row.size() != i && !(i == 0 && row.size() <= 1))
      throw tableau_file_error("field 'A', row " + std::to_string(i + 1) + ": has " + std::to_string(row.size()) +
                               " entries; give " + std::to_string(s) + " (square A) or " + std::to_string(i) +
                               " (the strictly lower part of an explicit method)");
    std::vector<exact> values;
    for (std::size_t k = 0; k < row.size(); ++k) {
      values.push_back(row[k].value);
      note_resolution(row[k]);
    }
    values.resize(s, exact(0));
    given_a.push_back(row);
    given_a.back().resize(s, coefficient_text{exact(0), std::nullopt, 0});
    t.a.push_back(std::move(values));
  }

  if (j.contains("c")) {
    const auto c_row = detail::coefficient_row(j.at("c"), "field 'c'");
    if (c_row.size() != s)
      throw tableau_file_error("field 'c' has " + std::to_string(c_row.size()) + " entries, 'b' has " + std::to_string(s));
    for (std::size_t i = 0; i < s; ++i) {
      t.c.push_back(c_row[i].value);
      note_resolution(c_row[i]);
    }
  } else {
    for (std::size_t i = 0; i < s; ++i) {
      exact sum = 0;
      for (const auto& x : t.a[i]) sum += x;
      t.c.push_back(sum);
    }
  }
  if (j.contains("b_hat")) {
    const auto e_row = detail::coefficient_row(j.at("b_hat"), "field 'b_hat'");
    if (e_row.size() != s)
      throw tableau_file_error("field 'b_hat' has " + std::to_string(e_row.size()) + " entries, 'b' has " + std::to_string(s));
    t.b_embedded.emplace();
    for (const auto& x : e_row) t.b_embedded->push_back(x.value), note_resolution(x);
    given_b_hat = e_row;
    if (!j.contains("embedded_order") || !j.at("embedded_order").is_number_integer())
      throw tableau_file_error("field 'embedded_order' (an integer) is required with 'b_hat'");
    t.embedded_order = j.at("embedded_order").get<int>();
  } else if (j.contains("embedded_order")) {
    throw tableau_file_error("field 'embedded_order' is given but 'b_hat' is not");
  }
  // A c that disagrees with the row sums is legal only when declared, as the catalog does.
  // Uncertainties: only decimals printed to the table's full precision carry one.
  auto uncertainty = [&](const coefficient_text& x) {
    return x.resolution && x.significant_digits >= file.printed_digits ? *x.resolution : exact(0);
  };
  for (const auto& row : given_a) {
    file.a_resolution.emplace_back();
    for (const auto& x : row) file.a_resolution.back().push_back(uncertainty(x));
  }
  for (const auto& x : given_b) file.b_resolution.push_back(uncertainty(x));
  for (const auto& x : given_b_hat) file.b_hat_resolution.push_back(uncertainty(x));
  // Decimal coefficients may miss the row sum by their rounding.
  t.row_sum_condition = j.value("row_sum_condition", true);
  if (t.row_sum_condition)
    for (std::size_t i = 0; i < s; ++i) {
      exact sum = 0, slack = 0;
      for (std::size_t k = 0; k < s; ++k) sum += t.a[i][k], slack += file.a_resolution[i][k];
      if (abs(sum - t.c[i]) > slack)
        throw tableau_file_error("field 'c', column " + std::to_string(i + 1) + ": c_i must equal the sum of row " +
                                 std::to_string(i + 1) + " of A (set \"row_sum_condition\": false to allow it)");
    }
  return file;
}

enum class tableau_structure { explicit_method, diagonally_implicit, fully_implicit };

inline const char* structure_name(tableau_structure s) {
  switch (s) {
    case tableau_structure::explicit_method: return "explicit";
    case tableau_structure::diagonally_implicit: return "diagonally implicit";
    case tableau_structure::fully_implicit: return "fully implicit";
  }
  return "?";
}

inline tableau_structure structure_of(const butcher_tableau& t) {
  bool upper = false, diagonal = false;
  for (int i = 0; i < t.stages(); ++i)
    for (int j = i; j < t.stages(); ++j)
      if (t.a_at(i, j) != 0) (j == i ? diagonal : upper) = true;
  return upper ? tableau_structure::fully_implicit
               : diagonal ? tableau_structure::diagonally_implicit : tableau_structure::explicit_method;
}

// What the file's digits leave of the order conditions, per weight set.
struct precision_audit {
  int exact_order = 0;                // order of the rationals as given, in exact arithmetic
  int order_to_precision = 0;         // order the digits support (see the header comment)
  std::vector<double> max_residual;   // per order 1..declared+1: max |Phi(t) - 1/gamma(t)|
  std::vector<std::string> suited_scalars;  // scalars whose unit roundoff exceeds every residual up to the declared order
};

namespace detail {

// Per tree: Phi_abs(|a| + delta_a, |b| + delta_b) - Phi_abs(|a|, |b|), the most the elementary
// weight can move when each coefficient moves by at most its delta.
inline std::vector<exact> elementary_weight_bounds(const tree_forest& forest, const rk_coefficients<exact>& m,
                                                  const std::vector<std::vector<exact>>& delta_a,
                                                  const std::vector<exact>& delta_b) {
  auto absolute = m;
  for (auto& row : absolute.a)
    for (auto& x : row) x = abs(x);
  for (auto& x : absolute.b) x = abs(x);
  auto widened = absolute;
  for (std::size_t i = 0; i < widened.a.size(); ++i) {
    for (std::size_t j = 0; j < widened.a[i].size(); ++j) widened.a[i][j] += delta_a[i][j];
    widened.b[i] += delta_b[i];
  }
  const auto low = elementary_weights(forest, absolute);
  const auto high = elementary_weights(forest, widened);
  std::vector<exact> bound;
  for (std::size_t k = 0; k < low.size(); ++k) bound.push_back(high[k] - low[k]);
  return bound;
}

}  // namespace detail

inline precision_audit audit_precision(const tableau_file& file, weight_set weights, int declared) {
  const auto& t = file.tableau;
  precision_audit audit;
  const int top = declared + 1;
  const auto forest = generate_trees(top);
  const auto m = exact_coefficients(t, weights);
  const auto report = evaluate_order_conditions(forest, {&m}, exact(0));
  audit.exact_order = report.order_satisfied;
  const auto& delta_b = weights == weight_set::primary ? file.b_resolution : file.b_hat_resolution;
  const auto bound = detail::elementary_weight_bounds(forest, m, file.a_resolution, delta_b);
  audit.max_residual.assign(static_cast<std::size_t>(top), 0.0);
  audit.order_to_precision = top;
  for (std::size_t k = 0; k < forest.trees.size(); ++k) {
    const int order = forest.trees[k].order;
    const exact r = abs(report.residuals[k]);
    auto& slot = audit.max_residual[static_cast<std::size_t>(order - 1)];
    slot = std::max(slot, static_cast<double>(to_high_precision(r)));
    if (r > bound[k] && order - 1 < audit.order_to_precision) audit.order_to_precision = order - 1;
  }
  // A scalar suits when every residual up to the declared order is within what the scalar's own
  // rounding of the coefficients (relative u) could leave.
  auto suits = [&](const exact& unit_roundoff) {
    std::vector<std::vector<exact>> da;
    for (const auto& row : m.a) {
      da.emplace_back();
      for (const auto& x : row) da.back().push_back(abs(x) * unit_roundoff);
    }
    std::vector<exact> db;
    for (const auto& x : m.b) db.push_back(abs(x) * unit_roundoff);
    const auto rounding = detail::elementary_weight_bounds(forest, m, da, db);
    for (std::size_t k = 0; k < forest.trees.size(); ++k)
      if (forest.trees[k].order <= declared && abs(report.residuals[k]) > rounding[k]) return false;
    return true;
  };
  auto unit = [](int mantissa_bits) {  // 2^-mantissa_bits, the unit roundoff of a binary scalar
    return exact(boost::multiprecision::cpp_int(1), boost::multiprecision::pow(boost::multiprecision::cpp_int(2),
                                                                               static_cast<unsigned>(mantissa_bits)));
  };
  const std::pair<const char*, int> scalars[] = {{"float", std::numeric_limits<float>::digits},
                                                 {"double", std::numeric_limits<double>::digits},
                                                 {"long-double", std::numeric_limits<long double>::digits},
                                                 {"float128", std::numeric_limits<float128>::digits},
                                                 {"mp50", std::numeric_limits<mp50>::digits}};
  for (const auto& [name, bits] : scalars)
    if (suits(unit(bits))) audit.suited_scalars.push_back(name);
  return audit;
}

// The most precise scalar among double, long double and float128 that the audit allows: where a
// measurement of the file's method should run. Empty when even double is too fine for the digits.
inline std::optional<scalar_kind> measurement_scalar(const precision_audit& audit) {
  auto has = [&](const char* name) {
    return std::find(audit.suited_scalars.begin(), audit.suited_scalars.end(), name) != audit.suited_scalars.end();
  };
  if (has("float128")) return scalar_kind::quad;
  if (has("long-double")) return scalar_kind::long_double;
  if (has("double")) return scalar_kind::float64;
  return std::nullopt;
}

}  // namespace orderly
