#pragma once
// Implicit Runge-Kutta methods as Butcher tableaus (tableau.hpp), the model the explicit methods
// use: rational methods are exact; entries with radicals are evaluated at 100 digits from their
// closed forms, and Radau IIA comes from its generator (tableaus/radau_coefficients.hpp: nodes from the Radau
// polynomial, A from the collocation conditions), both certified to certified_coefficient_digits.
// They are catalog entries (catalog.hpp): the method analysis reads them (order, stage order,
// stability function, A- and L-stability), the fixed-step implicit solver (implicit/implicit_rk.hpp:
// Newton with Eigen's LU) runs them, and radau5 and radau13 also run adaptively through the Radau
// IIA code the references are made with.
#include <orderly/exact.hpp>
#include <orderly/tableaus/radau_coefficients.hpp>
#include <orderly/tableau.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace orderly {

namespace tableaus {

namespace detail {
inline high_precision q(std::string_view rational) { return to_high_precision(parse_exact(rational)); }
inline high_precision sqrt_of(int n) { return sqrt(high_precision(n)); }
}  // namespace detail

inline butcher_tableau backward_euler() {
  return make_tableau({.name = "backward-euler",
                       .title = "Backward (implicit) Euler",
                       .citation = "Hairer-Wanner II, IV.3",
                       .order = 1,
                       .a = {{"1"}},
                       .b = {"1"},
                       .c = {"1"}});
}

inline butcher_tableau implicit_midpoint() {
  return make_tableau({.name = "implicit-midpoint",
                       .title = "Implicit midpoint rule (Gauss-Legendre, 1 stage)",
                       .citation = "Hairer-Wanner II, IV.5",
                       .order = 2,
                       .a = {{"1/2"}},
                       .b = {"1"},
                       .c = {"1/2"}});
}

inline butcher_tableau trapezoidal() {
  return make_tableau({.name = "trapezoidal",
                       .title = "Trapezoidal rule (Lobatto IIIA, 2 stages)",
                       .citation = "Hairer-Wanner II, IV.3",
                       .order = 2,
                       .a = {{"0", "0"}, {"1/2", "1/2"}},
                       .b = {"1/2", "1/2"},
                       .c = {"0", "1"}});
}

// Gauss-Legendre, 2 stages: c = 1/2 -+ sqrt(3)/6 (Hairer-Wanner II, Table IV.5.1).
inline butcher_tableau gauss4() {
  using detail::q;
  const high_precision r3 = detail::sqrt_of(3);
  return tableau_from_high_precision("gauss4", "Gauss-Legendre, 2 stages", "Hairer-Wanner II, Table IV.5.1", 4,
                                     {{q("1/4"), q("1/4") - r3 / 6}, {q("1/4") + r3 / 6, q("1/4")}},
                                     {q("1/2"), q("1/2")}, {q("1/2") - r3 / 6, q("1/2") + r3 / 6});
}

// Gauss-Legendre, 3 stages: c = 1/2 - sqrt(15)/10, 1/2, 1/2 + sqrt(15)/10 (Hairer-Wanner II, Table IV.5.2).
inline butcher_tableau gauss6() {
  using detail::q;
  const high_precision r15 = detail::sqrt_of(15);
  return tableau_from_high_precision("gauss6", "Gauss-Legendre, 3 stages", "Hairer-Wanner II, Table IV.5.2", 6,
                                     {{q("5/36"), q("2/9") - r15 / 15, q("5/36") - r15 / 30},
                                      {q("5/36") + r15 / 24, q("2/9"), q("5/36") - r15 / 24},
                                      {q("5/36") + r15 / 30, q("2/9") + r15 / 15, q("5/36")}},
                                     {q("5/18"), q("4/9"), q("5/18")},
                                     {q("1/2") - r15 / 10, q("1/2"), q("1/2") + r15 / 10});
}

// Radau IIA with s stages (order 2s - 1), from its generator, with the adaptive code's error
// estimate for odd s: the one Radau IIA object the fixed-step stepper, the adaptive code and the
// reference solver all run.
inline butcher_tableau radau_iia(int stages, std::string name) {
  const auto& r = radau_iia_coefficients(stages);
  const auto s = static_cast<std::size_t>(stages);
  std::vector<std::vector<high_precision>> a(s, std::vector<high_precision>(s));
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) a[i][j] = r.a[i * s + j];
  auto t = tableau_from_high_precision(std::move(name), "Radau IIA, " + std::to_string(stages) + " stages",
                                       "Hairer-Wanner II, IV.5 (coefficients generated at 100 digits)", 2 * stages - 1,
                                       a, r.b, r.c);
  t.radau_estimate = r.error_estimate;
  return t;
}

// Two-stage, stiffly accurate, L-stable SDIRK of order 2 (Alexander 1977): gamma = 1 - sqrt(2)/2,
// the root of gamma^2 - 2 gamma + 1/2 = 0 (order 2) that lies in (1/4, 1) (A-stability).
inline butcher_tableau sdirk2() {
  using detail::q;
  const high_precision gamma = 1 - detail::sqrt_of(2) / 2;
  return tableau_from_high_precision("sdirk", "SDIRK 2 stages, order 2, L-stable (Alexander)",
                                     "R. Alexander, SIAM J. Numer. Anal. 14 (1977)", 2,
                                     {{gamma, q("0")}, {1 - gamma, gamma}}, {1 - gamma, gamma}, {gamma, q("1")});
}

}  // namespace tableaus

// Every implicit Runge-Kutta method Orderly ships (src/catalog.cpp).
const std::vector<butcher_tableau>& implicit_tableaus();

}  // namespace orderly
