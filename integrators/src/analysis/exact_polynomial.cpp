// Compiled once: the analysis's rational and 100-digit arithmetic, which every file including
// the header would otherwise instantiate again.
#include <orderly/analysis/exact_polynomial.hpp>

#include <cmath>

namespace orderly {

exact_polynomial trimmed(exact_polynomial p) {
  while (!p.empty() && p.back() == 0) p.pop_back();
  return p;
}

exact evaluate(const exact_polynomial& p, const exact& x) {
  exact value = 0;
  for (auto it = p.rbegin(); it != p.rend(); ++it) value = value * x + *it;
  return value;
}

high_precision evaluate(const exact_polynomial& p, const high_precision& x) {
  high_precision value = 0;
  for (auto it = p.rbegin(); it != p.rend(); ++it) value = value * x + to_high_precision(*it);
  return value;
}

exact_polynomial operator+(const exact_polynomial& p, const exact_polynomial& q) {
  exact_polynomial r(std::max(p.size(), q.size()), exact(0));
  for (std::size_t k = 0; k < p.size(); ++k) r[k] += p[k];
  for (std::size_t k = 0; k < q.size(); ++k) r[k] += q[k];
  return trimmed(std::move(r));
}

exact_polynomial operator-(const exact_polynomial& p, const exact_polynomial& q) {
  exact_polynomial r(std::max(p.size(), q.size()), exact(0));
  for (std::size_t k = 0; k < p.size(); ++k) r[k] += p[k];
  for (std::size_t k = 0; k < q.size(); ++k) r[k] -= q[k];
  return trimmed(std::move(r));
}

exact_polynomial operator*(const exact_polynomial& p, const exact_polynomial& q) {
  if (p.empty() || q.empty()) return {};
  exact_polynomial r(p.size() + q.size() - 1, exact(0));
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = 0; j < q.size(); ++j) r[i + j] += p[i] * q[j];
  return trimmed(std::move(r));
}

exact_polynomial derivative(const exact_polynomial& p) {
  exact_polynomial d;
  for (std::size_t k = 1; k < p.size(); ++k) d.push_back(p[k] * static_cast<int>(k));
  return trimmed(std::move(d));
}

namespace {

using boost::multiprecision::cpp_int;

// p's coefficients times the least common denominator of them, and that denominator.
std::pair<std::vector<cpp_int>, cpp_int> over_common_denominator(const exact_polynomial& p) {
  cpp_int common = 1;
  for (const auto& c : p) common = lcm(common, denominator(c));
  std::vector<cpp_int> integers;
  integers.reserve(p.size());
  for (const auto& c : p) integers.push_back(numerator(c) * (common / denominator(c)));
  return {std::move(integers), common};
}

// Divides out the positive gcd of the coefficients; trailing zeros trimmed.
void make_primitive(std::vector<cpp_int>& p) {
  while (!p.empty() && p.back() == 0) p.pop_back();
  cpp_int content = 0;
  for (const auto& c : p) content = gcd(content, c);
  if (content > 1)
    for (auto& c : p) c /= content;
}

// p times the positive rational that makes its coefficients coprime integers: the same roots and
// signs, in the shortest numbers. Remainder sequences kept so grow like the subresultants;
// unnormalised, their numbers grow exponentially with the degree (a 34th-degree margin of a
// 17-stage method took a minute).
std::vector<cpp_int> primitive_integers(const exact_polynomial& p) {
  auto integers = over_common_denominator(trimmed(p)).first;
  make_primitive(integers);
  return integers;
}

// The remainder of a by b times the positive integer |lead(b)|^(k+1) (k = deg a - deg b), by
// pseudo-division: a positive multiple of the rational remainder, so it has the same signs.
std::vector<cpp_int> scaled_remainder(std::vector<cpp_int> a, const std::vector<cpp_int>& b) {
  if (a.size() < b.size()) return a;
  const cpp_int& lead = b.back();
  const std::size_t steps = a.size() - b.size() + 1;
  for (std::size_t k = steps; k-- > 0;) {
    const cpp_int factor = a[k + b.size() - 1];
    for (std::size_t j = 0; j < k + b.size() - 1; ++j) a[j] *= lead;
    for (std::size_t j = 0; j + 1 < b.size(); ++j) a[k + j] -= factor * b[j];
    a[k + b.size() - 1] = 0;
  }
  if (lead < 0 && steps % 2 == 1)
    for (auto& c : a) c = -c;
  a.resize(b.size() - 1);
  while (!a.empty() && a.back() == 0) a.pop_back();
  return a;
}

// How many bisections of an interval of the given width can still hold two distinct roots of the
// square-free integer polynomial p of degree n: its roots are at least Mahler's separation
// sqrt(3) n^-(n+2)/2 ||p||_2^-(n-1) apart (the discriminant of an integer polynomial is at least
// 1 in magnitude, the Mahler measure at most ||p||_2), so a narrower interval holds one root at most.
int separating_bisections(const std::vector<cpp_int>& p, const exact& width) {
  const auto n = static_cast<double>(p.size() - 1);
  cpp_int largest = 0;
  for (const auto& c : p) largest = std::max(largest, cpp_int(abs(c)));
  const auto log2_of = [](const cpp_int& x) { return x == 0 ? 0.0 : static_cast<double>(msb(abs(x))) + 1.0; };
  const double log2_norm = log2_of(largest) + 0.5 * std::log2(n + 1.0);
  const double log2_separation = 0.5 * std::log2(3.0) - (n + 2.0) / 2.0 * std::log2(n) - (n - 1.0) * log2_norm;
  const double log2_width = log2_of(numerator(width)) - log2_of(denominator(width)) + 1.0;
  constexpr double nudge_allowance = 2.0;  // the bisection point's nudges widen a half by < 2^-19
  return static_cast<int>(std::ceil(log2_width - log2_separation + nudge_allowance));
}

}  // namespace

sturm_sequence::sturm_sequence(const exact_polynomial& square_free) {
  chain_.push_back(primitive_integers(square_free));
  chain_.push_back(primitive_integers(derivative(trimmed(square_free))));
  while (!chain_.back().empty()) {
    auto remainder = scaled_remainder(chain_[chain_.size() - 2], chain_.back());
    for (auto& c : remainder) c = -c;
    make_primitive(remainder);
    if (remainder.empty()) break;
    chain_.push_back(std::move(remainder));
  }
  if (chain_.back().empty()) chain_.pop_back();
}

int sturm_sequence::variations(const exact& x) const {
  // The sign of p(n/d) is that of d^deg p(n/d) = sum c_k n^k d^(deg - k) (d > 0), by Horner's rule.
  const cpp_int& n = numerator(x);
  const cpp_int& d = denominator(x);
  int count = 0, previous = 0;
  for (const auto& p : chain_) {
    if (p.empty()) continue;
    cpp_int value = p.back(), power = 1;
    for (std::size_t k = p.size() - 1; k-- > 0;) {
      power *= d;
      value = value * n + p[k] * power;
    }
    const int s = value > 0 ? 1 : (value < 0 ? -1 : 0);
    if (s == 0) continue;
    if (previous != 0 && s != previous) ++count;
    previous = s;
  }
  return count;
}

// The division is done in integers: with p = P / dp and the divisor d = D / dd (common
// denominators), the pseudo-division lead(D)^(k+1) P = Q D + R (k = deg P - deg D) has integer
// quotient and remainder, and p = (Q dd / (L dp)) d + R / (L dp) with L = lead(D)^(k+1). The
// quotient and remainder are unique, so they are the rationals the step-by-step division gives,
// each reduced once instead of a gcd after every product and difference.
std::pair<exact_polynomial, exact_polynomial> divide(exact_polynomial p, const exact_polynomial& divisor) {
  const auto d = trimmed(divisor);
  if (d.empty()) throw std::invalid_argument("polynomial division by zero");
  p = trimmed(std::move(p));
  if (p.size() < d.size()) return {{}, p};
  auto [remainder, p_denominator] = over_common_denominator(p);
  const auto [divisor_integers, d_denominator] = over_common_denominator(d);
  const cpp_int& lead = divisor_integers.back();
  std::vector<cpp_int> quotient(p.size() - d.size() + 1, cpp_int(0));
  cpp_int scale = 1;  // lead^(steps so far)
  for (std::size_t k = quotient.size(); k-- > 0;) {
    const cpp_int factor = remainder[k + d.size() - 1];
    for (std::size_t j = k + 1; j < quotient.size(); ++j) quotient[j] *= lead;
    quotient[k] = factor;
    for (auto& c : remainder) c *= lead;
    for (std::size_t j = 0; j < d.size(); ++j) remainder[k + j] -= factor * divisor_integers[j];
    scale *= lead;
  }
  cpp_int denominator_of_both = scale * p_denominator;
  cpp_int quotient_factor = d_denominator;
  if (denominator_of_both < 0) {  // a positive denominator: each rational is then reduced only
    denominator_of_both = -denominator_of_both;
    quotient_factor = -quotient_factor;
    for (auto& c : remainder) c = -c;
  }
  exact_polynomial q, r;
  q.reserve(quotient.size());
  for (const auto& c : quotient) q.emplace_back(c * quotient_factor, denominator_of_both);
  r.reserve(d.size() - 1);
  for (std::size_t j = 0; j + 1 < d.size(); ++j) r.emplace_back(remainder[j], denominator_of_both);
  return {trimmed(std::move(q)), trimmed(std::move(r))};
}

exact_polynomial monic(exact_polynomial p) {
  p = trimmed(std::move(p));
  if (p.empty()) return p;
  const exact lead = p.back();
  for (auto& c : p) c /= lead;
  return p;
}

// The primitive remainder sequence in integers: each remainder a positive multiple of the
// rational one, so the last nonzero member is the gcd up to a factor that monic() removes.
exact_polynomial greatest_common_divisor(exact_polynomial a, exact_polynomial b) {
  auto x = primitive_integers(a), y = primitive_integers(b);
  while (!y.empty()) {
    auto remainder = scaled_remainder(x, y);
    make_primitive(remainder);
    x = std::move(y);
    y = std::move(remainder);
  }
  exact_polynomial g;
  for (const auto& c : x) g.emplace_back(c);
  return monic(std::move(g));
}

exact_polynomial square_free_part(const exact_polynomial& p) {
  const auto g = greatest_common_divisor(p, derivative(p));
  return g.size() <= 1 ? monic(p) : monic(divide(p, g).first);
}

exact_polynomial reflected(exact_polynomial p) {
  for (std::size_t k = 1; k < p.size(); k += 2) p[k] = -p[k];
  return p;
}

exact root_bound(const exact_polynomial& p) {
  const auto q = trimmed(p);
  exact largest = 0;
  for (std::size_t k = 0; k + 1 < q.size(); ++k) largest = std::max(largest, exact(abs(q[k] / q.back())));
  return largest + 1;
}

std::vector<high_precision> real_roots(const exact_polynomial& p, const exact& lo, const exact& hi) {
  std::vector<high_precision> roots;
  if (degree(p) < 1) return roots;
  auto g = square_free_part(p);
  for (const exact& end : {lo, hi})
    if (evaluate(g, end) == 0) g = divide(g, exact_polynomial{-end, exact(1)}).first;  // simple root: exact
  if (degree(g) < 1) return roots;
  const sturm_sequence sturm(g);
  constexpr int nudge_divisions = 1 << 20;  // a bisection point that is a root moves by 1e-6 of the width
  // An interval with its ends' Sturm variations: each bisection point's is counted once and
  // serves both halves (the exact evaluations of the chain are the cost of the isolation).
  struct interval {
    exact a, b;
    int variations_a = 0, variations_b = 0, depth = 0;
  };
  // A chain that is not a Sturm sequence could count roots an interval cannot hold and bisect
  // forever; the counts are checked against what the roots allow instead.
  const int max_depth = separating_bisections(primitive_integers(g), hi - lo);
  std::vector<interval> stack = {{lo, hi, sturm.variations(lo), sturm.variations(hi), 0}};
  std::vector<std::pair<exact, exact>> isolated;
  while (!stack.empty()) {
    auto [a, b, variations_a, variations_b, depth] = stack.back();
    stack.pop_back();
    const int count = variations_a - variations_b;
    if (count < 0 || count > degree(g) || (count > 1 && depth > max_depth))
      throw std::logic_error("real root isolation: the Sturm counts do not match the polynomial's roots");
    if (count == 0) continue;
    if (count == 1) {
      isolated.emplace_back(a, b);
      continue;
    }
    exact middle = (a + b) / 2;
    while (evaluate(g, middle) == 0) middle += (b - a) / nudge_divisions;
    const int variations_middle = sturm.variations(middle);
    stack.push_back({middle, b, variations_middle, variations_b, depth + 1});
    stack.push_back({a, middle, variations_a, variations_middle, depth + 1});
  }
  std::sort(isolated.begin(), isolated.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  auto value = [&](const high_precision& x) { return evaluate(g, x); };
  constexpr int refinement_bits = 320;
  for (const auto& [a, b] : isolated) {
    boost::math::tools::eps_tolerance<high_precision> tolerance(refinement_bits);
    std::uintmax_t iterations = 1000;
    const auto bracket =
        boost::math::tools::toms748_solve(value, to_high_precision(a), to_high_precision(b), tolerance, iterations);
    roots.push_back((bracket.first + bracket.second) / 2);
  }
  return roots;
}

std::optional<exact> recognise_rational(const high_precision& x, const high_precision& tolerance,
                                        const boost::multiprecision::cpp_int& max_denominator) {
  using boost::multiprecision::cpp_int;
  cpp_int p0 = 0, q0 = 1, p1 = 1, q1 = 0;
  high_precision remainder = x;
  for (int term = 0; term < 80; ++term) {
    const high_precision whole = floor(remainder);
    const auto a = static_cast<cpp_int>(whole);
    const cpp_int p2 = a * p1 + p0, q2 = a * q1 + q0;
    if (q2 > max_denominator) return std::nullopt;
    const exact candidate(p2, q2);
    if (abs(to_high_precision(candidate) - x) <= tolerance) return candidate;
    p0 = p1, q0 = q1, p1 = p2, q1 = q2;
    const high_precision fraction = remainder - whole;
    if (fraction == 0) return std::nullopt;
    remainder = 1 / fraction;
  }
  return std::nullopt;
}

}  // namespace orderly
