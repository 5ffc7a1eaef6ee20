// Published diagonally implicit Runge-Kutta methods (SDIRK and ESDIRK), with their error
// estimates where published: the catalog's SDIRK under its published name, then those of the
// tableau corpus.
#include "published_entry.hpp"

#include <orderly/tableaus/implicit_methods.hpp>

#include <boost/math/constants/constants.hpp>

namespace orderly::published {

std::vector<published_method> sdirk_methods() {
  std::vector<published_method> methods;
  methods.push_back(from_catalog(tableaus::sdirk2(), "alexander-sdirk2", {"SDIRK22"},
                                 "The catalog's closed form gamma = 1 - sqrt(2)/2, evaluated at 100 digits "
                                 "(tableaus/implicit_methods.hpp)."));
  methods.push_back(entry(
      make_tableau({
          .name = "hw-sdirk4",
          .title = "Hairer-Wanner L-stable SDIRK4, 5 stages, gamma = 1/4, with third-order estimate",
          .citation =
              "E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), Sect. IV.6, Table 6.5",
          .order = 4,
          .embedded_order = 3,
          .a = {{"1/4", "0", "0", "0", "0"},
                {"1/2", "1/4", "0", "0", "0"},
                {"17/50", "-1/25", "1/4", "0", "0"},
                {"371/1360", "-137/2720", "15/544", "1/4", "0"},
                {"25/24", "-49/48", "125/16", "-85/12", "1/4"}},
          .b = {"25/24", "-49/48", "125/16", "-85/12", "1/4"},
          .c = {"1/4", "3/4", "11/20", "1/2", "1"},
          .b_embedded = {"59/48", "-17/96", "225/32", "-85/12", "0"},
      }),
      {"SDIRK54", "ARKODE_SDIRK_5_3_4"},
      "Exact rationals typed from E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996), "
      "Sect. IV.6, as also in nodepy runge_kutta_method.py loadRKM SDIRK54 and SUNDIALS "
      "src/arkode/arkode_butcher_dirk.def ARKODE_SDIRK_5_3_4."));
  methods.push_back(entry(
      decimal_tableau(
          {
              .name = "ark324-esdirk",
              .title = "ARK3(2)4L[2]SA, implicit (ESDIRK) part",
              .citation = "C.A. Kennedy, M.H. Carpenter, Additive Runge-Kutta schemes for "
                          "convection-diffusion-reaction equations, Appl. Numer. Math. 44 (2003) 139-181",
              .order = 3,
              .embedded_order = 2,
              .a = {{"0", "0", "0", "0"},
                    {"0.4358665215084589994160194511935568425293", "0.4358665215084589994160194511935568425293", "0",
                     "0"},
                    {"0.2576482460664272457999960162840797092643", "-0.09351476757488624521601546747763655179361",
                     "0.4358665215084589994160194511935568425293", "0"},
                    {"0.1876410243467238251612921441668043913795", "-0.5952974735769549480478230275858851737782",
                     "0.9717899277217721234705114322255239398694", "0.4358665215084589994160194511935568425293"}},
              .b = {"0.1876410243467238251612921441668043913795", "-0.5952974735769549480478230275858851737782",
                    "0.9717899277217721234705114322255239398694", "0.4358665215084589994160194511935568425293"},
              .c = {"0", "0.8717330430169179988320389023871136850586", "0.6", "1"},
              .b_embedded = {"0.2147402862233891404862383406484193714659",
                             "-0.4851622638849390928209050808398155895845", "0.86872500252038755116621237682951240796",
                             "0.4016969751411624011684543633618838101586"},
          },
          38),
      {"ARKODE_ARK324L2SA_DIRK_4_2_3"},
      "The method is irrational: 40-digit literals verbatim from SUNDIALS src/arkode/arkode_butcher_dirk.def "
      "ARKODE_ARK324L2SA_DIRK_4_2_3 (LLNL/sundials, commit c8dabce); the paper's rationals (as in OrdinaryDiffEq.jl "
      "KenCarp3Tableau) approximate it to about 1e-26."));
  methods.push_back(
      entry(decimal_tableau(
                {
                    .name = "kvaerno423",
                    .title = "Kvaerno ESDIRK 3(2), 4 stages",
                    .citation = "A. Kvaerno, Singly diagonally implicit Runge-Kutta methods with an explicit first "
                                "stage, BIT 44 (2004) 489-502",
                    .order = 3,
                    .embedded_order = 2,
                    .a = {{"0", "0", "0", "0"},
                          {"0.4358665215084589994160194511935568425293", "0.4358665215084589994160194511935568425293",
                           "0", "0"},
                          {"0.4905633884217805706284679584665446902307", "0.07357009006976042995551259033989846723997",
                           "0.4358665215084589994160194511935568425293", "0"},
                          {"0.30880996997674652334816246988670051092", "1.490563388421780570628467958466544690231",
                           "-1.23523987990698609339264987954680204368", "0.4358665215084589994160194511935568425293"}},
                    .b = {"0.30880996997674652334816246988670051092", "1.490563388421780570628467958466544690231",
                          "-1.23523987990698609339264987954680204368", "0.4358665215084589994160194511935568425293"},
                    .c = {"0", "0.8717330430169179988320389023871136850586", "1", "1"},
                    .b_embedded = {"0.4905633884217805706284679584665446902307",
                                   "0.07357009006976042995551259033989846723997",
                                   "0.4358665215084589994160194511935568425293", "0"},
                },
                38),
            {"ARKODE_KVAERNO_4_2_3", "Kvaerno3"},
            "The method is irrational: 40-digit literals verbatim from SUNDIALS src/arkode/arkode_butcher_dirk.def "
            "ARKODE_KVAERNO_4_2_3 (LLNL/sundials, commit c8dabce)."));
  methods.push_back(entry(
      decimal_tableau(
          {
              .name = "cash-sdirk534",
              .title = "Cash SDIRK 4(3), 5 stages",
              .citation = "J.R. Cash, Diagonally implicit Runge-Kutta formulae with error estimates, J. Inst. Math. "
                          "Appl. 24 (1979) 293-301",
              .order = 4,
              .embedded_order = 3,
              .a = {{"0.4358665215084589994160194511935568425293", "0", "0", "0", "0"},
                    {"-1.135866521508458999416019451193556842529", "0.4358665215084589994160194511935568425293", "0",
                     "0", "0"},
                    {"1.085433306501187798233740932177548948256", "-0.7212998280096467976497603833711057907848",
                     "0.4358665215084589994160194511935568425293", "0", "0"},
                    {"0.4163495015787799872439975203112232915822", "0.1909840041795561340637290424182710083545",
                     "-0.1186432654601150605249854908172545332519", "0.4358665215084589994160194511935568425293", "0"},
                    {"0.8968696529704295827357809984030487598656", "0.01827252727396890379954420931708867645445",
                     "-0.08459003110197203803096641412326485130547", "-0.2664186706508854479203782447904294275438",
                     "0.4358665215084589994160194511935568425293"}},
              .b = {"0.8968696529704295827357809984030487598656", "0.01827252727396890379954420931708867645445",
                    "-0.08459003110197203803096641412326485130547", "-0.2664186706508854479203782447904294275438",
                    "0.4358665215084589994160194511935568425293"},
              .c = {"0.4358665215084589994160194511935568425293", "-0.7", "0.8",
                    "0.9245567618066800601987605231057966092142", "1"},
              .b_embedded = {"0.7766919329157524221967851040635650689914",
                             "0.02974727915032039108861503804581544141749",
                             "-0.02674402391564096382835552392654800827276",
                             "0.2203048118495681505429553818171674978639", "0"},
          },
          40),
      {"ARKODE_CASH_5_3_4"},
      "The method is irrational: 40-digit literals verbatim from SUNDIALS src/arkode/arkode_butcher_dirk.def "
      "ARKODE_CASH_5_3_4 (LLNL/sundials, commit c8dabce)."));
  {
    const quadratic_field s(3);
    methods.push_back(entry(
        tableau_from_high_precision("crouzeix-sdirk23",
                                    "Crouzeix-Norsett two-stage SDIRK of order 3, gamma = (3 + sqrt 3)/6",
                                    "M. Crouzeix, Sur l'approximation des equations differentielles operationnelles "
                                    "lineaires par des methodes de Runge-Kutta, These, Paris (1975); S.P. Norsett, "
                                    "Semi explicit Runge-Kutta methods, Report 6/74, Trondheim (1974)",
                                    3, {{s("1/2", "1/6"), s("0", "0")}, {s("0", "-1/3"), s("1/2", "1/6")}},
                                    {s("1/2", "0"), s("1/2", "0")}, {s("1/2", "1/6"), s("1/2", "-1/6")}),
        {"SDIRK23"},
        "The method is irrational: its closed form gamma = 1/2 + sqrt(3)/6, a21 = -sqrt(3)/3, b = (1/2, 1/2), "
        "evaluated at 100 digits (the same values as in nodepy loadRKM SDIRK23 and Hairer-Wanner II, Sect. IV.6)."));
  }
  {
    // gamma = 1/2 + cos(pi/18)/sqrt(3), the root of 24 g^3 - 36 g^2 + 12 g - 1 = 0 that makes the method
    // A-stable; b = (delta, 1 - 2 delta, delta) with delta = 1/(6 (1 - 2 gamma)^2).
    const high_precision gamma =
        high_precision(1) / 2 + cos(boost::math::constants::pi<high_precision>() / 18) / sqrt(high_precision(3));
    const high_precision delta = 1 / (6 * (1 - 2 * gamma) * (1 - 2 * gamma));
    methods.push_back(entry(
        tableau_from_high_precision(
            "norsett-sdirk34", "Norsett-Crouzeix three-stage SDIRK of order 4, gamma = 1/2 + cos(pi/18)/sqrt 3",
            "S.P. Norsett, Semi explicit Runge-Kutta methods, Report 6/74, Trondheim (1974); M. "
            "Crouzeix, These, Paris (1975); E. Hairer, G. Wanner, Solving Ordinary Differential "
            "Equations II, 2nd ed. (1996), Sect. IV.6",
            4, {{gamma}, {high_precision(1) / 2 - gamma, gamma}, {2 * gamma, 1 - 4 * gamma, gamma}},
            {delta, 1 - 2 * delta, delta}, {gamma, high_precision(1) / 2, 1 - gamma}),
        {"SDIRK34"},
        "The method is irrational: its closed form (a21 = 1/2 - gamma, a31 = 2 gamma, a32 = 1 - 4 gamma, b = (delta, 1 "
        "- 2 delta, delta), c = (gamma, 1/2, 1 - gamma)) as in Hairer-Wanner II, Sect. IV.6 and nodepy loadRKM "
        "SDIRK34, evaluated at 100 digits; it agrees with the 40-digit values of Orderly's tableau corpus."));
  }
  {
    // gamma: the root near 0.4359 of 6 g^3 - 18 g^2 + 9 g - 1 = 0 (L-stability), by Newton's method at 100
    // digits from its 40 published digits, which each step doubles.
    constexpr int newton_steps = 3;
    high_precision gamma("0.4358665215084589994160194511935568425293");
    for (int step = 0; step < newton_steps; ++step)
      gamma -= (((6 * gamma - 18) * gamma + 9) * gamma - 1) / ((18 * gamma - 36) * gamma + 9);
    const high_precision b1 = -(6 * gamma * gamma - 16 * gamma + 1) / 4, b2 = (6 * gamma * gamma - 20 * gamma + 5) / 4;
    methods.push_back(entry(
        tableau_from_high_precision(
            "alexander-sdirk3", "Alexander's three-stage L-stable SDIRK of order 3",
            "R. Alexander, Diagonally implicit Runge-Kutta methods for stiff O.D.E.'s, SIAM J. Numer. "
            "Anal. 14 (1977) 1006-1021",
            3, {{gamma}, {(1 - gamma) / 2, gamma}, {b1, b2, gamma}}, {b1, b2, gamma},
            {gamma, (1 + gamma) / 2, high_precision(1)}),
        {"Alexander3"},
        "The method is irrational: its closed form in gamma (a21 = (1 - gamma)/2, b1 = -(6 gamma^2 - 16 gamma + 1)/4, "
        "b2 = (6 gamma^2 - 20 gamma + 5)/4, b3 = gamma, stiffly accurate) as in Hairer-Wanner II, Sect. IV.6, with "
        "gamma from its cubic at 100 digits; it agrees with the 40-digit values of Orderly's tableau corpus."));
  }
  {
    const quadratic_field s(2);
    methods.push_back(entry(
        with_embedded(
            tableau_from_high_precision(
                "trbdf2", "TR-BDF2 as a three-stage ESDIRK, order 2 with third-order estimate",
                "R.E. Bank et al., Transient simulation of silicon devices and circuits, IEEE Trans. CAD 4 "
                "(1985) 436-451; M.E. Hosea, L.F. Shampine, Analysis and implementation of TR-BDF2, Appl. "
                "Numer. Math. 20 (1996) 21-37",
                2, {{s("0", "0")}, {s("1", "-1/2"), s("1", "-1/2")}, {s("0", "1/4"), s("0", "1/4"), s("1", "-1/2")}},
                {s("0", "1/4"), s("0", "1/4"), s("1", "-1/2")}, {s("0", "0"), s("2", "-1"), s("1", "0")}),
            3, {s("1/3", "-1/12"), s("1/3", "1/4"), s("1/3", "-1/6")}),
        {"ARKODE_TRBDF2_3_3_2"},
        "The method is irrational: its closed form in sqrt 2 (c2 = 2 - sqrt 2, a21 = a22 = 1 - sqrt(2)/2, a31 = a32 = "
        "sqrt(2)/4), in the ESDIRK form of SUNDIALS src/arkode/arkode_butcher_dirk.def ARKODE_TRBDF2_3_3_2, evaluated "
        "at 100 digits; it agrees with the 40-digit values of Orderly's tableau corpus."));
  }
  methods.push_back(
      entry(make_tableau({
                .name = "sdirk21",
                .title = "SDIRK 2(1), two stages, gamma = 1",
                .citation = "SUNDIALS ARKODE User Guide, Butcher tables: SDIRK-2-1 (A- and B-stable); A.C. Hindmarsh "
                            "et al., SUNDIALS: suite of nonlinear and differential/algebraic equation solvers, ACM "
                            "TOMS 31 (2005) 363-396",
                .order = 2,
                .embedded_order = 1,
                .a = {{"1", "0"}, {"-1", "1"}},
                .b = {"1/2", "1/2"},
                .c = {"1", "0"},
                .b_embedded = {"1", "0"},
            }),
            {"ARKODE_SDIRK_2_1_2"},
            "Exact rationals verbatim from SUNDIALS src/arkode/arkode_butcher_dirk.def ARKODE_SDIRK_2_1_2 "
            "(LLNL/sundials, commit c8dabce)."));
  methods.push_back(entry(
      decimal_tableau(
          {
              .name = "billington-sdirk",
              .title = "Billington SDIRK 2(3), three stages",
              .citation = "S.R. Billington, Type-insensitive codes for the solution of stiff and nonstiff systems of "
                          "ordinary differential equations, Master's thesis, Univ. of Manchester (1983)",
              .order = 2,
              .embedded_order = 3,
              .a = {{"0.2928932188134524755991556378951509607152", "0", "0"},
                    {"0.7989898732233306832236421389357730999754", "0.2928932188134524755991556378951509607152", "0"},
                    {"0.7407892288408794315482509093379275743089", "0.2592107711591205684517490906620724256911",
                     "0.2928932188134524755991556378951509607152"}},
              .b = {"0.7407892288408794315482509093379275743089", "0.2592107711591205684517490906620724256911", "0"},
              .c = {"0.2928932188134524755991556378951509607152", "1.091883092036783158822797776830924060691",
                    "1.292893218813452475599155637895150960715"},
              .b_embedded = {"0.6916651159922363998055890924735413039564", "0.5035970298833985839271813327898926698538",
                             "-0.1952621458756349837327704252634339738101"},
          },
          40),
      {"ARKODE_BILLINGTON_3_3_2", "Billington"},
      "The method is irrational: 40-digit literals verbatim from SUNDIALS src/arkode/arkode_butcher_dirk.def "
      "ARKODE_BILLINGTON_3_3_2 (LLNL/sundials, commit c8dabce)."));
  methods.push_back(entry(
      decimal_tableau(
          {
              .name = "kvaerno534",
              .title = "Kvaerno ESDIRK 4(3), five stages",
              .citation = "A. Kvaerno, Singly diagonally implicit Runge-Kutta methods with an explicit first stage, "
                          "BIT 44 (2004) 489-502",
              .order = 4,
              .embedded_order = 3,
              .a = {{"0", "0", "0", "0", "0"},
                    {"0.4358665215084589994160194511935568425293", "0.4358665215084589994160194511935568425293", "0",
                     "0", "0"},
                    {"0.1407377747247061961864132309262694299296", "-0.108365551381320799978225319235336026482",
                     "0.4358665215084589994160194511935568425293", "0", "0"},
                    {"0.1023994006199109976822794150595997362069", "-0.3768784522555561060886970749014278247138",
                     "0.8386125301271861089903982086482712459776", "0.4358665215084589994160194511935568425293", "0"},
                    {"0.1570248978603249371007885739812418750001", "0.1173304413704388486968184370770592278731",
                     "0.6166780303921214643483881261433096864945", "-0.326899891131344249562014588395167631897",
                     "0.4358665215084589994160194511935568425293"}},
              .b = {"0.1570248978603249371007885739812418750001", "0.1173304413704388486968184370770592278731",
                    "0.6166780303921214643483881261433096864945", "-0.326899891131344249562014588395167631897",
                    "0.4358665215084589994160194511935568425293"},
              .c = {"0", "0.8717330430169179988320389023871136850586", "0.4682387448518443956242073628844902459769",
                    "1", "1"},
              .b_embedded = {"0.1023994006199109976822794150595997362069",
                             "-0.3768784522555561060886970749014278247138",
                             "0.8386125301271861089903982086482712459776", "0.4358665215084589994160194511935568425293",
                             "0"},
          },
          38),
      {"ARKODE_KVAERNO_5_3_4", "Kvaerno4"},
      "The method is irrational: 40-digit literals verbatim from SUNDIALS src/arkode/arkode_butcher_dirk.def "
      "ARKODE_KVAERNO_5_3_4 (LLNL/sundials, commit c8dabce)."));
  methods.push_back(entry(
      decimal_tableau(
          {
              .name = "kvaerno745",
              .title = "Kvaerno ESDIRK 5(4), seven stages",
              .citation = "A. Kvaerno, Singly diagonally implicit Runge-Kutta methods with an explicit first stage, "
                          "BIT 44 (2004) 489-502",
              .order = 5,
              .embedded_order = 4,
              .a = {{"0", "0", "0", "0", "0", "0", "0"},
                    {"13/50", "13/50", "0", "0", "0", "0", "0"},
                    {"13/100", "0.8403332099679080963171360487915268154051", "13/50", "0", "0", "0", "0"},
                    {"0.2237196147832050559163143898290529441991", "0.4767553231979969983278927937270874162429",
                     "-0.06470895363112615133816161180658488282681", "13/50", "0", "0", "0"},
                    {"0.1664856432324832152535151725360430044452", "0.1045001884159172041151167240328967362455",
                     "0.03631482272098715161651993758285203251909", "-0.1309070445107399857071749645700052401819",
                     "13/50", "0", "0"},
                    {"0.1385564023126822495054973091161581456582", "0", "-0.04245337201752043098884399725982168512523",
                     "0.02446657898003141965963581513879101305561", "0.6194303907248067618237108730048725264114",
                     "13/50", "0"},
                    {"0.1365975117764029144062783844146127033921", "0", "-0.05496908796538376712487773114648630009105",
                     "-0.04118626728321046868299776958296295741592", "0.6299330489901640319161060392667246534806",
                     "0.06962479448202728948549107704811190063421", "13/50"}},
              .b = {"0.1365975117764029144062783844146127033921", "0", "-0.05496908796538376712487773114648630009105",
                    "-0.04118626728321046868299776958296295741592", "0.6299330489901640319161060392667246534806",
                    "0.06962479448202728948549107704811190063421", "13/50"},
              .c = {"0", "13/25", "1.230333209967908096317136048791526815405",
                    "0.8957659843500759029060455717495554776153", "0.4363936098586475852779768695817865330279", "1",
                    "1"},
              .b_embedded = {"0.1385564023126822495054973091161581456582", "0",
                             "-0.04245337201752043098884399725982168512523",
                             "0.02446657898003141965963581513879101305561",
                             "0.6194303907248067618237108730048725264114", "13/50", "0"},
          },
          38),
      {"ARKODE_KVAERNO_7_4_5", "Kvaerno5"},
      "The method is irrational: 40-digit literals verbatim from SUNDIALS src/arkode/arkode_butcher_dirk.def "
      "ARKODE_KVAERNO_7_4_5 (LLNL/sundials, commit c8dabce)."));
  methods.push_back(
      entry(make_tableau({
                .name = "ark436-esdirk",
                .title = "ARK4(3)6L[2]SA, implicit (ESDIRK) part",
                .citation = "C.A. Kennedy, M.H. Carpenter, Additive Runge-Kutta schemes for "
                            "convection-diffusion-reaction equations, Appl. Numer. Math. 44 (2003) 139-181",
                .order = 4,
                .embedded_order = 3,
                .a = {{"0", "0", "0", "0", "0", "0"},
                      {"1/4", "1/4", "0", "0", "0", "0"},
                      {"8611/62500", "-1743/31250", "1/4", "0", "0", "0"},
                      {"5012029/34652500", "-654441/2922500", "174375/388108", "1/4", "0", "0"},
                      {"15267082809/155376265600", "-71443401/120774400", "730878875/902184768", "2285395/8070912",
                       "1/4", "0"},
                      {"82889/524892", "0", "15625/83664", "69875/102672", "-2260/8211", "1/4"}},
                .b = {"82889/524892", "0", "15625/83664", "69875/102672", "-2260/8211", "1/4"},
                .c = {"0", "1/2", "83/250", "31/50", "17/20", "1"},
                .b_embedded = {"4586570599/29645900160", "0", "178811875/945068544", "814220225/1159782912",
                               "-3700637/11593932", "61727/225920"},
            }),
            {"ARKODE_ARK436L2SA_DIRK_6_3_4"},
            "Exact rationals verbatim from SUNDIALS src/arkode/arkode_butcher_dirk.def ARKODE_ARK436L2SA_DIRK_6_3_4 "
            "(LLNL/sundials, commit c8dabce)."));

  return methods;
}

}  // namespace orderly::published
