#pragma once
// A user's Runge-Kutta method as a JSON file.
//
//   {"name": "my-rk3", "title": "optional", "order": 3, "embedded_order": 2 (optional),
//    "A": [["0"], ["1/2"], ["-1", "2"]],       rows; an explicit method may give the strictly lower part
//    "b": ["1/6", "2/3", "1/6"],  "b_hat": [...] (optional),  "c": [...] (optional: row sums)}
//
// Coefficients are exact rationals ("-7200/2197", "3") or decimals ("0.1666666666666667",
// "-1.5e-3"); a decimal is read as the exact rational it denotes, so the order conditions measure
// exactly what the given digits say. Every error names the field, the row and the column.
//
// What the digits support is precision_audit.hpp's question; the reading is tableau_file.cpp.
#include <orderly/exact.hpp>
#include <orderly/tableau.hpp>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace orderly {

// A figure in a message, to two significant digits.
std::string scientific(double x);

// A malformed tableau file: the message names the field and, where it applies, row and column.
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

// The exact operations of the order conditions (up to order declared + 1) and stability function
// of an s-stage tableau: what max_condition_work bounds, and what a check's time estimate scales.
double condition_work(int declared, std::size_t s);

// Those operations act on rationals whose length grows with the file's: a tree's elementary weight
// multiplies up to p + 1 entries, and products and their reductions cost more than linearly in the
// length. The cost is modelled as the operations times L^digit_cost_exponent, L the longest
// coefficient's decimal digits (numerator or denominator), the exponent measured on this machine's
// Release build (the README's "Limits" paragraph); the bound keeps a check to about a minute.
inline constexpr double digit_cost_exponent = 1.25;
inline constexpr double max_digit_weighted_work = 7.5e8;
inline constexpr std::size_t max_stages = 64;

// Reads one entry (read_coefficient, exact.hpp), refusing it with the field's place in the file.
written_coefficient parse_coefficient(const std::string& text, const std::string& where);

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

// The relative rounding of a double, 2^-bits.
exact power_of_two_reciprocal(int bits);

// The relative uncertainty of a decimal entry of a table printed to `digits` significant digits.
exact decimal_table_uncertainty(int digits);

// Decimal digits of the longer of a coefficient's numerator and denominator: the length the
// work bound (max_digit_weighted_work) measures.
int coefficient_length(const exact& x);

// Parses and validates a tableau file's JSON. Throws tableau_file_error naming what is wrong.
tableau_file parse_tableau_file(const nlohmann::json& j);

enum class tableau_structure { explicit_method, diagonally_implicit, fully_implicit };

const char* structure_name(tableau_structure s);

tableau_structure structure_of(const butcher_tableau& t);

}  // namespace orderly
