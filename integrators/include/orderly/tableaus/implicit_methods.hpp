#pragma once
// Implicit Runge-Kutta methods as coefficient data at 100 digits: rational entries are parsed
// exactly, entries with radicals are evaluated from their closed forms, Radau IIA comes from its
// generator (implicit/radau.hpp: nodes from the Radau polynomial, A from the collocation
// conditions). They are catalog entries (catalog.hpp): the method analysis reads them (order,
// stage order, stability function, A- and L-stability), the fixed-step implicit solver
// (implicit/radau.hpp: Newton with Eigen's LU) runs them, and radau5 and radau13 also run
// adaptively through the Radau IIA code the references are made with.
#include <orderly/exact.hpp>
#include <orderly/implicit/radau.hpp>
#include <orderly/order_conditions.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace orderly {

struct implicit_tableau {
  std::string name;      // CLI name, e.g. "gauss4"
  std::string title;
  std::string citation;
  int order = 0;         // declared; the analysis checks it against the order conditions
  rk_coefficients<high_precision> coefficients;
  bool rational = false;  // every entry is rational (the analysis is then exact end to end)
};

namespace tableaus {

namespace detail {
inline high_precision q(std::string_view rational) { return to_high_precision(parse_exact(rational)); }
inline high_precision sqrt_of(int n) { return sqrt(high_precision(n)); }
}  // namespace detail

inline implicit_tableau backward_euler() {
  using detail::q;
  return {"backward-euler", "Backward (implicit) Euler", "Hairer-Wanner II, IV.3", 1,
          make_rk_coefficients<high_precision>({{q("1")}}, {q("1")}, {q("1")}), true};
}

inline implicit_tableau implicit_midpoint() {
  using detail::q;
  return {"implicit-midpoint", "Implicit midpoint rule (Gauss-Legendre, 1 stage)", "Hairer-Wanner II, IV.5", 2,
          make_rk_coefficients<high_precision>({{q("1/2")}}, {q("1")}, {q("1/2")}), true};
}

inline implicit_tableau trapezoidal() {
  using detail::q;
  return {"trapezoidal", "Trapezoidal rule (Lobatto IIIA, 2 stages)", "Hairer-Wanner II, IV.3", 2,
          make_rk_coefficients<high_precision>({{q("0"), q("0")}, {q("1/2"), q("1/2")}}, {q("1/2"), q("1/2")},
                                               {q("0"), q("1")}),
          true};
}

// Gauss-Legendre, 2 stages: c = 1/2 -+ sqrt(3)/6 (Hairer-Wanner II, Table IV.5.1).
inline implicit_tableau gauss4() {
  using detail::q;
  const high_precision r3 = detail::sqrt_of(3);
  return {"gauss4", "Gauss-Legendre, 2 stages", "Hairer-Wanner II, Table IV.5.1", 4,
          make_rk_coefficients<high_precision>({{q("1/4"), q("1/4") - r3 / 6}, {q("1/4") + r3 / 6, q("1/4")}},
                                               {q("1/2"), q("1/2")}, {q("1/2") - r3 / 6, q("1/2") + r3 / 6}),
          false};
}

// Gauss-Legendre, 3 stages: c = 1/2 - sqrt(15)/10, 1/2, 1/2 + sqrt(15)/10 (Hairer-Wanner II, Table IV.5.2).
inline implicit_tableau gauss6() {
  using detail::q;
  const high_precision r15 = detail::sqrt_of(15);
  return {"gauss6", "Gauss-Legendre, 3 stages", "Hairer-Wanner II, Table IV.5.2", 6,
          make_rk_coefficients<high_precision>(
              {{q("5/36"), q("2/9") - r15 / 15, q("5/36") - r15 / 30},
               {q("5/36") + r15 / 24, q("2/9"), q("5/36") - r15 / 24},
               {q("5/36") + r15 / 30, q("2/9") + r15 / 15, q("5/36")}},
              {q("5/18"), q("4/9"), q("5/18")}, {q("1/2") - r15 / 10, q("1/2"), q("1/2") + r15 / 10}),
          false};
}

// Radau IIA with s stages (order 2s - 1), from the generator the reference solver uses.
inline implicit_tableau radau_iia(int stages, std::string name) {
  const auto& r = radau_iia_coefficients(stages);
  const auto s = static_cast<std::size_t>(stages);
  std::vector<std::vector<high_precision>> a(s, std::vector<high_precision>(s));
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t j = 0; j < s; ++j) a[i][j] = r.a[i * s + j];
  return {std::move(name), "Radau IIA, " + std::to_string(stages) + " stages",
          "Hairer-Wanner II, IV.5 (coefficients generated at 100 digits)", 2 * stages - 1,
          make_rk_coefficients<high_precision>(a, r.b, r.c), false};
}

// Two-stage, stiffly accurate, L-stable SDIRK of order 2 (Alexander 1977): gamma = 1 - sqrt(2)/2,
// the root of gamma^2 - 2 gamma + 1/2 = 0 (order 2) that lies in (1/4, 1) (A-stability).
inline implicit_tableau sdirk2() {
  using detail::q;
  const high_precision gamma = 1 - detail::sqrt_of(2) / 2;
  return {"sdirk", "SDIRK 2 stages, order 2, L-stable (Alexander)", "R. Alexander, SIAM J. Numer. Anal. 14 (1977)", 2,
          make_rk_coefficients<high_precision>({{gamma, q("0")}, {1 - gamma, gamma}}, {1 - gamma, gamma},
                                               {gamma, q("1")}),
          false};
}

}  // namespace tableaus

// Every implicit Runge-Kutta method Orderly ships (src/catalog.cpp).
const std::vector<implicit_tableau>& implicit_tableaus();

// The coefficients rounded once to T, for implicit_rk_stepper.
template <class T>
implicit_rk_numeric<T> numeric_coefficients(const implicit_tableau& t) {
  std::vector<high_precision> a;
  for (const auto& row : t.coefficients.a) a.insert(a.end(), row.begin(), row.end());
  return to_numeric<T>(a, t.coefficients.b, t.coefficients.c);
}

inline const implicit_tableau* find_implicit_tableau(std::string_view name) {
  for (const auto& t : implicit_tableaus())
    if (t.name == name) return &t;
  return nullptr;
}

}  // namespace orderly
