"""What a section hands to the page: plain data, rendered by templates/index.html.j2.

Text is plain text (the template escapes it); a section never writes HTML."""

from __future__ import annotations

import dataclasses

# The verdicts a study can give, in the order the page lists them (the studies' own words).
VERDICTS = ("pass", "fail", "superconvergent", "inconclusive")


@dataclasses.dataclass
class Paragraph:
    text: str
    kind: str = "paragraph"


@dataclasses.dataclass
class Heading:
    text: str
    anchor: str = ""
    kind: str = "heading"


@dataclasses.dataclass
class Figure:
    """A figure as files beside the page: SVG shown, PNG and the plotted data linked."""
    title: str
    svg: str            # paths relative to the page
    png: str
    data: str
    caption: str        # what to see
    kind: str = "figure"


@dataclasses.dataclass
class Cell:
    text: str
    title: str = ""     # shown on hover
    verdict: str = ""   # colours the cell
    href: str = ""      # a link the cell's text leads to, relative to the page


@dataclasses.dataclass
class Table:
    columns: list
    rows: list          # of lists of Cell
    caption: str = ""
    collapsed: bool = False   # shown behind a <details> disclosure, with the caption as its label
    kind: str = "table"


@dataclasses.dataclass
class Bullet:
    text: str
    children: list = dataclasses.field(default_factory=list)   # of str


@dataclasses.dataclass
class Bullets:
    items: list         # of Bullet
    kind: str = "bullets"


@dataclasses.dataclass
class GridEntry:
    """One verdict for the summary grid: a method on a problem, under a label (the scalar)."""
    method: str
    family: str
    problem: str
    label: str
    verdict: str
    reason: str
    study: str


@dataclasses.dataclass
class SectionPage:
    title: str
    summary: str        # one line: printed while the report is built and shown under the heading
    blocks: list        # Paragraph, Heading, Figure, Table, Bullets in page order
    grid: list = dataclasses.field(default_factory=list)        # of GridEntry
    downloads: list = dataclasses.field(default_factory=list)   # (label, path relative to the page)
    citations: list = dataclasses.field(default_factory=list)   # citations.Citation cited here
    key: str = ""       # the page anchor: set from the registered Section
