#pragma once
// Running a suite whole or as one shard, the one way every suite command does it: `--shard i/N`
// runs the shard's jobs and writes "<suite>.shard-i-of-N.json" in the suite's output directory;
// without it the whole suite runs and its files are assembled from the jobs' results exactly as
// `orderly merge` assembles them from the shards (orderly/shard.hpp).
#include "commands.hpp"
#include "data_paths.hpp"
#include "output.hpp"

#include <orderly/shard.hpp>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

namespace orderly::cli {

inline CLI::Option* add_shard_option(CLI::App& command, std::string& shard_text) {
  return command.add_option("--shard", shard_text,
                            "Run only shard i of N (i/N) of the suite's jobs, balanced by their expected cost, and "
                            "write <suite>.shard-i-of-N.json beside the output for `orderly merge`");
}

// The shard an option names; nullopt when it was not given.
inline std::optional<shard_spec> shard_option(const std::string& text) {
  if (text.empty()) return std::nullopt;
  auto shard = parse_shard(text);
  if (!shard)
    throw usage_error("--shard '" + text + "': give i/N with 1 <= i <= N <= " + std::to_string(max_shard_count));
  return shard;
}

// Writes a suite's files into `dir`.
inline void write_outputs(const std::string& option, const std::string& dir, const suite_outputs& outputs) {
  for (const auto& [name, document] : outputs) write_json(option, dir + "/" + name, document);
}

// Runs the whole suite and returns its files, for the caller to write; or runs one shard and writes
// its shard file into `shard_dir` (which exists), returning nothing. A failed job fails the run: a
// whole run returns nothing to write, a shard writes its file with the failure recorded (the merge
// names it), and both end with an error naming the failed jobs.
inline std::optional<suite_outputs> run_suite_or_shard(const sharded_suite& suite,
                                                       const std::optional<shard_spec>& shard,
                                                       const std::string& option, const std::string& shard_dir) {
  const shard_spec part = shard.value_or(shard_spec{});
  const auto chosen = shard_jobs(suite, part);
  progress_meter progress(part.whole() ? suite.name : suite.name + " shard " + part.text(), chosen.size());
  auto outcomes = suite.run(chosen, &progress);
  if (auto slowest = progress.slowest_text(); !slowest.empty())
    std::fprintf(stderr, "%s: %s\n", suite.name.c_str(), slowest.c_str());
  std::string failures;
  std::size_t failed = 0;
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    if (outcomes[i].result) {
      outcomes[i].result = as_stored(*outcomes[i].result);
      continue;
    }
    ++failed;
    std::fprintf(stderr, "orderly: %s: job %s failed: %s\n", suite.name.c_str(), suite.keys[chosen[i]].c_str(),
                 outcomes[i].error.c_str());
  }
  if (failed)
    failures = std::to_string(failed) + " of " + std::to_string(chosen.size()) + " " + suite.name + " jobs failed";
  if (shard) {
    const auto path = shard_dir + "/" + shard_file_name(suite.name, part);
    auto document = shard_document(suite, part, chosen, outcomes);
    document["build"] = version_text();  // shards of two builds are not merged (orderly merge)
    write_json(option, path, document);
    std::fprintf(stderr, "%s shard %s: %zu of %zu jobs in %s -> %s\n", suite.name.c_str(), part.text().c_str(),
                 chosen.size(), suite.keys.size(), progress_meter::duration_text(progress.elapsed_seconds()).c_str(),
                 path.c_str());
    if (failed) throw std::runtime_error(failures);
    return std::nullopt;
  }
  if (failed) throw std::runtime_error(failures + "; nothing written");
  std::vector<nlohmann::json> results(suite.keys.size());
  for (std::size_t i = 0; i < chosen.size(); ++i) results[chosen[i]] = std::move(*outcomes[i].result);
  return assemble_outputs(suite.assemble, suite.settings, suite.keys, results);
}

// A suite that writes one document to --json FILE: a shard's file goes beside FILE (which must
// then be a file, not standard output); the merge writes the document as the suite names it.
inline std::optional<nlohmann::json> run_document_suite(const sharded_suite& suite,
                                                        const std::optional<shard_spec>& shard,
                                                        const std::string& json_path) {
  if (shard && (json_path.empty() || json_path == "-"))
    throw usage_error("--shard: give --json FILE (the shard file is written beside it)");
  const auto parent = std::filesystem::path(json_path).parent_path();
  const std::string dir = parent.empty() ? "." : parent.string();
  if (shard) ensure_output_dir("--json", dir);
  auto outputs = run_suite_or_shard(suite, shard, "--json", dir);
  if (!outputs) return std::nullopt;
  return outputs->begin()->second;
}

}  // namespace orderly::cli
