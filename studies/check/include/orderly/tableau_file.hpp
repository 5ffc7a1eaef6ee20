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
// Precision model. Three kinds of input: exact rationals that define the method (their order is
// decided exactly), exact rationals that only approximate one (Prince-Dormand 8(7)'s published
// rationals meet sum(b) = 1 to about 4e-18), and decimals. A decimal of N significant digits is
// within half a unit of its last digit, at most 0.5 10^(1-N) of its size, of what it denotes;
// tables of 17 digits or fewer are also what doubles print, and a double is itself within 2^-53
// of the coefficient it rounds. So every decimal entry of a table is given the relative
// uncertainty u = 0.5 10^(1-N) (+ 2^-53 when N <= 17), N the table's longest decimal; a short
// entry ("0.2" in a 17-digit table) is overestimated harmlessly, and rationals are exact.
//
// The elementary weight Phi(t) of a tree of order q is a polynomial in the coefficients with
// coefficients +1, homogeneous of degree q, so entries moved by at most u of their size move it by
// at most B_t(u) = ((1 - u)^(-q) - 1) Phi_abs(t) (Phi_abs on absolute values; 1/(1-u) because the
// true entry may be the larger). A condition holds in a scalar S when its residual is within
// max(B_t(u_S), roundoff_floor_factor eps_S): no larger than S's own rounding of the coefficients
// would leave, or too small to rise above the round-off plateau of a measurement in S (a residual
// d in a condition of order q adds about d h^(q-1) of the solution's size to the global error, at
// most d). A method whose conditions of orders 1..p hold so is "order p to eps" (eps its largest
// residual), and S suits it: a measurement in S sees the method, not the table's truncation.
#include <orderly/order_conditions.hpp>
#include <orderly/order_policy.hpp>
#include <orderly/scalars.hpp>
#include <orderly/tableau.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace orderly {

// A malformed tableau file: the message names the field and, where it applies, row and column.
// A figure in a message, to two significant digits.
inline std::string scientific(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1e", x);
  return text;
}

struct tableau_file_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Limits on what a file may ask for, each checked before any arithmetic: the library's bound on a
// coefficient's exponent (exact.hpp); the longest published tables print 60 digits.
inline constexpr long max_decimal_exponent = max_coefficient_exponent;
inline constexpr std::size_t max_coefficient_characters = 1000;
// Orders as the catalog's: trees up to order 13 (the declared order's conditions and the next).
inline constexpr int max_declared_order = 12;
// The exact order conditions cost about (trees up to order p + 1) x s^2 rational operations on
// the file's numbers and the stability function about s^4; Feagin's 17-stage 10(8) pair, the
// largest published explicit method in use, needs 0.97 million. This bound refuses files whose
// check would run for minutes.
inline constexpr double max_condition_work = 4e6;
// Those operations act on rationals whose length grows with the file's: a tree's elementary weight
// multiplies up to p + 1 entries, and products and their reductions cost more than linearly in the
// length. The cost is modelled as the operations times L^digit_cost_exponent, L the longest
// coefficient's decimal digits (numerator or denominator), the exponent measured on this machine's
// Release build (the README's "Limits" paragraph); the bound keeps a check to about a minute.
inline constexpr double digit_cost_exponent = 1.25;
inline constexpr double max_digit_weighted_work = 7.5e8;
inline constexpr std::size_t max_stages = 64;

// Reads one entry (read_coefficient, exact.hpp), refusing it with the field's place in the file.
inline written_coefficient parse_coefficient(const std::string& text, const std::string& where) {
  if (text.size() > max_coefficient_characters)
    throw tableau_file_error(where + ": '" + text + "' has more than " + std::to_string(max_coefficient_characters) +
                             " characters");
  try {
    return read_coefficient(text, max_decimal_exponent);
  } catch (const std::invalid_argument& e) {
    throw tableau_file_error(where + ": '" + text + "' " + e.what());
  }
}

struct tableau_file {
  butcher_tableau tableau;
  bool decimal = false;            // some coefficient was given as a decimal
  int printed_digits = 0;          // the longest decimal's significant digits (the table's precision)
  exact relative_uncertainty = 0;  // of every decimal entry (see the header comment); 0 when all are exact
  // Per-entry uncertainty (0 where exact), laid out like A (square), b, b_hat and c.
  std::vector<std::vector<exact>> a_resolution;
  std::vector<exact> b_resolution, b_hat_resolution, c_resolution;
  // The largest amount by which some c_i misses its row sum beyond the rounding of the entries
  // (rationals that approximate a method); 0 when every row sum holds.
  double row_sum_residual = 0;
  // The uncertainty of one weight set's entries.
  const std::vector<exact>& weight_resolution(weight_set weights) const {
    return weights == weight_set::primary ? b_resolution : b_hat_resolution;
  }
};

// Significant digits from which a decimal table is read as doubles printed (a double prints in at
// most 17), and the relative rounding of a double.
inline constexpr int double_printed_digits = std::numeric_limits<double>::max_digits10;

inline exact power_of_two_reciprocal(int bits) {
  return exact(boost::multiprecision::cpp_int(1),
               boost::multiprecision::pow(boost::multiprecision::cpp_int(2), static_cast<unsigned>(bits)));
}

// The relative uncertainty of a decimal entry of a table printed to `digits` significant digits.
inline exact decimal_table_uncertainty(int digits) {
  if (digits < 1) throw std::invalid_argument("decimal_table_uncertainty: a table prints at least one digit");
  const exact half_unit(
      boost::multiprecision::cpp_int(1),
      2 * boost::multiprecision::pow(boost::multiprecision::cpp_int(10), static_cast<unsigned>(digits - 1)));
  return digits <= double_printed_digits ? half_unit + power_of_two_reciprocal(std::numeric_limits<double>::digits)
                                         : half_unit;
}

namespace detail {

inline const nlohmann::json& required(const nlohmann::json& j, const char* field) {
  if (!j.contains(field)) throw tableau_file_error(std::string("field '") + field + "' is missing");
  return j.at(field);
}

// An integer field within [low, high]; a JSON number outside the range of long long (an unsigned
// 18446744073709551615) or a fraction is refused, never wrapped.
inline int integer_field(const nlohmann::json& j, const char* field, int low, int high) {
  const auto& value = j.at(field);
  const bool in_range =
      value.is_number_unsigned() ? value.get<std::uint64_t>() >= static_cast<std::uint64_t>(std::max(low, 0)) &&
                                       value.get<std::uint64_t>() <= static_cast<std::uint64_t>(high)
      : value.is_number_integer() ? value.get<std::int64_t>() >= low && value.get<std::int64_t>() <= high
                                  : false;
  if (!in_range)
    throw tableau_file_error(std::string("field '") + field + "' must be an integer from " + std::to_string(low) +
                             " to " + std::to_string(high));
  return static_cast<int>(value.get<std::int64_t>());
}

// A name or title is printed and drawn: a control character (a NUL ends the printed text, a
// newline breaks the one-line verdict) is refused, naming its code and byte offset.
inline std::string printable_text(const char* field, std::string text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      char code[8];
      std::snprintf(code, sizeof code, "U+%04X", c);
      throw tableau_file_error(std::string("field '") + field + "' holds a control character (" + code + " at byte " +
                               std::to_string(i) + ")");
    }
  }
  return text;
}

inline std::string text_field(const nlohmann::json& j, const char* field, const std::string& fallback) {
  if (!j.contains(field)) return fallback;
  if (!j.at(field).is_string()) throw tableau_file_error(std::string("field '") + field + "' must be a string");
  return printable_text(field, j.at(field).get<std::string>());
}

inline std::vector<written_coefficient> coefficient_row(const nlohmann::json& j, const std::string& where) {
  if (!j.is_array()) throw tableau_file_error(where + " must be an array of coefficient strings");
  std::vector<written_coefficient> row;
  for (std::size_t k = 0; k < j.size(); ++k) {
    const std::string at = where + ", column " + std::to_string(k + 1);
    if (j[k].is_number_integer() && !(j[k].is_number_unsigned() && j[k].get<std::uint64_t>() > INT64_MAX))
      row.push_back({exact(j[k].get<long long>()), std::nullopt});
    else if (j[k].is_string())
      row.push_back(parse_coefficient(j[k].get<std::string>(), at));
    else
      throw tableau_file_error(at + ": a coefficient must be a string (\"1/6\" or \"0.1666\") or an integer");
  }
  return row;
}

// Decimal digits of the longer of a coefficient's numerator and denominator.
inline int decimal_digits(const exact& x) {
  using boost::multiprecision::msb;
  const auto bits = [](const auto& n) { return n == 0 ? 1.0 : static_cast<double>(msb(n)) + 1; };
  const double longer = std::max(bits(abs(numerator(x))), bits(denominator(x)));
  return static_cast<int>(std::ceil(longer * std::log10(2.0)));
}

inline int longest_digits(const std::vector<std::vector<written_coefficient>>& a,
                          std::initializer_list<std::reference_wrapper<const std::vector<written_coefficient>>> rows) {
  int longest = 1;
  for (const auto& row : a)
    for (const auto& x : row) longest = std::max(longest, decimal_digits(x.value));
  for (const auto& row : rows)
    for (const auto& x : row.get()) longest = std::max(longest, decimal_digits(x.value));
  return longest;
}

// The exact operations of the order conditions (up to order declared + 1) and stability function.
inline double condition_work(int declared, std::size_t s) {
  return static_cast<double>(generate_trees(declared + 1).trees.size()) * static_cast<double>(s * s) +
         static_cast<double>(s * s) * static_cast<double>(s * s);
}

// Refuses a file whose order conditions (up to order declared + 1) and stability function would
// cost more than the bounds above, before any of them is evaluated.
inline void refuse_excessive_work(int declared, std::size_t s, int digits) {
  const double work = condition_work(declared, s);
  const std::string what = "order " + std::to_string(declared) + " with " + std::to_string(s) + " stages";
  if (work > max_condition_work)
    throw tableau_file_error(what + " needs about " + std::to_string(static_cast<long long>(work)) +
                             " exact operations for its order conditions and stability function; at most " +
                             std::to_string(static_cast<long long>(max_condition_work)) + " are run");
  const double digit_weighted = work * std::pow(static_cast<double>(digits), digit_cost_exponent);
  if (digit_weighted > max_digit_weighted_work)
    throw tableau_file_error(
        what + " and " + std::to_string(digits) + "-digit coefficients needs about " + scientific(digit_weighted) +
        " digit-weighted operations for its order conditions; at most " + scientific(max_digit_weighted_work) +
        " are run (shorten the coefficients or declare a lower order)");
}

// How a row of A is written: all s entries, or the strictly lower part of an explicit method
// (row i holds i - 1 entries; the first row may be [] or ["0"]).
enum class row_form { square, strictly_lower, either };

inline row_form form_of_row(std::size_t row, std::size_t entries, std::size_t stages) {
  if (row == 0 && entries <= 1 && stages > 1) return entries == 0 ? row_form::strictly_lower : row_form::either;
  if (entries == stages) return row_form::square;
  if (entries == row) return row_form::strictly_lower;
  throw tableau_file_error("field 'A', row " + std::to_string(row + 1) + ": has " + std::to_string(entries) +
                           " entries; give " + std::to_string(stages) + " (square A) or " + std::to_string(row) +
                           " (the strictly lower part of an explicit method)");
}

// The coefficients as the file wrote them (value, and the resolution of a decimal), beside the
// tableau that holds their values: the precision audit needs both.
struct written_tableau {
  std::vector<written_coefficient> b, b_hat, c;
  std::vector<std::vector<written_coefficient>> a;
};

// A row of A given in a form other than the rows before it: a mixture (one square row, one
// strictly lower) has no one reading.
inline void refuse_mixed_rows(std::size_t row, std::size_t entries, row_form form, row_form first_form,
                              std::size_t first_row) {
  auto form_text = [](row_form f) { return f == row_form::square ? "square" : "strictly lower"; };
  throw tableau_file_error("field 'A', row " + std::to_string(row + 1) + ": " + form_text(form) + " (" +
                           std::to_string(entries) + " entries) but row " + std::to_string(first_row + 1) + " is " +
                           form_text(first_form) + "; give every row of A in one form");
}

// Reads A's s rows, each padded to s entries, every row in one form.
inline std::vector<std::vector<written_coefficient>> read_matrix(const nlohmann::json& a, std::size_t s) {
  if (!a.is_array() || a.size() != s)
    throw tableau_file_error("field 'A' must have " + std::to_string(s) + " rows (one per weight in 'b'), it has " +
                             std::to_string(a.is_array() ? a.size() : 0));
  auto form = row_form::either;
  std::size_t form_row = 0;
  std::vector<std::vector<written_coefficient>> rows;
  for (std::size_t i = 0; i < s; ++i) {
    auto row = coefficient_row(a[i], "field 'A', row " + std::to_string(i + 1));
    const auto this_form = form_of_row(i, row.size(), s);
    if (this_form != row_form::either) {
      if (form != row_form::either && this_form != form) refuse_mixed_rows(i, row.size(), this_form, form, form_row);
      if (form == row_form::either) form = this_form, form_row = i;
    }
    row.resize(s, written_coefficient{exact(0), std::nullopt, 0});
    rows.push_back(std::move(row));
  }
  return rows;
}

// A row of s entries, named `field` in messages.
inline std::vector<written_coefficient> read_row_of(const nlohmann::json& j, const char* field, std::size_t s) {
  auto row = coefficient_row(j, std::string("field '") + field + "'");
  if (row.size() != s)
    throw tableau_file_error(std::string("field '") + field + "' has " + std::to_string(row.size()) +
                             " entries, 'b' has " + std::to_string(s));
  return row;
}

// The stage times: given, or the row sums of A (exact).
inline std::vector<written_coefficient> read_nodes(const nlohmann::json& j, const written_tableau& written) {
  const std::size_t s = written.b.size();
  if (j.contains("c")) return read_row_of(j.at("c"), "c", s);
  std::vector<written_coefficient> c;
  for (const auto& row : written.a) {
    exact sum = 0;
    for (const auto& x : row) sum += x.value;
    c.push_back({sum, std::nullopt, 0});
  }
  return c;
}

inline std::vector<exact> values_of(const std::vector<written_coefficient>& row) {
  std::vector<exact> values;
  for (const auto& x : row) values.push_back(x.value);
  return values;
}

// The table's precision: decimal when any entry is, printed to its longest entry's digits; every
// decimal entry carries the table's relative uncertainty, rationals and integers none.
inline void assign_resolutions(const written_tableau& written, tableau_file& file) {
  auto note = [&](const std::vector<written_coefficient>& row) {
    for (const auto& x : row) {
      if (x.resolution) file.decimal = true;
      file.printed_digits = std::max(file.printed_digits, x.significant_digits);
    }
  };
  // In reading order (b, A, c, b_hat), as the entries were noted when they were read.
  note(written.b);
  for (const auto& row : written.a) note(row);
  note(written.c);
  note(written.b_hat);
  if (file.decimal) file.relative_uncertainty = decimal_table_uncertainty(file.printed_digits);
  const exact& u = file.relative_uncertainty;
  auto uncertainty = [&](const written_coefficient& x) { return x.resolution ? abs(x.value) * u / (1 - u) : exact(0); };
  auto uncertainties = [&](const std::vector<written_coefficient>& row) {
    std::vector<exact> out;
    for (const auto& x : row) out.push_back(uncertainty(x));
    return out;
  };
  for (const auto& row : written.a) file.a_resolution.push_back(uncertainties(row));
  file.b_resolution = uncertainties(written.b);
  file.b_hat_resolution = uncertainties(written.b_hat);
  file.c_resolution = uncertainties(written.c);
}

// Rounded coefficients may miss the row sum by the rounding of A's entries and of c's own.
// Beyond that, a miss within double's tolerance (rationals approximating an irrational method)
// is a residual like the order conditions' and is kept; a larger one is a wrong file.
inline void check_row_sums(tableau_file& file) {
  const auto& t = file.tableau;
  const double double_tolerance = default_order_policy().roundoff_floor_factor * std::numeric_limits<double>::epsilon();
  for (std::size_t i = 0; i < t.b.size(); ++i) {
    exact sum = 0, slack = file.c_resolution[i];
    for (std::size_t k = 0; k < t.b.size(); ++k) sum += t.a[i][k], slack += file.a_resolution[i][k];
    const exact miss = abs(sum - t.c[i]);
    if (miss <= slack) continue;
    const double beyond = static_cast<double>(to_high_precision(miss - slack));
    if (beyond > double_tolerance * std::max(1.0, static_cast<double>(to_high_precision(abs(t.c[i])))))
      throw tableau_file_error("field 'c', column " + std::to_string(i + 1) + ": c_i must equal the sum of row " +
                               std::to_string(i + 1) + " of A (set \"row_sum_condition\": false to allow it)");
    file.row_sum_residual = std::max(file.row_sum_residual, beyond);
  }
}

}  // namespace detail

// Parses and validates a tableau file's JSON. Throws tableau_file_error naming what is wrong.
inline tableau_file parse_tableau_file(const nlohmann::json& j) {
  if (!j.is_object()) throw tableau_file_error("the file must hold one JSON object");
  tableau_file file;
  auto& t = file.tableau;
  const auto& name = detail::required(j, "name");
  if (!name.is_string() || name.get<std::string>().empty())
    throw tableau_file_error("field 'name' must be a non-empty string");
  t.name = detail::printable_text("name", name.get<std::string>());
  t.title = detail::text_field(j, "title", t.name);
  t.citation = detail::text_field(j, "citation", "user tableau file");
  detail::required(j, "order");
  t.order = detail::integer_field(j, "order", 1, max_declared_order);

  detail::written_tableau written;
  written.b = detail::coefficient_row(detail::required(j, "b"), "field 'b'");
  const std::size_t s = written.b.size();
  if (s == 0) throw tableau_file_error("field 'b' has no weights");
  if (s > max_stages)
    throw tableau_file_error("field 'b' has " + std::to_string(s) + " weights; at most " + std::to_string(max_stages) +
                             " stages are checked");
  written.a = detail::read_matrix(detail::required(j, "A"), s);
  written.c = detail::read_nodes(j, written);
  if (j.contains("b_hat")) {
    written.b_hat = detail::read_row_of(j.at("b_hat"), "b_hat", s);
    if (!j.contains("embedded_order"))
      throw tableau_file_error("field 'embedded_order' (an integer) is required with 'b_hat'");
    t.embedded_order = detail::integer_field(j, "embedded_order", 1, max_declared_order);
  } else if (j.contains("embedded_order")) {
    throw tableau_file_error("field 'embedded_order' is given but 'b_hat' is not");
  }
  t.b = detail::values_of(written.b);
  for (const auto& row : written.a) t.a.push_back(detail::values_of(row));
  t.c = detail::values_of(written.c);
  if (j.contains("b_hat")) t.b_embedded = detail::values_of(written.b_hat);
  // The order conditions' cost, estimated before any of them is evaluated.
  detail::refuse_excessive_work(std::max(t.order, t.embedded_order.value_or(0)), s,
                                detail::longest_digits(written.a, {written.b, written.b_hat, written.c}));
  detail::assign_resolutions(written, file);
  if (j.contains("row_sum_condition") && !j.at("row_sum_condition").is_boolean())
    throw tableau_file_error("field 'row_sum_condition' must be true or false");
  t.row_sum_condition = j.value("row_sum_condition", true);
  if (t.row_sum_condition) detail::check_row_sums(file);
  return file;
}

enum class tableau_structure { explicit_method, diagonally_implicit, fully_implicit };

inline const char* structure_name(tableau_structure s) {
  switch (s) {
    case tableau_structure::explicit_method:
      return "explicit";
    case tableau_structure::diagonally_implicit:
      return "diagonally implicit";
    case tableau_structure::fully_implicit:
      return "fully implicit";
  }
  return "?";
}

inline tableau_structure structure_of(const butcher_tableau& t) {
  bool upper = false, diagonal = false;
  for (int i = 0; i < t.stages(); ++i)
    for (int j = i; j < t.stages(); ++j)
      if (t.a_at(i, j) != 0) (j == i ? diagonal : upper) = true;
  return upper      ? tableau_structure::fully_implicit
         : diagonal ? tableau_structure::diagonally_implicit
                    : tableau_structure::explicit_method;
}

// What the coefficients are, for one weight set (the header comment's three kinds).
enum class coefficient_kind { exact_defining, exact_approximating, decimal };

inline const char* coefficient_kind_name(coefficient_kind k) {
  switch (k) {
    case coefficient_kind::exact_defining:
      return "exact";
    case coefficient_kind::exact_approximating:
      return "exact-approximating";
    case coefficient_kind::decimal:
      return "decimal";
  }
  return "?";
}

// The order the conditions hold to within one scalar's tolerance (the header comment).
struct scalar_order {
  scalar_kind scalar = scalar_kind::float64;
  int order = 0;
};

// What the coefficients leave of the order conditions, per weight set.
struct precision_audit {
  coefficient_kind kind = coefficient_kind::exact_defining;
  int declared = 0;
  int exact_order = 0;   // order of the numbers as given, in exact arithmetic
  int digits_order = 0;  // within the rounding of the given digits (exact input: exact_order)
  // The order the coefficients have at their precision: exactly for defining rationals; otherwise
  // at the digits' precision or double's, whichever is coarser (no measurement runs below double).
  int order_to_precision = 0;
  std::vector<double> max_residual;           // per order 1..declared+1: max |Phi(t) - 1/gamma(t)|
  double residual_to_declared = 0;            // the largest over orders 1..declared: "order p to eps"
  std::vector<scalar_order> order_by_scalar;  // float, double, long double, float128, mp50
  std::vector<std::string> suited_scalars;    // those in which the conditions reach the declared order
  principal_error error;  // the order-(declared + 1) error coefficients' norms, from the same residuals
  // The finest unit roundoff whose scalar the coefficients suit: how far a rational that only
  // approximates a method may stand from it (0 for defining rationals).
  double suited_unit_roundoff = 0;
};

namespace detail {

// The largest p <= the forest's order whose conditions all hold within tolerance(tree index).
template <class Tolerance>
int order_within(const tree_forest& forest, const std::vector<high_precision>& residuals, Tolerance&& tolerance) {
  int order = forest.max_order;
  for (std::size_t k = 0; k < forest.trees.size(); ++k)
    if (residuals[k] > tolerance(k)) order = std::min(order, forest.trees[k].order - 1);
  return order;
}

}  // namespace detail

inline precision_audit audit_precision(const tableau_file& file, weight_set weights, int declared,
                                       double roundoff_floor_factor) {
  const auto& t = file.tableau;
  precision_audit audit;
  audit.declared = declared;
  const int top = declared + 1;
  const auto forest = generate_trees(top);
  const auto m = exact_coefficients(t, weights);
  const auto report = evaluate_order_conditions(forest, {&m}, exact(0));
  audit.exact_order = report.order_satisfied;
  std::vector<high_precision> residuals;
  for (const auto& r : report.residuals) residuals.push_back(to_high_precision(abs(r)));
  audit.error.order = top;
  for (std::size_t k = forest.order_begin[static_cast<std::size_t>(top)];
       k < forest.order_begin[static_cast<std::size_t>(top) + 1]; ++k) {
    const high_precision coefficient = residuals[k] / forest.trees[k].symmetry;
    audit.error.two_norm += coefficient * coefficient;
    audit.error.max_norm = std::max(audit.error.max_norm, coefficient);
  }
  audit.error.two_norm = sqrt(audit.error.two_norm);
  // Phi on the entries' magnitudes, for the rounding bounds: 100 digits are ample for a bound.
  const auto phi_abs = [&] {
    auto absolute = tableau_coefficients<high_precision>(t, weights);
    for (auto& row : absolute.a)
      for (auto& x : row) x = abs(x);
    for (auto& x : absolute.b) x = abs(x);
    return elementary_weights(forest, absolute);
  }();
  audit.max_residual.assign(static_cast<std::size_t>(top), 0.0);
  for (std::size_t k = 0; k < forest.trees.size(); ++k) {
    auto& slot = audit.max_residual[static_cast<std::size_t>(forest.trees[k].order - 1)];
    slot = std::max(slot, static_cast<double>(residuals[k]));
    if (forest.trees[k].order <= declared) audit.residual_to_declared = std::max(audit.residual_to_declared, slot);
  }
  // B_t(u) for a relative uncertainty u of every entry.
  auto rounding_bound = [&](const high_precision& u, std::size_t k) {
    return (pow(1 - u, -forest.trees[k].order) - 1) * phi_abs[k];
  };
  // The digits' own precision: every entry moved by up to the table's relative uncertainty (an
  // overestimate for the exact entries of a mixed table, by which nothing that holds is refused).
  const high_precision digits_unit = to_high_precision(file.relative_uncertainty);
  audit.digits_order =
      file.decimal
          ? detail::order_within(forest, residuals, [&](std::size_t k) { return rounding_bound(digits_unit, k); })
          : audit.exact_order;
  const std::pair<scalar_kind, int> scalars[] = {{scalar_kind::float32, std::numeric_limits<float>::digits},
                                                 {scalar_kind::float64, std::numeric_limits<double>::digits},
                                                 {scalar_kind::long_double, std::numeric_limits<long double>::digits},
                                                 {scalar_kind::quad, std::numeric_limits<float128>::digits},
                                                 {scalar_kind::mp50, std::numeric_limits<mp50>::digits}};
  // Rationals that meet the declared order's conditions within double's tolerance but not exactly
  // approximate a method of that order; any other rationals are the method they define.
  std::vector<scalar_order> within_tolerance;
  for (const auto& [kind, bits] : scalars) {
    const high_precision unit = pow(high_precision(2), -bits);  // unit roundoff; epsilon is twice it
    const high_precision floor = roundoff_floor_factor * 2 * unit;
    within_tolerance.push_back({kind, detail::order_within(forest, residuals, [&](std::size_t k) {
                                  return std::max(rounding_bound(unit, k), floor);
                                })});
  }
  const int order_in_double = std::find_if(within_tolerance.begin(), within_tolerance.end(), [](const auto& e) {
                                return e.scalar == scalar_kind::float64;
                              })->order;
  audit.kind = file.decimal                                                  ? coefficient_kind::decimal
               : audit.exact_order < declared && order_in_double >= declared ? coefficient_kind::exact_approximating
                                                                             : coefficient_kind::exact_defining;
  for (std::size_t k = 0; k < within_tolerance.size(); ++k) {
    auto entry = within_tolerance[k];
    if (audit.kind == coefficient_kind::exact_defining) entry.order = audit.exact_order;
    audit.order_by_scalar.push_back(entry);
    if (entry.order < declared) continue;
    audit.suited_scalars.emplace_back(scalar_name(entry.scalar));
    if (audit.kind != coefficient_kind::exact_defining)
      audit.suited_unit_roundoff = std::ldexp(1.0, -scalars[k].second);
  }
  audit.order_to_precision = audit.kind == coefficient_kind::exact_defining
                                 ? audit.exact_order
                                 : std::max(audit.digits_order, order_in_double);
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
