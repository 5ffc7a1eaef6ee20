#pragma once
// The stiff test problems. Five come from the Bari test set (F. Mazzia and C. Magherini, "Test
// Set for IVP Solvers", release 2.4, University of Bari, 2008; problem files rober.f, vdpol.f,
// hires.f, orego.f, e5.f), with the definitions, initial values and time spans of those files;
// two have closed-form solutions (a stiff damped spring and Prothero-Robinson).
//
// Every constant is a problem parameter, written as in the problem files ("7.89e-10") and read at
// 100 digits, then rounded once to T (no double literals): an mp50 right-hand side is the problem
// itself, not a double approximation of it. Changing a parameter changes the problem (the Bari
// reference values and the certification floors are for the defaults).
//
// Each problem also names its certification floor: the absolute size below which a component's
// difference is measured absolutely instead of relatively when a reference is certified
// (digits_i = -log10(|y_i - y'_i| / max(|y'_i|, floor))); see stiff_reference.hpp.
#include <orderly/problem.hpp>
#include <orderly/problems/support.hpp>

#include <cmath>
#include <stdexcept>
#include <string_view>

namespace orderly {

// x'' = -k x - c x' (unit mass) with k = 10^5, c = 10^5 + 1: an overdamped stiff spring whose two
// modes decay at rates 1 and 10^5 (characteristic roots -1 and -10^5, stiffness ratio 10^5).
// The solution varies on the time scale 1, while an explicit method is stable only for
// h < ~2.8e-5; x(0) = 1, v(0) = 0 gives x = (l2 e^(l1 t) - l1 e^(l2 t)) / (l2 - l1),
// v = l1 l2 (e^(l1 t) - e^(l2 t)) / (l2 - l1) with l1 = -1, l2 = -10^5.
struct stiff_spring_problem {
  static constexpr const char* certification_floor = "1e-30";
  static problem_info info() {
    return {.name = "stiff-spring",
            .description = "overdamped stiff spring x'' = -1e5 x - (1e5+1) x', roots -1 and -1e5 (stiffness ratio 1e5)",
            .citation =
                "Hairer & Wanner, Solving ODEs II (1996), sec. IV.1 (linear stiff test systems); the "
                "seed articles' spring-damper with k, b raised to the stiff regime",
            .dimension = 2,
            .stiff = true,
            .has_exact = true,
            .has_jacobian = true,
            .second_order = true,
            .nonlinear = false,
            .parameters = {{"k", "100000", "spring stiffness (unit mass)"},
                           {"c", "100001", "damping; c^2 > 4k (overdamped) is required"},
                           {"t_end", "10", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    const T k = problems::parameter<T>(*info, "k");
    const T damping = problems::parameter<T>(*info, "c");
    if (!(damping * damping > 4 * k) || !(k > 0))
      throw std::invalid_argument("stiff-spring needs k > 0 and c^2 > 4k (overdamped) for its closed form");
    // Characteristic roots of l^2 + c l + k = 0: l1 (slow, -1 for the defaults), l2 (fast, -1e5).
    using std::sqrt;
    const T root = sqrt(damping * damping - 4 * k);
    const T l1 = (-damping + root) / 2, l2 = (-damping - root) / 2;
    typed_problem<T> p;
    p.info = info;
    p.t0 = 0;
    p.t_end = problems::parameter<T>(*info, "t_end");
    p.y0 = {T(1), T(0)};
    p.rhs = [k, damping](const T&, const state_of<T>& y, state_of<T>& dydt) {
      dydt[0] = y[1];
      dydt[1] = -k * y[0] - damping * y[1];
    };
    p.jacobian = [k, damping](const T&, const state_of<T>&, std::vector<T>& j) {
      j.assign(4, T(0));
      j[1] = 1;
      j[2] = -k;
      j[3] = -damping;
    };
    p.exact = [l1, l2](const T& t) {
      using std::exp;
      const T e1 = exp(l1 * t), e2 = exp(l2 * t);
      return state_of<T>{(l2 * e1 - l1 * e2) / (l2 - l1), l1 * l2 * (e1 - e2) / (l2 - l1)};
    };
    return p;
  }
};

// y' = lambda (y - sin t) + cos t, lambda = -10^4, y(0) = 0: exact y = sin t. Every solution
// is attracted to sin t at rate 10^4; the classic test for order reduction of implicit RK methods.
struct prothero_robinson_problem {
  static constexpr const char* certification_floor = "1e-30";
  static problem_info info() {
    return {.name = "prothero-robinson",
            .description = "y' = -1e4 (y - sin t) + cos t, y(0) = 0: exact y = sin t (order-reduction test)",
            .citation =
                "A. Prothero and A. Robinson, On the stability and accuracy of one-step methods for "
                "solving stiff systems of ODEs, Math. Comp. 28 (1974) 145-162",
            .dimension = 1,
            .stiff = true,
            .has_exact = true,
            .has_jacobian = true,
            .nonautonomous = true,
            .nonlinear = false,
            .parameters = {{"lambda", "-10000", "stiffness: rate of attraction to sin t"},
                           {"t_end", "10", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    const T lambda = problems::parameter<T>(*info, "lambda");
    typed_problem<T> p;
    p.info = info;
    p.t0 = 0;
    p.t_end = problems::parameter<T>(*info, "t_end");
    p.y0 = {T(0)};
    p.rhs = [lambda](const T& t, const state_of<T>& y, state_of<T>& dydt) {
      using std::cos;
      using std::sin;
      dydt[0] = lambda * (y[0] - sin(t)) + cos(t);
    };
    p.jacobian = [lambda](const T&, const state_of<T>&, std::vector<T>& j) { j.assign(1, lambda); };
    p.exact = [](const T& t) {
      using std::sin;
      return state_of<T>{T(sin(t))};
    };
    return p;
  }
};

// ROBER (Bari test set, rober.f): y1' = -0.04 y1 + 1e4 y2 y3, y2' = 0.04 y1 - 1e4 y2 y3 - 3e7 y2^2,
// y3' = 3e7 y2^2, y(0) = (1, 0, 0), t in [0, 1e11]. y1 + y2 + y3 = 1 is conserved.
struct rober_problem {
  // y2 peaks at 3.6e-5 and falls to 8e-14 at t = 1e11: measured relatively down to 1e-30.
  static constexpr const char* certification_floor = "1e-30";
  static problem_info info() {
    return {.name = "rober",
            .description = "Robertson's autocatalytic reaction (3 species), t in [0, 1e11]",
            .citation =
                "H. H. Robertson, The solution of a set of reaction rate equations, in J. Walsh (ed.), "
                "Numerical Analysis: an Introduction, Academic Press (1966) 178-182; Bari IVP test set "
                "(Mazzia & Magherini), problem ROBER",
            .dimension = 3,
            .stiff = true,
            .has_jacobian = true,
            .parameters = {{"k1", "0.04", ""},
                           {"k2", "1e4", ""},
                           {"k3", "3e7", ""},
                           {"t_end", "1e11", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    const T k1 = problems::parameter<T>(*info, "k1"), k2 = problems::parameter<T>(*info, "k2"),
            k3 = problems::parameter<T>(*info, "k3");
    typed_problem<T> p;
    p.info = info;
    p.t0 = 0;
    p.t_end = problems::parameter<T>(*info, "t_end");
    p.y0 = {T(1), T(0), T(0)};
    p.rhs = [k1, k2, k3](const T&, const state_of<T>& y, state_of<T>& dydt) {
      dydt[0] = -k1 * y[0] + k2 * y[1] * y[2];
      dydt[2] = k3 * y[1] * y[1];
      dydt[1] = k1 * y[0] - k2 * y[1] * y[2] - dydt[2];
    };
    p.jacobian = [k1, k2, k3](const T&, const state_of<T>& y, std::vector<T>& j) {
      j.assign(9, T(0));
      j[0] = -k1;
      j[1] = k2 * y[2];
      j[2] = k2 * y[1];
      j[3] = k1;
      j[4] = -k2 * y[2] - 2 * k3 * y[1];
      j[5] = -k2 * y[1];
      j[7] = 2 * k3 * y[1];
    };
    p.invariants = {{"total mass y1+y2+y3", [](const T&, const state_of<T>& y) { return y[0] + y[1] + y[2]; }}};
    return p;
  }
};

// VDPOL (Bari test set, vdpol.f): van der Pol with mu = 1000 in the scaled form
// y1' = y2, y2' = ((1 - y1^2) y2 - y1) / eps, eps = 1/mu^2 = 1e-6, y(0) = (2, 0), t in [0, 2]
// (t is the original time divided by mu; y2 is mu times the original velocity).
struct vdpol_problem {
  static constexpr const char* certification_floor = "1e-30";
  static problem_info info() {
    return {.name = "vdpol",
            .description = "van der Pol oscillator, mu = 1000, scaled form with eps = 1e-6, t in [0, 2]",
            .citation =
                "B. van der Pol, On relaxation-oscillations, Phil. Mag. 2 (1926) 978-992; Bari IVP test "
                "set (Mazzia & Magherini), problem VDPOL; Hairer & Wanner, Solving ODEs II, IV.1",
            .dimension = 2,
            .stiff = true,
            .has_jacobian = true,
            .second_order = false,
            .parameters = {{"eps", "1e-6", "1/mu^2"}, {"t_end", "2", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    const T inverse_eps = 1 / problems::parameter<T>(*info, "eps");
    typed_problem<T> p;
    p.info = info;
    p.t0 = 0;
    p.t_end = problems::parameter<T>(*info, "t_end");
    p.y0 = {T(2), T(0)};
    p.rhs = [inverse_eps](const T&, const state_of<T>& y, state_of<T>& dydt) {
      dydt[0] = y[1];
      dydt[1] = ((1 - y[0] * y[0]) * y[1] - y[0]) * inverse_eps;
    };
    p.jacobian = [inverse_eps](const T&, const state_of<T>& y, std::vector<T>& j) {
      j.assign(4, T(0));
      j[1] = 1;
      j[2] = (-2 * y[0] * y[1] - 1) * inverse_eps;
      j[3] = (1 - y[0] * y[0]) * inverse_eps;
    };
    return p;
  }
};

// HIRES (Bari test set, hires.f): 8 reactions of the "High Irradiance RESponse" of photomorphogenesis,
// t in [0, 321.8122]. y7 + y8 is conserved (f7 + f8 = 0).
struct hires_problem {
  static constexpr const char* certification_floor = "1e-30";
  static problem_info info() {
    return {.name = "hires",
            .description = "HIRES plant-physiology kinetics (8 species), t in [0, 321.8122]",
            .citation =
                "E. Schaefer, A new approach to explain the 'high irradiance responses' of "
                "photomorphogenesis on the basis of phytochrome, J. Math. Biology 2 (1975) 41-56; Bari "
                "IVP test set (Mazzia & Magherini), problem HIRES",
            .dimension = 8,
            .stiff = true,
            .has_jacobian = true,
            .parameters = {{"t_end", "321.8122", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    auto constant = [](std::string_view text) { return problems::value<T>(text); };
    struct constants {
      T k171, k043, k832, k00007, k875, k1003, k0035, k112, k1745, k280, k069, k181;
    };
    // The rate constants as written in hires.f.
    const constants k{constant("1.71"),  constant("0.43"),  constant("8.32"),  constant("0.0007"),
                      constant("8.75"),  constant("10.03"), constant("0.035"), constant("1.12"),
                      constant("1.745"), constant("280"),   constant("0.69"),  constant("1.81")};
    typed_problem<T> p;
    p.info = info;
    p.t0 = 0;
    p.t_end = problems::parameter<T>(*info, "t_end");
    p.y0 = {T(1), T(0), T(0), T(0), T(0), T(0), T(0), constant("0.0057")};
    p.rhs = [k](const T&, const state_of<T>& y, state_of<T>& f) {
      f[0] = -k.k171 * y[0] + k.k043 * y[1] + k.k832 * y[2] + k.k00007;
      f[1] = k.k171 * y[0] - k.k875 * y[1];
      f[2] = -k.k1003 * y[2] + k.k043 * y[3] + k.k0035 * y[4];
      f[3] = k.k832 * y[1] + k.k171 * y[2] - k.k112 * y[3];
      f[4] = -k.k1745 * y[4] + k.k043 * (y[5] + y[6]);
      f[5] = -k.k280 * y[5] * y[7] + k.k069 * y[3] + k.k171 * y[4] - k.k043 * y[5] + k.k069 * y[6];
      f[6] = k.k280 * y[5] * y[7] - k.k181 * y[6];
      f[7] = -f[6];
    };
    p.jacobian = [k](const T&, const state_of<T>& y, std::vector<T>& j) {
      j.assign(64, T(0));
      auto at = [&j](int row, int column) -> T& { return j[(row - 1) * 8 + (column - 1)]; };
      at(1, 1) = -k.k171;
      at(1, 2) = k.k043;
      at(1, 3) = k.k832;
      at(2, 1) = k.k171;
      at(2, 2) = -k.k875;
      at(3, 3) = -k.k1003;
      at(3, 4) = k.k043;
      at(3, 5) = k.k0035;
      at(4, 2) = k.k832;
      at(4, 3) = k.k171;
      at(4, 4) = -k.k112;
      at(5, 5) = -k.k1745;
      at(5, 6) = k.k043;
      at(5, 7) = k.k043;
      at(6, 4) = k.k069;
      at(6, 5) = k.k171;
      at(6, 6) = -k.k280 * y[7] - k.k043;
      at(6, 7) = k.k069;
      at(6, 8) = -k.k280 * y[5];
      at(7, 6) = k.k280 * y[7];
      at(7, 7) = -k.k181;
      at(7, 8) = k.k280 * y[5];
      at(8, 6) = -k.k280 * y[7];
      at(8, 7) = k.k181;
      at(8, 8) = -k.k280 * y[5];
    };
    p.invariants = {{"y7+y8", [](const T&, const state_of<T>& y) { return y[6] + y[7]; }}};
    return p;
  }
};

// OREGO (Bari test set, orego.f): the Oregonator model of the Belousov-Zhabotinskii reaction,
// y1' = 77.27 (y2 + y1 (1 - 8.375e-6 y1 - y2)), y2' = (y3 - (1 + y1) y2) / 77.27,
// y3' = 0.161 (y1 - y3), y(0) = (1, 2, 3), t in [0, 360].
struct orego_problem {
  static constexpr const char* certification_floor = "1e-30";
  static problem_info info() {
    return {.name = "orego",
            .description = "Oregonator (Belousov-Zhabotinskii reaction, 3 species), t in [0, 360]",
            .citation =
                "R. J. Field and R. M. Noyes, Oscillations in chemical systems IV, J. Chem. Phys. 60 "
                "(1974) 1877-1884; Bari IVP test set (Mazzia & Magherini), problem OREGO",
            .dimension = 3,
            .stiff = true,
            .has_jacobian = true,
            .parameters = {{"s", "77.27", ""},
                           {"q", "8.375e-6", ""},
                           {"w", "0.161", ""},
                           {"t_end", "360", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    const T s = problems::parameter<T>(*info, "s"), q = problems::parameter<T>(*info, "q"),
            w = problems::parameter<T>(*info, "w");
    typed_problem<T> p;
    p.info = info;
    p.t0 = 0;
    p.t_end = problems::parameter<T>(*info, "t_end");
    p.y0 = {T(1), T(2), T(3)};
    p.rhs = [s, q, w](const T&, const state_of<T>& y, state_of<T>& f) {
      f[0] = s * (y[1] + y[0] * (1 - q * y[0] - y[1]));
      f[1] = (y[2] - (1 + y[0]) * y[1]) / s;
      f[2] = w * (y[0] - y[2]);
    };
    p.jacobian = [s, q, w](const T&, const state_of<T>& y, std::vector<T>& j) {
      j.assign(9, T(0));
      j[0] = s * (1 - 2 * q * y[0] - y[1]);
      j[1] = s * (1 - y[0]);
      j[3] = -y[1] / s;
      j[4] = -(1 + y[0]) / s;
      j[5] = 1 / s;
      j[6] = w;
      j[8] = -w;
    };
    return p;
  }
};

// E5 (Bari test set, e5.f; Enright-Hull-Lindberg stiff DETEST): chemical pyrolysis with
// A = 7.89e-10, B = 1.1e7, CM = 1.13e9, C = 1.13e3: y1' = -A y1 - B y1 y3, y2' = A y1 - CM y2 y3,
// y4' = B y1 y3 - C y4, y3' = y2' - y4', y(0) = (1.76e-3, 0, 0, 0), t in [0, 1e13].
// y2 - y3 - y4 is conserved (= 0).
struct e5_problem {
  // Components fall to 1e-22 (y2, y3) and far below (y1 ~ 1e-291, y4) at t = 1e13: differences are
  // measured relatively down to 1e-30 and absolutely below (the Bari test set itself reports E5's
  // accuracy as a mixed error with an absolute tolerance of about 1e-24).
  static constexpr const char* certification_floor = "1e-30";
  static problem_info info() {
    return {.name = "e5",
            .description = "E5 chemical pyrolysis (stiff DETEST), t in [0, 1e13], components down to 1e-22",
            .citation =
                "W. H. Enright, T. E. Hull and B. Lindberg, Comparing numerical methods for stiff "
                "systems of ODEs, BIT 15 (1975) 10-48; Bari IVP test set (Mazzia & Magherini), problem E5",
            .dimension = 4,
            .stiff = true,
            .has_jacobian = true,
            .parameters = {{"A", "7.89e-10", ""},
                           {"B", "1.1e7", ""},
                           {"CM", "1.13e9", ""},
                           {"C", "1.13e3", ""},
                           {"t_end", "1e13", "end of the default time span"}}};
  }
  template <class T>
  static typed_problem<T> make(const problem_info* info) {
    const T a = problems::parameter<T>(*info, "A"), b = problems::parameter<T>(*info, "B"),
            cm = problems::parameter<T>(*info, "CM"), c = problems::parameter<T>(*info, "C");
    typed_problem<T> p;
    p.info = info;
    p.t0 = 0;
    p.t_end = problems::parameter<T>(*info, "t_end");
    p.y0 = {problems::value<T>("1.76e-3"), T(0), T(0), T(0)};
    p.rhs = [a, b, cm, c](const T&, const state_of<T>& y, state_of<T>& f) {
      const T prod1 = a * y[0], prod2 = b * y[0] * y[2], prod3 = cm * y[1] * y[2], prod4 = c * y[3];
      f[0] = -prod1 - prod2;
      f[1] = prod1 - prod3;
      f[3] = prod2 - prod4;
      f[2] = f[1] - f[3];
    };
    p.jacobian = [a, b, cm, c](const T&, const state_of<T>& y, std::vector<T>& j) {
      j.assign(16, T(0));
      j[0] = -a - b * y[2];
      j[2] = -b * y[0];
      j[4] = a;
      j[5] = -cm * y[2];
      j[6] = -cm * y[1];
      j[8] = a - b * y[2];
      j[9] = -cm * y[2];
      j[10] = -b * y[0] - cm * y[1];
      j[11] = c;
      j[12] = b * y[2];
      j[14] = b * y[0];
      j[15] = -c;
    };
    p.invariants = {{"y2-y3-y4", [](const T&, const state_of<T>& y) { return y[1] - y[2] - y[3]; }}};
    return p;
  }
};

}  // namespace orderly
