#pragma once
// `orderly game-table`: the game programmer's table of the stiffest stable spring.
//
// Schema: orderly.game-table/1.
#include <nlohmann/json.hpp>

namespace orderly {

// The stiffest unit-mass spring each method keeps stable at 60 Hz and 120 Hz, undamped and with
// damping b = 1: predicted from the analysis, confirmed with the stepper ({"schema": "orderly.game-table/1"}).
nlohmann::json game_table();

}  // namespace orderly
