"""scripts/parallel/report-parallel.sh on this machine (GNU parallel, --sshlogin ':'): a few of the
quick report's studies in 3 shards, merged; the merged JSON must equal one `orderly run-studies`
of the same studies, byte for byte (the timing files, wall times, excepted). Exit 77 (CTest's
SKIP_RETURN_CODE) when GNU parallel is not installed."""
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ORDERLY = Path(os.environ.get("ORDERLY", "build/bin/orderly")).resolve()
SOURCE = Path(__file__).resolve().parents[2]
STUDIES = "convergence,crosscheck,largest-step,odeint-orders,stiff"
TIMING_SUFFIX = ".timing.json"


def files_under(directory: Path) -> dict:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def main() -> int:
    if not shutil.which("parallel"):
        print("SKIP: GNU parallel not found (Debian package parallel)")
        return 77
    with tempfile.TemporaryDirectory(prefix="orderly-parallel-") as tmp:
        d = Path(tmp)
        ran = subprocess.run([SOURCE / "scripts/parallel/report-parallel.sh", "--shards", "3", "--quick", "--only",
                              STUDIES, "--sshlogin", ":", "--orderly", ORDERLY, "--work", d / "work",
                              "--report-dir", d / "report", "--merge-only"], capture_output=True, text=True)
        print(ran.stdout + ran.stderr)
        if ran.returncode != 0:
            return 1
        subprocess.run([ORDERLY, "run-studies", "--suite", "quick", "--only", STUDIES, "--out", d / "single"],
                       check=True, capture_output=True)
        expected, merged = files_under(d / "single"), files_under(d / "report" / "json")
        failures = [] if sorted(expected) == sorted(merged) else [f"files differ: {sorted(expected)} {sorted(merged)}"]
        failures += [f"{name}: merged differs from the single run" for name, content in expected.items()
                     if not name.endswith(TIMING_SUFFIX) and merged.get(name) != content]
        for f in failures:
            print("FAIL: " + f)
        print(f"{len(expected)} files compared")
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
