#pragma once
// Newtonian N-body gravity shared by Pleiades and the outer solar system.
// State layout (the Bari test set's PLEI layout, used for both): coordinate-major positions
// x_1..x_n, y_1..y_n[, z_1..z_n], then the velocities in the same order; y' = (v, a(x)).
// Velocities rather than momenta: with a diagonal mass matrix, a partitioned method applied to
// (x, v) is the same method applied to (x, p = m v).
#include <orderly/problems/support.hpp>

#include <cmath>
#include <vector>

namespace orderly::problems {

template <class T>
struct nbody_system {
  int bodies = 0;
  int dims = 0;
  T gravity = 1;
  std::vector<T> mass;

  std::size_t index(int body, int dim) const { return static_cast<std::size_t>(dim * bodies + body); }
  std::size_t half() const { return static_cast<std::size_t>(bodies * dims); }

  // a_i = sum_{j != i} G m_j (x_j - x_i) / |x_j - x_i|^3 from the positions x (first half of q).
  void acceleration(const state_of<T>& q, state_of<T>& a) const {
    using std::sqrt;
    a.assign(half(), T(0));
    T d[3];
    for (int i = 0; i < bodies; ++i)
      for (int j = i + 1; j < bodies; ++j) {
        T r2 = 0;
        for (int k = 0; k < dims; ++k) {
          d[k] = q[index(j, k)] - q[index(i, k)];
          r2 += d[k] * d[k];
        }
        const T inv_r3 = gravity / (r2 * sqrt(r2));
        for (int k = 0; k < dims; ++k) {
          a[index(i, k)] += mass[static_cast<std::size_t>(j)] * inv_r3 * d[k];
          a[index(j, k)] -= mass[static_cast<std::size_t>(i)] * inv_r3 * d[k];
        }
      }
  }

  void rhs(const state_of<T>& y, state_of<T>& dydt) const {
    const std::size_t n = half();
    dydt.resize(2 * n);
    state_of<T> a;
    acceleration(y, a);
    for (std::size_t i = 0; i < n; ++i) {
      dydt[i] = y[n + i];
      dydt[n + i] = a[i];
    }
  }

  // Row-major Jacobian of (v, a(x)): [[0, I], [da/dx, 0]] with
  // da_i/dx_j = G m_j (I / r^3 - 3 d d^T / r^5), d = x_j - x_i (j != i), and da_i/dx_i = -sum of those.
  void jacobian(const state_of<T>& y, std::vector<T>& J) const {
    using std::sqrt;
    const std::size_t n = half(), N = 2 * n;
    J.assign(N * N, T(0));
    for (std::size_t i = 0; i < n; ++i) J[i * N + n + i] = 1;
    T d[3];
    for (int i = 0; i < bodies; ++i)
      for (int j = 0; j < bodies; ++j) {
        if (i == j) continue;
        T r2 = 0;
        for (int k = 0; k < dims; ++k) {
          d[k] = y[index(j, k)] - y[index(i, k)];
          r2 += d[k] * d[k];
        }
        const T r = sqrt(r2);
        const T inv_r3 = gravity * mass[static_cast<std::size_t>(j)] / (r2 * r);
        const T inv_r5 = 3 * inv_r3 / r2;
        for (int k = 0; k < dims; ++k)
          for (int l = 0; l < dims; ++l) {
            const T block = (k == l ? inv_r3 : T(0)) - inv_r5 * d[k] * d[l];
            const std::size_t row = n + index(i, k);
            J[row * N + index(j, l)] += block;
            J[row * N + index(i, l)] -= block;
          }
      }
  }

  T energy(const state_of<T>& y) const {
    using std::sqrt;
    const std::size_t n = half();
    T kinetic = 0, potential = 0;
    for (int i = 0; i < bodies; ++i) {
      T v2 = 0;
      for (int k = 0; k < dims; ++k) v2 += y[n + index(i, k)] * y[n + index(i, k)];
      kinetic += mass[static_cast<std::size_t>(i)] * v2 / 2;
      for (int j = i + 1; j < bodies; ++j) {
        T r2 = 0;
        for (int k = 0; k < dims; ++k) {
          const T d = y[index(j, k)] - y[index(i, k)];
          r2 += d * d;
        }
        potential -= gravity * mass[static_cast<std::size_t>(i)] * mass[static_cast<std::size_t>(j)] / sqrt(r2);
      }
    }
    return kinetic + potential;
  }

  // Component (a, b) of the total angular momentum sum m (x_a v_b - x_b v_a).
  T angular_momentum(const state_of<T>& y, int a, int b) const {
    const std::size_t n = half();
    T L = 0;
    for (int i = 0; i < bodies; ++i)
      L += mass[static_cast<std::size_t>(i)] *
           (y[index(i, a)] * y[n + index(i, b)] - y[index(i, b)] * y[n + index(i, a)]);
    return L;
  }

  T linear_momentum(const state_of<T>& y, int dim) const {
    const std::size_t n = half();
    T P = 0;
    for (int i = 0; i < bodies; ++i) P += mass[static_cast<std::size_t>(i)] * y[n + index(i, dim)];
    return P;
  }

  // Fills rhs, jacobian, invariants and the separable split of p from this system.
  void install(typed_problem<T>& p) const {
    const nbody_system self = *this;
    p.rhs = [self](const T&, const state_of<T>& y, state_of<T>& dydt) { self.rhs(y, dydt); };
    p.jacobian = [self](const T&, const state_of<T>& y, std::vector<T>& J) { self.jacobian(y, J); };
    p.invariants.push_back({"energy", [self](const T&, const state_of<T>& y) { return self.energy(y); }});
    const char* axes = "xyz";
    if (dims == 2) {
      p.invariants.push_back(
          {"angular momentum", [self](const T&, const state_of<T>& y) { return self.angular_momentum(y, 0, 1); }});
    } else {
      for (int c = 0; c < 3; ++c) {
        const int a = (c + 1) % 3, b = (c + 2) % 3;
        p.invariants.push_back(
            {std::string("angular momentum ") + axes[c],
             [self, a, b](const T&, const state_of<T>& y) { return self.angular_momentum(y, a, b); }});
      }
    }
    for (int c = 0; c < dims; ++c)
      p.invariants.push_back({std::string("linear momentum ") + axes[c],
                              [self, c](const T&, const state_of<T>& y) { return self.linear_momentum(y, c); }});
    p.split =
        separable_split<T>{.half_dimension = bodies * dims,
                           .force = [self](const T&, const state_of<T>& q, state_of<T>& f) { self.acceleration(q, f); },
                           .velocity = [](const T&, const state_of<T>& v, state_of<T>& dq) { dq = v; }};
  }
};

}  // namespace orderly::problems
