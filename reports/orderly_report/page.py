"""The page: every section's blocks and the summary grid through templates/index.html.j2."""

from __future__ import annotations

import dataclasses
import datetime
import os
import platform
from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).parent / "templates"


@dataclasses.dataclass
class Page:
    title: str
    about: list          # (label, value) lines on the run: machine, build, date
    grid: object         # summary_grid.Grid
    sections: list       # model.SectionPage
    citations: list      # citations.Citation cited anywhere on the page


def about_lines(build_info: list) -> list:
    """What produced this page: the orderly build (from --build-info) and this machine."""
    lines = [tuple(line) for line in build_info]
    lines.append(("machine", f"{platform.system()} {platform.release()} {platform.machine()}, "
                             f"{os.cpu_count()} logical CPUs"))
    lines.append(("generated", datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")))
    return lines


def render(page: Page, files: str = "") -> str:
    """The page's HTML; `files` prefixes every link to a figure or download (the page's files
    seen from where this copy of the page lives: "" beside them, "html/" one level up)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                             autoescape=jinja2.select_autoescape(["html", "j2"]),
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env.get_template("index.html.j2").render(page=page, files=files, css=(TEMPLATES / "report.css").read_text(encoding="utf-8"))
