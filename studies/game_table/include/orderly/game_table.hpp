#pragma once
// `orderly game-table`: the game programmer's table of the stiffest stable spring.
//
// Schema: orderly.game-table/1.
#include <orderly/shard.hpp>
#include <orderly/user_stepper.hpp>

#include <nlohmann/json.hpp>

namespace orderly {

// The stiffest unit-mass spring each method keeps stable at 60 Hz and 120 Hz, undamped and with
// damping b = 1: predicted from the analysis, confirmed with the stepper ({"schema": "orderly.game-table/1"}).
nlohmann::json game_table();

// The table as a suite of one job per method (orderly/shard.hpp), writing game-table.json. quick:
// five rows (the ones the table's meaning line reads, and yoshida4), for trying the suite's
// machinery in seconds.
sharded_suite game_table_suite(unsigned threads, bool quick = false);
suite_outputs game_table_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                 const std::vector<const nlohmann::json*>& results);

// The game table's row for a user's stepper: the stiffest unit-mass spring x'' = -k x - b x' it
// keeps stable at each frame rate, undamped and damped, measured with its step alone (no stability
// function to predict from): bisection in k on the growth of the stepper's step matrix, then runs
// just outside and just inside the limit, as for the catalog's methods. The row has the keys of
// game_table()'s rows ("method", "cells" with "confirmed_k_max", ...).
nlohmann::json game_limits(const user_stepper& stepper);

}  // namespace orderly
