"""The browser check itself (browser_check.py) on small pages whose defects are known: it must see a
broken image, an empty SVG, a script error and a console.error, a table without rows and a "nan"
in the text, and pass a clean page and a whole report built from the synthetic study JSON. Without
Chromium the tests are skipped with one line saying so (the install script installs it)."""

import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser_check  # noqa: E402
import fixtures  # noqa: E402
from test_orderly_report import synthetic_documents  # noqa: E402

# A small but real drawing (the check's empty-SVG threshold is on the file size).
GOOD_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">'
            + "".join(f'<rect x="{i}" y="{i % 50}" width="3" height="3" fill="#369"/>' for i in range(120))
            + "</svg>")


def page(body: str) -> str:
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>t</title></head>"
            f"<body><section id='summary'><h2>s</h2></section>{body}</body></html>")


@unittest.skipIf(browser_check.chromium() is None, "chromium is not installed: the browser check is skipped")
class BrowserCheck(unittest.TestCase):
    def render(self, body: str, files: dict) -> list:
        with tempfile.TemporaryDirectory(prefix="orderly-browser-test-") as d:
            root = Path(d)
            (root / "index.html").write_text(page(body), encoding="utf-8")
            for name, text in files.items():
                (root / name).write_text(text, encoding="utf-8")
            return browser_check.check(root)

    def test_clean_page_passes(self):
        self.assertEqual(self.render("<img src='a.svg' alt='a'>", {"a.svg": GOOD_SVG}), [])

    def test_missing_image_is_broken(self):
        problems = self.render("<img src='a.svg' alt='a'><img src='gone.svg' alt='b'>", {"a.svg": GOOD_SVG})
        self.assertTrue(any("broken image: gone.svg" in p for p in problems), problems)

    def test_empty_svg_is_reported(self):
        problems = self.render("<img src='e.svg' alt='e'>",
                               {"e.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'})
        self.assertTrue(any("empty SVG: e.svg" in p for p in problems), problems)

    def test_script_error_and_console_error_are_reported(self):
        problems = self.render("<script>console.error('bad thing');</script><script>undefinedName();</script>", {})
        joined = " ".join(problems)
        self.assertIn("bad thing", joined)
        self.assertIn("undefinedName", joined)

    def test_table_without_rows_and_nan_in_text_are_reported(self):
        problems = self.render("<table class='data'><caption>Runs</caption><thead><tr><th>a</th></tr></thead>"
                               "<tbody></tbody></table><p title='p = None'>error nan at h</p>", {})
        self.assertIn("outside any section: table 'Runs': no body rows", problems)
        joined = " ".join(problems)
        self.assertIn("'nan' in body p", joined)
        self.assertIn("'None' in body p @title", joined)

    def test_synthetic_report_passes_against_its_json(self):
        with tempfile.TemporaryDirectory(prefix="orderly-browser-report-") as d:
            root = Path(d)
            runs = fixtures.write(root / "runs", synthetic_documents())
            result = fixtures.run_report("--input", runs, "--output", root / "report")
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(browser_check.check(root / "report", json_dir=runs), [])


if __name__ == "__main__":
    unittest.main()
