#!/usr/bin/python3
"""Commit subjects hold at most MAX_SUBJECT characters, for every commit after RULE_SINCE (the last
commit before the rule was written into CONTRIBUTING.md; older subjects are history).

    test_commit_subjects.py SOURCE_DIR
"""
import subprocess
import sys

MAX_SUBJECT = 72
RULE_SINCE = "b7f3687"


def main(source_dir: str) -> int:
    git = ["git", "-C", source_dir]
    if subprocess.run(git + ["cat-file", "-e", RULE_SINCE + "^{commit}"], capture_output=True).returncode != 0:
        print(f"commit {RULE_SINCE} is not in this clone's history (a shallow clone?): nothing to check against")
        return 1
    subjects = subprocess.run(git + ["log", "--format=%h %s", f"{RULE_SINCE}..HEAD"], check=True,
                              capture_output=True, text=True).stdout.splitlines()
    long = [line for line in subjects if len(line.split(" ", 1)[1]) > MAX_SUBJECT]
    for line in long:
        print(f"subject longer than {MAX_SUBJECT} characters: {line}")
    print(f"{len(subjects)} commits checked, {len(long)} with a long subject")
    return 1 if long else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
