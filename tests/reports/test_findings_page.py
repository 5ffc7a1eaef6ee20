"""The odeint findings' page (orderly_report.findings): every reproducer copied, its header's
fields on the index page, and a header without its fields refused with one line and exit code 2."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FINDINGS = REPO / "studies" / "odeint_orders" / "findings"

HEADER = """// odeint's frobnicate declares order 3 but is of order 2.
// A second line of the description.
//
// odeint: boost/numeric/odeint/stepper/frobnicate.hpp:12
//     static const order_type order_value = 3;
//
// Build: g++ -std=c++17 -O2 -I/usr/include frob.cpp -o frob
// Run: ./frob
// Declared: order 3. Expected (theory): order 2,
// on every problem.
// Claim: measured order = 2
int main() {}
"""


def run_findings(*args):
    return subprocess.run([sys.executable, "-m", "orderly_report.findings", *map(str, args)],
                          env={"PYTHONPATH": str(REPO / "reports"), "PYTHONDONTWRITEBYTECODE": "1"},
                          capture_output=True, text=True)


class FindingsPage(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="orderly-findings-test-")
        self.root = Path(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def test_synthetic_header_fields_reach_the_page(self):
        source = self.root / "src"
        source.mkdir()
        (source / "frob.cpp").write_text(HEADER, encoding="utf-8")
        result = run_findings("--source", source, "--output", self.root / "out")
        self.assertEqual(result.returncode, 0, result.stderr)
        page = (self.root / "out" / "index.html").read_text(encoding="utf-8")
        self.assertTrue((self.root / "out" / "frob.cpp").is_file())
        self.assertIn('<a href="frob.cpp">frob.cpp</a>', page)
        self.assertIn("odeint&#x27;s frobnicate declares order 3 but is of order 2. A second line", page)
        self.assertIn("<code>boost/numeric/odeint/stepper/frobnicate.hpp:12</code>", page)
        self.assertIn("<pre>static const order_type order_value = 3;</pre>", page)
        self.assertIn("<code>g++ -std=c++17 -O2 -I/usr/include frob.cpp -o frob</code>", page)
        self.assertIn("<dt>Declared</dt><dd>order 3. Expected (theory): order 2, on every problem.</dd>", page)
        self.assertIn("measured order = 2", page)

    def test_a_header_without_a_build_line_is_refused(self):
        source = self.root / "src"
        source.mkdir()
        (source / "bad.cpp").write_text(HEADER.replace("// Build: ", "// Built: "), encoding="utf-8")
        result = run_findings("--source", source, "--output", self.root / "out")
        self.assertEqual(result.returncode, 2)
        self.assertEqual(len(result.stderr.strip().splitlines()), 1)
        self.assertIn("bad.cpp", result.stderr)
        self.assertFalse((self.root / "out").exists())

    def test_the_repository_findings_all_have_a_page_entry(self):
        result = run_findings("--source", FINDINGS, "--output", self.root / "out")
        self.assertEqual(result.returncode, 0, result.stderr)
        page = (self.root / "out" / "index.html").read_text(encoding="utf-8")
        for source in sorted(FINDINGS.glob("*.cpp")):
            self.assertTrue((self.root / "out" / source.name).is_file(), source.name)
            self.assertIn(f'<a href="{source.name}">{source.name}</a>', page)


if __name__ == "__main__":
    unittest.main()
