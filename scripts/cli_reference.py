"""The CLI reference from the orderly executable's own --help, so the two cannot drift apart: the
commands that are not studies in docs/cli.md, each study's subcommand in its folder
(studies/<folder>/cli.md), so that adding a study edits nothing outside its folder. `--write`
regenerates the files, `--check` (the test) fails naming the subcommand whose help differs.

Usage: /usr/bin/python3 scripts/cli_reference.py ORDERLY (--write | --check) [--root DIR]"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

DEFAULT_ROOT = Path(__file__).resolve().parent.parent
GENERATED = ("Generated from `orderly {args}--help` by `scripts/cli_reference.py --write` "
             "(`make cli-reference`); a test checks that it matches the built executable.\n")
HEADER = ("# The `orderly` CLI reference\n\n" + GENERATED.format(args="") + "\n"
          "The commands that are not studies are here; each study's subcommand is documented beside its "
          "code, in `studies/<folder>/cli.md` (`orderly --help` lists every subcommand).\n")
# A study's subcommand is the name its command file registers: `registered_command x{{.name = "..."`
# (other `.name` fields of the file, a suite's or a stepper's, are not subcommands).
REGISTRATION = re.compile(r'registered_command\s+\w+\s*\{\s*\{\s*\.name\s*=\s*"([a-z0-9-]+)"')


def help_text(orderly: str, *args: str) -> str:
    out = subprocess.run([orderly, *args, "--help"], capture_output=True, text=True, timeout=60, check=True).stdout
    # The usage line names the executable by the path it was called with: normalise it.
    return re.sub(r"^Usage: \S+", "Usage: orderly", out, count=1, flags=re.M).rstrip() + "\n"


def subcommands(top: str) -> list:
    names, inside = [], False
    for line in top.splitlines():
        if line.startswith("Subcommands:"):
            inside = True
        elif inside and line.startswith("  ") and line.strip():
            names.append(line.split()[0])
        elif inside and line and not line.startswith(" "):
            inside = False
    return names


def study_folders(root: Path) -> dict:
    """Subcommand name -> the study folder whose command file registers it."""
    folders = {}
    for command_file in sorted(root.glob("studies/*/*_command.cpp")):
        for name in REGISTRATION.findall(command_file.read_text(encoding="utf-8")):
            folders[name] = command_file.parent
    return folders


def without_study_lines(top: str, studies: set) -> str:
    """The top-level help without the studies' lines, which their own pages hold."""
    kept, inside = [], False
    for line in top.splitlines():
        if line.startswith("Subcommands:"):
            inside = True
        elif inside and line and not line.startswith(" "):
            inside = False
        if inside and line.startswith("  ") and line.split()[0] in studies:
            continue
        kept.append(line)
    return "\n".join(kept) + "\n"


def reference(orderly: str, root: Path) -> dict:
    """Every reference file (path -> text) the executable's help gives."""
    top = help_text(orderly)
    folders = study_folders(root)
    names = subcommands(top)
    studies = {name for name in names if name in folders}
    parts = [HEADER, "## orderly\n\n```text\n" + without_study_lines(top, studies) + "```\n"]
    files = {}
    for name in names:
        section = "```text\n" + help_text(orderly, name) + "```\n"
        if name in studies:
            files[folders[name] / "cli.md"] = (f"# `orderly {name}`\n\n" + GENERATED.format(args=name + " ") + "\n" +
                                               section)
        else:
            parts.append(f"## orderly {name}\n\n" + section)
    files[root / "docs" / "cli.md"] = "\n".join(parts)
    return files


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="cli_reference")
    parser.add_argument("orderly")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true")
    mode.add_argument("--check", action="store_true")
    parser.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    args = parser.parse_args(argv)
    files = reference(args.orderly, args.root)
    # A study's page whose subcommand is gone is stale too.
    stale = [page for page in args.root.glob("studies/*/cli.md") if page not in files]
    if args.write:
        for path, text in files.items():
            path.write_text(text, encoding="utf-8")
        for page in stale:
            page.unlink()
        print(f"cli_reference: wrote {len(files)} files, removed {len(stale)}")
        return 0
    differing = [path for path, text in files.items()
                 if not path.is_file() or path.read_text(encoding="utf-8") != text] + stale
    if not differing:
        print(f"cli_reference: {len(files)} files match --help of every subcommand")
        return 0
    print("cli_reference: differs from --help: " +
          ", ".join(str(path.relative_to(args.root)) for path in differing) + "; run `make cli-reference`",
          file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
