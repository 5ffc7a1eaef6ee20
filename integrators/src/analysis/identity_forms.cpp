// A tableau's coefficients as the identification compares them: each entry with its long double
// rounding and radius, and the tableau reduced to the stages its weights use.
#include "identity_forms.hpp"

#include <cfloat>
#include <cmath>

namespace orderly::identity_detail {
namespace {

// The stages the weights reach: those with a nonzero weight, and those a reached stage reads.
std::vector<int> used_stages(const std::vector<std::vector<entry>>& a,
                             const std::vector<const std::vector<entry>*>& w) {
  const std::size_t s = a.size();
  std::vector<bool> used(s, false);
  for (std::size_t i = 0; i < s; ++i)
    for (const auto* weights : w)
      if (!(*weights)[i].zero()) used[i] = true;
  // A stage reads the stages of its row; repeat until nothing changes (implicit tableaus too).
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < s; ++i)
      if (used[i])
        for (std::size_t j = 0; j < s; ++j)
          if (!used[j] && !a[i][j].zero()) used[j] = changed = true;
  }
  std::vector<int> kept;
  for (std::size_t i = 0; i < s; ++i)
    if (used[i]) kept.push_back(static_cast<int>(i));
  return kept;
}

}  // namespace

entry make_entry(const exact& value, double radius) {
  return {value, static_cast<long double>(value.convert_to<long double>()), static_cast<long double>(radius)};
}

bool same(const entry& x, const entry& y) {
  const long double scale = std::max(std::fabs(x.approx), std::fabs(y.approx));
  const long double fine = 64 * LDBL_EPSILON * scale;
  if (x.radius + y.radius <= fine) {
    if (x.radius == 0 && y.radius == 0) return x.value == y.value;
    return abs(to_high_precision(x.value - y.value)) <=
           high_precision(static_cast<double>(x.radius + y.radius)) + certified_coefficient_tolerance();
  }
  return std::fabs(x.approx - y.approx) <= x.radius + y.radius + fine;
}

full_form full_form_of(const known_tableau& k) {
  const auto& t = k.tableau;
  const int s = t.stages();
  full_form f;
  auto radius = [](const std::vector<double>& r, int i) { return r.empty() ? 0.0 : r[static_cast<std::size_t>(i)]; };
  for (int i = 0; i < s; ++i) {
    f.c.push_back(make_entry(t.c[static_cast<std::size_t>(i)], radius(k.c_radius, i)));
    f.b.push_back(make_entry(t.b[static_cast<std::size_t>(i)], radius(k.b_radius, i)));
    if (t.b_embedded)
      f.b_hat.push_back(make_entry((*t.b_embedded)[static_cast<std::size_t>(i)], radius(k.b_embedded_radius, i)));
    f.a.emplace_back();
    for (int j = 0; j < s; ++j)
      f.a.back().push_back(
          make_entry(t.a_at(i, j),
                     k.a_radius.empty() ? 0.0 : k.a_radius[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]));
  }
  f.has_estimate = t.b_embedded.has_value();
  return f;
}

reduced_form reduce(const full_form& f, bool swap_weights, bool with_estimate) {
  const auto& b = swap_weights ? f.b_hat : f.b;
  const auto& b_hat = swap_weights ? f.b : f.b_hat;
  std::vector<const std::vector<entry>*> weights{&b};
  if (with_estimate) weights.push_back(&b_hat);
  reduced_form r;
  r.original = used_stages(f.a, weights);
  r.has_estimate = with_estimate;
  for (int i : r.original) {
    const auto u = static_cast<std::size_t>(i);
    r.c.push_back(f.c[u]);
    r.b.push_back(b[u]);
    if (with_estimate) r.b_hat.push_back(b_hat[u]);
    r.a.emplace_back();
    for (int j : r.original) r.a.back().push_back(f.a[u][static_cast<std::size_t>(j)]);
  }
  return r;
}

full_form with_flipped_estimate(full_form f) {
  for (std::size_t i = 0; i < f.b.size(); ++i) {
    const exact flipped = 2 * f.b[i].value - f.b_hat[i].value;
    f.b_hat[i] = {flipped, static_cast<long double>(flipped.convert_to<long double>()),
                  2 * f.b[i].radius + f.b_hat[i].radius};
  }
  return f;
}

}  // namespace orderly::identity_detail
