"""The odeint findings beside the report: each standalone reproducer (a C++ file using odeint
alone, studies/odeint_orders/findings/) copied into one folder with an index page that gives, for
each, what is wrong, the odeint line, the build command and the declared, expected and measured
orders, all read from the file's header comment. The cross-check section links its mismatch rows
to these files (crosscheck.FINDINGS_HREF).

Usage: PYTHONPATH=reports /usr/bin/python3 -m orderly_report.findings --source DIR --output DIR
The output folder is replaced as a whole. Bad input: one line on stderr, exit code 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import html
import shutil
import sys
from pathlib import Path

from . import atomic
from .errors import InputError

PROG = "orderly_report.findings"
# Header lines that carry a field; the first paragraph (up to the first empty comment line) is
# the description, an "odeint:" line is followed by the quoted odeint line.
FIELDS = ("Build: ", "Run: ", "Declared: ", "Claim: ")


@dataclasses.dataclass
class Finding:
    file: str
    description: str
    odeint_lines: list      # of (location, quoted text)
    fields: dict            # field name -> its text (continuation lines joined)


def header_lines(path: Path) -> list:
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("//"):
            break
        lines.append(line[2:].removeprefix(" "))
    return lines


def read_finding(path: Path) -> Finding:
    lines = header_lines(path)
    if not lines:
        raise ValueError(f"{path.name}: no header comment")
    paragraph_end = lines.index("") if "" in lines else len(lines)
    finding = Finding(file=path.name, description=" ".join(lines[:paragraph_end]), odeint_lines=[], fields={})
    current = None
    for i, line in enumerate(lines):
        if line.startswith("odeint: ") and i + 1 < len(lines):
            finding.odeint_lines.append((line.removeprefix("odeint: "), lines[i + 1].strip()))
            current = None
        elif any(line.startswith(f) for f in FIELDS):
            name, _, text = line.partition(": ")
            finding.fields[name] = (finding.fields[name] + "; " + text) if name in finding.fields else text
            current = name
        elif current and line and not line.startswith(("odeint:", "Problem:")):
            finding.fields[current] += " " + line.strip()
        else:
            current = None
    for required in ("Build", "Declared"):
        if required not in finding.fields:
            raise ValueError(f"{path.name}: the header has no '{required}:' line")
    if not finding.odeint_lines:
        raise ValueError(f"{path.name}: the header quotes no odeint line ('odeint: path:line')")
    return finding


def render(findings: list) -> str:
    e = html.escape
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             "<title>odeint findings: standalone reproducers</title>",
             "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;line-height:1.4}"
             "code,pre{background:#f4f4f4}pre{padding:.5em;overflow-x:auto}</style></head><body>",
             "<h1>odeint findings: standalone reproducers</h1>",
             "<p>Each file uses Boost.Odeint alone (no Orderly code). Build it with the command shown, run "
             "it, and it prints the error on a sequence of halved steps and the measured order. "
             "Orderly's test suite builds and runs each one and checks the printed orders against the "
             "theory orders stated here.</p>"]
    for f in findings:
        parts.append(f'<h2 id="{e(f.file)}"><a href="{e(f.file)}">{e(f.file)}</a></h2>')
        parts.append(f"<p>{e(f.description)}</p>")
        for location, text in f.odeint_lines:
            parts.append(f"<p>odeint: <code>{e(location)}</code></p><pre>{e(text)}</pre>")
        parts.append("<dl>")
        for name in ("Build", "Run", "Declared", "Claim"):
            if name in f.fields:
                value = f.fields[name]
                shown = f"<code>{e(value)}</code>" if name in ("Build", "Run") else e(value)
                parts.append(f"<dt>{e(name)}</dt><dd>{shown}</dd>")
        parts.append("</dl>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def write_findings(source: Path, output: Path) -> list:
    """Copies every reproducer in `source` to `output` (replaced whole) with index.html; returns
    the findings."""
    sources = sorted(source.glob("*.cpp"))
    if not sources:
        raise ValueError(f"--source: no reproducer (*.cpp) in {source}")
    findings = [read_finding(p) for p in sources]
    atomic.check_output(output, [source])
    with atomic.staged_output(output) as stage:
        for p in sources:
            shutil.copy(p, stage / p.name)
        (stage / "index.html").write_text(render(findings), encoding="utf-8")
    return findings


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description="The odeint findings' reproducers and their index page.")
    parser.add_argument("--source", required=True, type=Path, help="folder of reproducers (*.cpp)")
    parser.add_argument("--output", required=True, type=Path, help="folder to write; replaced as a whole")
    args = parser.parse_args(argv)
    try:
        findings = write_findings(args.source, args.output)
    except (ValueError, OSError, InputError) as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    print(f"{PROG}: {len(findings)} reproducers -> {args.output / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
