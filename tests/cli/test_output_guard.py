"""No output lands where it must not: on an input (a tableau file, a directory of tableaus, a
merge's shard directories), inside an input directory, on a device, or (merge) outside --out by way
of a symbolic link. Each refusal is one line naming the option, exit 2, and the input unchanged."""
import json
import os
import resource
import signal
import subprocess
import tempfile
import unittest
from pathlib import Path

ORDERLY = os.environ.get("ORDERLY", "build/bin/orderly")
TABLEAU = {"name": "k3", "order": 3, "A": [[], ["1/2"], ["-1", "2"]], "b": ["1/6", "2/3", "1/6"]}


def run(*args, **kwargs):
    return subprocess.run([ORDERLY, *map(str, args)], capture_output=True, text=True, timeout=600, **kwargs)


def tree(directory: Path) -> dict:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


class Guarded(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="orderly-guard-")
        self.root = Path(self.tmp.name)
        self.tableaus = self.root / "tableaus"
        self.tableaus.mkdir()
        self.tableau = self.tableaus / "a.json"
        self.tableau.write_text(json.dumps(TABLEAU))

    def tearDown(self):
        self.tmp.cleanup()

    def assert_refused(self, result, *words):
        self.assertEqual(result.returncode, 2, result.stderr + result.stdout)
        lines = result.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, result.stderr)
        for word in words:
            self.assertIn(word, lines[0])


class OntoAnInput(Guarded):
    def test_json_through_a_symbolic_link_onto_the_tableau_is_refused(self):
        link = self.root / "link.json"
        link.symlink_to(self.tableau)
        before = self.tableau.read_bytes()
        self.assert_refused(run("check", "--tableau", self.tableau, "--json", link), "is --tableau", "an input")
        self.assertEqual(self.tableau.read_bytes(), before)

    def test_json_onto_a_hard_link_of_the_tableau_is_refused(self):
        other = self.root / "other.json"
        os.link(self.tableau, other)
        self.assert_refused(run("check", "--tableau", self.tableau, "--json", other), "an input")

    def test_json_written_as_a_dotted_path_onto_the_tableau_is_refused(self):
        dotted = self.root / "tableaus" / ".." / "tableaus" / "." / "a.json"
        self.assert_refused(run("check", "--tableau", self.tableau, "--json", dotted), "an input")

    def test_out_equal_to_tableau_dir_is_refused_and_nothing_is_written(self):
        before = tree(self.tableaus)
        self.assert_refused(run("check", "--tableau-dir", self.tableaus, "--out", self.tableaus),
                            "--out", "lies inside --tableau-dir")
        self.assertEqual(tree(self.tableaus), before)

    def test_out_inside_tableau_dir_is_refused(self):
        self.assert_refused(run("check", "--tableau-dir", self.tableaus, "--out", self.tableaus / "results"),
                            "lies inside --tableau-dir")
        self.assertFalse((self.tableaus / "results").exists())


class OntoADevice(Guarded):
    def test_a_device_is_refused_before_the_run(self):
        self.assert_refused(run("check", "--tableau", self.tableau, "--json", "/dev/full"),
                            "--json '/dev/full': is a device")

    def test_dev_null_discards(self):
        result = run("check", "--tableau", self.tableau, "--json", "/dev/null")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(os.path.exists("/dev/null") and not os.path.isfile("/dev/null"))

    def test_a_failed_write_to_a_file_exits_2_and_leaves_nothing(self):
        # A file-size limit makes the write fail (EFBIG) on an ordinary file.
        def small_files():
            resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64))
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

        out = self.root / "out"
        out.mkdir()
        result = run("check", "--tableau", self.tableau, "--json", out / "a.check.json", preexec_fn=small_files)
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn("write failed", result.stderr)
        self.assertEqual(os.listdir(out), [])


class MergeStaysInItsDirectories(Guarded):
    def make_shard(self, directory: Path):
        directory.mkdir(parents=True, exist_ok=True)
        result = run("check", "--tableau-dir", self.tableaus, "--threads", "1", "--out", directory, "--shard", "1/1")
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_a_symbolic_link_out_of_in_is_not_followed_and_nothing_is_written_outside_out(self):
        shards = self.root / "in" / "sub"
        self.make_shard(shards)
        outside = self.root / "ext"
        outside.mkdir()
        (outside / "victim.json").write_text("{}")
        (shards / "linked.json").symlink_to(outside / "victim.json")
        out = self.root / "out"
        result = run("merge", "--in", self.root / "in", "--out", out)
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn("a symbolic link out of --in", result.stderr)
        self.assertEqual((outside / "victim.json").read_text(), "{}")
        self.assertFalse(out.exists())

    def test_a_symbolic_link_loop_is_one_line_not_a_filesystem_error(self):
        shards = self.root / "in"
        self.make_shard(shards)
        (shards / "loop.json").symlink_to(shards / "loop.json")
        result = run("merge", "--in", shards, "--out", self.root / "out")
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn("loop.json: a symbolic link that leads nowhere", result.stderr)
        self.assertNotIn("filesystem_error", result.stderr)

    def test_out_inside_in_is_refused(self):
        shards = self.root / "in"
        self.make_shard(shards)
        before = tree(shards)
        self.assert_refused(run("merge", "--in", shards, "--out", shards / "merged"), "--out", "lies inside --in")
        self.assertEqual(tree(shards), before)

    @unittest.skipIf(os.geteuid() == 0, "root reads any file")
    def test_an_unreadable_plain_file_is_named_not_copied_empty(self):
        shards = self.root / "in"
        self.make_shard(shards)
        secret = shards / "secret.json"
        secret.write_text("{}")
        secret.chmod(0)
        result = run("merge", "--in", shards, "--out", self.root / "out")
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn("secret.json: cannot be read", result.stderr)


if __name__ == "__main__":
    unittest.main()
