#pragma once
// Rosenbrock methods as data, in the transformed form of Hairer-Wanner II (VI.7.4) that Hairer's
// RODAS code and Boost.Odeint's rosenbrock4 use. With W = I / (gamma h) - J, J = df/dy(t0, y0):
//
//   W g_i = f(t0 + c_i h, y0 + sum_{j<i} a_ij g_j) + sum_{j<i} (C_ij / h) g_j + h d_i df/dt(t0, y0)
//   y1 = y0 + sum_i m_i g_i,   error estimate = sum_i e_i g_i.
//
// One LU factorisation of W per step, one linear solve per stage, no Newton iteration.
#include <orderly/exact.hpp>

#include <boost/multiprecision/cpp_int.hpp>

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace orderly {

struct rosenbrock_method {
  std::string name;  // CLI name, e.g. "rosenbrock4"
  std::string title;
  std::string citation;
  int order = 0;                      // of y1
  int embedded_order = 0;             // of the embedded solution whose difference is the error estimate
  exact gamma;                        // the diagonal of the (untransformed) Gamma matrix
  std::vector<std::vector<exact>> a;  // row i holds a_ij, j < i
  std::vector<std::vector<exact>> C;  // row i holds C_ij, j < i
  std::vector<exact> c;               // nodes: stage i is evaluated at t0 + c_i h
  std::vector<exact> d;               // d_i = sum_j gamma_ij: the df/dt coefficients
  std::vector<exact> m, e;
  // Significant digits to which the published coefficients satisfy the method's conditions (0:
  // exactly): a scalar with more digits measures their truncation, not the method.
  int coefficient_digits = 0;

  int stages() const { return static_cast<int>(m.size()); }
};

namespace tableaus {

namespace detail {
// Published decimals ("-0.1043", "0.3620000000000023e-01") as the exact rationals they denote: the
// codes print their coefficients to 16 digits, and those digits, not a rounding of them, are the
// method.
inline std::vector<exact> decimals(std::initializer_list<std::string_view> texts) {
  std::vector<exact> values;
  for (auto t : texts) values.push_back(parse_exact(t));
  return values;
}
}  // namespace detail

// RODAS (Hairer-Wanner II, VI.7; Hairer's rodas.f, METH = 1), a stiffly accurate 4(3) pair with six
// stages: the coefficients Boost.Odeint's rosenbrock4 uses, as both codes print them. One
// difference, and it is odeint's: odeint gives d4 = +0.0362...; RODAS gives -0.0362..., and the
// method's own C determines it (d_i is the i-th row sum of Gamma = (I / gamma - C)^(-1), which is
// -0.0362 to the printed digits: tests/integrators/rosenbrock.cpp). d only multiplies df/dt, so the two
// agree on autonomous problems and part on non-autonomous ones (orderly crosscheck).
inline rosenbrock_method rodas4() {
  using detail::decimals;
  rosenbrock_method m;
  m.name = "rosenbrock4";
  m.title = "Rosenbrock 4(3), RODAS coefficients (odeint's rosenbrock4)";
  m.citation = "Hairer-Wanner II, VI.7 (RODAS); Boost.Odeint rosenbrock4.hpp";
  m.order = 4;
  m.embedded_order = 3;
  m.gamma = parse_exact("0.25");
  m.c = decimals({"0", "0.386", "0.21", "0.63", "1", "1"});
  m.d = decimals({"0.25", "-0.1043", "0.1035", "-0.3620000000000023e-01", "0", "0"});
  const auto a5 = decimals(
      {"0.1221224509226641e+01", "0.6019134481288629e+01", "0.1253708332932087e+02", "-0.6878860361058950e+00"});
  m.a = {{},
         decimals({"0.1544000000000000e+01"}),
         decimals({"0.9466785280815826e+00", "0.2557011698983284e+00"}),
         decimals({"0.3314825187068521e+01", "0.2896124015972201e+01", "0.9986419139977817e+00"}),
         a5,
         {a5[0], a5[1], a5[2], a5[3], exact(1)}};
  m.C = {{},
         decimals({"-0.5668800000000000e+01"}),
         decimals({"-0.2430093356833875e+01", "-0.2063599157091915e+00"}),
         decimals({"-0.1073529058151375e+00", "-0.9594562251023355e+01", "-0.2047028614809616e+02"}),
         decimals({"0.7496443313967647e+01", "-0.1024680431464352e+02", "-0.3399990352819905e+02",
                   "0.1170890893206160e+02"}),
         decimals({"0.8083246795921522e+01", "-0.7981132988064893e+01", "-0.3152159432874371e+02",
                   "0.1631930543123136e+02", "-0.6058818238834054e+01"})};
  // Stiffly accurate: y1 is the sixth stage's argument plus g_6, and g_6 is the error estimate.
  m.m = {a5[0], a5[1], a5[2], a5[3], exact(1), exact(1)};
  m.e = {exact(0), exact(0), exact(0), exact(0), exact(0), exact(1)};
  m.coefficient_digits = 16;  // printed to 16 significant digits
  return m;
}

}  // namespace tableaus

// Every Rosenbrock method Orderly ships (src/catalog.cpp).
const std::vector<rosenbrock_method>& rosenbrock_methods();

}  // namespace orderly
