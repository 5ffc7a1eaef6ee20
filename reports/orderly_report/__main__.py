"""orderly_report: the studies' JSON files to one HTML page with figures and tables.

Usage: PYTHONPATH=reports /usr/bin/python3 -m orderly_report --input DIR [--input DIR ...]
           --output DIR [--norm final|l2|linf] [--jobs N] [--build-info FILE] [--bench FILE|none]

Each --input directory is searched recursively for *.json files; each file's schema picks the
section that reads it. The speed table `make bench` leaves in build/bench.json is read too when no
input holds one (--bench). --output is replaced as a whole (built beside it, then renamed), so an
interrupted run leaves the previous report intact. Bad input: one line on stderr, exit code 2.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from . import atomic, figure_style, model, page
from .documents import add_optional, load_documents
from .errors import InputError
from .sections import SectionContext, all_sections
from .sections.bench import SCHEMA as BENCH_SCHEMA
from .summary_grid import build_grid

PROG = "orderly_report"
NORMS = ["final", "l2", "linf"]
# Where `make bench` writes its table (the build tree, which `make report` does not clear, unlike
# the studies' JSON), relative to the working directory: the repository under make. Read when it
# exists and no --input holds a bench file; an explicit --bench must exist.
DEFAULT_BENCH = Path("build/bench.json")
NO_BENCH = "none"


def read_build_info(path: Path | None) -> list:
    """(label, value) lines from a text file such as `orderly --version` writes: "label: value"
    per line, a line without a colon labelled "orderly"."""
    if path is None:
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"--build-info: cannot read {path}: {e}") from None
    lines = []
    for line in text.splitlines():
        if not line.strip():
            continue
        label, colon, value = line.partition(":")
        lines.append((label.strip(), value.strip()) if colon and value.strip() else ("orderly", line.strip()))
    return lines


def bench_file(option: str | None) -> Path | None:
    """The bench file to read: --bench's, DEFAULT_BENCH when present, or none."""
    if option == NO_BENCH:
        return None
    if option is None:
        return DEFAULT_BENCH if DEFAULT_BENCH.is_file() else None
    if not Path(option).is_file():
        raise InputError(f"--bench: {option} does not exist (--bench {NO_BENCH} leaves the speed table out)")
    return Path(option)


def mark_partial(built, documents: list) -> None:
    """A document merged from an incomplete set of shards (`orderly merge --allow-partial`) carries a
    top-level "partial" key naming the absent shards and jobs: the section says so first, and its
    summary line too."""
    partial = [d for d in documents if isinstance(d.data.get("partial"), dict)]
    if not partial:
        return
    shards = sorted({str(s) for d in partial for s in d.data["partial"].get("absent_shards") or []})
    jobs = sorted({str(j) for d in partial for j in d.data["partial"].get("absent_jobs") or []})
    text = (f"PARTIAL: {len(partial)} of these files were merged from an incomplete set of shards "
            f"(absent shards: {', '.join(shards) or 'none'}; {len(jobs)} jobs absent"
            + (f": {', '.join(jobs[:20])}{' …' if len(jobs) > 20 else ''}" if jobs else "") + ").")
    built.blocks.insert(0, model.Paragraph(text))
    built.summary += f" (PARTIAL: {len(jobs)} jobs absent)"


# What a section's code raises on a file whose fields have other shapes than the study writes (a
# number where a list was, an object nested too deep): bad input like any other, never a traceback.
_SHAPE_ERRORS = (AttributeError, TypeError, ValueError, KeyError, IndexError, RecursionError, OverflowError)


def _build_section(section, documents: list, context):
    """section.build, with a file of unexpected shape named in one line: when the section fails on
    its files together, each is built alone (into a scratch directory) to find the one it fails on."""
    try:
        return section.build(documents, context)
    except _SHAPE_ERRORS as error:
        culprit = ", ".join(d.name for d in documents)
        if len(documents) > 1:
            with tempfile.TemporaryDirectory() as scratch:
                for document in documents:
                    alone = SectionContext(directory=Path(scratch) / section.key, page_prefix=section.key,
                                           norm=context.norm, jobs=context.jobs)
                    try:
                        section.build([document], alone)
                    except _SHAPE_ERRORS:
                        culprit = document.name
                        break
        raise InputError(f"{culprit}: a field has a shape the {section.key} section cannot read "
                         f"({type(error).__name__}: {_first_line(error)})") from None


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0][:200] if text else "no message"


def make_report(inputs: list, output: Path, norm: str, jobs: int, build_info: Path | None = None,
                log=print, index: Path | None = None, bench: Path | None = None) -> list:
    """Builds the page; returns the sections' summary lines (also passed to `log` as they come).
    `bench`: a bench file read when no input directory holds one."""
    sections = all_sections()
    schemas = {schema for section in sections for schema in section.schemas}
    atomic.check_output(output, inputs)
    if index is not None:
        atomic.check_index(index, output, inputs)
    by_schema = load_documents(inputs, schemas)
    if bench is not None:
        add_optional(by_schema, bench, BENCH_SCHEMA)
    about = page.about_lines(read_build_info(build_info))
    figure_style.setup()
    summaries = []
    with atomic.staged_output(output) as stage:
        pages = []
        for section in sections:
            documents = sorted((d for s in section.schemas for d in by_schema.get(s, [])),
                               key=lambda d: d.name)
            if not documents:
                continue
            context = SectionContext(directory=stage / section.key, page_prefix=section.key,
                                     norm=norm, jobs=jobs)
            built = _build_section(section, documents, context)
            built.key = section.key
            mark_partial(built, documents)
            summaries.append(built.summary)
            log(f"{PROG}: {built.summary}")
            pages.append(built)
        citations = []
        for built in pages:
            citations += [c for c in built.citations if c not in citations]
        the_page = page.Page(title="Orderly report", about=about,
                             grid=build_grid([e for p in pages for e in p.grid]),
                             sections=pages, citations=citations)
        (stage / "index.html").write_text(page.render(the_page), encoding="utf-8")
    if index is not None:
        # The same page elsewhere (reports/out/index.html above reports/out/html/), its links
        # pointing into the output directory; written after the directory is in place, by rename.
        files = os.path.relpath(output.resolve(), index.resolve().parent).replace(os.sep, "/") + "/"
        atomic.write_text(index, page.render(the_page, files=files))
    return summaries


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        # One line and exit code 2, as for every other bad input (argparse adds a usage block).
        self.exit(2, f"{PROG}: error: {message} (see --help)\n")


def main(argv=None) -> int:
    parser = _Parser(prog=PROG, description="The Orderly report: one HTML page from the studies' JSON files.")
    parser.add_argument("--input", required=True, type=Path, action="append",
                        help="directory of study JSON files, searched recursively (repeatable)")
    parser.add_argument("--output", required=True, type=Path,
                        help="directory for the page; replaced as a whole")
    parser.add_argument("--norm", choices=NORMS, default="final",
                        help="error norm the figures show (default final; falls back to the first "
                             "norm a problem has); tables list every norm")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes drawing figures (default: all cores)")
    parser.add_argument("--index", type=Path,
                        help="also write the page to this file (outside --output), linking into --output")
    parser.add_argument("--build-info", type=Path,
                        help="text file describing the build (e.g. `orderly --version` output), shown on the page")
    parser.add_argument("--bench", metavar="FILE|none",
                        help=f"the speed table `make bench` writes (schema {BENCH_SCHEMA}), read when no --input "
                             f"holds one (default: {DEFAULT_BENCH} if it exists; {NO_BENCH}: leave it out)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"--jobs: must be at least 1, got {args.jobs}")
    try:
        make_report(args.input, args.output, args.norm, args.jobs, args.build_info, index=args.index,
                    bench=bench_file(args.bench))
    except InputError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    print(f"{PROG}: wrote {args.index or args.output / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
