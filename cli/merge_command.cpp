// `orderly merge --in DIR... --out DIR [--allow-partial]`: the shard files that suites run with
// `--shard i/N` wrote under the --in directories, combined into exactly the files one run of each
// whole suite writes, at the same places under --out. Every shard of every suite found must be
// there, readable, from the same run and complete; otherwise the merge names each missing or
// failed shard and job and writes nothing, unless --allow-partial (then every document written
// carries a top-level "partial" key saying what is absent). Files under --in that are not shard
// files (a study that ran whole) are copied as they are.
#include <orderly/command/commands.hpp>
#include <orderly/command/output.hpp>

#include <orderly/json_text.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace orderly::cli {
namespace {

struct merge_options {
  std::vector<std::string> in_dirs;
  std::string out_dir;
  bool allow_partial = false;
};

struct found_shards {
  std::map<std::pair<std::string, std::string>, std::map<std::size_t, std::vector<std::filesystem::path>>>
      by_suite;  // (directory relative to --in, suite) -> shard count -> files
  struct plain_file {
    std::filesystem::path path;
    std::string text;
  };
  std::map<std::string, plain_file> plain_files;  // relative path -> file (copied)
  std::vector<std::string> problems;
};

// The file's bytes; nullopt when it cannot be read (a file without read permission).
std::optional<std::string> file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return text.str();
}

// Every regular file under `in_dir`, with its path relative to it as written (never resolved, so a
// symbolic link cannot carry the merge's output elsewhere). A link whose target lies outside
// `in_dir`, a link loop and an unreadable entry are problems named by their path.
void find_shards(const std::string& in_dir, found_shards& found) {
  std::error_code ec;
  if (!std::filesystem::is_directory(in_dir, ec)) throw usage_error("--in '" + in_dir + "': not a directory");
  protect_input("--in", in_dir);
  const auto root = resolved_path(in_dir);
  for (std::filesystem::recursive_directory_iterator it(in_dir, ec), end; !ec && it != end; it.increment(ec)) {
    const auto& path = it->path();
    const auto relative = path.lexically_relative(in_dir);
    std::error_code entry_ec;
    if (it->is_symlink(entry_ec)) {
      const auto target = std::filesystem::canonical(path, entry_ec);
      if (entry_ec) {
        found.problems.push_back(path.string() + ": a symbolic link that leads nowhere (" + entry_ec.message() + ")");
        continue;
      }
      if (!is_within(target, root)) {
        found.problems.push_back(path.string() + ": a symbolic link out of --in '" + in_dir + "' (to " +
                                 target.string() + "); not followed");
        continue;
      }
    }
    if (!it->is_regular_file(entry_ec)) continue;
    const auto name = path.filename().string();
    if (name.rfind(".", 0) == 0) continue;  // a writer's temporary
    const auto shard = parse_shard_file_name(name);
    if (!shard) {
      const auto key = relative.generic_string();
      const auto text = file_text(path);
      if (!text) {
        found.problems.push_back(path.string() + ": cannot be read");
        continue;
      }
      const auto earlier = found.plain_files.find(key);
      if (earlier == found.plain_files.end())
        found.plain_files[key] = {path, *text};
      else if (earlier->second.text != *text)
        found.problems.push_back(key + ": two different files under the --in directories");
      continue;
    }
    auto& files = found.by_suite[{relative.parent_path().generic_string(), shard->first}][shard->second.count];
    files.push_back(path);
  }
  if (ec) throw usage_error("--in '" + in_dir + "': cannot read (" + ec.message() + ")");
}

struct suite_merge {
  std::string directory, suite;
  shard_merge checked;
  suite_assembler assemble = nullptr;
};

suite_assembler assembler_of(const std::string& suite) {
  for (const auto& command : registered_commands())
    if (command.name == suite) return command.merge;
  return nullptr;
}

suite_merge merge_suite(const std::string& directory, const std::string& suite,
                        const std::map<std::size_t, std::vector<std::filesystem::path>>& by_count,
                        std::vector<std::string>& problems) {
  suite_merge merge{.directory = directory, .suite = suite, .assemble = assembler_of(suite)};
  const std::string where = directory.empty() ? suite : directory + "/" + suite;
  if (!merge.assemble) {
    problems.push_back(where + ": no suite of that name runs in shards");
    return merge;
  }
  // The shard count most files give is the run's; files with another are another run's.
  std::size_t count = 0, most = 0;
  for (const auto& [n, files] : by_count)
    if (files.size() > most) count = n, most = files.size();
  for (const auto& [n, files] : by_count)
    if (n != count)
      for (const auto& f : files)
        problems.push_back(f.string() + ": a shard of " + std::to_string(n) + ", the others are of " +
                           std::to_string(count));
  shard_set set{.suite = suite, .count = count};
  for (const auto& path : by_count.at(count)) {
    const auto index = parse_shard_file_name(path.filename().string())->second.index;
    const auto text = file_text(path);
    if (set.documents.count(index) || set.unusable.count(index)) {
      problems.push_back(path.string() + ": shard " + std::to_string(index) + " found twice");
      continue;
    }
    if (!text) {
      set.unusable[index] = "cannot be read";
      continue;
    }
    try {
      std::istringstream in(*text);
      set.documents[index] = parse_json_text(in);
    } catch (const std::exception&) {
      set.unusable[index] = "unreadable (truncated or not JSON)";
    }
  }
  merge.checked = check_shards(set);
  for (const auto& p : merge.checked.problems) problems.push_back((directory.empty() ? "" : directory + "/") + p);
  return merge;
}

void run_merge(const merge_options& o) {
  found_shards found;
  for (const auto& dir : o.in_dirs) find_shards(dir, found);
  if (found.by_suite.empty()) throw usage_error("--in: no shard files (<suite>.shard-i-of-N.json) found");
  std::vector<suite_merge> merges;
  std::vector<std::string> problems = found.problems;
  for (const auto& [where, by_count] : found.by_suite)
    merges.push_back(merge_suite(where.first, where.second, by_count, problems));
  if (!problems.empty()) {
    for (const auto& p : problems) std::fprintf(stderr, "orderly merge: %s\n", p.c_str());
    if (!o.allow_partial)
      throw usage_error("merge: " + std::to_string(problems.size()) +
                        " problems with the shards; nothing written (--allow-partial writes what is there, "
                        "marked)");
  }
  ensure_output_dir("--out", o.out_dir);
  for (const auto& [relative, file] : found.plain_files) {
    const auto target = std::filesystem::path(o.out_dir) / relative;
    refuse_outside("--out", o.out_dir, target.string());
    ensure_output_dir("--out", target.parent_path().string());
    write_text("--out", target.string(), file.text);
  }
  for (const auto& merge : merges) {
    if (!merge.assemble || merge.checked.keys.empty()) continue;
    auto outputs = assemble_outputs(merge.assemble, merge.checked.settings, merge.checked.keys, merge.checked.results);
    if (!merge.checked.complete())
      for (auto& [name, document] : outputs) document["partial"] = partial_mark(merge.checked);
    const auto dir = (std::filesystem::path(o.out_dir) / merge.directory).string();
    refuse_outside("--out", o.out_dir, dir);
    ensure_output_dir("--out", dir);
    for (const auto& [name, document] : outputs) write_json("--out", dir + "/" + name, document);
    std::printf("merge: %s: %zu jobs%s -> %s (%zu files)\n", merge.suite.c_str(), merge.checked.keys.size(),
                merge.checked.complete() ? "" : " (PARTIAL)", dir.c_str(), outputs.size());
  }
}

}  // namespace

void add_merge_command(CLI::App& app) {
  auto o = std::make_shared<merge_options>();
  auto* cmd = app.add_subcommand("merge",
                                 "Combine the shard files of suites run with --shard i/N into the files one whole run "
                                 "writes; names missing or failed shards and writes nothing from an incomplete set");
  cmd->add_option("--in", o->in_dirs, "Directories holding the shard files (searched recursively)")->required();
  cmd->add_option("--out", o->out_dir, "Directory for the merged files (the same layout as under --in)")->required();
  cmd->add_flag("--allow-partial", o->allow_partial,
                "Write what the shards hold even when some are missing or failed; every document written says "
                "what is absent (top-level key \"partial\")");
  cmd->callback([o] { run_merge(*o); });
}

namespace {
const registered_command merge_registration{{.name = "merge", .add = &add_merge_command}};
}  // namespace

}  // namespace orderly::cli
