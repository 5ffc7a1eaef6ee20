#pragma once
// The classical fixed-step explicit Runge-Kutta methods of orders 1 to 4, as exact tableaus.
// Coefficients as printed in the cited papers (and in Hairer-Norsett-Wanner, Solving ODEs I,
// Sec. II.1); tests/integrators/tableaus.cpp confirms each one's order exactly from rooted trees.
#include <orderly/tableau.hpp>

namespace orderly::tableaus {

inline butcher_tableau euler() {
  return make_tableau({.name = "euler",
                       .title = "Explicit Euler",
                       .citation = "L. Euler, Institutionum calculi integralis, vol. I (1768), sec. 650",
                       .order = 1,
                       .a = {{}},
                       .b = {"1"},
                       .c = {"0"}});
}

inline butcher_tableau heun() {
  return make_tableau({.name = "heun",
                       .title = "Heun (explicit trapezoidal rule)",
                       .citation = "K. Heun, Neue Methoden zur approximativen Integration der Differentialgleichungen "
                                   "einer unabhaengigen Veraenderlichen, Z. Math. Phys. 45 (1900) 23-38",
                       .order = 2,
                       .a = {{}, {"1"}},
                       .b = {"1/2", "1/2"},
                       .c = {"0", "1"}});
}

inline butcher_tableau midpoint() {
  return make_tableau({.name = "midpoint",
                       .title = "Explicit midpoint (Runge)",
                       .citation = "C. Runge, Ueber die numerische Aufloesung von Differentialgleichungen, "
                                   "Math. Ann. 46 (1895) 167-178",
                       .order = 2,
                       .a = {{}, {"1/2"}},
                       .b = {"0", "1"},
                       .c = {"0", "1/2"}});
}

inline butcher_tableau ralston2() {
  return make_tableau({.name = "ralston2",
                       .title = "Ralston's second-order method",
                       .citation = "A. Ralston, Runge-Kutta methods with minimum error bounds, Math. Comp. 16 (1962) "
                                   "431-437 (the two-stage method minimising the error bound: c2 = 2/3)",
                       .order = 2,
                       .a = {{}, {"2/3"}},
                       .b = {"1/4", "3/4"},
                       .c = {"0", "2/3"}});
}

inline butcher_tableau kutta3() {
  return make_tableau({.name = "kutta3",
                       .title = "Kutta's third-order method",
                       .citation =
                           "W. Kutta, Beitrag zur naeherungsweisen Integration totaler Differentialgleichungen, "
                           "Z. Math. Phys. 46 (1901) 435-453",
                       .order = 3,
                       .a = {{}, {"1/2"}, {"-1", "2"}},
                       .b = {"1/6", "2/3", "1/6"},
                       .c = {"0", "1/2", "1"}});
}

inline butcher_tableau heun3() {
  return make_tableau({.name = "heun3",
                       .title = "Heun's third-order method",
                       .citation = "K. Heun, Z. Math. Phys. 45 (1900) 23-38",
                       .order = 3,
                       .a = {{}, {"1/3"}, {"0", "2/3"}},
                       .b = {"1/4", "0", "3/4"},
                       .c = {"0", "1/3", "2/3"}});
}

inline butcher_tableau ssprk3() {
  // Shu-Osher form u1 = u + h f(u), u2 = 3/4 u + 1/4 (u1 + h f(u1)), u+ = 1/3 u + 2/3 (u2 + h f(u2)),
  // written as a Butcher tableau.
  return make_tableau({.name = "ssprk3",
                       .title = "Shu-Osher SSPRK(3,3)",
                       .citation = "C.-W. Shu, S. Osher, Efficient implementation of essentially non-oscillatory "
                                   "shock-capturing schemes, J. Comput. Phys. 77 (1988) 439-471",
                       .order = 3,
                       .a = {{}, {"1"}, {"1/4", "1/4"}},
                       .b = {"1/6", "1/6", "2/3"},
                       .c = {"0", "1", "1/2"}});
}

inline butcher_tableau rk4() {
  return make_tableau({.name = "rk4",
                       .title = "Classic Runge-Kutta (RK4)",
                       .citation = "W. Kutta, Z. Math. Phys. 46 (1901) 435-453",
                       .order = 4,
                       .a = {{}, {"1/2"}, {"0", "1/2"}, {"0", "0", "1"}},
                       .b = {"1/6", "1/3", "1/3", "1/6"},
                       .c = {"0", "1/2", "1/2", "1"}});
}

inline butcher_tableau rk4_38() {
  return make_tableau({.name = "rk4-38",
                       .title = "Kutta's 3/8 rule",
                       .citation = "W. Kutta, Z. Math. Phys. 46 (1901) 435-453",
                       .order = 4,
                       .a = {{}, {"1/3"}, {"-1/3", "1"}, {"1", "-1", "1"}},
                       .b = {"1/8", "3/8", "3/8", "1/8"},
                       .c = {"0", "1/3", "2/3", "1"}});
}

}  // namespace orderly::tableaus
