"""The browser check must fail a broken report page. On a copy of a real report (the QUICK report
CTest builds), it must find nothing; then the copy is broken in four ways a reader would notice
but the old check (images load, SVGs over 1000 bytes, sections present) did not:

- the first figure that plots data loses its drawn data (lines, markers, collections, bars), its
  SVG still valid and over the empty-SVG size;
- the first table with a caption loses its body rows;
- "nan" is written into the second figure's caption;
- the game table (a table the study JSON calls for) is removed whole;

and the check must report each, and nothing else.

Usage: /usr/bin/python3 tests/reports/broken_page_test.py QUICK_REPORT_DIR
(CTest report_browser_breakage, after report_quick: QUICK_REPORT_DIR holds index.html, html/ and
json/.) Exit 0 when every test passes, 1 otherwise, 2 without Chromium or the report."""

from __future__ import annotations

import html
import json
import re
import shutil
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser_check  # noqa: E402
import figure_checks  # noqa: E402
import page_checks  # noqa: E402

SVG_NS, XLINK_NS = "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"
NAN_FIGURE = "figure-2"                  # the figure whose caption gets a "nan"
NAN_SENTENCE = "The error is nan here. "
REMOVED_TABLE_SECTION = "game-table"     # its one table is removed whole
REMOVED_TABLE_COLUMNS = "method, family"

FIGURE = re.compile(r'<figure id="(?P<id>[^"]+)">\s*<img src="(?P<src>[^"]+)"')
DATA_LINK = re.compile(r'<a href="(?P<href>[^"]+\.json)">plotted data')
DATA_TABLE = re.compile(r'<table class="data">.*?</table>', re.S)
SECTION = re.compile(r'<section id="(?P<id>[^"]+)">')


class Report:
    """The copied report: index.html, and the files it links, under one directory."""

    def __init__(self, root: Path):
        self.root = root
        self.index = root / "index.html"

    @property
    def text(self) -> str:
        return self.index.read_text(encoding="utf-8")

    def write(self, text: str) -> None:
        self.index.write_text(text, encoding="utf-8")

    def section_at(self, position: int) -> str:
        ids = [m.group("id") for m in SECTION.finditer(self.text, 0, position)]
        return ids[-1] if ids else ""


def empty_first_plotting_figure(report: Report) -> tuple:
    """Removes every drawn data element from the first figure whose data file has a series with
    finite points; returns the figure's id and its SVG."""
    text = report.text
    for match in FIGURE.finditer(text):
        data_link = DATA_LINK.search(text, match.end())
        data = json.loads((report.root / data_link.group("href")).read_text(encoding="utf-8"))
        if not any(figure_checks.series_with_points(p, data) for p in data.get("panels", [])):
            continue
        path = report.root / match.group("src")
        root = figure_checks.parse_svg(path)
        for axes in figure_checks.visible_axes(root):
            drawn = [child for i, child in enumerate(axes) if figure_checks.is_data_element(child, i)]
            for child in drawn:
                axes.remove(child)
        ET.register_namespace("", SVG_NS)
        ET.register_namespace("xlink", XLINK_NS)
        ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)
        return match.group("id"), path
    raise AssertionError("no figure on the page plots data")


def empty_first_captioned_table(report: Report) -> tuple:
    """Removes the body rows of the first data table with a visible caption; returns its name as
    the check names it, and its section."""
    text = report.text
    for match in DATA_TABLE.finditer(text):
        table = match.group()
        caption = re.search(r"<caption>(.*?)</caption>", table, re.S)
        section = report.section_at(match.start())
        if not caption or section == REMOVED_TABLE_SECTION:
            continue
        emptied = re.sub(r"<tbody>.*?</tbody>", "<tbody>\n</tbody>", table, flags=re.S)
        report.write(text[:match.start()] + emptied + text[match.end():])
        name = page_checks.table_name({"section": section,
                                       "caption": " ".join(html.unescape(caption.group(1)).split())})
        return name, section
    raise AssertionError("no data table with a caption on the page")


def write_nan_into_caption(report: Report) -> None:
    text = report.text
    marker = f'<figure id="{NAN_FIGURE}">'
    start = text.index(marker)
    strong = text.index("</strong>", start) + len("</strong> ")
    report.write(text[:strong] + NAN_SENTENCE + text[strong:])


def remove_table_of(report: Report, section: str) -> None:
    text = report.text
    start = text.index(f'<section id="{section}">')
    wrap = text.index('<div class="table-wrap">', start)
    end = text.index("</div>", wrap) + len("</div>")
    report.write(text[:wrap] + text[end:])


class BrokenPage(unittest.TestCase):
    quick_report: Path = None   # set by main()

    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.TemporaryDirectory(prefix="orderly-broken-page-")
        copy = Path(cls.scratch.name) / "report"
        shutil.copytree(cls.quick_report, copy)
        cls.json = copy / "json"
        cls.clean_problems = browser_check.check(copy, json_dir=cls.json)
        report = Report(copy)
        cls.figure, cls.figure_svg = empty_first_plotting_figure(report)
        cls.table, cls.table_section = empty_first_captioned_table(report)
        write_nan_into_caption(report)
        cls.removed_section_present = f'<section id="{REMOVED_TABLE_SECTION}">' in report.text
        if cls.removed_section_present:
            remove_table_of(report, REMOVED_TABLE_SECTION)
        cls.problems = browser_check.check(copy, json_dir=cls.json)

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    def reported(self, test) -> list:
        return [p for p in self.problems if test(p)]

    def test_unbroken_copy_passes(self):
        self.assertEqual(self.clean_problems, [])

    def test_emptied_figure_is_still_a_valid_svg_over_the_size_threshold(self):
        figure_checks.parse_svg(self.figure_svg)
        self.assertGreater(self.figure_svg.stat().st_size, browser_check.MIN_SVG_BYTES)

    def test_emptied_figure_is_reported(self):
        self.assertTrue(self.reported(lambda p: p.startswith(f"#{self.figure} ") and "drawn data element" in p),
                        self.problems)

    def test_table_without_rows_is_reported(self):
        self.assertTrue(self.reported(lambda p: p == f"{self.table}: no body rows"), self.problems)

    def test_nan_in_caption_is_reported(self):
        self.assertTrue(self.reported(lambda p: p.startswith(f"'nan' in #{NAN_FIGURE} ")), self.problems)

    def test_missing_table_is_reported(self):
        if not self.removed_section_present:
            self.skipTest(f"the page has no #{REMOVED_TABLE_SECTION} section")
        self.assertTrue(self.reported(lambda p: p.startswith(
            f"#{REMOVED_TABLE_SECTION} tables headed '{REMOVED_TABLE_COLUMNS}': 0 on the page")), self.problems)

    def test_nothing_else_is_reported(self):
        # The emptied table may also be counted with others of its section ("tables headed").
        breaks = (f"#{self.figure} ", f"{self.table}: ", f"#{self.table_section} tables headed ",
                  f"'nan' in #{NAN_FIGURE} ", f"#{REMOVED_TABLE_SECTION} tables headed ")
        self.assertEqual([p for p in self.problems if not p.startswith(breaks)], [])


def main(argv: list) -> int:
    if len(argv) != 2 or not (Path(argv[1]) / "index.html").is_file():
        print("usage: broken_page_test.py QUICK_REPORT_DIR (holding index.html, html/ and json/)", file=sys.stderr)
        return 2
    if browser_check.chromium() is None:
        print("broken_page_test: chromium is not installed (Debian package chromium)", file=sys.stderr)
        return 2
    BrokenPage.quick_report = Path(argv[1])
    result = unittest.main(argv=[argv[0], "-v"], exit=False).result
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
