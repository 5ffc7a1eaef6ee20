"""The report as a person sees it: renders a built report's index.html in headless Chromium and
checks what a reader sees: every figure loaded and draws its data, every table has its rows, the
summary grid its chips, no "nan" or "None" in the text, every section the JSON calls for is on
the page, and the page logs no console error.

Usage: /usr/bin/python3 tests/reports/browser_check.py REPORT_HTML_DIR [--json STUDY_JSON_DIR]
           [--norm final|l2|linf] [--screenshot FILE] [--sections "ID ..."]

Chromium runs on a copy of the page with a probe script (page_probe.js) injected at the top of
<head>: it records every error event and console.error call, and after the load event writes, on
<body>, the images that loaded, the broken ones, the errors, and a record of the figures, tables,
summary-grid chips and text as rendered. The dumped DOM carries them out; page_checks.py judges
them against the figure files the page loads and, with --json, the studies' JSON the page was
built from (study_expectations.py). The report itself holds no test code. Exit 0 when the page is
clean; otherwise one line per problem and exit 1. Exit 2 when Chromium is missing or does not
start."""

from __future__ import annotations

import argparse
import html.parser
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import page_checks
import study_expectations

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# Virtual time Chromium lets pass before dumping: the load event of a page with a few dozen
# local SVGs fires well within it.
VIRTUAL_TIME_MS = 10000
CHROMIUM_TIMEOUT_S = 120
SCREENSHOT_SIZE = "1400,4000"
# An SVG smaller than this has no drawing in it (matplotlib's smallest figure is tens of kB).
MIN_SVG_BYTES = 1000

PROBE = Path(__file__).with_name("page_probe.js")


class _Attributes(html.parser.HTMLParser):
    """The probe's attributes on <body>, and the sources of the page's <img> elements."""

    def __init__(self):
        super().__init__()
        self.body = {}
        self.images = []
        self.sections = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "body":
            self.body = attrs
        elif tag == "img":
            self.images.append(attrs.get("src", ""))
        elif tag == "section" and attrs.get("id"):
            self.sections.append(attrs["id"])


def _parse(text: str) -> _Attributes:
    parser = _Attributes()
    parser.feed(text)
    return parser


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def check(report: Path, screenshot: Path | None = None, json_dir: Path | None = None,
          norm: str = study_expectations.DEFAULT_NORM) -> list:
    """The problems found on the rendered page (empty: clean). `json_dir`: the studies' JSON the
    page was built from, for the row and chip counts; `norm`: the report's --norm."""
    browser = chromium()
    if browser is None:
        raise FileNotFoundError("chromium is not installed (Debian package chromium)")
    source = (report / "index.html").read_text(encoding="utf-8")
    problems = []
    page = _parse(source)
    for src in page.images:
        path = report / src
        if src.endswith(".svg") and path.is_file() and path.stat().st_size < MIN_SVG_BYTES:
            problems.append(f"empty SVG: {src} ({path.stat().st_size} bytes)")
    with tempfile.TemporaryDirectory(prefix="orderly-browser-") as scratch:
        copy = Path(scratch) / "page"
        shutil.copytree(report, copy)
        probe = "<script>\n" + PROBE.read_text(encoding="utf-8") + "</script>"
        probed = source.replace("<head>", "<head>\n" + probe, 1)
        (copy / "index.html").write_text(probed, encoding="utf-8")
        url = (copy / "index.html").as_uri()
        run = subprocess.run([browser, *CHROMIUM_FLAGS, f"--virtual-time-budget={VIRTUAL_TIME_MS}",
                              "--dump-dom", url], capture_output=True, text=True,
                             timeout=CHROMIUM_TIMEOUT_S)
        if run.returncode != 0 or "<body" not in run.stdout:
            raise RuntimeError(f"chromium failed (exit {run.returncode}): {run.stderr.strip()[-300:]}")
        if screenshot is not None:
            subprocess.run([browser, *CHROMIUM_FLAGS, f"--virtual-time-budget={VIRTUAL_TIME_MS}",
                            f"--window-size={SCREENSHOT_SIZE}", f"--screenshot={screenshot}", url],
                           capture_output=True, text=True, timeout=CHROMIUM_TIMEOUT_S, check=True)
        # Judged inside the scratch copy: the figure files read are the ones Chromium loaded.
        return problems + _judge(run.stdout, page, copy, json_dir, norm)


def _judge(dumped: str, page: _Attributes, root: Path, json_dir: Path | None, norm: str) -> list:
    """The problems the probe's record of the rendered page shows (root: the page's directory)."""
    rendered = _parse(dumped).body
    if rendered.get("data-probe-done") != "yes":
        return ["the page's load event never fired"]
    problems = []
    if int(rendered.get("data-probe-images", "0")) != len(page.images):
        problems.append(f"{rendered.get('data-probe-images')} images rendered, the page has {len(page.images)}")
    for src in rendered.get("data-probe-broken", "").split():
        problems.append(f"broken image: {src}")
    if rendered.get("data-probe-errors"):
        problems.append(f"console errors: {rendered['data-probe-errors']}")
    missing = [s for s in page.sections if s not in rendered.get("data-probe-sections", "").split()]
    if missing:
        problems.append(f"sections not rendered: {' '.join(missing)}")
    try:
        record = json.loads(rendered.get("data-probe-report", ""))
    except json.JSONDecodeError:
        return problems + ["the probe's record of the page is missing or not JSON"]
    expected = study_expectations.expected(json_dir, norm) if json_dir is not None else None
    return problems + page_checks.check_page(root, record, expected)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="browser_check", description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path, help="the report's HTML directory (holding index.html)")
    parser.add_argument("--screenshot", type=Path, help="also save a screenshot of the page (PNG)")
    parser.add_argument("--sections", default="", help="section ids that must be on the page (space separated)")
    parser.add_argument("--json", type=Path,
                        help="the studies' JSON directory the page was built from: tables and the "
                             "summary grid are then checked against it")
    parser.add_argument("--norm", default=study_expectations.DEFAULT_NORM,
                        help="the report's --norm (default %(default)s): the norm the summary grid shows")
    args = parser.parse_args(argv)
    if not (args.report / "index.html").is_file():
        print(f"browser_check: {args.report}/index.html does not exist", file=sys.stderr)
        return 2
    if args.json is not None and not args.json.is_dir():
        print(f"browser_check: --json {args.json} is not a directory", file=sys.stderr)
        return 2
    try:
        problems = check(args.report, args.screenshot, args.json, args.norm)
    except (FileNotFoundError, RuntimeError, subprocess.SubprocessError) as e:
        print(f"browser_check: {e}", file=sys.stderr)
        return 2
    on_page = _parse((args.report / "index.html").read_text(encoding="utf-8")).sections
    problems += [f"section missing: {s}" for s in args.sections.split() if s not in on_page]
    for p in problems:
        print(f"browser_check: {p}")
    if not problems:
        print(f"browser_check: {args.report / 'index.html'}: every image loaded and draws its data, every "
              f"table has its rows, no console error, no 'nan' or 'None', {len(on_page)} sections"
              + ("" if args.json else " (tables and grid not checked against the studies' JSON: no --json)"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
