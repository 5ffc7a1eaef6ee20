#pragma once
// The report package (reports/, as `make report` runs it) on a folder of study JSON, run from a
// command: `orderly check --stepper --report` draws one stepper's page with it.
#include <orderly/command/commands.hpp>

#include <nlohmann/json.hpp>

#include <string>

namespace orderly::cli {

// Writes `json` as DIR/json/FILE_NAME and the HTML page into DIR/html with the report package
// beside this orderly; returns the page's path. usage_error (naming `option` and DIR) when the
// package is missing or fails: the JSON stays written, and the message says where (json_name: what
// it calls the JSON, "the battery's JSON").
std::string write_report(const std::string& option, const std::string& dir, const std::string& file_name,
                         const nlohmann::json& json, const std::string& json_name);

}  // namespace orderly::cli
