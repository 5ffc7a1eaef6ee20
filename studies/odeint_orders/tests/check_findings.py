"""The odeint findings' reproducers (studies/odeint_orders/findings/*.cpp), as a maintainer would
use them: each is built with the command its header gives, run, and the orders it prints are
checked against the theory order of the defect it claims, which this test states independently
of the file. The header's claims must be those orders, and every odeint line it quotes must be
the installed header's line at the number it cites.

Usage: /usr/bin/python3 check_findings.py FINDINGS_DIR [ODEINT_ROOT]   (ODEINT_ROOT: /usr/include)
"""

from __future__ import annotations

import concurrent.futures
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

FINDINGS = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "findings"
ODEINT_ROOT = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("/usr/include")

# The order each printed line must show, from theory, not from a run:
# - velocity Verlet is the one-step form of the Stormer-Verlet scheme, of order 2 (Hairer, Lubich,
#   Wanner, Geometric Numerical Integration, 2nd ed., Sect. I.1.4); with the start-of-step velocity
#   in the new acceleration (an O(h) error in an argument weighted by h/2) the local error is
#   O(h^2): order 1 where the acceleration reads the velocity;
# - a Rosenbrock method whose d4 (the weight of h df/dt in its fourth stage) violates the order-2
#   condition leaves an O(h^2) local error where df/dt != 0: global order 1; with the published d4
#   (RODAS) it is of order 4;
# - a stepper that overwrites its start before reading it again does not converge: order 0;
#   extrapolation_stepper<4> out of place is of order 4 (two midpoint sequences, 2 and 4 steps,
#   extrapolated: order 2 + 2; Hairer, Norsett, Wanner, Solving ODEs I, Sect. II.9);
# - a multistep method started by a fixed number of steps each wrong by O(h) has a global error
#   O(h): order 1; adams_bashforth<4> correctly started is of order 4 (HNW I, Sect. III.1);
# - a multistep method of order p whose starting values are accurate to O(h^q), q < p, has a global
#   error O(h^q) (HNW I, Sect. III.4): runge_kutta4's starting steps (local error O(h^5)) leave
#   adams_bashforth_moulton<6> of order 5; started by an order-8 stepper it is of order 6.
THEORY = {
    "adams_bashforth_in_place.cpp": {"measured order": 1, "measured order (control)": 4},
    "adams_bashforth_moulton_start.cpp": {"measured order": 5, "measured order (control)": 6},
    "velocity_verlet_order.cpp": {"measured order": 2, "measured order (velocity-dependent)": 1},
    "rosenbrock4_d4_sign.cpp": {"measured order": 1, "measured order (control)": 4},
    "extrapolation_in_place.cpp": {"measured order": 0, "measured order (control)": 4},
}
# A step-halving slope at the reproducers' grids (100 to 1600 steps) is within 0.05 of its limit for
# these methods; 0.1 still tells neighbouring integer orders apart by a factor of ten.
ORDER_TOLERANCE = 0.1
# Building an odeint file at -O2 takes up to about 15 s here; the machine has two cores.
BUILD_WORKERS = 2
BUILD_TIMEOUT_S = 120
RUN_TIMEOUT_S = 60

PRINTED = re.compile(r"^(measured order(?: \([^)]*\))?): (-?[0-9.]+)$", re.M)
CLAIM = re.compile(r"^// Claim: (measured order(?: \([^)]*\))?) = (-?[0-9]+)$", re.M)
QUOTE = re.compile(r"^// odeint: (\S+):(\d+)\n//(.*)$", re.M)
BUILD = re.compile(r"^// Build: (g\+\+ .*)$", re.M)


def header_of(path: Path) -> str:
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("//"):
            break
        lines.append(line)
    return "\n".join(lines)


def build_and_run(source: Path, directory: Path) -> str:
    """Builds `source` with its header's command in `directory` and returns what it prints."""
    command = shlex.split(BUILD.search(header_of(source)).group(1))
    shutil.copy(source, directory / source.name)
    subprocess.run(command, cwd=directory, check=True, timeout=BUILD_TIMEOUT_S, capture_output=True)
    binary = directory / command[command.index("-o") + 1]
    return subprocess.run([str(binary)], cwd=directory, check=True, timeout=RUN_TIMEOUT_S,
                          capture_output=True, text=True).stdout


class Findings(unittest.TestCase):
    outputs: dict = {}

    @classmethod
    def setUpClass(cls):
        cls.sources = sorted(FINDINGS.glob("*.cpp"))
        cls.tmp = tempfile.TemporaryDirectory()
        runnable = [s for s in cls.sources if BUILD.search(header_of(s))]
        with concurrent.futures.ThreadPoolExecutor(BUILD_WORKERS) as pool:
            futures = {s.name: pool.submit(build_and_run, s, Path(cls.tmp.name)) for s in runnable}
            cls.outputs = {name: f.result() for name, f in futures.items()}

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_every_finding_has_a_theory_order_here(self):
        self.assertEqual(sorted(s.name for s in self.sources), sorted(THEORY))

    def test_each_header_gives_build_run_declared_and_claims(self):
        for source in self.sources:
            header = header_of(source)
            for field in ("// Build: ", "// Run: ", "// Declared: ", "// odeint: "):
                self.assertIn(field, header, source.name)
            claims = {label: int(value) for label, value in CLAIM.findall(header)}
            self.assertEqual(claims, THEORY[source.name], source.name)

    def test_quoted_odeint_lines_are_the_installed_ones(self):
        for source in self.sources:
            quotes = QUOTE.findall(header_of(source))
            self.assertTrue(quotes, source.name)
            for path, number, text in quotes:
                lines = (ODEINT_ROOT / path).read_text(encoding="utf-8").splitlines()
                self.assertEqual(lines[int(number) - 1].strip(), text.strip(), f"{source.name}: {path}:{number}")

    def test_printed_orders_are_the_theory_orders(self):
        for name, expected in THEORY.items():
            printed = {label: float(value) for label, value in PRINTED.findall(self.outputs[name])}
            self.assertEqual(sorted(printed), sorted(expected), name)
            for label, order in expected.items():
                self.assertAlmostEqual(printed[label], order, delta=ORDER_TOLERANCE, msg=f"{name}: {label}")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
