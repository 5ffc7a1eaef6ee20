#pragma once
// The long tableaus: Verner's "most efficient" 6(5) pair and Fehlberg's 7(8) pair, exact.
// Naming as in embedded.hpp: "p(q)" propagates the order-p weights b; b_hat has order q.
#include <orderly/tableau.hpp>

namespace orderly::tableaus {

inline butcher_tableau verner65() {
  // Verner's published rational coefficients of the pair RKV65.IIIXb "Efficient" (his web page
  // www.sfu.ca/~jverner), transcribed from OrdinaryDiffEq.jl's Vern6Tableau (exact branch) and
  // DiffEqDevTools.jl's constructVernerEfficient6, which agree; the A entries also agree to 36
  // digits with the decimal table of MRKISS (mrkiss_eerk_verner_2010_6_5.f90). 9 stages, FSAL: the
  // last row of A is the 6th-order b.
  return make_tableau(
      {.name = "verner65",
       .title = "Verner 6(5) \"most efficient\"",
       .citation = "J. H. Verner, Numerically optimal Runge-Kutta pairs with interpolants, Numer. Algorithms "
                   "53 (2010) 383-396; coefficients from Verner's web page (RKV65.IIIXb Efficient) as in "
                   "OrdinaryDiffEq.jl Vern6",
       .order = 6,
       .embedded_order = 5,
       .a = {{},
             {"3/50"},
             {"519479/27000000", "2070721/27000000"},
             {"1439/40000", "0", "4317/40000"},
             {"109225017611/82828840000", "0", "-417627820623/82828840000", "43699198143/10353605000"},
             {"-8036815292643907349452552172369/191934985946683241245914401600", "0",
              "246134619571490020064824665/1543816496655405117602368",
              "-13880495956885686234074067279/113663489566254201783474344",
              "755005057777788994734129/136485922925633667082436"},
             {"-1663299841566102097180506666498880934230261/30558424506156170307020957791311384232000", "0",
              "130838124195285491799043628811093033/631862949514135618861563657970240",
              "-3287100453856023634160618787153901962873/20724314915376755629135711026851409200",
              "2771826790140332140865242520369241/396438716042723436917079980147600",
              "-1799166916139193/96743806114007800"},
             {"-832144750039369683895428386437986853923637763/15222974550069600748763651844667619945204887", "0",
              "818622075710363565982285196611368750/3936576237903728151856072395343129",
              "-9818985165491658464841194581385463434793741875/61642597962658994069869370923196463581866011",
              "31796692141848558720425711042548134769375/4530254033500045975557858016006308628092",
              "-14064542118843830075/766928748264306853644", "-1424670304836288125/2782839104764768088217"},
             {"382735282417/11129397249634", "0", "0", "5535620703125000/21434089949505429",
              "13867056347656250/32943296570459319", "626271188750/142160006043", "-51160788125000/289890548217",
              "163193540017/946795234"}},
       .b = {"382735282417/11129397249634", "0", "0", "5535620703125000/21434089949505429",
             "13867056347656250/32943296570459319", "626271188750/142160006043", "-51160788125000/289890548217",
             "163193540017/946795234", "0"},
       .c = {"0", "3/50", "1439/15000", "1439/10000", "4973/10000", "389/400", "1999/2000", "1", "1"},
       .b_embedded = {"124310637869885675646798613/2890072468789466426596827670", "0", "0",
                      "265863151737164990361330921875/1113197271463372303940319369579",
                      "3075493557174030806536302953125/6843749922042323876546949699876",
                      "67798000008733879813263055/29532792147666737550036372",
                      "-1099436585155390846238326375/15055706496446408859196167",
                      "26171252653086373181571802/368794478890732346033505", "1/30"}});
}

inline butcher_tableau rkf78() {
  // 13 stages. The 7th-order weights use stages 1-11, the 8th-order weights replace stage 1 and 11
  // by stages 12 and 13 (Fehlberg's construction: both weight sets share the error term's stages).
  // Coefficients as in Boost.Odeint runge_kutta_fehlberg78 (which propagates the 8th-order
  // weights); checked against a second transcription (a Python tableau_rkf78 on GitHub) and
  // confirmed exactly by the order-condition tests. As in odeint (and most libraries since), the
  // 8th-order solution is propagated (local extrapolation) and the 7th-order one estimates the
  // error: order 8, embedded order 7. (Fehlberg's report propagated the 7th-order solution; the
  // other weight set is one --weights embedded away.)
  return make_tableau(
      {.name = "rkf78",
       .title = "Runge-Kutta-Fehlberg 7(8)",
       .citation = "E. Fehlberg, Classical fifth-, sixth-, seventh-, and eighth-order Runge-Kutta formulas "
                   "with stepsize control, NASA TR R-287 (1968); coefficients as in Boost.Odeint "
                   "runge_kutta_fehlberg78",
       .order = 8,
       .embedded_order = 7,
       .a = {{},
             {"2/27"},
             {"1/36", "1/12"},
             {"1/24", "0", "1/8"},
             {"5/12", "0", "-25/16", "25/16"},
             {"1/20", "0", "0", "1/4", "1/5"},
             {"-25/108", "0", "0", "125/108", "-65/27", "125/54"},
             {"31/300", "0", "0", "0", "61/225", "-2/9", "13/900"},
             {"2", "0", "0", "-53/6", "704/45", "-107/9", "67/90", "3"},
             {"-91/108", "0", "0", "23/108", "-976/135", "311/54", "-19/60", "17/6", "-1/12"},
             {"2383/4100", "0", "0", "-341/164", "4496/1025", "-301/82", "2133/4100", "45/82", "45/164", "18/41"},
             {"3/205", "0", "0", "0", "0", "-6/41", "-3/205", "-3/41", "3/41", "6/41", "0"},
             {"-1777/4100", "0", "0", "-341/164", "4496/1025", "-289/82", "2193/4100", "51/82", "33/164", "12/41", "0",
              "1"}},
       .b = {"0", "0", "0", "0", "0", "34/105", "9/35", "9/35", "9/280", "9/280", "0", "41/840", "41/840"},
       .c = {"0", "2/27", "1/9", "1/6", "5/12", "1/2", "5/6", "1/6", "2/3", "1/3", "1", "0", "1"},
       .b_embedded = {"41/840", "0", "0", "0", "0", "34/105", "9/35", "9/35", "9/280", "9/280", "41/840", "0", "0"}});
}

}  // namespace orderly::tableaus
