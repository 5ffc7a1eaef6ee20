// Reading a user's tableau file (tableau_file.hpp): the fields, the rows of A in either form, the
// entries' resolutions, the row sums, and the work a check of it would cost, refused before any
// arithmetic.
#include <orderly/tableau_file.hpp>

#include <orderly/order_conditions.hpp>
#include <orderly/order_policy.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <optional>

namespace orderly {

std::string scientific(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1e", x);
  return text;
}

written_coefficient parse_coefficient(const std::string& text, const std::string& where) {
  if (text.size() > max_coefficient_characters)
    throw tableau_file_error(where + ": '" + text + "' has more than " + std::to_string(max_coefficient_characters) +
                             " characters");
  try {
    return read_coefficient(text, max_decimal_exponent);
  } catch (const std::invalid_argument& e) {
    throw tableau_file_error(where + ": '" + text + "' " + e.what());
  }
}

exact power_of_two_reciprocal(int bits) {
  return exact(boost::multiprecision::cpp_int(1),
               boost::multiprecision::pow(boost::multiprecision::cpp_int(2), static_cast<unsigned>(bits)));
}

// The relative uncertainty of a decimal entry of a table printed to `digits` significant digits.
exact decimal_table_uncertainty(int digits) {
  if (digits < 1) throw std::invalid_argument("decimal_table_uncertainty: a table prints at least one digit");
  const exact half_unit(
      boost::multiprecision::cpp_int(1),
      2 * boost::multiprecision::pow(boost::multiprecision::cpp_int(10), static_cast<unsigned>(digits - 1)));
  return digits <= double_printed_digits ? half_unit + power_of_two_reciprocal(std::numeric_limits<double>::digits)
                                         : half_unit;
}

// Decimal digits of the longer of a coefficient's numerator and denominator.
int coefficient_length(const exact& x) {
  using boost::multiprecision::msb;
  const auto bits = [](const auto& n) { return n == 0 ? 1.0 : static_cast<double>(msb(n)) + 1; };
  const double longer = std::max(bits(abs(numerator(x))), bits(denominator(x)));
  return static_cast<int>(std::ceil(longer * std::log10(2.0)));
}

double condition_work(int declared, std::size_t s) {
  return static_cast<double>(generate_trees(declared + 1).trees.size()) * static_cast<double>(s * s) +
         static_cast<double>(s * s) * static_cast<double>(s * s);
}

namespace {

const nlohmann::json& required(const nlohmann::json& j, const char* field) {
  if (!j.contains(field)) throw tableau_file_error(std::string("field '") + field + "' is missing");
  return j.at(field);
}

// An integer field within [low, high]; a JSON number outside the range of long long (an unsigned
// 18446744073709551615) or a fraction is refused, never wrapped.
int integer_field(const nlohmann::json& j, const char* field, int low, int high) {
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
std::string printable_text(const char* field, std::string text) {
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

std::string text_field(const nlohmann::json& j, const char* field, const std::string& fallback) {
  if (!j.contains(field)) return fallback;
  if (!j.at(field).is_string()) throw tableau_file_error(std::string("field '") + field + "' must be a string");
  return printable_text(field, j.at(field).get<std::string>());
}

std::vector<written_coefficient> coefficient_row(const nlohmann::json& j, const std::string& where) {
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

int longest_digits(const std::vector<std::vector<written_coefficient>>& a,
                   std::initializer_list<std::reference_wrapper<const std::vector<written_coefficient>>> rows) {
  int longest = 1;
  for (const auto& row : a)
    for (const auto& x : row) longest = std::max(longest, coefficient_length(x.value));
  for (const auto& row : rows)
    for (const auto& x : row.get()) longest = std::max(longest, coefficient_length(x.value));
  return longest;
}

// Refuses a file whose order conditions (up to order declared + 1) and stability function would
// cost more than the bounds above, before any of them is evaluated.
void refuse_excessive_work(int declared, std::size_t s, int digits) {
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

row_form form_of_row(std::size_t row, std::size_t entries, std::size_t stages) {
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
void refuse_mixed_rows(std::size_t row, std::size_t entries, row_form form, row_form first_form,
                       std::size_t first_row) {
  auto form_text = [](row_form f) { return f == row_form::square ? "square" : "strictly lower"; };
  throw tableau_file_error("field 'A', row " + std::to_string(row + 1) + ": " + form_text(form) + " (" +
                           std::to_string(entries) + " entries) but row " + std::to_string(first_row + 1) + " is " +
                           form_text(first_form) + "; give every row of A in one form");
}

// Reads A's s rows, each padded to s entries, every row in one form.
std::vector<std::vector<written_coefficient>> read_matrix(const nlohmann::json& a, std::size_t s) {
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
std::vector<written_coefficient> read_row_of(const nlohmann::json& j, const char* field, std::size_t s) {
  auto row = coefficient_row(j, std::string("field '") + field + "'");
  if (row.size() != s)
    throw tableau_file_error(std::string("field '") + field + "' has " + std::to_string(row.size()) +
                             " entries, 'b' has " + std::to_string(s));
  return row;
}

// The stage times: given, or the row sums of A (exact).
std::vector<written_coefficient> read_nodes(const nlohmann::json& j, const written_tableau& written) {
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

std::vector<exact> values_of(const std::vector<written_coefficient>& row) {
  std::vector<exact> values;
  for (const auto& x : row) values.push_back(x.value);
  return values;
}

// The table's precision: decimal when any entry is, printed to its longest entry's digits; every
// decimal entry carries the table's relative uncertainty, rationals and integers none.
void assign_resolutions(const written_tableau& written, tableau_file& file) {
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
void check_row_sums(tableau_file& file) {
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

}  // namespace

// Parses and validates a tableau file's JSON. Throws tableau_file_error naming what is wrong.
tableau_file parse_tableau_file(const nlohmann::json& j) {
  if (!j.is_object()) throw tableau_file_error("the file must hold one JSON object");
  tableau_file file;
  auto& t = file.tableau;
  const auto& name = required(j, "name");
  if (!name.is_string() || name.get<std::string>().empty())
    throw tableau_file_error("field 'name' must be a non-empty string");
  t.name = printable_text("name", name.get<std::string>());
  t.title = text_field(j, "title", t.name);
  t.citation = text_field(j, "citation", "user tableau file");
  required(j, "order");
  t.order = integer_field(j, "order", 1, max_declared_order);

  written_tableau written;
  written.b = coefficient_row(required(j, "b"), "field 'b'");
  const std::size_t s = written.b.size();
  if (s == 0) throw tableau_file_error("field 'b' has no weights");
  if (s > max_stages)
    throw tableau_file_error("field 'b' has " + std::to_string(s) + " weights; at most " + std::to_string(max_stages) +
                             " stages are checked");
  written.a = read_matrix(required(j, "A"), s);
  written.c = read_nodes(j, written);
  if (j.contains("b_hat")) {
    written.b_hat = read_row_of(j.at("b_hat"), "b_hat", s);
    if (!j.contains("embedded_order"))
      throw tableau_file_error("field 'embedded_order' (an integer) is required with 'b_hat'");
    t.embedded_order = integer_field(j, "embedded_order", 1, max_declared_order);
  } else if (j.contains("embedded_order")) {
    throw tableau_file_error("field 'embedded_order' is given but 'b_hat' is not");
  }
  t.b = values_of(written.b);
  for (const auto& row : written.a) t.a.push_back(values_of(row));
  t.c = values_of(written.c);
  if (j.contains("b_hat")) t.b_embedded = values_of(written.b_hat);
  // The order conditions' cost, estimated before any of them is evaluated.
  refuse_excessive_work(std::max(t.order, t.embedded_order.value_or(0)), s,
                        longest_digits(written.a, {written.b, written.b_hat, written.c}));
  assign_resolutions(written, file);
  if (j.contains("row_sum_condition") && !j.at("row_sum_condition").is_boolean())
    throw tableau_file_error("field 'row_sum_condition' must be true or false");
  t.row_sum_condition = j.value("row_sum_condition", true);
  if (t.row_sum_condition) check_row_sums(file);
  return file;
}

const char* structure_name(tableau_structure s) {
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

tableau_structure structure_of(const butcher_tableau& t) {
  bool upper = false, diagonal = false;
  for (int i = 0; i < t.stages(); ++i)
    for (int j = i; j < t.stages(); ++j)
      if (t.a_at(i, j) != 0) (j == i ? diagonal : upper) = true;
  return upper      ? tableau_structure::fully_implicit
         : diagonal ? tableau_structure::diagonally_implicit
                    : tableau_structure::explicit_method;
}

}  // namespace orderly
