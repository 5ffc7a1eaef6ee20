#pragma once
// Measurements shared by a suite's jobs. A run refined into a more precise scalar often repeats
// exactly a measurement another job makes (a double job that escalates to float128 and the
// float128 job of the same method and problem; a pair's embedded weights, measured by the
// primary job in its final scalar and by the embedded job; the pair's tolerance sweep, made by
// every job that ends in the same scalar); a measurement is deterministic, so the second asks for
// it and gets the first one's result (waiting if it is still being made) instead of measuring
// again. Nothing else changes: each job's refinement, verdict and JSON are its own.
#include <orderly/convergence.hpp>
#include <orderly/shared_results.hpp>

#include <cstddef>
#include <optional>
#include <tuple>
#include <vector>

namespace orderly {

struct cached_measurement {
  order_measurement solution;
  std::optional<order_measurement> energy;
  grid_points grids;  // every grid's raw points, for a measurement of the same run on more grids
};

// What a fixed-step measurement depends on: method, problem, weight set, norm, scalar and grids.
// The method and problem are the entries themselves (a mutated method may share its original's name).
using measurement_key = std::tuple<const method_entry*, const problem_entry*, weight_set, error_norm_kind, scalar_kind,
                                   std::size_t, std::size_t>;
// What an adaptive tolerance sweep depends on: method, problem and scalar (the errors are at t_end).
using sweep_key = std::tuple<const method_entry*, const problem_entry*, scalar_kind>;

struct measurement_cache {
  shared_results<measurement_key, cached_measurement> fixed_steps;
  shared_results<sweep_key, std::vector<adaptive_point>> sweeps;
};

}  // namespace orderly
