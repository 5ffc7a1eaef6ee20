// The shard partition and the merge's checks (orderly/shard.hpp) on made-up suites whose answers
// are worked out by hand below.
#include <orderly/shard.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace orderly {
namespace {

TEST(ShardSpec, ParsesIOfNAndRefusesEverythingElse) {
  const auto three_of_seven = parse_shard("3/7");
  ASSERT_TRUE(three_of_seven);
  EXPECT_EQ(three_of_seven->index, 3u);
  EXPECT_EQ(three_of_seven->count, 7u);
  for (const char* bad :
       {"0/3", "4/3", "x", "1/0", "", "/", "1/", "/3", "-1/3", "1/3/", "1.5/3", " 1/3", "1/3 ", "1/100001"})
    EXPECT_FALSE(parse_shard(bad)) << bad;
}

// Longest processing time first, by hand: costs 5 4 3 3 2 1 on two shards. 5 -> shard 0 (loads
// 5, 0); 4 -> shard 1 (5, 4); the first 3 -> shard 1 (5, 7); the second 3 -> shard 0 (8, 7);
// 2 -> shard 1 (8, 9); 1 -> shard 0 (9, 9).
TEST(ShardPartition, LongestFirstToTheLeastLoadedShard) {
  EXPECT_EQ(assign_shards({5, 4, 3, 3, 2, 1}, 2), (std::vector<std::size_t>{0, 1, 1, 0, 1, 0}));
  // Equal costs: ties go to the lowest shard, in job order: round robin.
  EXPECT_EQ(assign_shards({1, 1, 1, 1, 1}, 3), (std::vector<std::size_t>{0, 1, 2, 0, 1}));
  // More shards than jobs: the last shards stay empty.
  EXPECT_EQ(assign_shards({2, 7}, 4), (std::vector<std::size_t>{1, 0}));
}

TEST(ShardFileName, NamesSuiteAndShardAndReadsThemBack) {
  EXPECT_EQ(shard_file_name("game-table", {2, 3}), "game-table.shard-2-of-3.json");
  const auto read = parse_shard_file_name("game-table.shard-2-of-3.json");
  ASSERT_TRUE(read);
  EXPECT_EQ(read->first, "game-table");
  EXPECT_EQ(read->second.index, 2u);
  EXPECT_EQ(read->second.count, 3u);
  for (const char* other : {"stiff.json", "stiff.shard-4-of-3.json", "stiff.shard-1-of-3.txt", ".shard-1-of-2.json"})
    EXPECT_FALSE(parse_shard_file_name(other)) << other;
}

// A suite of four jobs a..d with costs 4 3 2 1 on two shards: a -> 0, b -> 1, c -> 1, d -> 0.
sharded_suite four_jobs() {
  sharded_suite suite{.name = "made-up", .settings = {{"n", 4}}, .keys = {"a", "b", "c", "d"}, .costs = {4, 3, 2, 1}};
  return suite;
}

nlohmann::json shard_of(const sharded_suite& suite, std::size_t index, bool fail_first = false) {
  const shard_spec shard{index, 2};
  const auto chosen = shard_jobs(suite, shard);
  std::vector<job_outcome<nlohmann::json>> outcomes;
  for (std::size_t k : chosen) outcomes.push_back({nlohmann::json{{"job", suite.keys[k]}}, ""});
  if (fail_first) outcomes.front() = {std::nullopt, "it threw"};
  return shard_document(suite, shard, chosen, outcomes);
}

TEST(ShardMerge, CompleteShardsGiveEveryResultInJobOrder) {
  const auto suite = four_jobs();
  shard_set set{.suite = "made-up", .count = 2, .documents = {{1, shard_of(suite, 1)}, {2, shard_of(suite, 2)}}};
  const auto merge = check_shards(set);
  EXPECT_TRUE(merge.complete());
  ASSERT_EQ(merge.results.size(), 4u);
  for (std::size_t k = 0; k < 4; ++k) EXPECT_EQ(merge.results[k]["job"], suite.keys[k]);
}

TEST(ShardMerge, NamesTheAbsentShardAndItsJobs) {
  const auto suite = four_jobs();
  shard_set set{.suite = "made-up", .count = 2, .documents = {{1, shard_of(suite, 1)}}};
  const auto merge = check_shards(set);
  EXPECT_FALSE(merge.complete());
  EXPECT_EQ(merge.problems, (std::vector<std::string>{"made-up.shard-2-of-2.json: absent"}));
  EXPECT_EQ(merge.absent_jobs, (std::vector<std::string>{"b", "c"}));
}

TEST(ShardMerge, NamesAFailedJobAndAShardOfAnotherRun) {
  const auto suite = four_jobs();
  shard_set failed{
      .suite = "made-up", .count = 2, .documents = {{1, shard_of(suite, 1, true)}, {2, shard_of(suite, 2)}}};
  const auto merge = check_shards(failed);
  EXPECT_EQ(merge.problems, (std::vector<std::string>{"made-up.shard-1-of-2.json: job 'a' failed: it threw"}));
  EXPECT_EQ(merge.absent_jobs, (std::vector<std::string>{"a"}));

  auto other = four_jobs();
  other.settings = {{"n", 5}};
  shard_set mixed{.suite = "made-up", .count = 2, .documents = {{1, shard_of(suite, 1)}, {2, shard_of(other, 2)}}};
  const auto refused = check_shards(mixed);
  ASSERT_EQ(refused.problems.size(), 1u);
  EXPECT_EQ(refused.problems.front(), "made-up.shard-2-of-2.json: another run's jobs or settings than shard 1");
}

}  // namespace
}  // namespace orderly
