"""Suites run in shards (--shard i/N) and merged (`orderly merge`) give exactly the files one run
of the whole suite writes, byte for byte, for N = 1, 2, 3 and 7; a merge of an incomplete set of
shards names what is missing and writes nothing, unless --allow-partial, which marks what it wrote.

The suites are the quick ones where a suite has one, so that the test takes seconds. The expected
files are the single run's own: the test asserts that sharding changes nothing, not any value."""
import json
import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

ORDERLY = os.environ.get("ORDERLY", "build/bin/orderly")
SHARD_COUNTS = (1, 2, 3, 7)



def registered_studies() -> list:
    """Every registered study, from the CLI's own registry (`orderly list studies --json`)."""
    ran = subprocess.run([ORDERLY, "list", "studies", "--json"], capture_output=True, text=True, check=True)
    return json.loads(ran.stdout)


# (suite, its arguments with {out} for the output directory): every study that runs in shards, with
# the smallest run it registered for this test; a sharded study is tested here by registering it.
SUITES = [(study["name"], study["shard_test_run"]) for study in registered_studies() if study["sharded"]]

# The tableau files `check --tableau-dir` checks: the README's examples and one that is not JSON.
SOURCE = Path(__file__).resolve().parents[2]
EXAMPLES = SOURCE / "examples" / "tableaus"

# Files whose content is the run's wall time, which no two runs share: compared by name only.
TIMING_SUFFIX = ".timing.json"


def orderly(*args, check=True):
    result = subprocess.run([ORDERLY, *map(str, args)], capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"orderly {' '.join(map(str, args))}: exit {result.returncode}\n{result.stderr}")
    return result


TABLEAUS = Path(tempfile.mkdtemp(prefix="orderly-shards-tableaus-"))


def with_out(args, out: Path):
    return [a.replace("{out}", str(out)).replace("{tableaus}", str(TABLEAUS)) for a in args]


def files_under(directory: Path) -> dict:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


class ShardsMergeToTheSingleRun(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="orderly-shards-")
        cls.root = Path(cls.tmp.name)
        for example in EXAMPLES.glob("*.json"):
            shutil.copy(example, TABLEAUS / example.name)
        (TABLEAUS / "broken.json").write_text("{not json")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()
        shutil.rmtree(TABLEAUS, ignore_errors=True)

    def shard_and_merge(self, args, count: int, base: Path) -> Path:
        """Runs every shard of `count` into its own directory, merges them into base/merged."""
        for i in range(1, count + 1):
            out = base / f"shard-{i}"
            out.mkdir(parents=True)
            orderly(*with_out(args, out), "--shard", f"{i}/{count}")
        orderly("merge", "--in", *[base / f"shard-{i}" for i in range(1, count + 1)], "--out", base / "merged")
        return base / "merged"

    def test_every_sharded_study_registered_its_run(self):
        self.assertIn("convergence", [suite for suite, _ in SUITES])
        for suite, args in SUITES:
            with self.subTest(suite=suite):
                self.assertEqual(args[:1], [suite], "no shard_test_run registered")
                self.assertTrue(any("{out}" in a for a in args), args)

    def test_every_suite_merges_byte_for_byte(self):
        for suite, args in SUITES:
            single = self.root / suite / "single"
            single.mkdir(parents=True)
            ran = orderly(*with_out(args, single), check=False)
            # 1: a verdict refused (check's broken file), written all the same; 2 or more: an error.
            self.assertIn(ran.returncode, (0, 1), ran.stderr)
            expected = files_under(single)
            self.assertTrue(expected, suite)
            for count in SHARD_COUNTS:
                with self.subTest(suite=suite, shards=count):
                    merged = files_under(self.shard_and_merge(args, count, self.root / suite / f"n{count}"))
                    self.assertEqual(sorted(merged), sorted(expected))
                    for name, content in expected.items():
                        if not name.endswith(TIMING_SUFFIX):
                            self.assertEqual(merged[name], content, f"{suite}, {count} shards: {name} differs")


class IncompleteShards(unittest.TestCase):
    """The quick convergence suite in three shards, one of them spoiled in turn."""

    ARGS = ["convergence", "--suite", "quick", "--threads", "2", "--out", "{out}"]
    COUNT = 3

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="orderly-shards-bad-")
        self.root = Path(self.tmp.name)
        for i in range(1, self.COUNT + 1):
            (self.root / f"shard-{i}").mkdir()
            orderly(*with_out(self.ARGS, self.root / f"shard-{i}"), "--shard", f"{i}/{self.COUNT}")
        self.shard = lambda i: self.root / f"shard-{i}" / f"convergence.shard-{i}-of-{self.COUNT}.json"

    def tearDown(self):
        self.tmp.cleanup()

    def merge(self, *extra):
        return orderly("merge", "--in", *[self.root / f"shard-{i}" for i in range(1, self.COUNT + 1)],
                       "--out", self.root / "merged", *extra, check=False)

    def assert_refused(self, result, line):
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn(line, result.stderr)
        self.assertFalse((self.root / "merged").exists(), "a refused merge wrote something")

    def test_a_missing_shard_is_named_and_nothing_written(self):
        self.shard(2).unlink()
        self.assert_refused(self.merge(), "convergence.shard-2-of-3.json: absent")

    def test_a_truncated_shard_is_named(self):
        text = self.shard(3).read_bytes()
        self.shard(3).write_bytes(text[: len(text) // 2])
        self.assert_refused(self.merge(), "convergence.shard-3-of-3.json: unreadable (truncated or not JSON)")

    def test_a_failed_job_is_named(self):
        document = json.loads(self.shard(1).read_text())
        job = document["ran"][0]
        key = job["key"]
        del job["result"]
        job["error"] = "the job threw"
        self.shard(1).write_text(json.dumps(document))
        self.assert_refused(self.merge(), f"convergence.shard-1-of-3.json: job '{key}' failed: the job threw")

    def test_a_job_whose_result_is_null_is_named_not_dropped(self):
        document = json.loads(self.shard(1).read_text())
        key = document["ran"][0]["key"]
        document["ran"][0]["result"] = None
        self.shard(1).write_text(json.dumps(document))
        self.assert_refused(self.merge(), f"convergence.shard-1-of-3.json: job '{key}' failed: no result")

    def test_a_mistyped_field_is_one_line_naming_it(self):
        document = json.loads(self.shard(2).read_text())
        document["ran"][0]["key"] = 5
        self.shard(2).write_text(json.dumps(document))
        result = self.merge()
        self.assert_refused(result, "convergence.shard-2-of-3.json: field 'ran' (a job's 'key') has the wrong type")
        self.assertNotIn("json.exception", result.stderr)

    def test_a_shard_of_another_build_is_named(self):
        document = json.loads(self.shard(3).read_text())
        self.assertIn("commit", document["build"])
        document["build"] = "orderly 0.0\ncommit elsewhere"
        self.shard(3).write_text(json.dumps(document))
        self.assert_refused(self.merge(), "convergence.shard-3-of-3.json: written by another build of orderly")

    def test_a_lone_shard_of_many_names_the_first_absent_and_counts_the_rest(self):
        lone = self.root / "lone"
        lone.mkdir()
        orderly(*with_out(self.ARGS, lone), "--shard", "1/100000")
        result = orderly("merge", "--in", lone, "--out", self.root / "merged", check=False)
        self.assertEqual(result.returncode, 2, result.stderr[-2000:])
        self.assertLess(len(result.stderr.splitlines()), 20, result.stderr[-2000:])
        self.assertIn("convergence: 99989 more of its 100000 shards absent (99999 in all", result.stderr)

    def test_a_shard_of_another_count_is_named(self):
        other = self.root / "other"
        other.mkdir()
        orderly(*with_out(self.ARGS, other), "--shard", "2/2")
        (other / "convergence.shard-2-of-2.json").rename(self.root / "shard-2" / "convergence.shard-2-of-2.json")
        self.assert_refused(self.merge(), "convergence.shard-2-of-2.json: a shard of 2, the others are of 3")

    def test_allow_partial_writes_what_is_there_and_marks_it(self):
        absent = [job["key"] for job in json.loads(self.shard(2).read_text())["ran"]]
        self.shard(2).unlink()
        result = self.merge("--allow-partial")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("convergence.shard-2-of-3.json: absent", result.stderr)
        written = sorted(p.stem for p in (self.root / "merged").glob("*.json"))
        self.assertTrue(written)
        self.assertFalse(set(written) & set(absent))
        for path in (self.root / "merged").glob("*.json"):
            mark = json.loads(path.read_text())["partial"]
            self.assertEqual(mark["absent_shards"], ["2/3"])
            self.assertEqual(sorted(mark["absent_jobs"]), sorted(absent))


if __name__ == "__main__":
    unittest.main()
