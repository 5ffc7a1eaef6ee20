// `orderly game-table [--json FILE|-]`: the stiffest unit-mass spring each method keeps stable at
// 60 Hz and 120 Hz, undamped and damped, predicted from the analysis and confirmed by the stepper.
// Writes orderly.game-table/1 JSON.
#include <orderly/command.hpp>

#include <orderly/game_table.hpp>

#include <cstdio>
#include <memory>
#include <string>

namespace orderly::cli {
namespace {

std::string cell_text(const game_cell& cell) {
  const auto k = cell.shown();
  if (!k) return "n/a";
  if (k->unbounded()) return "unbounded";
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", *k->k);
  return text;
}

}  // namespace

void add_game_table_command(CLI::App& app) {
  auto json_path = std::make_shared<std::string>();
  auto shard_text = std::make_shared<std::string>();
  auto suite = std::make_shared<std::string>("default");
  auto* cmd = app.add_subcommand("game-table",
                                 "Largest spring stiffness k each method keeps stable at 60 and 120 Hz "
                                 "(undamped, damped b = 1): predicted and confirmed");
  cmd->add_option("--json", *json_path, "Write the table as JSON to FILE ('-' for standard output)");
  cmd->add_option("--suite", *suite, "default (every method), or quick (five rows, with --json)");
  add_shard_option(*cmd, *shard_text);
  cmd->callback([json_path, shard_text, suite] {
    if (*suite != "default" && *suite != "quick")
      throw usage_error("--suite '" + *suite + "': unknown suite; use default or quick");
    const auto shard = shard_option(*shard_text);
    if (json_path->empty() && !shard) {
      if (*suite == "quick") throw usage_error("--suite quick: give --json FILE");
      const auto table = game_table();
      std::printf("%-28s %14s %14s %14s %14s\n", "method", "60 Hz b=0", "60 Hz b=1", "120 Hz b=0", "120 Hz b=1");
      for (const auto& row : table.rows) {
        std::printf("%-28s", row.method.c_str());
        for (const auto& cell : row.cells) std::printf(" %14s", cell_text(cell).c_str());
        std::printf("\n");
      }
      std::printf("%s\n", table.meaning().c_str());
      return;
    }
    if (!shard) check_output_path("--json", *json_path);
    // One thread, as the table has always been made: its analyses were never checked for running on several.
    const auto document = run_document_suite(game_table_suite(/*threads=*/1, *suite == "quick"), shard, *json_path);
    if (!document) return;
    const auto& table = *document;
    write_json("--json", *json_path, table);
    // Cells with a prediction carry "agrees"; the others are measured only (seed specimens in
    // float, damped springs for splitting methods, whose kick cannot take a velocity force).
    std::size_t cells = 0, predicted = 0, agree = 0;
    for (const auto& row : table["rows"])
      for (const auto& cell : row["cells"]) {
        ++cells;
        if (!cell.contains("agrees")) continue;
        ++predicted;
        agree += cell["agrees"].get<bool>();
      }
    print_summary_line(*json_path, "game-table: " + std::to_string(table["rows"].size()) + " methods, " +
                                       std::to_string(predicted) + " predicted cells, " + std::to_string(agree) +
                                       " confirmed by the stepper, " + std::to_string(cells - predicted) +
                                       " measured only -> " + *json_path);
  });
}

namespace {
const registered_command game_table_registration{
    {.name = "game-table",
     .add = &add_game_table_command,
     .merge = &game_table_outputs,
     .shard_test_run = {"game-table", "--suite", "quick", "--json", "{out}/game-table.json"},
     .report_run = {"game-table", "--json", "{json}/game-table/game-table.json"},
     .quick_report_run = {"game-table", "--suite", "quick", "--json", "{json}/game-table/game-table.json"}}};
}  // namespace

}  // namespace orderly::cli
