// Published fully implicit Runge-Kutta methods (collocation and discontinuous collocation): the
// catalog's methods under their published names, then those of the tableau corpus.
#include "published_entry.hpp"

#include <orderly/tableaus/implicit_methods.hpp>

namespace orderly::published {

std::vector<published_method> implicit_methods() {
  std::vector<published_method> methods;
  methods.push_back(from_catalog(tableaus::backward_euler(), "backward-euler",
                                 {"ImplicitEuler", "implicit-euler", "radau-iia1", "ARKODE_BACKWARD_EULER_1_1"},
                                 "Exact rationals of the catalog (tableaus/implicit_methods.hpp)."));
  methods.push_back(from_catalog(tableaus::implicit_midpoint(), "implicit-midpoint",
                                 {"ImplicitMidpoint", "gauss1", "ARKODE_IMPLICIT_MIDPOINT_1_2"},
                                 "Exact rationals of the catalog (tableaus/implicit_methods.hpp)."));
  methods.push_back(from_catalog(tableaus::trapezoidal(), "trapezoid",
                                 {"lobatto-iiia2", "ARKODE_IMPLICIT_TRAPEZOIDAL_2_2"},
                                 "Exact rationals of the catalog (tableaus/implicit_methods.hpp)."));
  methods.push_back(
      from_catalog(tableaus::gauss4(), "gauss2", {"GaussLegendre4", "GL4"},
                   "The catalog's closed form in sqrt 3, evaluated at 100 digits (tableaus/implicit_methods.hpp)."));
  methods.push_back(
      from_catalog(tableaus::gauss6(), "gauss3", {"GaussLegendre6", "GL6"},
                   "The catalog's closed form in sqrt 15, evaluated at 100 digits (tableaus/implicit_methods.hpp)."));
  methods.push_back(from_catalog(tableaus::radau_iia(3, "radau5"), "radau-iia3", {"RadauIIA5"},
                                 "The catalog's Radau IIA generator at 100 digits: nodes from the Radau polynomial, A "
                                 "from the collocation conditions (tableaus/radau_coefficients.hpp)."));
  methods.push_back(from_catalog(tableaus::radau_iia(5, "radau-iia5"), "radau-iia5", {"RadauIIA9"},
                                 "The catalog's Radau IIA generator at 100 digits (tableaus/radau_coefficients.hpp)."));
  methods.push_back(from_catalog(tableaus::radau_iia(7, "radau13"), "radau-iia7", {"RadauIIA13"},
                                 "The catalog's Radau IIA generator at 100 digits (tableaus/radau_coefficients.hpp)."));
  methods.push_back(entry(
      make_tableau({
          .name = "radau-ia2",
          .title = "Radau IA, 2 stages",
          .citation =
              "E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), Sect. IV.5, Table 5.3",
          .order = 3,
          .a = {{"1/4", "-1/4"}, {"1/4", "5/12"}},
          .b = {"1/4", "3/4"},
          .c = {"0", "2/3"},
      }),
      {"RadauIA3"},
      "Exact rationals typed from E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), "
      "Sect. IV.5."));
  methods.push_back(entry(
      make_tableau({
          .name = "radau-iia2",
          .title = "Radau IIA, 2 stages",
          .citation =
              "E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), Sect. IV.5, Table 5.5",
          .order = 3,
          .a = {{"5/12", "-1/12"}, {"3/4", "1/4"}},
          .b = {"3/4", "1/4"},
          .c = {"1/3", "1"},
      }),
      {"RadauIIA3"},
      "Exact rationals typed from E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), "
      "Table IV.5.5, as also in nodepy runge_kutta_method.py loadRKM RadauIIA2."));
  methods.push_back(entry(
      make_tableau({
          .name = "lobatto-iiia3",
          .title = "Lobatto IIIA, 3 stages",
          .citation = "E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), Sect. IV.5",
          .order = 4,
          .a = {{"0", "0", "0"}, {"5/24", "1/3", "-1/24"}, {"1/6", "2/3", "1/6"}},
          .b = {"1/6", "2/3", "1/6"},
          .c = {"0", "1/2", "1"},
      }),
      {"LobattoIIIA3"},
      "Exact rationals typed from E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), "
      "Sect. IV.5, as also in nodepy runge_kutta_method.py loadRKM LobattoIIIA3."));
  methods.push_back(entry(
      make_tableau({
          .name = "lobatto-iiib3",
          .title = "Lobatto IIIB, 3 stages",
          .citation = "E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), Sect. IV.5",
          .order = 4,
          .a = {{"1/6", "-1/6", "0"}, {"1/6", "1/3", "0"}, {"1/6", "5/6", "0"}},
          .b = {"1/6", "2/3", "1/6"},
          .c = {"0", "1/2", "1"},
      }),
      {"LobattoIIIB3"},
      "Exact rationals typed from E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), "
      "Sect. IV.5."));
  methods.push_back(entry(
      make_tableau({
          .name = "lobatto-iiic3",
          .title = "Lobatto IIIC, 3 stages",
          .citation = "E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), Sect. IV.5",
          .order = 4,
          .a = {{"1/6", "-1/3", "1/6"}, {"1/6", "5/12", "-1/12"}, {"1/6", "2/3", "1/6"}},
          .b = {"1/6", "2/3", "1/6"},
          .c = {"0", "1/2", "1"},
      }),
      {"LobattoIIIC3"},
      "Exact rationals typed from E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), "
      "Sect. IV.5, as also in nodepy runge_kutta_method.py loadRKM LobattoIIIC3."));
  methods.push_back(entry(
      decimal_tableau(
          {
              .name = "radau-ia3",
              .title = "Radau IA, 3 stages",
              .citation =
                  "E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), Sect. IV.5",
              .order = 5,
              .a = {{"0.1111111111111111111111111111111111111111", "-0.1916383190435098943442935597058828551092",
                     "0.08052720793239878323318244859477174399811"},
                    {"0.1111111111111111111111111111111111111111", "0.2920734116652284630205027458970589992882",
                     "-0.04813349705465738395134226447875924959593"},
                    {"0.1111111111111111111111111111111111111111", "0.5370223859435462728402311533676481384848",
                     "0.1968154772236604258683861429918298896007"}},
              .b = {"0.1111111111111111111111111111111111111111", "0.5124858261884216138388134465196080942213",
                    "0.3764030627004672750500754423692807946676"},
              .c = {"0", "0.3550510257216821901802715925294108608034", "0.8449489742783178098197284074705891391966"},
          },
          40),
      {"RadauIA5"},
      "The method is irrational (sqrt 6): every entry correctly rounded to 40 significant digits from the values "
      "computed at 120 digits (sympy, mpmath) from its defining conditions by Orderly's tableau corpus "
      "(tests/corpus/generate_expected.py)."));
  methods.push_back(
      entry(decimal_tableau(
                {
                    .name = "lobatto-iiic4",
                    .title = "Lobatto IIIC, 4 stages",
                    .citation =
                        "E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), Sect. IV.5",
                    .order = 6,
                    .a = {{"0.0833333333333333333333333333333", "-0.186338998124982474700764472394",
                           "0.186338998124982474700764472394", "-0.0833333333333333333333333333333"},
                          {"0.0833333333333333333333333333333", "0.25", "-0.0942079307083087979144035946853",
                           "0.0372677996249964949401528944789"},
                          {"0.0833333333333333333333333333333", "0.427541264041642131247736928019", "0.25",
                           "-0.0372677996249964949401528944789"},
                          {"0.0833333333333333333333333333333", "0.416666666666666666666666666667",
                           "0.416666666666666666666666666667", "0.0833333333333333333333333333333"}},
                    .b = {"0.0833333333333333333333333333333", "0.416666666666666666666666666667",
                          "0.416666666666666666666666666667", "0.0833333333333333333333333333333"},
                    .c = {"0", "0.276393202250021030359082633127", "0.723606797749978969640917366873", "1"},
                },
                30),
            {"LobattoIIIC4"},
            "The method is irrational (sqrt 5): every entry correctly rounded to 30 significant digits from the values "
            "computed at 120 digits from its defining conditions by Orderly's tableau corpus "
            "(tests/corpus/generate_expected.py)."));
  return methods;
}

}  // namespace orderly::published
