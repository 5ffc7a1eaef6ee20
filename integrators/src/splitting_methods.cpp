// The splitting methods Orderly ships, as data: compiled once (the 100-digit coefficients, the
// sixth-order solve among them, cost seconds of compile time in every file that used the list).
#include <orderly/splitting/methods.hpp>
#include <orderly/splitting/yoshida6.hpp>

#include <initializer_list>
#include <string_view>
#include <vector>

namespace orderly {

namespace {

std::vector<high_precision> parse_all(std::initializer_list<std::string_view> texts) {
  std::vector<high_precision> values;
  for (auto text : texts) values.push_back(to_high_precision(parse_exact(text)));
  return values;
}

// Symmetric composition S(g1 h) ... S(gs h) of the position Verlet (leapfrog) step
// S(h) = drift(h/2) kick(h) drift(h/2): adjacent half drifts merge, so the stages are
// drift = (g1/2, (g1+g2)/2, ..., (g_{s-1}+g_s)/2, g_s/2), kick = (g1, ..., gs, 0).
// This is the form in which Forest & Ruth (1990) wrote the fourth-order triple jump.
template <class Weights>
void compose_leapfrog(splitting_method& m, const Weights& g) {
  const high_precision half = high_precision(1) / 2;
  m.drift.clear();
  m.kick.clear();
  for (std::size_t k = 0; k < g.size(); ++k) {
    m.drift.push_back(k == 0 ? g[0] * half : (g[k - 1] + g[k]) * half);
    m.kick.push_back(g[k]);
  }
  m.drift.push_back(g[g.size() - 1] * half);
  m.kick.push_back(0);
}

}  // namespace

// Long for a reason: a data table, one entry per method with its published coefficients and source;
// split into functions it would read no better.
const std::vector<splitting_method>& splitting_methods() {
  static const std::vector<splitting_method> methods = [] {
    std::vector<splitting_method> all;

    // Kick first, then drift with the new momentum. Named as in GeometricIntegrators.jl
    // (SymplecticEulerA: p_{n+1} = p_n + h f(t_n, q_n), q_{n+1} = q_n + h v(p_{n+1})); it is the
    // "semi-implicit Euler" of the Integration Basics articles (velocity first, then position).
    all.push_back({.name = "symplectic-euler-a",
                   .title = "Symplectic Euler A (kick, then drift)",
                   .citation = "Hairer, Lubich, Wanner, Geometric Numerical Integration (2006), Thm. VI.3.3; "
                               "naming of GeometricIntegrators.jl (SymplecticEulerA)",
                   .order = 1,
                   .drift = parse_all({"0", "1"}),
                   .kick = parse_all({"1", "0"})});
    // Drift first, then kick at the new position: the adjoint of A; Boost.Odeint's symplectic_euler
    // (coef_a = {1}, coef_b = {1}).
    all.push_back({.name = "symplectic-euler-b",
                   .title = "Symplectic Euler B (drift, then kick)",
                   .citation = "Hairer, Lubich, Wanner, Geometric Numerical Integration (2006), Thm. VI.3.3; "
                               "Boost.Odeint symplectic_euler",
                   .order = 1,
                   .drift = parse_all({"1"}),
                   .kick = parse_all({"1"})});
    // Kick-drift-kick. The last force of a step is the first of the next: one force per step.
    all.push_back({.name = "velocity-verlet",
                   .title = "Velocity Verlet (Stormer-Verlet, kick-drift-kick)",
                   .citation = "Swope, Andersen, Berens, Wilson, J. Chem. Phys. 76 (1982) 637; "
                               "Hairer, Lubich, Wanner, Acta Numerica 12 (2003) 399",
                   .order = 2,
                   .drift = parse_all({"0", "1"}),
                   .kick = parse_all({"1/2", "1/2"})});
    // Drift-kick-drift (position Verlet).
    all.push_back({.name = "leapfrog",
                   .title = "Leapfrog (Stormer-Verlet, drift-kick-drift)",
                   .citation = "Hairer, Lubich, Wanner, Acta Numerica 12 (2003) 399, eq. (1.5)",
                   .order = 2,
                   .drift = parse_all({"1/2", "1/2"}),
                   .kick = parse_all({"1", "0"})});
    // Ruth (1983): kick 7/24, drift 2/3, kick 3/4, drift -2/3, kick -1/24, drift 1.
    all.push_back({.name = "ruth3",
                   .title = "Ruth's third-order symplectic method",
                   .citation = "R. D. Ruth, A canonical integration technique, IEEE Trans. Nucl. Sci. 30 (1983) 2669",
                   .order = 3,
                   .drift = parse_all({"0", "2/3", "-2/3", "1"}),
                   .kick = parse_all({"7/24", "3/4", "-1/24", "0"})});
    {
      // Triple jump: g = (w1, w0, w1), w1 = 1/(2 - 2^(1/3)), w0 = -2^(1/3)/(2 - 2^(1/3)).
      splitting_method m{.name = "yoshida4",
                         .title = "Forest-Ruth / Yoshida fourth-order triple jump",
                         .citation =
                             "E. Forest, R. D. Ruth, Physica D 43 (1990) 105; H. Yoshida, Phys. Lett. A 150 "
                             "(1990) 262",
                         .order = 4,
                         .derivation =
                             "w1 = 1/(2 - 2^(1/3)), w0 = -2^(1/3)/(2 - 2^(1/3)) evaluated in 100-digit "
                             "arithmetic; composition of leapfrog steps g = (w1, w0, w1)"};
      const high_precision cbrt2 = pow(high_precision(2), high_precision(1) / 3);
      const high_precision w1 = 1 / (2 - cbrt2);
      const high_precision w0 = -cbrt2 / (2 - cbrt2);
      compose_leapfrog(m, std::vector<high_precision>{w1, w0, w1});
      all.push_back(std::move(m));
    }
    {
      splitting_method m{.name = "yoshida6",
                         .title = "Yoshida sixth-order composition (solution A)",
                         .citation = "H. Yoshida, Phys. Lett. A 150 (1990) 262, Table 1, solution A",
                         .order = 6,
                         .derivation =
                             "7-fold symmetric composition of leapfrog; weights are the root, by Newton's "
                             "method in 100-digit arithmetic from Yoshida's 15-digit values, of the order-6 "
                             "conditions sum g^3 = sum g^5 = sum g_k^3 (g_1+...+g_{k-1}+g_k/2)^2 = 0"};
      const auto g = yoshida6_detail::composition(yoshida6_detail::weights_solution().w);
      compose_leapfrog(m, g);
      all.push_back(std::move(m));
    }
    {
      // McLachlan's symmetric 4th-order method with 4 force evaluations, coefficients in closed form
      // with z = sqrt(7/8)/3, in Boost.Odeint's order (symplectic_rkn_sb3a_m4_mclachlan.hpp):
      // drift = (1/2 - z, -1/3 + z, 2/3, -1/3 + z, 1/2 - z), kick = (1, -1/2, -1/2, 1, 0).
      splitting_method m{.name = "mclachlan4",
                         .title = "McLachlan's optimised fourth-order splitting (SB3A, m = 4)",
                         .citation =
                             "R. I. McLachlan, On the numerical integration of ordinary differential equations "
                             "by symmetric composition methods, SIAM J. Sci. Comput. 16 (1995) 151; "
                             "coefficients as in Boost.Odeint symplectic_rkn_sb3a_m4_mclachlan",
                         .order = 4,
                         .derivation = "z = sqrt(7/8)/3 evaluated in 100-digit arithmetic"};
      const high_precision z = sqrt(high_precision(7) / 8) / 3;
      const high_precision half = high_precision(1) / 2, third = high_precision(1) / 3;
      m.drift = {half - z, -third + z, 2 * third, -third + z, half - z};
      m.kick = parse_all({"1", "-1/2", "-1/2", "1", "0"});
      all.push_back(std::move(m));
    }
    return all;
  }();
  return methods;
}

}  // namespace orderly
