#pragma once
// `orderly check`: a user's method judged as the catalog's are.
//
// A tableau file: its structure, the order exactly and to the coefficients' precision
// (precision_audit.hpp), error norms, the stability function decided for the method the
// coefficients denote, then the convergence study on the gate's problems in a scalar the
// coefficients suit, and a verdict led by one line: pass when the order conditions give the
// declared order and no settled measurement refuses it, fail when either refuses it.
//
// A compiled stepper (orderly/stepper.h): the stepper battery (stepper_battery.hpp), run in a child
// process so a crashing library cannot take orderly down, and the tableau recovered from its step
// checked as a tableau file is (its algebra only: the battery has measured the stepper itself).
//
// Schemas: orderly.check/2 (a tableau file), orderly.stepper-battery/1 (a stepper),
// orderly.check-summary/1 (a directory of tableau files).
#include <orderly/algebraic_check.hpp>
#include <orderly/analysis/method_analysis.hpp>
#include <orderly/analysis/method_identity.hpp>
#include <orderly/convergence.hpp>
#include <orderly/isolated_battery.hpp>
#include <orderly/job_runner.hpp>
#include <orderly/precision_audit.hpp>
#include <orderly/shard.hpp>
#include <orderly/stepper_battery.hpp>
#include <orderly/tableau_file.hpp>

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace orderly {

// A file or directory the check cannot read; the message starts with the quoted path ("'PATH':
// why"), the command puts its option before it.
struct check_input_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A part of a tableau file's check estimated before it starts (measurement_cost.hpp): the
// coefficients' algebra from their length, the measurement from a pilot of the method's first steps.
struct part_estimate {
  double seconds = 0;
  std::string why;
};
part_estimate estimate_check_algebra(const butcher_tableau& t);
part_estimate estimate_check_measurement(const butcher_tableau& t);

// Called once a tableau file is read, before any work: it may refuse the check (by throwing) or
// announce a long one.
using check_announcer = std::function<void(const butcher_tableau&)>;

struct check_request {
  std::string tableau_path;                     // a tableau file, or
  std::optional<stepper_library_spec> stepper;  // a compiled stepper
  unsigned threads = 0;                         // the measurement's (0: all cores)
  battery_time_limits limits;                   // the stepper's battery
};

// The stability function and what it decides, for the method the coefficients denote: exactly for
// rationals, within their precision for decimals and approximating rationals (rounded_stability.hpp).
struct stability_finding {
  linear_stability stability;
  bool within_precision = false;
  bool explicit_method = false;  // its polynomial is written as such
  // Terms of the margin |Q(iy)|^2 - |P(iy)|^2 within their uncertainty of zero, taken as 0.
  std::vector<std::pair<int, double>> margin_terms;
};

// One weight set's findings: the order conditions to the coefficients' precision, the principal
// error's norms and the stability.
struct weight_set_check {
  weight_set weights = weight_set::primary;
  precision_audit audit;
  algebraic_finding finding;
  std::string headline;  // the one line a user acts on
  stability_finding stability;
};

// What the coefficients alone decide: the file's shape, its identity among the published methods,
// each weight set's findings and what they leave the measurement.
struct tableau_algebra {
  tableau_file file;
  tableau_structure structure = tableau_structure::explicit_method;
  std::optional<identity_result> identity;  // not for a stepper's recovered tableau (the battery has it)
  std::vector<weight_set_check> weight_sets;
  nlohmann::json geometric;  // geometric_json.hpp: symplecticity, symmetry, algebraic stability, B-series
  bool passes = true;
  bool measurable = true;  // false when some weight set suits no measurement scalar
  bool capped = false;     // rounded coefficients: no measurement in a scalar finer than they suit
  scalar_kind scalar = scalar_kind::quad;
  method_entry method;  // what the measurement runs
};

// One run of the measurement: its problem and the study's result, or why it has none.
struct measured_run {
  std::string problem;
  job_outcome<convergence_result> outcome;
};

struct tableau_check {
  tableau_algebra algebra;
  std::optional<std::vector<measured_run>> measurement;  // none when the coefficients are too coarse for double
  int passed = 0, failed = 0, inconclusive = 0;
  std::string failure, inconclusive_reason;  // the first failure's and the first unsettled run's
  verdict overall = verdict::fail;
  std::string summary;  // the verdict's one line
};

// The recovered tableau's algebra, or why it cannot be read as a tableau file.
using recovered_tableau_check = std::variant<tableau_algebra, std::string>;

struct stepper_check {
  battery_result battery;
  std::optional<recovered_tableau_check> recovered;
};

struct check_result {
  std::variant<tableau_check, stepper_check> kind;
};

// Throws check_input_error for a file it cannot read, isolated_battery_error for a library it
// cannot judge.
check_result run_check(const check_request& request, const check_announcer& announce = {});

// The schema of the result's kind (orderly.check/2 or orderly.stepper-battery/1).
nlohmann::json to_json(const check_result& r);

// The lines `orderly check` prints: the verdict's line first.
std::string check_text(const check_result& r);

// 0 pass (or no order declared), 1 fail, 3 inconclusive, 4 above the declared order (a stepper's).
int check_exit_code(const check_result& r);

// The tableau files a directory holds (*.json, in name order); check_input_error when there are none.
std::vector<std::string> tableau_files(const std::string& dir);

// A directory's check: "<file>.check.json" for each file (its check's JSON, or why the file could
// not be read), and check-summary.json listing every file's verdict and summary line.
suite_outputs check_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                            const std::vector<const nlohmann::json*>& results);

// A file the directory's check could not read, in its place among the results.
nlohmann::json bad_file_json(const std::string& why);

// The battery's JSON with the catalog method it names as closest measured beside it
// (closest_method.hpp), as the report draws them.
nlohmann::json stepper_report_json(const stepper_check& check, unsigned threads);

// The kinds' checks run_check dispatches to. check_algebra: what the coefficients alone decide
// (identify: match them against the published methods as well).
tableau_algebra check_algebra(const tableau_file& file, bool identify);
tableau_check check_tableau_file(const std::string& path, unsigned threads, const check_announcer& announce);
stepper_check check_stepper(const stepper_library_spec& spec, const battery_time_limits& limits);

}  // namespace orderly
