#pragma once
// Suites as data: which methods run on which problems. A suite is a list of parts; each part picks
// methods by family and problems by tags (problem_info::has) or by name, and says in which scalars
// to run. The default convergence suite and the gate set below are two such tables; a study turns
// the selected (method, problem) pairs into its own jobs.
#include <orderly/catalog.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/stepper_factory.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace orderly {

struct problem_selection {
  std::vector<problem_tag> all_of;   // the problem has every one of these tags
  std::vector<problem_tag> none_of;  // and none of these
  std::vector<std::string> names;    // or is named here (either rule selects it)

  bool selects(const problem_info& p) const {
    if (std::find(names.begin(), names.end(), p.name) != names.end()) return true;
    if (all_of.empty()) return false;  // a part with names only selects just those
    for (auto tag : all_of)
      if (!p.has(tag)) return false;
    for (auto tag : none_of)
      if (p.has(tag)) return false;
    return true;
  }
};

struct method_selection {
  std::vector<method_family> families;  // empty: every family
  bool except = false;                  // true: every family but these
  std::vector<std::string> names;       // when given: only these methods (the families are ignored)

  bool selects(const method_entry& m) const {
    if (!names.empty()) return std::find(names.begin(), names.end(), m.name) != names.end();
    const bool listed = std::find(families.begin(), families.end(), m.family) != families.end();
    return families.empty() || listed != except;
  }
};

struct suite_part {
  std::string purpose;  // one line: why these pairs are in the suite
  method_selection methods;
  problem_selection problems;
};

struct suite_pair {
  const method_entry* method;
  const problem_entry* problem;
};

// The problems the parts select for one method (catalog or not) where it can run, in catalog order.
std::vector<const problem_entry*> select_problems(const std::vector<suite_part>& parts, const method_entry& method);

// Every (method, problem) pair the parts select over the catalog, methods outer, each pair once.
std::vector<suite_pair> select_pairs(const std::vector<suite_part>& parts);

// The default convergence suite.
const std::vector<suite_part>& default_convergence_suite();

// The quick suite (`make report QUICK=1`): one method of each kind on a gate problem and the Kepler
// orbit, and two specimens whose stage-time bugs the forced oscillator exposes, for iterating on
// the report in seconds. Methods that need a more precise scalar (order >= 6) or specimens that
// refine on the orbit take minutes, and stay in the default suite.
const std::vector<suite_part>& quick_convergence_suite();

// The gate set. Problems that gate order must be nonlinear and non-autonomous (an autonomous
// problem cannot see a stage's wrong time argument); the pendulum adds one Hamiltonian problem
// for the symplectic methods (kepler at e = 0.6 keeps first-order methods pre-asymptotic beyond
// 10^5 steps, which would gate the step budget, not the order). Seed specimens are pinned on the
// nonlinear non-autonomous problems only.
const std::vector<suite_part>& gate_suite();

}  // namespace orderly
