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
std::optional<shard_spec> parse_shard(std::string_view text);

// The shard (from 0) of every job: the jobs in decreasing cost (ties: job order) each go to the
// shard with the least cost so far (ties: the lowest shard).
std::vector<std::size_t> assign_shards(const std::vector<double>& costs, std::size_t count);

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
std::vector<std::size_t> shard_jobs(const sharded_suite& suite, const shard_spec& shard);

// The shard file of one shard's outcomes.
nlohmann::json shard_document(const sharded_suite& suite, const shard_spec& shard,
                              const std::vector<std::size_t>& chosen,
                              const std::vector<job_outcome<nlohmann::json>>& outcomes);

// The file name of a suite's shard: "<suite>.shard-<i>-of-<N>.json".
inline std::string shard_file_name(const std::string& suite, const shard_spec& shard) {
  return suite + ".shard-" + std::to_string(shard.index) + "-of-" + std::to_string(shard.count) + ".json";
}

// The suite and shard a file name names, or nullopt when it is not a shard file's name.
std::optional<std::pair<std::string, shard_spec>> parse_shard_file_name(const std::string& name);

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
shard_merge check_shards(const shard_set& set);

// The mark a partial merge leaves at the top of every document it writes.
inline nlohmann::json partial_mark(const shard_merge& merge) {
  return {{"absent_shards", merge.absent_shards}, {"absent_jobs", merge.absent_jobs}, {"problems", merge.problems}};
}

// Assembles a suite's files from results by job (null: absent, left out).
suite_outputs assemble_outputs(suite_assembler assemble, const nlohmann::json& settings,
                               const std::vector<std::string>& keys, const std::vector<nlohmann::json>& results);

}  // namespace orderly
