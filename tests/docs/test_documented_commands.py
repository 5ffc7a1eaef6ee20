#!/usr/bin/python3
"""Every `orderly` command the documentation shows runs as shown.

The commands are read from the fenced code blocks of README.md, CONTRIBUTING.md, docs/*.md and the
folders' READMEs: every line that starts with `build/bin/orderly` or `orderly`. An optional part in
brackets (`[--json]`) gives two commands, with and without it. Each command is run from the
repository root with the built CLI and must exit 0, with three kinds of change, all listed below:
outputs under reports/out/ (or a bare `out.json`) go to a temporary directory; a documented run of a
whole suite is not run again here but must be one of the runs `orderly run-studies` makes (the
report_quick test runs them); a long single run is shortened (REDUCED).

    test_documented_commands.py ORDERLY_BINARY SOURCE_DIR
"""
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile

DOCUMENTS = ["README.md", "CONTRIBUTING.md", "docs/*.md", "*/README.md"]

# Long runs, shortened: the documented option value -> the one run here (same options otherwise).
REDUCED = {
    "--periods 10000": "--periods 10",    # 6.3e6 steps of rk4 on Kepler
    "--t-end 1000": "--t-end 1",          # 1e7 steps with --roundoff in float128
}

# Commands that change the repository are run on a copy: the option added to the documented command.
ON_A_COPY = {
    "--update-baseline": ("--baseline", "tests/baselines/order.json"),
}

# A command run in full by another test, not again here: command -> that test.
RUN_BY_ANOTHER_TEST = {
    "gate": "order_gate (CTest) runs `orderly gate`",
}

SECONDS_PER_COMMAND = 240


def documented_commands(source: pathlib.Path):
    """(document, line) for every orderly command line in a fenced block."""
    for pattern in DOCUMENTS:
        for document in sorted(source.glob(pattern)):
            if "tests/corpus" in str(document):
                continue
            fenced = False
            for line in document.read_text().splitlines():
                if line.startswith("```"):
                    fenced = not fenced
                    continue
                text = line.split("  #")[0].strip()
                if fenced and re.match(r"(build/bin/)?orderly( |$)", text):
                    yield document.relative_to(source), text


def variants(command: str):
    """The command with and without each bracketed optional part."""
    match = re.search(r"\[([^\]]+)\]", command)
    if not match:
        yield re.sub(r"\s+", " ", command).strip()
        return
    for replacement in ("", match.group(1)):
        yield from variants(command[:match.start()] + replacement + command[match.end():])


def as_run(command: str, binary: str, scratch: pathlib.Path, source: pathlib.Path):
    args = shlex.split(re.sub(r"^(build/bin/)?orderly", "", command))
    text = " ".join(args)
    for documented, reduced in REDUCED.items():
        text = text.replace(documented, reduced)
    args = text.split()
    for i, arg in enumerate(args):
        if arg.startswith("reports/out/"):
            args[i] = str(scratch / arg)
            pathlib.Path(args[i]).parent.mkdir(parents=True, exist_ok=True)
        elif arg.endswith(".json") and "/" not in arg:
            args[i] = str(scratch / arg)
    for flag, (option, original) in ON_A_COPY.items():
        if flag in args:
            copy = scratch / pathlib.Path(original).name
            copy.write_bytes((source / original).read_bytes())
            args += [option, str(copy)]
    return [binary] + args


def main(binary: str, source_dir: str) -> int:
    source = pathlib.Path(source_dir).resolve()
    registered = subprocess.run([binary, "run-studies", "--dry-run", "--out", "reports/out/json"], check=True,
                                capture_output=True, text=True, cwd=source).stdout.splitlines()
    registered = {re.sub(r"^orderly ", "", line).strip() for line in registered}
    failures, ran = [], 0
    commands = list(documented_commands(source))
    if not commands:
        print("no documented orderly command found")
        return 1
    with tempfile.TemporaryDirectory() as scratch_dir:
        scratch = pathlib.Path(scratch_dir)
        for document, line in commands:
            for command in variants(line):
                bare = re.sub(r"^(build/bin/)?orderly ?", "", command)
                if bare in RUN_BY_ANOTHER_TEST:
                    print(f"{document}: {command}: {RUN_BY_ANOTHER_TEST[bare]}")
                    continue
                if "--suite default" in bare:
                    if bare not in registered:
                        failures.append(f"{document}: `{command}` is not one of the runs of `orderly run-studies`: "
                                        + "; ".join(sorted(registered)))
                    else:
                        print(f"{document}: {command}: a registered report run (report_quick runs it)")
                    continue
                run = as_run(command, binary, scratch, source)
                result = subprocess.run(run, cwd=source, capture_output=True, text=True, timeout=SECONDS_PER_COMMAND)
                ran += 1
                if result.returncode != 0:
                    failures.append(f"{document}: `{command}` exited {result.returncode}: "
                                    f"{(result.stderr or result.stdout).strip().splitlines()[-1:]}")
                else:
                    print(f"{document}: {command}: ok")
    for failure in failures:
        print("FAIL " + failure)
    print(f"{ran} documented commands run, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
