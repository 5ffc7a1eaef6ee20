// Published explicit Runge-Kutta methods of orders 1 to 4 without an error estimate: the
// catalog's classical methods under their published names, then the strong-stability-preserving
// and minimum-error methods of the tableau corpus.
#include "published_entry.hpp"

#include <orderly/tableaus/classic.hpp>

namespace orderly::published {

std::vector<published_method> explicit_low_order_methods() {
  std::vector<published_method> methods;
  methods.push_back(from_catalog(tableaus::euler(), "euler", {"forward-euler", "ARKODE_FORWARD_EULER_1_1"},
                                 "Exact rationals of the catalog (tableaus/classic.hpp)."));
  methods.push_back(from_catalog(tableaus::heun(), "heun2", {"explicit-trapezoid", "SSPRK22", "SSPRK(2,2)"},
                                 "Exact rationals of the catalog (tableaus/classic.hpp)."));
  methods.push_back(from_catalog(tableaus::midpoint(), "midpoint2", {"explicit-midpoint", "Mid22"},
                                 "Exact rationals of the catalog (tableaus/classic.hpp)."));
  methods.push_back(from_catalog(tableaus::ralston2(), "ralston2", {"Ralston", "MTE22"},
                                 "Exact rationals of the catalog (tableaus/classic.hpp)."));
  methods.push_back(
      from_catalog(tableaus::kutta3(), "kutta3", {}, "Exact rationals of the catalog (tableaus/classic.hpp)."));
  methods.push_back(
      from_catalog(tableaus::heun3(), "heun3", {"Heun33"}, "Exact rationals of the catalog (tableaus/classic.hpp)."));
  methods.push_back(
      from_catalog(tableaus::ssprk3(), "ssprk33", {"SSPRK(3,3)", "SSP33", "TVD-RK3"},
                   "Exact rationals of the catalog (tableaus/classic.hpp), the Butcher form of the Shu-Osher stages."));
  methods.push_back(from_catalog(tableaus::rk4(), "rk4", {"classic-rk4", "RK44"},
                                 "Exact rationals of the catalog (tableaus/classic.hpp)."));
  methods.push_back(from_catalog(tableaus::rk4_38(), "rk38", {"RK438Rule", "three-eighths-rule"},
                                 "Exact rationals of the catalog (tableaus/classic.hpp)."));
  methods.push_back(
      entry(make_tableau({
                .name = "ralston3",
                .title = "Ralston's third-order method (minimum error bound)",
                .citation = "A. Ralston, Runge-Kutta methods with minimum error bounds, Math. Comp. 16 (1962) 431-437",
                .order = 3,
                .a = {{}, {"1/2"}, {"0", "3/4"}},
                .b = {"2/9", "1/3", "4/9"},
                .c = {"0", "1/2", "3/4"},
            }),
            {},
            "Exact rationals of Ralston's paper as transcribed in Orderly's tableau corpus (the same A and b open "
            "Bogacki-Shampine 3(2))."));
  methods.push_back(
      entry(make_tableau({
                .name = "ssprk43",
                .title = "SSPRK(4,3), four-stage third-order strong-stability-preserving method",
                .citation = "R.J. Spiteri, S.J. Ruuth, A new class of optimal high-order strong-stability-preserving "
                            "time discretization methods, SIAM J. Numer. Anal. 40 (2002) 469-491",
                .order = 3,
                .a = {{}, {"1/2"}, {"1/2", "1/2"}, {"1/6", "1/6", "1/6"}},
                .b = {"1/6", "1/6", "1/6", "1/2"},
                .c = {"0", "1/2", "1", "1/2"},
            }),
            {"SSPRK(4,3)", "SSP43"},
            "Exact rationals of the Butcher form as transcribed in DiffEqDevTools.jl src/ode_tableaus.jl "
            "constructSSPRK43 (SciML, commit 70a3759)."));
  methods.push_back(
      entry(make_tableau({
                .name = "ssprk104",
                .title = "SSPRK(10,4), Ketcheson's optimal ten-stage fourth-order SSP method",
                .citation = "D.I. Ketcheson, Highly efficient strong stability-preserving Runge-Kutta methods with "
                            "low-storage implementations, SIAM J. Sci. Comput. 30 (2008) 2113-2136, Sect. 6.1",
                .order = 4,
                .a = {{},
                      {"1/6"},
                      {"1/6", "1/6"},
                      {"1/6", "1/6", "1/6"},
                      {"1/6", "1/6", "1/6", "1/6"},
                      {"1/15", "1/15", "1/15", "1/15", "1/15"},
                      {"1/15", "1/15", "1/15", "1/15", "1/15", "1/6"},
                      {"1/15", "1/15", "1/15", "1/15", "1/15", "1/6", "1/6"},
                      {"1/15", "1/15", "1/15", "1/15", "1/15", "1/6", "1/6", "1/6"},
                      {"1/15", "1/15", "1/15", "1/15", "1/15", "1/6", "1/6", "1/6", "1/6"}},
                .b = {"1/10", "1/10", "1/10", "1/10", "1/10", "1/10", "1/10", "1/10", "1/10", "1/10"},
                .c = {"0", "1/6", "1/3", "1/2", "2/3", "1/3", "1/2", "2/3", "5/6", "1"},
            }),
            {"SSPRK(10,4)", "SSP104"},
            "Exact rationals of the Butcher form as transcribed in DiffEqDevTools.jl src/ode_tableaus.jl "
            "constructSSPRK104 (SciML, commit 70a3759)."));
  methods.push_back(entry(
      decimal_tableau(
          {
              .name = "ssprk54",
              .title = "SSPRK(5,4), Spiteri-Ruuth five-stage fourth-order SSP method",
              .citation = "R.J. Spiteri, S.J. Ruuth, A new class of optimal high-order strong-stability-preserving "
                          "time discretization methods, SIAM J. Numer. Anal. 40 (2002) 469-491",
              .order = 4,
              .a = {{},
                    {"0.391752226869253785640632115627"},
                    {"0.217669096357834985920253802915", "0.368410592709066783214662112772"},
                    {"0.0826920866830935842609242437786", "0.139958502107426395108400626025",
                     "0.25189177437196082288436374614"},
                    {"0.0679662835740483884329695316049", "0.115034698453668419467815057942",
                     "0.207034898772936576352392025561", "0.544974750295139481064416383368"}},
              .b = {"0.146811876157875933686947006683", "0.248482909391317264243714136087",
                    "0.104258830279481225354037031167", "0.274438901048480694917546480567",
                    "0.226007483122844881797755345495"},
              .c = {"0", "0.391752226869253785640632115627", "0.586079689066901769134915915687",
                    "0.4745423631624808022536886159436", "0.9350106310957928653175929984759"},
          },
          29),
      {"SSPRK(5,4)", "SSP54"},
      "The method is irrational: 30-digit Butcher coefficients verbatim from nodepy runge_kutta_method.py loadRKM "
      "SSP54 (ketch/nodepy, commit 0f071ac; \"improved to be accurate to 30 digits\"), c as the row sums of A."));
  methods.push_back(entry(
      make_tableau({
          .name = "ssprk32",
          .title = "SSPRK(3,2), three-stage second-order strong-stability-preserving method",
          .citation = "R.J. Spiteri, S.J. Ruuth, A new class of optimal high-order strong-stability-preserving time "
                      "discretization methods, SIAM J. Numer. Anal. 40 (2002) 469-491 (the SSPRK(s,2) family, s = 3)",
          .order = 2,
          .a = {{}, {"1/2"}, {"1/2", "1/2"}},
          .b = {"1/3", "1/3", "1/3"},
          .c = {"0", "1/2", "1"},
      }),
      {"SSPRK(3,2)"},
      "Exact rationals of the family's Butcher form, a_ij = 1/(s-1) for j < i and b_j = 1/s, as in OrdinaryDiffEq.jl "
      "SSPRK32."));
  methods.push_back(entry(make_tableau({
                              .name = "nystrom3",
                              .title = "Nystrom's third-order method",
                              .citation = "E.J. Nystrom, Ueber die numerische Integration von Differentialgleichungen, "
                                          "Acta Soc. Sci. Fenn. 50 (1925) 1-54; E. Hairer, S.P. Norsett, G. Wanner, "
                                          "Solving Ordinary Differential Equations I, 2nd ed. (1993), Sect. II.1",
                              .order = 3,
                              .a = {{}, {"2/3"}, {"0", "2/3"}},
                              .b = {"1/4", "3/8", "3/8"},
                              .c = {"0", "2/3", "2/3"},
                          }),
                          {},
                          "Exact rationals of the c2 = c3 = 2/3 member of the three-stage third-order family, as "
                          "Nystrom gave it; the order conditions fix b and a32 from those nodes."));
  methods.push_back(entry(make_tableau({
                              .name = "knoth-wolke3",
                              .title = "Knoth-Wolke three-stage third-order method",
                              .citation = "O. Knoth, R. Wolke, Implicit-explicit Runge-Kutta methods for computing "
                                          "atmospheric reactive flows, Appl. Numer. Math. 28 (1998) 327-341",
                              .order = 3,
                              .a = {{}, {"1/3"}, {"-3/16", "15/16"}},
                              .b = {"1/6", "3/10", "8/15"},
                              .c = {"0", "1/3", "3/4"},
                          }),
                          {"ARKODE_KNOTH_WOLKE_3_3"},
                          "Exact rationals verbatim from SUNDIALS src/arkode/arkode_butcher_erk.def "
                          "ARKODE_KNOTH_WOLKE_3_3 (LLNL/sundials, commit c8dabce)."));

  {
    // Entries a + b sqrt(5): Ralston's minimum-error-bound choice c2 = 2/5, c3 = 7/8 - 3 sqrt(5)/16.
    const quadratic_field s(5);
    methods.push_back(
        entry(tableau_from_high_precision(
                  "ralston4", "Ralston's fourth-order method (minimum error bound)",
                  "A. Ralston, Runge-Kutta methods with minimum error bounds, Math. Comp. 16 (1962) 431-437", 4,
                  {{},
                   {s("2/5", "0")},
                   {s("-2889/1024", "357/256"), s("3785/1024", "-405/256")},
                   {s("-673/1208", "1047/3020"), s("-975/2552", "-1523/1276"), s("93408/48169", "203968/240845")}},
                  {s("263/1812", "2/151"), s("125/3828", "-250/957"), s("3426304/5924787", "553984/1974929"),
                   s("10/41", "-4/123")},
                  {s("0", "0"), s("2/5", "0"), s("7/8", "-3/16"), s("1", "0")}),
              {"RK4 Ralston"},
              "The method is irrational: its closed form in sqrt 5, as in DiffEqDevTools.jl constructRalston4 (SciML, "
              "commit 70a3759) and Orderly's tableau corpus, evaluated at 100 digits."));
  }
  {
    // Entries a + b sqrt(2).
    const quadratic_field s(2);
    methods.push_back(entry(
        tableau_from_high_precision(
            "gill4", "Gill's fourth-order method",
            "S. Gill, A process for the step-by-step integration of differential equations in an automatic digital "
            "computing machine, Proc. Cambridge Philos. Soc. 47 (1951) 96-108",
            4, {{}, {s("1/2", "0")}, {s("-1/2", "1/2"), s("1", "-1/2")}, {s("0", "0"), s("0", "-1/2"), s("1", "1/2")}},
            {s("1/6", "0"), s("1/3", "-1/6"), s("1/3", "1/6"), s("1/6", "0")},
            {s("0", "0"), s("1/2", "0"), s("1/2", "0"), s("1", "0")}),
        {"Gill", "RK-Gill", "runge-kutta-gill"},
        "The method is irrational: Gill's closed form in sqrt 2 (a31 = (sqrt 2 - 1)/2, a32 = 1 - sqrt(2)/2, a42 = "
        "-sqrt(2)/2, a43 = 1 + sqrt(2)/2, b = (1/6, (2 - sqrt 2)/6, (2 + sqrt 2)/6, 1/6)), evaluated at 100 digits."));
  }
  return methods;
}

}  // namespace orderly::published
