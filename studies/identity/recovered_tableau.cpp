// The recovered method in the forms the rest of Orderly reads: a tableau, a known tableau with
// each entry's radius (identify_method), and a tableau file (tableau_recovery.hpp).
#include <orderly/analysis/rational_recognition.hpp>
#include <orderly/tableau_recovery.hpp>

#include "recovery_probe.hpp"

#include <cmath>
#include <limits>
#include <sstream>

namespace orderly {

butcher_tableau as_tableau(const recovered_rk& m, const std::string& name, int declared_order) {
  butcher_tableau t;
  t.name = name;
  t.title = name;
  t.citation = "recovered from the compiled step";
  t.order = declared_order;
  const int s = m.evaluations;
  for (int i = 0; i < s; ++i) {
    t.a.emplace_back();
    for (int j = 0; j < i; ++j)
      t.a.back().push_back(m.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].exact_value());
    t.b.push_back(m.b[static_cast<std::size_t>(i)].exact_value());
    t.c.push_back(m.c[static_cast<std::size_t>(i)].exact_value());
  }
  if (m.error_weights) {
    t.b_embedded.emplace();
    for (int i = 0; i < s; ++i) {
      const exact e = (*m.error_weights)[static_cast<std::size_t>(i)].exact_value() * m.error_sign;
      t.b_embedded->push_back(t.b[static_cast<std::size_t>(i)] - e);
    }
  }
  if (!m.all_rational()) t.coefficient_digits = std::numeric_limits<double>::max_digits10;
  return t;
}

known_tableau as_known_tableau(const recovered_rk& m, const std::string& name, int declared_order) {
  known_tableau k{.tableau = as_tableau(m, name, declared_order)};
  k.tableau.coefficient_digits = 0;  // the radii below say how well each entry is known
  const int s = m.evaluations;
  for (int i = 0; i < s; ++i) {
    k.a_radius.emplace_back();
    for (int j = 0; j < s; ++j)
      k.a_radius.back().push_back(j < i ? m.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].bound : 0.0);
    k.b_radius.push_back(m.b[static_cast<std::size_t>(i)].bound);
    k.c_radius.push_back(m.c[static_cast<std::size_t>(i)].bound);
    if (m.error_weights)
      k.b_embedded_radius.push_back(m.b[static_cast<std::size_t>(i)].bound +
                                    (*m.error_weights)[static_cast<std::size_t>(i)].bound);
  }
  // A stepper that does not say its estimate's sign (0) is read either way; one that says 1 or -1
  // is compared with the sign it declares, and the other is tried as well, to be named if it fits.
  k.estimate_sign_uncertain = true;
  k.values_exact = m.all_rational();
  return k;
}

nlohmann::json tableau_document(const recovered_rk& m, const std::string& name, int declared_order,
                                int declared_estimate_order) {
  auto text = [](const exact& x) {
    std::ostringstream out;
    out << x;
    return out.str();
  };
  auto entry = [&](const recovered_coefficient& x) {
    return x.rational ? text(*x.rational) : recovery::number(x.value);
  };
  nlohmann::json a = nlohmann::json::array(), b = nlohmann::json::array(), c = nlohmann::json::array();
  for (int i = 0; i < m.evaluations; ++i) {
    nlohmann::json row = nlohmann::json::array();
    for (const auto& x : m.a[static_cast<std::size_t>(i)]) row.push_back(entry(x));
    a.push_back(row);
    b.push_back(entry(m.b[static_cast<std::size_t>(i)]));
    c.push_back(entry(m.c[static_cast<std::size_t>(i)]));
  }
  // A step whose nodes are not the row sums of A (a time argument left at the step's start) says
  // so, as a file must.
  bool row_sums = true;
  for (int i = 0; i < m.evaluations; ++i) {
    double sum = 0, bound = m.c[static_cast<std::size_t>(i)].bound;
    for (const auto& x : m.a[static_cast<std::size_t>(i)]) sum += x.value, bound += x.bound;
    if (std::fabs(sum - m.c[static_cast<std::size_t>(i)].value) > bound + rounding_bound(sum)) row_sums = false;
  }
  nlohmann::json doc{{"name", name},
                     {"title", name + " (recovered)"},
                     {"citation", "recovered from the compiled step by orderly"},
                     {"order", declared_order},
                     {"A", a},
                     {"b", b},
                     {"c", c}};
  if (!row_sums) doc["row_sum_condition"] = false;
  if (m.error_weights) {
    nlohmann::json b_hat = nlohmann::json::array();
    for (int i = 0; i < m.evaluations; ++i) {
      const auto& e = (*m.error_weights)[static_cast<std::size_t>(i)];
      const auto& bi = m.b[static_cast<std::size_t>(i)];
      if (e.rational && bi.rational)
        b_hat.push_back(text(*bi.rational - *e.rational * m.error_sign));
      else
        b_hat.push_back(recovery::number(bi.value - e.value * m.error_sign));
    }
    doc["b_hat"] = b_hat;
    if (declared_estimate_order > 0) doc["embedded_order"] = declared_estimate_order;
  }
  return doc;
}

}  // namespace orderly
