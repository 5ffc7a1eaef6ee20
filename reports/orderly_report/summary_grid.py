"""The summary grid at the top of the page: methods down, problems across, one coloured chip per
verdict (a scalar, or another study's measurement) with its reason on hover and, when it is not
a pass, as a numbered footnote."""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict

from .model import VERDICTS

# Families in the order the catalog presents them; others follow by name.
FAMILY_ORDER = ["explicit-rk", "embedded-rk", "splitting", "implicit-rk", "rosenbrock", "seed"]
LABEL_ORDER = ["float", "double", "long-double", "float128", "mp50"]
# Chip text for the scalars, short enough for several chips in one cell.
SHORT_LABELS = {"float": "flt", "double": "dbl", "long-double": "ldbl", "float128": "f128", "mp50": "mp50",
                # the adaptive study's verdicts on an embedded pair
                "estimate order": "est", "estimate reliability": "rel", "step control": "ctl"}


@dataclasses.dataclass
class Chip:
    label: str
    verdict: str
    title: str
    footnote: int | None


@dataclasses.dataclass
class Row:
    method: str
    family: str
    cells: list          # per problem: list of Chip


@dataclasses.dataclass
class Grid:
    problems: list
    families: list       # (family, [Row])
    footnotes: list      # (number, text)
    counts: list         # (verdict, count) over every chip
    labels: list         # (chip text, what it stands for) for the chips in use

    @property
    def empty(self) -> bool:
        return not self.families


def _rank(order: list, value: str):
    return (order.index(value), value) if value in order else (len(order), value)


def build_grid(entries: list) -> Grid:
    problems = sorted({e.problem for e in entries})
    cells = defaultdict(list)
    family_of = {}
    for e in entries:
        cells[(e.method, e.problem)].append(e)
        family_of.setdefault(e.method, e.family)
    footnotes = []
    by_family = defaultdict(list)
    for method in sorted(family_of, key=lambda m: (_rank(FAMILY_ORDER, family_of[m]), m)):
        row = Row(method, family_of[method], [])
        for problem in problems:
            chips = []
            for e in sorted(cells[(method, problem)], key=lambda e: (e.study, _rank(LABEL_ORDER, e.label))):
                note = None
                if e.verdict != "pass":
                    note = len(footnotes) + 1
                    footnotes.append((note, f"{method} on {problem} ({e.label}): {e.verdict}"
                                      + (f": {e.reason}" if e.reason else "")))
                title = f"{e.study}, {e.label}: {e.verdict}" + (f": {e.reason}" if e.reason else "")
                chips.append(Chip(SHORT_LABELS.get(e.label, e.label), e.verdict, title, note))
            row.cells.append(chips)
        by_family[row.family].append(row)
    counts = Counter(e.verdict for e in entries)
    ordered = [(v, counts[v]) for v in VERDICTS if counts.get(v)]
    ordered += [(v, n) for v, n in sorted(counts.items()) if v not in VERDICTS]
    families = sorted(by_family.items(), key=lambda item: _rank(FAMILY_ORDER, item[0]))
    used = sorted({e.label for e in entries}, key=lambda label: _rank(LABEL_ORDER, label))
    labels = [(SHORT_LABELS[label], label) for label in used if label in SHORT_LABELS]
    return Grid(problems, families, footnotes, ordered, labels)
