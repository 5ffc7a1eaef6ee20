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
  {
    const quadratic_field s(6);
    methods.push_back(entry(
        tableau_from_high_precision(
            "radau-ia3", "Radau IA, 3 stages",
            "E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), Sect. IV.5", 5,
            {{s("1/9", "0"), s("-1/18", "-1/18"), s("-1/18", "1/18")},
             {s("1/9", "0"), s("11/45", "7/360"), s("11/45", "-43/360")},
             {s("1/9", "0"), s("11/45", "43/360"), s("11/45", "-7/360")}},
            {s("1/9", "0"), s("4/9", "1/36"), s("4/9", "-1/36")}, {s("0", "0"), s("3/5", "-1/10"), s("3/5", "1/10")}),
        {"RadauIA5"},
        "The method is irrational: its closed form in sqrt 6 (c = 0, (6 -+ sqrt 6)/10), identified exactly from the "
        "40-digit values of Orderly's tableau corpus and evaluated at 100 digits; the order conditions confirm it to "
        "80 digits."));
  }
  {
    const quadratic_field s(5);
    methods.push_back(
        entry(tableau_from_high_precision(
                  "lobatto-iiic4", "Lobatto IIIC, 4 stages",
                  "E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), Sect. IV.5", 6,
                  {{s("1/12", "0"), s("0", "-1/12"), s("0", "1/12"), s("-1/12", "0")},
                   {s("1/12", "0"), s("1/4", "0"), s("1/6", "-7/60"), s("0", "1/60")},
                   {s("1/12", "0"), s("1/6", "7/60"), s("1/4", "0"), s("0", "-1/60")},
                   {s("1/12", "0"), s("5/12", "0"), s("5/12", "0"), s("1/12", "0")}},
                  {s("1/12", "0"), s("5/12", "0"), s("5/12", "0"), s("1/12", "0")},
                  {s("0", "0"), s("1/2", "-1/10"), s("1/2", "1/10"), s("1", "0")}),
              {"LobattoIIIC4"},
              "The method is irrational: its closed form in sqrt 5 (c = 0, (5 -+ sqrt 5)/10, 1), identified exactly "
              "from the 30-digit values of Orderly's tableau corpus and evaluated at 100 digits; the order conditions "
              "confirm it to 80 digits."));
  }
  return methods;
}

}  // namespace orderly::published
