// Building a tableau from its written or 100-digit entries, and its roundings to the studies'
// scalars, compiled once instead of in every file that names a method.
#include <orderly/tableau.hpp>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace orderly {

butcher_tableau make_tableau(const tableau_text& text) {
  butcher_tableau t;
  t.name = text.name;
  t.title = text.title;
  t.citation = text.citation;
  t.order = text.order;
  t.embedded_order = text.embedded_order;
  t.row_sum_condition = text.row_sum_condition;
  auto parse = [](const std::vector<std::string_view>& row) {
    std::vector<exact> values;
    for (auto entry : row) values.push_back(parse_exact(entry));
    return values;
  };
  for (const auto& row : text.a) t.a.push_back(parse(row));
  t.b = parse(text.b);
  t.c = parse(text.c);
  if (!text.b_embedded.empty()) t.b_embedded = parse(text.b_embedded);
  const auto s = t.b.size();
  if (t.c.size() != s || t.a.size() != s || (t.b_embedded && t.b_embedded->size() != s))
    throw std::invalid_argument("tableau " + t.name + ": A, b, c and b_hat sizes disagree");
  for (const auto& row : t.a)
    if (row.size() > s) throw std::invalid_argument("tableau " + t.name + ": row of A longer than the stage count");
  return t;
}

butcher_tableau tableau_from_high_precision(std::string name, std::string title, std::string citation, int order,
                                            const std::vector<std::vector<high_precision>>& a,
                                            const std::vector<high_precision>& b,
                                            const std::vector<high_precision>& c) {
  butcher_tableau t;
  t.name = std::move(name);
  t.title = std::move(title);
  t.citation = std::move(citation);
  t.order = order;
  t.coefficient_digits = certified_coefficient_digits;
  auto exact_values = [](const std::vector<high_precision>& values) {
    std::vector<exact> out;
    for (const auto& x : values) out.push_back(exact_value_of(x));
    return out;
  };
  for (const auto& row : a) t.a.push_back(exact_values(row));
  t.b = exact_values(b);
  t.c = exact_values(c);
  if (t.a.size() != t.b.size() || t.c.size() != t.b.size())
    throw std::invalid_argument("tableau " + t.name + ": A, b and c sizes disagree");
  return t;
}

template struct numeric_tableau<float>;
template struct numeric_tableau<double>;
template struct numeric_tableau<long double>;
template struct numeric_tableau<float128>;
template struct numeric_tableau<mp50>;

}  // namespace orderly
