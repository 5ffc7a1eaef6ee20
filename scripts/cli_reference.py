"""The CLI reference (docs/cli.md) from the orderly executable's own --help, so the two cannot
drift apart: `--write` regenerates the file, `--check` (the test) fails naming the subcommand whose
help differs.

Usage: /usr/bin/python3 scripts/cli_reference.py ORDERLY (--write | --check) [--file docs/cli.md]"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

DEFAULT_FILE = Path(__file__).resolve().parent.parent / "docs" / "cli.md"
HEADER = ("# The `orderly` CLI reference\n\n"
          "Generated from `orderly --help` and `orderly <subcommand> --help` by "
          "`scripts/cli_reference.py --write` (`make cli-reference`); a test checks that it matches "
          "the built executable.\n")


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


def reference(orderly: str) -> str:
    top = help_text(orderly)
    parts = [HEADER, "## orderly\n\n```text\n" + top + "```\n"]
    for name in subcommands(top):
        parts.append(f"## orderly {name}\n\n```text\n" + help_text(orderly, name) + "```\n")
    return "\n".join(parts)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="cli_reference")
    parser.add_argument("orderly")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true")
    mode.add_argument("--check", action="store_true")
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
    args = parser.parse_args(argv)
    text = reference(args.orderly)
    if args.write:
        args.file.parent.mkdir(parents=True, exist_ok=True)
        args.file.write_text(text, encoding="utf-8")
        print(f"cli_reference: wrote {args.file}")
        return 0
    current = args.file.read_text(encoding="utf-8") if args.file.is_file() else ""
    if current == text:
        print(f"cli_reference: {args.file} matches --help of every subcommand")
        return 0
    sections = lambda t: dict(re.findall(r"^## (orderly[^\n]*)\n(.*?)(?=^## |\Z)", t, flags=re.M | re.S))
    want, have = sections(text), sections(current)
    differing = [k for k in want if want[k] != have.get(k)] + [k for k in have if k not in want]
    print(f"cli_reference: {args.file} differs from --help for: {', '.join(differing) or 'the header'}; "
          "run `make cli-reference`", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
