#pragma once
// A suite split over machines: `--shard i/N` runs the i-th of N parts of a suite's jobs and writes
// a shard file; merging the N shard files gives exactly the files one run of the whole suite
// writes. The one rule that makes this possible: a suite's output is a function of its settings
// and of its jobs' results (each a JSON fragment), assembled the same way after one run or after
// a merge. The jobs are spread by their expected cost (longest processing time first, each to the
// least loaded shard), deterministically, so every shard computes the same partition.
#include <orderly/job_runner.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace orderly {

inline constexpr const char* shard_schema = "orderly.shard/1";

// The i-th (from 1) of `count` shards; 1/1 is the whole suite.
struct shard_spec {
  std::size_t index = 1;
  std::size_t count = 1;
  bool whole() const { return count == 1; }
  std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }
};

// Shard counts beyond this are a typing error, not a cluster.
inline constexpr std::size_t max_shard_count = 100000;

// "i/N" with 1 <= i <= N; nullopt for anything else.
inline std::optional<shard_spec> parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  auto number = [](std::string_view digits) -> std::optional<std::size_t> {
    std::size_t value = 0;
    const auto* end = digits.data() + digits.size();
    const auto [stop, error] = std::from_chars(digits.data(), end, value);
    if (digits.empty() || error != std::errc() || stop != end) return std::nullopt;
    return value;
  };
  const auto index = number(text.substr(0, slash)), count = number(text.substr(slash + 1));
  if (!index || !count || *count == 0 || *count > max_shard_count || *index == 0 || *index > *count)
    return std::nullopt;
  return shard_spec{*index, *count};
}

// The shard (from 0) of every job: the jobs in decreasing cost (ties: job order) each go to the
// shard with the least cost so far (ties: the lowest shard).
inline std::vector<std::size_t> assign_shards(const std::vector<double>& costs, std::size_t count) {
  std::vector<std::size_t> order(costs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return costs[a] > costs[b]; });
  std::vector<double> load(count, 0.0);
  std::vector<std::size_t> shard(costs.size(), 0);
  for (std::size_t job : order) {
    const auto least = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
    shard[job] = least;
    load[least] += costs[job];
  }
  return shard;
}

// A suite's files: name (relative to the suite's output directory) -> document.
using suite_outputs = std::map<std::string, nlohmann::json>;

// Builds a suite's files from its settings and its jobs' results in job order; a result is null
// when the job is absent (a partial merge) and the suite leaves it out.
using suite_assembler = suite_outputs (*)(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                          const std::vector<const nlohmann::json*>& results);

// What a study gives the shard runner: its jobs, named and costed, and how to run a subset of them
// (all at once, so that a suite whose jobs share measurements keeps sharing them in a shard).
struct sharded_suite {
  std::string name;               // the suite, as the shard file and `orderly merge` name it
  nlohmann::json settings;        // every option its results depend on; the shards must agree
  std::vector<std::string> keys;  // each job's name, unique
  std::vector<double> costs;      // each job's expected cost (any unit, the same for all)
  suite_assembler assemble = nullptr;
  // Runs the jobs at these indices, returning their results in the same order.
  std::function<std::vector<job_outcome<nlohmann::json>>(const std::vector<std::size_t>&, progress_meter*)> run;
};

// `run` for a suite whose jobs are independent: run_jobs over the chosen ones.
template <class Job>
auto independent_jobs(std::vector<Job> jobs, std::function<nlohmann::json(const Job&)> run_one, unsigned threads) {
  return [jobs = std::move(jobs), run_one = std::move(run_one), threads](const std::vector<std::size_t>& chosen,
                                                                         progress_meter* progress) {
    std::vector<Job> subset;
    for (std::size_t k : chosen) subset.push_back(jobs[k]);
    return run_jobs(subset, run_one, threads, progress);
  };
}

// A result as a shard file carries it: what it reads back (non-finite numbers are null in JSON), so
// a whole run and a merge assemble the same values.
inline nlohmann::json as_stored(const nlohmann::json& result) { return nlohmann::json::parse(result.dump()); }

// The jobs of one shard, in job order.
inline std::vector<std::size_t> shard_jobs(const sharded_suite& suite, const shard_spec& shard) {
  const auto owner = assign_shards(suite.costs, shard.count);
  std::vector<std::size_t> chosen;
  for (std::size_t k = 0; k < owner.size(); ++k)
    if (owner[k] + 1 == shard.index) chosen.push_back(k);
  return chosen;
}

// The shard file of one shard's outcomes.
inline nlohmann::json shard_document(const sharded_suite& suite, const shard_spec& shard,
                                     const std::vector<std::size_t>& chosen,
                                     const std::vector<job_outcome<nlohmann::json>>& outcomes) {
  nlohmann::json ran = nlohmann::json::array();
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    nlohmann::json entry{{"key", suite.keys[chosen[i]]}};
    if (outcomes[i].result)
      entry["result"] = *outcomes[i].result;
    else
      entry["error"] = outcomes[i].error;
    ran.push_back(std::move(entry));
  }
  return {
      {"schema", shard_schema},     {"suite", suite.name}, {"shard", {{"index", shard.index}, {"count", shard.count}}},
      {"settings", suite.settings}, {"jobs", suite.keys},  {"costs", suite.costs},
      {"ran", std::move(ran)}};
}

// The file name of a suite's shard: "<suite>.shard-<i>-of-<N>.json".
inline std::string shard_file_name(const std::string& suite, const shard_spec& shard) {
  return suite + ".shard-" + std::to_string(shard.index) + "-of-" + std::to_string(shard.count) + ".json";
}

// The suite and shard a file name names, or nullopt when it is not a shard file's name.
inline std::optional<std::pair<std::string, shard_spec>> parse_shard_file_name(const std::string& name) {
  const std::string marker = ".shard-", middle = "-of-", extension = ".json";
  const auto at = name.rfind(marker);
  if (at == std::string::npos || at == 0 || name.size() < extension.size() ||
      name.compare(name.size() - extension.size(), extension.size(), extension) != 0)
    return std::nullopt;
  const std::string numbers = name.substr(at + marker.size(), name.size() - extension.size() - at - marker.size());
  const auto of = numbers.find(middle);
  if (of == std::string::npos) return std::nullopt;
  auto shard = parse_shard(numbers.substr(0, of) + "/" + numbers.substr(of + middle.size()));
  if (!shard) return std::nullopt;
  return std::pair{name.substr(0, at), *shard};
}

// One suite's shard files as a merge finds them: each expected shard's document, or why it is not
// usable (absent, unreadable, another suite's).
struct shard_set {
  std::string suite;
  std::size_t count = 0;
  std::map<std::size_t, nlohmann::json> documents;  // by shard index, the readable ones
  std::map<std::size_t, std::string> unusable;      // by shard index: why not
};

// The outcome of checking a shard set: the results by job (null: absent), and every problem found.
struct shard_merge {
  nlohmann::json settings;
  std::vector<std::string> keys;
  std::vector<nlohmann::json> results;  // null where absent
  std::vector<std::string> problems;    // one line each: a shard or job named, and why
  std::vector<std::string> absent_shards, absent_jobs;
  bool complete() const { return problems.empty(); }
};

// Checks a suite's shards against each other and against the partition, and gathers the results.
inline shard_merge check_shards(const shard_set& set) {
  shard_merge merge;
  auto name_of = [&](std::size_t index) { return shard_file_name(set.suite, {index, set.count}); };
  // The reference: the first readable shard that names this suite and count.
  const nlohmann::json* reference = nullptr;
  std::map<std::size_t, const nlohmann::json*> usable;
  std::map<std::size_t, std::string> refused = set.unusable;
  for (const auto& [index, doc] : set.documents) {
    const bool shape = doc.is_object() && doc.value("schema", "") == shard_schema && doc.contains("shard") &&
                       doc["shard"].is_object() && doc.contains("jobs") && doc["jobs"].is_array() &&
                       doc.contains("costs") && doc["costs"].is_array() && doc.contains("ran") &&
                       doc["ran"].is_array() && doc.contains("settings");
    if (!shape) {
      refused[index] = "not a shard file";
      continue;
    }
    if (doc.value("suite", "") != set.suite) {
      refused[index] = "from another suite (" + doc.value("suite", "") + ")";
      continue;
    }
    if (doc["shard"].value("index", std::size_t{0}) != index ||
        doc["shard"].value("count", std::size_t{0}) != set.count) {
      refused[index] = "records shard " + doc["shard"].dump() + ", not " + shard_spec{index, set.count}.text();
      continue;
    }
    if (!reference) reference = &doc;
    if (doc["jobs"] != (*reference)["jobs"] || doc["costs"] != (*reference)["costs"] ||
        doc["settings"] != (*reference)["settings"]) {
      refused[index] = "another run's jobs or settings than shard " +
                       std::to_string((*reference)["shard"]["index"].get<std::size_t>());
      continue;
    }
    usable[index] = &doc;
  }
  for (std::size_t index = 1; index <= set.count; ++index)
    if (!usable.count(index) && !refused.count(index)) refused[index] = "absent";
  for (const auto& [index, why] : refused) {
    merge.problems.push_back(name_of(index) + ": " + why);
    merge.absent_shards.push_back(shard_spec{index, set.count}.text());
  }
  if (!reference) return merge;
  merge.settings = (*reference)["settings"];
  merge.keys = (*reference)["jobs"].get<std::vector<std::string>>();
  const auto costs = (*reference)["costs"].get<std::vector<double>>();
  merge.results.assign(merge.keys.size(), nlohmann::json());
  if (costs.size() != merge.keys.size()) {
    merge.problems.push_back(set.suite + ": the shards' job and cost lists differ in length");
    return merge;
  }
  std::map<std::string, std::size_t> position;
  for (std::size_t k = 0; k < merge.keys.size(); ++k) position[merge.keys[k]] = k;
  const auto owner = assign_shards(costs, set.count);
  for (const auto& [index, doc] : usable) {
    std::set<std::string> seen;
    for (const auto& entry : (*doc)["ran"]) {
      const auto key = entry.value("key", "");
      const auto at = position.find(key);
      if (at == position.end() || owner[at->second] + 1 != index) {
        merge.problems.push_back(name_of(index) + ": job '" + key + "' is not this shard's");
        continue;
      }
      seen.insert(key);
      if (entry.contains("result"))
        merge.results[at->second] = entry["result"];
      else
        merge.problems.push_back(name_of(index) + ": job '" + key + "' failed: " + entry.value("error", "no result"));
    }
    for (std::size_t k = 0; k < merge.keys.size(); ++k)
      if (owner[k] + 1 == index && !seen.count(merge.keys[k]))
        merge.problems.push_back(name_of(index) + ": job '" + merge.keys[k] + "' is missing");
  }
  for (std::size_t k = 0; k < merge.keys.size(); ++k)
    if (merge.results[k].is_null()) merge.absent_jobs.push_back(merge.keys[k]);
  return merge;
}

// The mark a partial merge leaves at the top of every document it writes.
inline nlohmann::json partial_mark(const shard_merge& merge) {
  return {{"absent_shards", merge.absent_shards}, {"absent_jobs", merge.absent_jobs}, {"problems", merge.problems}};
}

// Assembles a suite's files from results by job (null: absent, left out).
inline suite_outputs assemble_outputs(suite_assembler assemble, const nlohmann::json& settings,
                                      const std::vector<std::string>& keys,
                                      const std::vector<nlohmann::json>& results) {
  std::vector<const nlohmann::json*> present;
  for (const auto& r : results) present.push_back(r.is_null() ? nullptr : &r);
  return assemble(settings, keys, present);
}

}  // namespace orderly
