#pragma once
// Embedded explicit Runge-Kutta pairs of orders 3 to 5, as exact tableaus.
//
// Naming: "p(q)" means the solution is propagated with the order-p weights b and the order-q
// weights b_hat serve only for the error estimate; `order` = p, `embedded_order` = q. Where the
// literature propagates the higher-order solution (local extrapolation: Dormand-Prince,
// Cash-Karp as used by odeint and Numerical Recipes, Bogacki-Shampine), b holds the higher-order
// weights; Fehlberg's 4(5) is used as Fehlberg designed it, propagating the 4th-order solution.
// Every pair can run as a fixed-step method with either weight set (weight_set::primary/embedded).
#include <orderly/tableau.hpp>

namespace orderly::tableaus {

inline butcher_tableau bs32() {
  return make_tableau({.name = "bs32",
                       .title = "Bogacki-Shampine 3(2)",
                       .citation =
                           "P. Bogacki, L. F. Shampine, A 3(2) pair of Runge-Kutta formulas, Appl. Math. Lett. 2 "
                           "(1989) 321-325; coefficients as in DiffEqDevTools.jl constructBogakiShampine3 (FSAL)",
                       .order = 3,
                       .embedded_order = 2,
                       .a = {{}, {"1/2"}, {"0", "3/4"}, {"2/9", "1/3", "4/9"}},
                       .b = {"2/9", "1/3", "4/9", "0"},
                       .c = {"0", "1/2", "3/4", "1"},
                       .b_embedded = {"7/24", "1/4", "1/3", "1/8"}});
}

inline butcher_tableau rkf45() {
  return make_tableau({.name = "rkf45",
                       .title = "Runge-Kutta-Fehlberg 4(5)",
                       .citation =
                           "E. Fehlberg, Low-order classical Runge-Kutta formulas with stepsize control and their "
                           "application to some heat transfer problems, NASA TR R-315 (1969), Table III; "
                           "coefficients as in DiffEqDevTools.jl constructRKF5",
                       .order = 4,
                       .embedded_order = 5,
                       .a = {{},
                             {"1/4"},
                             {"3/32", "9/32"},
                             {"1932/2197", "-7200/2197", "7296/2197"},
                             {"439/216", "-8", "3680/513", "-845/4104"},
                             {"-8/27", "2", "-3544/2565", "1859/4104", "-11/40"}},
                       .b = {"25/216", "0", "1408/2565", "2197/4104", "-1/5", "0"},
                       .c = {"0", "1/4", "3/8", "12/13", "1", "1/2"},
                       .b_embedded = {"16/135", "0", "6656/12825", "28561/56430", "-9/50", "2/55"}});
}

inline butcher_tableau cash_karp54() {
  // DiffEqDevTools.jl's constructCashKarp has two misprints in b_hat (18574/48384, 13525/554296);
  // the exact order check rejects them. odeint's values below satisfy every 4th-order condition.
  return make_tableau({.name = "cash-karp54",
                       .title = "Cash-Karp 5(4)",
                       .citation =
                           "J. R. Cash, A. H. Karp, A variable order Runge-Kutta method for initial value problems "
                           "with rapidly varying right-hand sides, ACM TOMS 16 (1990) 201-222; coefficients as in "
                           "Boost.Odeint runge_kutta_cash_karp54 (propagates the 5th-order solution)",
                       .order = 5,
                       .embedded_order = 4,
                       .a = {{},
                             {"1/5"},
                             {"3/40", "9/40"},
                             {"3/10", "-9/10", "6/5"},
                             {"-11/54", "5/2", "-70/27", "35/27"},
                             {"1631/55296", "175/512", "575/13824", "44275/110592", "253/4096"}},
                       .b = {"37/378", "0", "250/621", "125/594", "0", "512/1771"},
                       .c = {"0", "1/5", "3/10", "3/5", "1", "7/8"},
                       .b_embedded = {"2825/27648", "0", "18575/48384", "13525/55296", "277/14336", "1/4"}});
}

inline butcher_tableau dopri54() {
  return make_tableau(
      {.name = "dopri54",
       .title = "Dormand-Prince 5(4)",
       .citation = "J. R. Dormand, P. J. Prince, A family of embedded Runge-Kutta formulae, J. Comput. Appl. "
                   "Math. 6 (1980) 19-26 (RK5(4)7M); coefficients as in Boost.Odeint runge_kutta_dopri5 and "
                   "Hairer's DOPRI5 (FSAL, propagates the 5th-order solution)",
       .order = 5,
       .embedded_order = 4,
       .a = {{},
             {"1/5"},
             {"3/40", "9/40"},
             {"44/45", "-56/15", "32/9"},
             {"19372/6561", "-25360/2187", "64448/6561", "-212/729"},
             {"9017/3168", "-355/33", "46732/5247", "49/176", "-5103/18656"},
             {"35/384", "0", "500/1113", "125/192", "-2187/6784", "11/84"}},
       .b = {"35/384", "0", "500/1113", "125/192", "-2187/6784", "11/84", "0"},
       .c = {"0", "1/5", "3/10", "4/5", "8/9", "1", "1"},
       .b_embedded = {"5179/57600", "0", "7571/16695", "393/640", "-92097/339200", "187/2100", "1/40"}});
}

}  // namespace orderly::tableaus
