#pragma once
// The stage equations of an implicit Runge-Kutta step, Z = h (A x I) F(y + Z), in the stage
// increments Z (s blocks of n): their residual and the simplified Newton iteration matrix. Both
// implicit solvers (implicit/radau.hpp, implicit/implicit_rk.hpp) work on this full s n x s n real
// system -- the adaptive code too, rather than Hairer's transformed (eigen-decomposed) one: for the
// small systems Orderly integrates (n <= 8) it is simpler and fast enough.
#include <Eigen/Dense>

#include <cstddef>
#include <vector>

namespace orderly {

// Residual of the stage system: the i-th block is h sum_j a_ij f(t + c_j h, y + Z_j) - Z_i.
// fz receives the stage derivatives; stage and fstage are scratch of size n.
template <class T, class Rhs, class Vector>
void collocation_residual(Rhs& f, const T& t, const T& h, const std::vector<T>& y, const std::vector<T>& z,
                          const std::vector<T>& c, const std::vector<T>& a, std::vector<T>& stage,
                          std::vector<T>& fstage, std::vector<T>& fz, Vector& residual) {
  const std::size_t n = y.size(), s = c.size();
  for (std::size_t i = 0; i < s; ++i) {
    for (std::size_t p = 0; p < n; ++p) stage[p] = y[p] + z[i * n + p];
    f(t + c[i] * h, stage, fstage);
    for (std::size_t p = 0; p < n; ++p) fz[i * n + p] = fstage[p];
  }
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t p = 0; p < n; ++p) {
      T sum = 0;
      for (std::size_t j = 0; j < s; ++j) sum += a[i * s + j] * fz[j * n + p];
      residual(static_cast<Eigen::Index>(i * n + p)) = h * sum - z[i * n + p];
    }
}

// The simplified Newton matrix I - h (A x I) diag(J_1 .. J_s) into `iteration` (s n x s n, sized by
// the caller): stage_jacobian(j) is the row-major n x n Jacobian used for stage j (one J for all
// stages in simplified Newton, each stage's own in full Newton).
template <class T, class Matrix, class StageJacobian>
void assemble_iteration_matrix(const T& h, const std::vector<T>& a, std::size_t stages, std::size_t n,
                               StageJacobian&& stage_jacobian, Matrix& iteration) {
  iteration.setZero();
  for (std::size_t i = 0; i < stages; ++i)
    for (std::size_t j = 0; j < stages; ++j) {
      const std::vector<T>& jac = stage_jacobian(j);
      const T factor = -h * a[i * stages + j];
      for (std::size_t p = 0; p < n; ++p)
        for (std::size_t q = 0; q < n; ++q)
          iteration(static_cast<Eigen::Index>(i * n + p), static_cast<Eigen::Index>(j * n + q)) =
              factor * jac[p * n + q];
    }
  for (Eigen::Index k = 0; k < iteration.rows(); ++k) iteration(k, k) += 1;
}

}  // namespace orderly
