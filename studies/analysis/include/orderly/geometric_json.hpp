#pragma once
// The geometric properties of a method's coefficients (integrators/analysis/geometric_properties.hpp)
// as the JSON the analysis, check and energy outputs share, and as the lines `orderly analyze` and
// `orderly check --tableau` print.
#include <orderly/analysis/geometric_properties.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace orderly {

// How the properties were decided, in words ("exact rationals", "100 digits, ...", "to the file's digits").
nlohmann::json geometric_json(const geometric_properties& g, const std::string& arithmetic);
nlohmann::json geometric_json(const splitting_geometry& g);
// The arithmetic a catalog tableau's properties are decided in, in words.
std::string geometric_arithmetic(const butcher_tableau& t);

// A table whose entries hold to a relative uncertainty u (decimals): a condition holds when its
// residual is below rounded_table_tolerance_factor u. The conditions are sums of products of up to
// eight entries (trees of order 8) with coefficients of a few units, so a true zero computed from
// entries moved by u lands within some hundreds of u; a residual of a condition that fails is O(1)
// for the tables of the corpus (1e-2 and above).
inline constexpr int rounded_table_tolerance_factor = 1000;
// The properties of a tableau whose entries are exact (relative_uncertainty 0: decided exactly) or
// rounded decimals (decided at 100 digits to rounded_table_tolerance_factor times the uncertainty).
nlohmann::json rounded_tableau_geometric_json(const butcher_tableau& t, const exact& relative_uncertainty);

// The printed summary of geometric_json's object, one line per item, each indented by two spaces.
std::vector<std::string> geometric_summary_lines(const nlohmann::json& geometric);

}  // namespace orderly
