#pragma once
// Measurements shared by a suite's jobs. A run refined into a more precise scalar often repeats
// exactly a measurement another job makes (a double job that escalates to float128 and the
// float128 job of the same method and problem); a measurement is deterministic, so the second
// asks for it and gets the first one's result (waiting if it is still being made) instead of
// measuring again. Nothing else changes: each job's refinement, verdict and JSON are its own.
#include <orderly/convergence.hpp>

#include <cstddef>
#include <exception>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <tuple>

namespace orderly {

struct cached_measurement {
  order_measurement solution;
  std::optional<order_measurement> energy;
};

// What a fixed-step measurement depends on: method, problem, weight set, norm, scalar and grids.
// The method and problem are the entries themselves (a mutated method may share its original's name).
using measurement_key = std::tuple<const method_entry*, const problem_entry*, weight_set, error_norm_kind, scalar_kind,
                                   std::size_t, std::size_t>;

class measurement_cache {
 public:
  // The measurement under `key`, made by `measure()` only if no job has made or started it.
  template <class Measure>
  cached_measurement get(const measurement_key& key, Measure&& measure) {
    std::promise<cached_measurement> promise;
    std::shared_future<cached_measurement> result;
    bool ours = false;
    {
      const std::lock_guard lock(mutex_);
      auto [entry, inserted] = entries_.try_emplace(key);
      if (inserted) entry->second = promise.get_future().share();
      result = entry->second;
      ours = inserted;
    }
    if (ours) {
      try {
        promise.set_value(measure());
      } catch (...) {
        promise.set_exception(std::current_exception());
      }
    }
    return result.get();
  }

 private:
  std::mutex mutex_;
  std::map<measurement_key, std::shared_future<cached_measurement>> entries_;
};

}  // namespace orderly
