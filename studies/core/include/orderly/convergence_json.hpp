#pragma once
// JSON form of a convergence result (schema "orderly.convergence/1"); the figures and the gate
// read exactly this.
#include <orderly/convergence.hpp>

#include <nlohmann/json.hpp>

#include <cmath>

namespace orderly {

inline nlohmann::json finite_or_null(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(); }

nlohmann::json to_json(const order_measurement& m, int declared_order);

nlohmann::json to_json(const convergence_result& r);

}  // namespace orderly
