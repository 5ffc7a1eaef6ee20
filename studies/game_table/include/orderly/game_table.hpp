#pragma once
// `orderly game-table`: the game programmer's table of the stiffest stable spring.
//
// Schema: orderly.game-table/1.
#include <orderly/shard.hpp>
#include <orderly/user_stepper.hpp>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace orderly {

// The largest stable stiffness k, or none below the scan's end: unbounded (JSON "unbounded").
struct stiffness_limit {
  std::optional<double> k;
  bool unbounded() const { return !k; }
};

// Runs just outside and just inside the confirmed limit: the spring blows up, then stays bounded.
struct game_simulation {
  double k_outside = 0;
  int steps_outside = 0;
  std::optional<double> growth_outside;  // largest / early amplitude; none: the run overflowed
  bool blows_up_outside = false;
  double k_inside = 0;
  int steps_inside = 0;
  double largest_amplitude_first_half = 0, largest_amplitude_second_half = 0;
  bool bounded_inside = false;
};

// One spring (frame rate, damping) for one method: predicted from its linear model, confirmed by
// its stepper's step matrix.
struct game_cell {
  int frame_rate = 0;
  double h = 0, damping = 0;
  std::optional<std::string> predicted_from;  // none: the model predicts nothing here
  std::optional<stiffness_limit> predicted_k_max;
  std::optional<stiffness_limit> confirmed_k_max;  // none: the stepper cannot confirm this cell
  std::optional<std::string> stable_when;          // the stability rule the stepper was judged by
  std::optional<bool> agrees;                      // predicted cells: the stepper's limit is the prediction's
  // A method with no stable spring: where its growth first exceeds the stepper's round-off,
  // predicted from the stability function, and as measured.
  std::optional<stiffness_limit> predicted_detectable_k;
  std::optional<double> roundoff_crossing_k;
  std::optional<game_simulation> simulation;
  std::optional<std::string> note;
  // The k the cell shows: the stepper's confirmed limit, or the prediction where none was confirmed.
  std::optional<stiffness_limit> shown() const { return confirmed_k_max ? confirmed_k_max : predicted_k_max; }
};

struct game_row {
  std::string method, title, family;
  std::vector<game_cell> cells;  // policy's frame rates x dampings
};
nlohmann::json to_json(const game_row& row);

struct game_table_result {
  std::vector<game_row> rows;
  // The k a method's cell shows (game_cell::shown); none when the method has no row.
  std::optional<stiffness_limit> shown(const std::string& method, int frame_rate, double damping) const;
  // The one line for a 60 Hz loop, from the rows.
  std::string meaning() const;
};

// The stiffest unit-mass spring each method keeps stable at 60 Hz and 120 Hz, undamped and with
// damping b = 1: predicted from the analysis, confirmed with the stepper.
game_table_result game_table();
// {"schema": "orderly.game-table/1", ..., "rows", "meaning"}.
nlohmann::json to_json(const game_table_result& table);

// The table as a suite of one job per method (orderly/shard.hpp), writing game-table.json. quick:
// five rows (the ones the table's meaning line reads, and yoshida4), for trying the suite's
// machinery in seconds.
sharded_suite game_table_suite(unsigned threads, bool quick = false);
suite_outputs game_table_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                 const std::vector<const nlohmann::json*>& results);

// The game table's row for a user's stepper: the stiffest unit-mass spring x'' = -k x - b x' it
// keeps stable at each frame rate, undamped and damped, measured with its step alone (no stability
// function to predict from): bisection in k on the growth of the stepper's step matrix, then runs
// just outside and just inside the limit, as for the catalog's methods.
struct user_game_limits {
  game_row row;
  nlohmann::json stepper;  // the stepper as user_stepper_json describes it
};
user_game_limits game_limits(const user_stepper& stepper);
// The row's JSON with the stepper, the policy and a note that every limit is measured.
nlohmann::json to_json(const user_game_limits& limits);

}  // namespace orderly
