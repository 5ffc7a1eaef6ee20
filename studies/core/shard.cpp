// Compiled once into the study library (declared in shard.hpp).
#include <orderly/shard.hpp>

namespace orderly {

std::optional<shard_spec> parse_shard(std::string_view text) {
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

std::vector<std::size_t> assign_shards(const std::vector<double>& costs, std::size_t count) {
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

std::vector<std::size_t> shard_jobs(const sharded_suite& suite, const shard_spec& shard) {
  const auto owner = assign_shards(suite.costs, shard.count);
  std::vector<std::size_t> chosen;
  for (std::size_t k = 0; k < owner.size(); ++k)
    if (owner[k] + 1 == shard.index) chosen.push_back(k);
  return chosen;
}

nlohmann::json shard_document(const sharded_suite& suite, const shard_spec& shard,
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

std::optional<std::pair<std::string, shard_spec>> parse_shard_file_name(const std::string& name) {
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

namespace {

// Absent shards named one per line up to this many; the rest are counted in one line (a lone
// shard of 100000 would otherwise print 99999 lines).
constexpr std::size_t max_absent_lines = 10;

// The first field of a shard file whose type is not what a shard file holds, as "'name'"; empty
// when every field the merge reads has its type.
std::string mistyped_field(const nlohmann::json& doc) {
  const auto unsigned_at = [&](const char* key) {
    return doc["shard"].contains(key) && doc["shard"][key].is_number_unsigned();
  };
  if (!unsigned_at("index") || !unsigned_at("count")) return "'shard'";
  if (!doc.value("suite", nlohmann::json("")).is_string()) return "'suite'";
  for (const auto& key : doc["jobs"])
    if (!key.is_string()) return "'jobs'";
  for (const auto& cost : doc["costs"])
    if (!cost.is_number()) return "'costs'";
  for (const auto& entry : doc["ran"]) {
    if (!entry.is_object() || !entry.contains("key") || !entry["key"].is_string()) return "'ran' (a job's 'key')";
    if (entry.contains("error") && !entry["error"].is_string()) return "'ran' (a job's 'error')";
  }
  return {};
}

}  // namespace

shard_merge check_shards(const shard_set& set) {
  shard_merge merge;
  auto name_of = [&](std::size_t index) { return shard_file_name(set.suite, {index, set.count}); };
  // The reference: the first readable shard that names this suite and count.
  const nlohmann::json* reference = nullptr;
  std::map<std::size_t, const nlohmann::json*> usable;
  std::map<std::size_t, std::string> refused = set.unusable;
  for (const auto& [index, doc] : set.documents) {
    const bool shape = doc.is_object() && doc.value("schema", nlohmann::json()) == shard_schema &&
                       doc.contains("shard") && doc["shard"].is_object() && doc.contains("jobs") &&
                       doc["jobs"].is_array() && doc.contains("costs") && doc["costs"].is_array() &&
                       doc.contains("ran") && doc["ran"].is_array() && doc.contains("settings");
    if (!shape) {
      refused[index] = "not a shard file";
      continue;
    }
    if (const auto wrong = mistyped_field(doc); !wrong.empty()) {
      refused[index] = "field " + wrong + " has the wrong type";
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
    if (doc.value("build", nlohmann::json()) != reference->value("build", nlohmann::json())) {
      refused[index] = "written by another build of orderly than shard " +
                       std::to_string((*reference)["shard"]["index"].get<std::size_t>()) + " (orderly --version)";
      continue;
    }
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
  std::size_t absent = 0;
  for (const auto& [index, why] : refused) {
    merge.absent_shards.push_back(shard_spec{index, set.count}.text());
    if (why != "absent" || ++absent <= max_absent_lines) merge.problems.push_back(name_of(index) + ": " + why);
  }
  if (absent > max_absent_lines)
    merge.problems.push_back(set.suite + ": " + std::to_string(absent - max_absent_lines) + " more of its " +
                             std::to_string(set.count) + " shards absent (" + std::to_string(absent) +
                             " in all; the first " + std::to_string(max_absent_lines) + " are named above)");
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
      if (entry.contains("result") && !entry["result"].is_null())
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

suite_outputs assemble_outputs(suite_assembler assemble, const nlohmann::json& settings,
                               const std::vector<std::string>& keys, const std::vector<nlohmann::json>& results) {
  std::vector<const nlohmann::json*> present;
  for (const auto& r : results) present.push_back(r.is_null() ? nullptr : &r);
  return assemble(settings, keys, present);
}

}  // namespace orderly
