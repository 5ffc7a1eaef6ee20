"""What a reader sees on the rendered page, judged: the probe's record of the page as Chromium
rendered it (page_probe.js), the figure files that page loads, and the studies' JSON it was built
from. Each check returns a list of problems, one line each; an empty list is a clean page.

- figures: every <figure> has an image and a plotted-data link; its SVG parses and draws, per
  axes, what its data file says (figure_checks.py);
- tables: every table has at least one body row, every row of a data table one cell per column,
  and where a study's JSON says how many rows a table has (study_expectations.py), exactly that
  many, in as many tables;
- summary grid: one chip per convergence run the grid shows, with the run's verdict, in its
  method's row and problem's column (the grid's rule: the run has fixed-step points, a verdict
  other than "not judged", and the norm the page shows for its problem);
- text: no forbidden word (forbidden_words.py) in the page's text, hover titles, alt texts or the
  figures' own text."""

from __future__ import annotations

import json
import urllib.parse
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

import figure_checks
import forbidden_words

# Past this many problems of one kind the rest are counted, not listed: one broken rule can
# otherwise bury the others.
MAX_LISTED = 25
CAPTION_CHARS = 60
CONVERGENCE_CHIP_PREFIX = "convergence,"   # a chip's title starts with its study's name


def _capped(problems: list, kind: str) -> list:
    if len(problems) <= MAX_LISTED:
        return problems
    return problems[:MAX_LISTED] + [f"... and {len(problems) - MAX_LISTED} more {kind} problems"]


def _local(report: Path, src: str) -> Path:
    return report / urllib.parse.unquote(src)


def check_figures(report: Path, figures: list) -> tuple:
    """(problems, [(where, text)] of the figures' own text) for the page's figures."""
    problems, texts = [], []
    for figure in figures:
        label = f"#{figure.get('id') or 'figure'} ({figure.get('src')})"
        src, data_link = figure.get("src"), figure.get("data")
        if not src:
            problems.append(f"{label}: no image")
            continue
        if not data_link:
            problems.append(f"{label}: no plotted-data (JSON) link")
            continue
        if not src.endswith(".svg"):
            continue   # only matplotlib's SVGs name their artists
        try:
            root = figure_checks.parse_svg(_local(report, src))
        except (OSError, ET.ParseError) as e:
            problems.append(f"{label}: the SVG does not parse: {e}")
            continue
        try:
            data = json.loads(_local(report, data_link).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            problems.append(f"{label}: its data file {data_link} does not load: {e}")
            continue
        problems += figure_checks.check_drawing(label, root, data)
        texts += [(f"{label} SVG text", t) for t in figure_checks.texts(root)]
    return _capped(problems, "figure"), texts


def table_name(table: dict) -> str:
    what = table.get("caption") or ", ".join(table.get("columns", [])[:4])
    if len(what) > CAPTION_CHARS:
        what = what[:CAPTION_CHARS] + "…"
    where = f"#{table['section']}" if table.get("section") else "outside any section:"
    return f"{where} table '{what}'"


def _covers(rule, table: dict) -> bool:
    return (table.get("section") == rule.section
            and tuple(table.get("columns", [])[:len(rule.columns)]) == rule.columns)


def check_tables(tables: list, expected) -> list:
    problems = []
    for table in tables:
        if table.get("rows", 0) == 0:
            problems.append(f"{table_name(table)}: no body rows")
        if "data" in table.get("kind", "").split():
            width = len(table.get("columns", []))
            for number, cells in enumerate(table.get("cells", []), start=1):
                if cells != width:
                    problems.append(f"{table_name(table)}: row {number} has {cells} cells for {width} columns")
                    break
    for rule in expected.tables if expected else []:
        covered = [t for t in tables if _covers(rule, t)]
        headed = f"#{rule.section} tables headed '{', '.join(rule.columns)}'"
        if rule.total:
            rows = sum(t.get("rows", 0) for t in covered)
            if rows != rule.counts[0]:
                problems.append(f"{headed}: {rows} rows in all; the study JSON has {rule.counts[0]} ({rule.source})")
        elif len(covered) != len(rule.counts):
            problems.append(f"{headed}: {len(covered)} on the page; the study JSON calls for "
                            f"{len(rule.counts)} ({rule.source})")
        else:
            for table, count in zip(covered, rule.counts):
                if table.get("rows", 0) != count:
                    problems.append(f"{table_name(table)}: {table.get('rows', 0)} rows; the study JSON has "
                                    f"{count} ({rule.source})")
    return _capped(problems, "table")


def check_grid(grid, expected) -> list:
    chips = expected.chips if expected else {}
    if grid is None:
        return ["the summary grid is missing; the convergence study has runs it should show"] if chips else []
    problems = []
    if not grid.get("rows"):
        problems.append("the summary grid has no rows")
    shown = defaultdict(list)
    problems_row = grid.get("problems", [])
    for row in grid.get("rows", []):
        cells = row.get("cells", [])
        if len(cells) != len(problems_row):
            problems.append(f"summary grid row '{row.get('method')}': {len(cells)} cells for "
                            f"{len(problems_row)} problems")
        for problem, cell in zip(problems_row, cells):
            for chip in cell:
                if chip.get("title", "").startswith(CONVERGENCE_CHIP_PREFIX):
                    shown[(row.get("method"), problem)].append(chip.get("verdict"))
    if expected is None:
        return _capped(problems, "summary grid")
    for key in sorted(set(chips) | set(shown)):
        want, have = chips.get(key, []), sorted(shown.get(key, []))
        if want != have:
            problems.append(f"summary grid, {key[0]} on {key[1]}: chips {have or 'none'}; the convergence "
                            f"JSON has runs with verdicts {want or 'none'}")
    return _capped(problems, "summary grid")


def check_text(texts: list) -> list:
    problems = []
    for where, text in texts:
        for word, context in forbidden_words.forbidden_in(text):
            problems.append(f"'{word}' in {where}: “{context}”")
    return _capped(problems, "text")


def check_page(report: Path, probe: dict, expected) -> list:
    """Every problem of the rendered page; `probe` is page_probe.js's record, `expected` what the
    studies' JSON calls for (study_expectations.Expected, or None when the JSON is not at hand)."""
    figure_problems, svg_texts = check_figures(report, probe.get("figures", []))
    return (figure_problems + check_tables(probe.get("tables", []), expected)
            + check_grid(probe.get("grid"), expected) + check_text(probe.get("texts", []) + svg_texts))
