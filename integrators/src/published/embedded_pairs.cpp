// Published embedded explicit Runge-Kutta pairs of orders up to 5(4): the catalog's pairs under
// their published names, then the pairs of the tableau corpus.
#include "published_entry.hpp"

#include <orderly/tableaus/embedded.hpp>

namespace orderly::published {

std::vector<published_method> embedded_pairs() {
  std::vector<published_method> methods;
  methods.push_back(from_catalog(tableaus::bs32(), "bs3", {"ode23", "ARKODE_BOGACKI_SHAMPINE_4_2_3"},
                                 "Exact rationals of the catalog (tableaus/embedded.hpp)."));
  methods.push_back(
      from_catalog(tableaus::rkf45(), "rkf45", {"Fehlberg45", "RKF4(5)", "ARKODE_FEHLBERG_6_4_5"},
                   "Exact rationals of the catalog (tableaus/embedded.hpp); b holds the fourth-order "
                   "weights Fehlberg propagated, b_hat the fifth-order ones (SUNDIALS, DiffEqDevTools and most "
                   "libraries propagate the fifth-order ones: the same tableau with the weight sets swapped)."));
  methods.push_back(
      from_catalog(tableaus::cash_karp54(), "cash-karp", {"CashKarp", "CK5", "ARKODE_CASH_KARP_6_4_5"},
                   "Exact rationals of the catalog (tableaus/embedded.hpp), as in Cash and Karp's paper, "
                   "Boost.Odeint and SUNDIALS, which meet every fourth-order condition; DiffEqDevTools.jl's "
                   "constructCashKarp had two of b_hat misprinted (18574/48384 for 18575/48384, "
                   "13525/554296 for 13525/55296, which break its fourth order; fixed in its pull "
                   "request 23)."));
  methods.push_back(from_catalog(tableaus::dopri54(), "dopri5",
                                 {"DP5", "RK5(4)7M", "ode45", "ARKODE_DORMAND_PRINCE_7_4_5"},
                                 "Exact rationals of the catalog (tableaus/embedded.hpp)."));
  methods.push_back(entry(
      make_tableau({
          .name = "bs5",
          .title = "Bogacki-Shampine 5(4), 8 stages (first of the two fourth-order estimators)",
          .citation =
              "P. Bogacki, L.F. Shampine, An efficient Runge-Kutta (4,5) pair, Comput. Math. Appl. 32(6) (1996) 15-28",
          .order = 5,
          .embedded_order = 4,
          .a = {{},
                {"1/6"},
                {"2/27", "4/27"},
                {"183/1372", "-162/343", "1053/1372"},
                {"68/297", "-4/11", "42/143", "1960/3861"},
                {"597/22528", "81/352", "63099/585728", "58653/366080", "4617/20480"},
                {"174197/959244", "-30942/79937", "8152137/19744439", "666106/1039181", "-29421/29068",
                 "482048/414219"},
                {"587/8064", "0", "4440339/15491840", "24353/124800", "387/44800", "2152/5985", "7267/94080"}},
          .b = {"587/8064", "0", "4440339/15491840", "24353/124800", "387/44800", "2152/5985", "7267/94080", "0"},
          .c = {"0", "1/6", "2/9", "3/7", "2/3", "3/4", "1", "1"},
          .b_embedded = {"6059/80640", "0", "8559189/30983680", "26411/124800", "-927/89600", "443/1197", "7267/94080",
                         "0"},
      }),
      {"BogackiShampine5"},
      "Exact rationals as transcribed in DiffEqDevTools.jl src/ode_tableaus.jl constructBogakiShampine5 (SciML, commit "
      "70a3759), b_hat the first of the paper's two embedded fourth-order weight sets."));
  methods.push_back(entry(
      decimal_tableau(
          {
              .name = "tsit5",
              .title = "Tsitouras 5(4), 7 stages FSAL",
              .citation = "Ch. Tsitouras, Runge-Kutta pairs of order 5(4) satisfying only the first column simplifying "
                          "assumption, Comput. Math. Appl. 62 (2011) 770-775, Table 1",
              .order = 5,
              .embedded_order = 4,
              .a = {{},
                    {"161/1000"},
                    {"-0.008480655492356988544426874250230774675121177393430391537369234245294192976164141156943",
                     "0.3354806554923569885444268742502307746751211773934303915373692342452941929761641411569"},
                    {"2.897153057105493432130432594192938764924887287701866490314866693455023795137503079289",
                     "-6.359448489975074843148159912383825625952700647415626703305928850207288721235210244366",
                     "4.362295432869581411017727318190886861027813359713760212991062156752264926097707165077"},
                    {"5.325864828439256604428877920840511317836476253097040101202360397727981648835607691791",
                     "-11.74888356406282787774717033978577296188744178259862899288666928009020615663593781589",
                     "7.495539342889836208304604784564358155658679161518186721010132816213648793440552049753",
                     "-0.09249506636175524925650207933207191611349983406029535244034750452930469056411389539635"},
                    {"5.861455442946420028659251486982647890394337666164814434818157239052507339770711679748",
                     "-12.92096931784710929170611868178335939541780751955743459166312250439928519268343184452",
                     "8.159367898576158643180400794539253485181918321135053305748355423955009222648673734986",
                     "-0.07158497328140099722453054252582973869127213147363544882721139659546372402303777878835",
                     "-0.02826905039406838290900305721271224146717633626879770007617876201276764571291579142206"},
                    {"0.09646076681806522951816731316512876333711995238157997181903319145764851595234062815396",
                     "1/100", "0.4798896504144995747752495322905965199130404621990332488332634944254542060153074523509",
                     "1.379008574103741893192274821856872770756462643091360525934940067397245698027561293331",
                     "-3.290069515436080679901047585711363850115683290894936158531296799594813811049925401677",
                     "2.324710524099773982415355918398765796109060233222962411944060046314465391054716027841"}},
              .b = {"0.09646076681806522951816731316512876333711995238157997181903319145764851595234062815396", "1/100",
                    "0.4798896504144995747752495322905965199130404621990332488332634944254542060153074523509",
                    "1.379008574103741893192274821856872770756462643091360525934940067397245698027561293331",
                    "-3.290069515436080679901047585711363850115683290894936158531296799594813811049925401677",
                    "2.324710524099773982415355918398765796109060233222962411944060046314465391054716027841", "0"},
              .c = {"0", "161/1000", "327/1000", "9/10",
                    "0.9800255409045096857298102862870245954942137979563024768854764293221195950761080302604", "1",
                    "1"},
              .b_embedded = {"0.09468075576583945807478876255758922856117527357724631226139574065785592789071067303271",
                             "0.00918356554034325309677636393664531375981374624098409523890593953292295524725360868727",
                             "0.4877705284247615707855642599631228241516691959761363774365216240304071651579571959813",
                             "1.234297566930478985655109673884237654035539930748192848315425833500484878378061439761",
                             "-2.707712349983525454881109975059321670689605166938197378763992255714444407154902012702",
                             "1.866628418170587035753719399566211498666255505244122593996591602841258328965767580089",
                             "1/66"},
          },
          84),
      {"Tsitouras5", "ARKODE_TSITOURAS_7_4_5"},
      "The method is irrational: the 85-digit decimals of DiffEqDevTools.jl src/ode_tableaus.jl constructTsitouras5 "
      "(SciML, commit 70a3759), kept in Orderly's tableau corpus (tests/corpus/generate_expected.py). The paper's "
      "Table 1 prints b_hat - b (the last entry with its sign flipped) under the name b_hat; SUNDIALS 7.5.0 (commit "
      "c8dabce) ships another fourth-order embedding (b_hat_7 = 1/40, from the paper's Mathematica code), replaced by "
      "this one (b_hat_7 = 1/66) in llnl/sundials pull request 850."));
  methods.push_back(entry(
      decimal_tableau(
          {
              .name = "calvo65",
              .title = "Calvo-Montijano-Randez 6(5), 9 stages",
              .citation = "M. Calvo, J.I. Montijano, L. Randez, A new embedded pair of Runge-Kutta formulas of orders "
                          "5 and 6, Comput. Math. Appl. 20(1) (1990) 15-24",
              .order = 6,
              .embedded_order = 5,
              .a = {{},
                    {"2/15"},
                    {"1/20", "3/20"},
                    {"3/40", "0", "9/40"},
                    {"86727015/196851553", "-60129073/52624712", "957436434/1378352377", "83886832/147842441"},
                    {"-86860849/45628967", "111022885/25716487", "108046682/101167669", "-141756746/36005461",
                     "73139862/60170633"},
                    {"77759591/16096467", "-49252809/6452555", "-381680111/51572984", "879269579/66788831",
                     "-90453121/33722162", "111179552/157155827"},
                    {"237564263/39280295", "-100523239/10677940", "-265574846/27330247", "317978411/18988713",
                     "-124494385/35453627", "86822444/100138635", "-12873523/724232625"},
                    {"17572349/289262523", "0", "57513011/201864250", "15587306/354501571", "71783021/234982865",
                     "29672000/180480167", "65567621/127060952", "-79074570/210557597"}},
              .b = {"17572349/289262523", "0", "57513011/201864250", "15587306/354501571", "71783021/234982865",
                    "29672000/180480167", "65567621/127060952", "-79074570/210557597", "0"},
              .c = {"0", "2/15", "1/5", "3/10", "1182159260079967571265255495618615/2110998678714227640694716232430152",
                    "195461204332274076961171940137900166882/257185795174045098421032690590394531313",
                    "935727715167177692183130543684513756463536161/947991152452427817336563565409683658464065880",
                    "2632251615253274122004405784549895614090969017721/"
                    "2632251615253274993106184883624093152847218728500",
                    "335521539458895669334249956023814575968956166420310505293/"
                    "335521539458895654452819702826116730631011972318674979000"},
              .b_embedded = {"15231665/510830334", "0", "59452991/116050448", "-28398517/122437738",
                             "56673824/137010559", "68003849/426673583", "7097631/37564021", "-71226429/583093742",
                             "1/20"},
          },
          15),
      {"CMR6"},
      "The published rationals as transcribed in nodepy runge_kutta_method.py loadRKM CMR6 (ketch/nodepy, commit "
      "0f071ac); they approximate an irrational method and meet its order conditions to about 1e-15, so they are "
      "treated as 15-digit values."));
  methods.push_back(entry(make_tableau({
                              .name = "fehlberg12",
                              .title = "Fehlberg 1(2), three stages FSAL",
                              .citation = "E. Fehlberg, Low-order classical Runge-Kutta formulas with stepsize control "
                                          "and their application to some heat transfer problems, NASA TR R-315 (1969)",
                              .order = 1,
                              .embedded_order = 2,
                              .a = {{}, {"1/2"}, {"1/256", "255/256"}},
                              .b = {"1/256", "255/256", "0"},
                              .c = {"0", "1/2", "1"},
                              .b_embedded = {"1/512", "255/256", "1/512"},
                          }),
                          {"RKF12", "RKF1(2)"},
                          "Exact rationals typed from Fehlberg's report (NASA TR R-315: a31 = 1/256, a32 = 255/256); b "
                          "is the first-order solution Fehlberg propagated, b_hat the second-order one."));
  methods.push_back(entry(
      make_tableau({
          .name = "heun-euler",
          .title = "Heun-Euler 2(1)",
          .citation = "K. Heun, Neue Methoden zur approximativen Integration der Differentialgleichungen einer "
                      "unabhaengigen Veraenderlichen, Z. Math. Phys. 45 (1900) 23-38; the Euler step as its estimate",
          .order = 2,
          .embedded_order = 1,
          .a = {{}, {"1"}},
          .b = {"1/2", "1/2"},
          .c = {"0", "1"},
          .b_embedded = {"1", "0"},
      }),
      {"ARKODE_HEUN_EULER_2_1_2", "HeunEuler"},
      "Exact rationals verbatim from SUNDIALS src/arkode/arkode_butcher_erk.def ARKODE_HEUN_EULER_2_1_2 "
      "(LLNL/sundials, commit c8dabce)."));
  methods.push_back(entry(
      make_tableau({
          .name = "merson43",
          .title = "Merson 4(\"5\"), five stages",
          .citation = "R.H. Merson, An operational method for the study of integration processes, Proc. Symp. Data "
                      "Processing, Weapons Research Establishment, Salisbury, Australia (1957) 110-125; E. Hairer, "
                      "S.P. Norsett, G. Wanner, Solving Ordinary Differential Equations I, 2nd ed. (1993), Sect. II.4",
          .order = 4,
          .embedded_order = 3,
          .a = {{}, {"1/3"}, {"1/6", "1/6"}, {"1/8", "0", "3/8"}, {"1/2", "0", "-3/2", "2"}},
          .b = {"1/6", "0", "0", "2/3", "1/6"},
          .c = {"0", "1/3", "1/3", "1/2", "1"},
          .b_embedded = {"1/10", "0", "3/10", "2/5", "1/5"},
      }),
      {"Merson4", "RKM"},
      "Exact rationals typed from E. Hairer, S.P. Norsett, G. Wanner, Solving Ordinary Differential Equations I, 2nd "
      "ed. (1993), Sect. II.4; b is the fourth-order solution Merson propagated; his estimate (b - b_hat)/5 presumed "
      "fifth order but b_hat, as the conditions confirm, is only third order."));
  methods.push_back(entry(
      make_tableau({
          .name = "zonneveld43",
          .title = "Zonneveld 4(3), five stages",
          .citation =
              "J.A. Zonneveld, Automatic numerical integration, Mathematical Centre Tracts 8, Amsterdam (1964); E. "
              "Hairer, S.P. Norsett, G. Wanner, Solving Ordinary Differential Equations I, 2nd ed. (1993), Sect. II.4",
          .order = 4,
          .embedded_order = 3,
          .a = {{}, {"1/2"}, {"0", "1/2"}, {"0", "0", "1"}, {"5/32", "7/32", "13/32", "-1/32"}},
          .b = {"1/6", "1/3", "1/3", "1/6", "0"},
          .c = {"0", "1/2", "1/2", "1", "3/4"},
          .b_embedded = {"-1/2", "7/3", "7/3", "13/6", "-16/3"},
      }),
      {"ARKODE_ZONNEVELD_5_3_4", "Zonneveld4"},
      "Exact rationals verbatim from SUNDIALS src/arkode/arkode_butcher_erk.def ARKODE_ZONNEVELD_5_3_4 (LLNL/sundials, "
      "commit c8dabce), as in E. Hairer, S.P. Norsett, G. Wanner, Solving Ordinary Differential Equations I, 2nd ed. "
      "(1993), Sect. II.4."));
  methods.push_back(entry(
      make_tableau({
          .name = "sofroniou-spaletta43",
          .title = "Sofroniou-Spaletta 4(3), five stages",
          .citation = "M. Sofroniou, G. Spaletta, Construction of explicit Runge-Kutta pairs with stiffness detection, "
                      "Math. Comput. Modelling 40 (2004) 1157-1169",
          .order = 4,
          .embedded_order = 3,
          .a = {{}, {"2/5"}, {"-3/20", "3/4"}, {"19/44", "-15/44", "10/11"}, {"11/72", "25/72", "25/72", "11/72"}},
          .b = {"11/72", "25/72", "25/72", "11/72", "0"},
          .c = {"0", "2/5", "3/5", "1", "1"},
          .b_embedded = {"1251515/8970912", "3710105/8970912", "2519695/8970912", "61105/8970912", "119041/747576"},
      }),
      {"ARKODE_SOFRONIOU_SPALETTA_5_3_4"},
      "Exact rationals verbatim from SUNDIALS src/arkode/arkode_butcher_erk.def ARKODE_SOFRONIOU_SPALETTA_5_3_4 "
      "(LLNL/sundials, commit c8dabce)."));
  methods.push_back(entry(
      make_tableau({
          .name = "sayfy-aburub43",
          .title = "Sayfy-Aburub 4(3), six stages",
          .citation =
              "A. Sayfy, A. Aburub, Embedded additive Runge-Kutta methods, Int. J. Comput. Math. 79 (2002) 945-953",
          .order = 4,
          .embedded_order = 3,
          .a = {{},
                {"1/2"},
                {"-1", "2"},
                {"1/6", "2/3", "1/6"},
                {"137/1000", "113/500", "137/1000", "0"},
                {"113/250", "-113/125", "-137/250", "0", "2"}},
          .b = {"1/6", "1/3", "1/12", "0", "1/3", "1/12"},
          .c = {"0", "1/2", "1", "1", "1/2", "1"},
          .b_embedded = {"1/6", "2/3", "1/6", "0", "0", "0"},
      }),
      {"ARKODE_SAYFY_ABURUB_6_3_4"},
      "Exact rationals verbatim from SUNDIALS src/arkode/arkode_butcher_erk.def ARKODE_SAYFY_ABURUB_6_3_4 "
      "(LLNL/sundials, commit c8dabce)."));
  methods.push_back(entry(
      decimal_tableau(
          {
              .name = "ark324-erk",
              .title = "ARK3(2)4L[2]SA, explicit part",
              .citation = "C.A. Kennedy, M.H. Carpenter, Additive Runge-Kutta schemes for "
                          "convection-diffusion-reaction equations, Appl. Numer. Math. 44 (2003) 139-181",
              .order = 3,
              .embedded_order = 2,
              .a = {{},
                    {"0.8717330430169179988320389023871136850586"},
                    {"0.52758901197630041156180797140291790433", "0.07241098802369958843819202859708209566999"},
                    {"0.3990960076760701320627260736092142797856", "-0.437557654613519443722846363831022571942",
                     "1.038461646937449311660120290221808292156"}},
              .b = {"0.1876410243467238251612921441668043913795", "-0.5952974735769549480478230275858851737782",
                    "0.9717899277217721234705114322255239398694", "0.4358665215084589994160194511935568425293"},
              .c = {"0", "0.8717330430169179988320389023871136850586", "3/5", "1"},
              .b_embedded = {"0.2147402862233891404862383406484193714659",
                             "-0.4851622638849390928209050808398155895845", "0.86872500252038755116621237682951240796",
                             "0.4016969751411624011684543633618838101586"},
          },
          38),
      {"ARKODE_ARK324L2SA_ERK_4_2_3"},
      "The method is irrational: 40-digit literals verbatim from SUNDIALS src/arkode/arkode_butcher_erk.def "
      "ARKODE_ARK324L2SA_ERK_4_2_3 (LLNL/sundials, commit c8dabce)."));

  methods.push_back(
      entry(make_tableau({
                .name = "sharp-smart54",
                .title = "Sharp-Smart 5(4), seven stages",
                .citation = "P.W. Sharp, J.M. Smart, Explicit Runge-Kutta pairs with one more derivative evaluation "
                            "than the minimum, SIAM J. Sci. Comput. 14 (1993) 338-348",
                .order = 5,
                .embedded_order = 4,
                .a = {{},
                      {"16/105"},
                      {"2/35", "6/35"},
                      {"0.2146728515625", "-0.6229248046875", "0.858251953125"},
                      {"347/1458", "-7/20", "3395/10044", "49792/112995"},
                      {"-1223224109959/9199771214400", "1234787701/2523942720", "568994101921/3168810084960",
                       "-105209683888/891227836395", "9/25"},
                      {"2462504862877/8306031988800", "-123991/287040", "106522578491/408709510560",
                       "590616498832/804646848915", "-319138726/534081275", "52758/71449"}},
                .b = {"1093/15120", "0", "60025/190992", "3200/20709", "1611/11960", "712233/2857960", "3/40"},
                .c = {"0", "16/105", "8/35", "9/20", "2/3", "7/9", "1"},
                .b_embedded = {"84018211/991368000", "0", "92098979/357791680", "17606944/67891005",
                               "3142101/235253200", "22004596809/70270091500", "9/125"},
            }),
            {"SharpSmart5"},
            "Exact rationals as transcribed in rklib src/rklib_variable_steps.f90 (jacobwilliams/rklib, commit "
            "a1bf2d2) rkss54, b_hat = b minus its error weights."));

  return methods;
}

}  // namespace orderly::published
