#!/usr/bin/python3
"""The C++ sources are formatted as .clang-format says (clang-format --dry-run -Werror): a change
that is not formatted fails here, with the files and the first differences named.

    test_format.py SOURCE_DIR
"""
import pathlib
import shutil
import subprocess
import sys

FOLDERS = ["integrators", "reference", "studies", "cli", "tests", "benchmarks", "examples"]
SUFFIXES = {".cpp", ".hpp", ".h"}
# Inputs, not sources: the fuzzers' corpus files.
SKIPPED = ("tests/fuzz/corpus",)


def main(source_dir: str) -> int:
    source = pathlib.Path(source_dir)
    tool = shutil.which("clang-format")
    if not tool:
        print("clang-format is not installed (make deps installs it)")
        return 1
    files = sorted(str(p) for folder in FOLDERS for p in (source / folder).rglob("*")
                   if p.suffix in SUFFIXES and not str(p.relative_to(source)).startswith(SKIPPED))
    result = subprocess.run([tool, "--dry-run", "-Werror", *files], capture_output=True, text=True)
    if result.returncode != 0:
        offending = sorted({line.split(":")[0] for line in result.stderr.splitlines() if ": error:" in line})
        print(f"{len(offending)} files not formatted (clang-format -i FILE): " + " ".join(offending))
        print("\n".join(result.stderr.splitlines()[:20]))
        return 1
    print(f"{len(files)} files formatted as .clang-format says")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
