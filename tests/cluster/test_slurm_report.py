"""The report's suites as a Slurm job array on a single-node Slurm started here: munged, slurmctld
and slurmd on localhost (2 CPUs, process tracking by /proc, no cgroups), configured in a temporary
directory. scripts/slurm/submit-report.sh submits the quick report's suites as an array of
SHARDS tasks and the dependent job that merges them and builds the page; the merged JSON must equal
one `orderly run-studies --suite quick`, byte for byte (the timing files, wall times, excepted).
scripts/slurm/submit-check.sh then checks a directory of tableau files in 2 shards, merged likewise.

Exit 77 (CTest's SKIP_RETURN_CODE) with the reason, the daemons' own log lines, when Slurm is not
installed or slurmctld or slurmd cannot start here; any other failure fails."""
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ORDERLY = Path(os.environ.get("ORDERLY", "build/bin/orderly")).resolve()
SOURCE = Path(__file__).resolve().parents[2]
SKIP = 77
SHARDS = 3
DAEMON_START_SECONDS = 30
JOBS_SECONDS = 1800
TIMING_SUFFIX = ".timing.json"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def skip(reason: str, log: Path | None = None):
    print(f"SKIP: {reason}")
    if log is not None and log.exists():
        print("".join(log.read_text(errors="replace").splitlines(keepends=True)[-20:]))
    sys.exit(SKIP)


def slurm_conf(d: Path, node: str) -> str:
    return f"""ClusterName=orderlytest
SlurmctldHost={node}(127.0.0.1)
SlurmUser={pwd.getpwuid(os.geteuid()).pw_name}
SlurmctldPort={free_port()}
SlurmdPort={free_port()}
AuthType=auth/munge
AuthInfo=socket={d}/munge.sock
CredType=cred/munge
StateSaveLocation={d}/state
SlurmdSpoolDir={d}/spool
SlurmctldPidFile={d}/slurmctld.pid
SlurmdPidFile={d}/slurmd.pid
SlurmctldLogFile={d}/slurmctld.log
SlurmdLogFile={d}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName={node} NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
"""


def wait_until(predicate, seconds: float, interval: float = 0.5) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(interval)
    return False


def job_state(job: str, env) -> str:
    out = subprocess.run(["scontrol", "show", "job", job], capture_output=True, text=True, env=env).stdout
    for word in out.split():
        if word.startswith("JobState="):
            return word.split("=", 1)[1]
    return "UNKNOWN"


def running(pid_file: Path) -> bool:
    """Whether the daemon of a pid file still runs (a zombie does not: it only awaits its parent)."""
    try:
        status = Path("/proc", pid_file.read_text().strip(), "status").read_text()
    except (OSError, ValueError):
        return False
    return "\nState:\tZ" not in status


def files_under(directory: Path) -> dict:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def one_run(out: Path) -> Path:
    """One `orderly run-studies --suite quick`, for the comparison: the quick report's JSON when CTest
    gives it (QUICK_REPORT_JSON, the report_quick test's output: the same command), else run here."""
    given = os.environ.get("QUICK_REPORT_JSON")
    if given:
        return Path(given)
    subprocess.run([ORDERLY, "run-studies", "--suite", "quick", "--out", out], check=True, capture_output=True)
    return out


def check_directory(d: Path, env) -> list:
    """scripts/slurm/submit-check.sh on the README's example tableau files and one that is not JSON,
    in 2 shards: the merge must equal one `orderly check --tableau-dir`."""
    tableaus = d / "tableaus"
    shutil.copytree(SOURCE / "examples" / "tableaus", tableaus)
    (tableaus / "broken.json").write_text("{not json")
    submitted = subprocess.run([SOURCE / "scripts/slurm/submit-check.sh", tableaus, d / "checked", "--shards", "2",
                                "--orderly", ORDERLY], env=env, capture_output=True, text=True)
    if submitted.returncode != 0:
        return [f"submit-check.sh: {submitted.stderr.strip()}"]
    merge = submitted.stdout.split()[1]
    single = subprocess.run([ORDERLY, "check", "--tableau-dir", tableaus, "--out", d / "check-single"],
                            capture_output=True, text=True)
    if single.returncode not in (0, 1):
        return [f"orderly check --tableau-dir: exit {single.returncode}: {single.stderr.strip()}"]
    done = lambda: job_state(merge, env) in ("COMPLETED", "FAILED", "CANCELLED", "TIMEOUT")  # noqa: E731
    if not wait_until(done, JOBS_SECONDS, interval=2) or job_state(merge, env) != "COMPLETED":
        return [f"check merge job {merge}: {job_state(merge, env)}"]
    expected = files_under(d / "check-single")
    merged = {k: v for k, v in files_under(d / "checked").items() if not k.startswith(".slurm/")}
    print(f"check: {len(expected)} files compared")
    return [] if expected == merged else [f"check: merged {sorted(merged)} differs from one run {sorted(expected)}"]


def main() -> int:
    for program in ("munged", "slurmctld", "slurmd", "sbatch", "scontrol"):
        if not (shutil.which(program) or Path("/usr/sbin", program).exists()):
            skip(f"{program} not found (Debian packages slurm-wlm and munge)")
    sbin = lambda name: shutil.which(name) or str(Path("/usr/sbin", name))  # noqa: E731
    started = time.monotonic()
    # The daemons may write a last line while the directory goes: that is no failure of the test.
    with tempfile.TemporaryDirectory(prefix="orderly-slurm-", ignore_cleanup_errors=True) as tmp:
        d = Path(tmp)
        (d / "state").mkdir()
        (d / "spool").mkdir()
        (d / "munge.key").write_bytes(os.urandom(1024))
        (d / "munge.key").chmod(0o600)
        node = socket.gethostname().split(".")[0]
        (d / "slurm.conf").write_text(slurm_conf(d, node))
        env = dict(os.environ, SLURM_CONF=str(d / "slurm.conf"))
        munged = subprocess.run([sbin("munged"), "--force", f"--socket={d}/munge.sock", f"--key-file={d}/munge.key",
                                 f"--pid-file={d}/munged.pid", f"--log-file={d}/munged.log",
                                 f"--seed-file={d}/munge.seed"], capture_output=True, text=True)
        if munged.returncode != 0:
            skip(f"munged cannot start: {munged.stderr.strip()}", d / "munged.log")
        try:
            ctld = subprocess.run([sbin("slurmctld"), "-i"], env=env, capture_output=True, text=True)
            if ctld.returncode != 0 or not wait_until(lambda: (d / "slurmctld.pid").exists(), DAEMON_START_SECONDS):
                skip(f"slurmctld cannot start (exit {ctld.returncode}): {ctld.stderr.strip()}", d / "slurmctld.log")
            slurmd = subprocess.run([sbin("slurmd"), "-N", node], env=env, capture_output=True, text=True)
            idle = lambda: "idle" in subprocess.run(["sinfo", "-h", "-o", "%T"], env=env, capture_output=True,  # noqa: E731
                                                    text=True).stdout
            if slurmd.returncode != 0 or not wait_until(idle, DAEMON_START_SECONDS):
                skip(f"slurmd cannot start (exit {slurmd.returncode}): {slurmd.stderr.strip()}", d / "slurmd.log")
            print(f"slurm up in {time.monotonic() - started:.1f} s")

            work, report = d / "work", d / "report"
            submitted = subprocess.run([SOURCE / "scripts/slurm/submit-report.sh", "--shards", str(SHARDS), "--quick",
                                        "--orderly", ORDERLY, "--work", work, "--report-dir", report],
                                       env=env, capture_output=True, text=True)
            if submitted.returncode != 0:
                print(submitted.stderr)
                return 1
            array, merge = submitted.stdout.split()
            print(f"submitted array {array} ({SHARDS} tasks) and merge {merge}")
            single = one_run(d / "single")
            done = lambda: job_state(merge, env) in ("COMPLETED", "FAILED", "CANCELLED", "TIMEOUT")  # noqa: E731
            if not wait_until(done, JOBS_SECONDS, interval=2):
                print(f"the merge job did not finish within {JOBS_SECONDS} s")
                return 1
            state = job_state(merge, env)
            for log in sorted((work / "logs").glob("*.log")):
                print(f"--- {log.name}\n" + "".join(log.read_text(errors="replace").splitlines(True)[-5:]))
            if state != "COMPLETED":
                print(f"merge job {merge}: {state}")
                return 1
            expected, merged = files_under(single), files_under(report / "json")
            failures = []
            if sorted(expected) != sorted(merged):
                failures.append(f"files differ: only single {sorted(set(expected) - set(merged))}, "
                                f"only merged {sorted(set(merged) - set(expected))}")
            for name, content in expected.items():
                if not name.endswith(TIMING_SUFFIX) and merged.get(name) != content:
                    failures.append(f"{name}: merged differs from the single run")
            if not (report / "index.html").is_file():
                failures.append("no page (report/index.html)")
            failures += check_directory(d, env)
            for f in failures:
                print("FAIL: " + f)
            print(f"{len(expected)} files compared; {time.monotonic() - started:.0f} s in all")
            return 1 if failures else 0
        finally:
            subprocess.run(["scontrol", "shutdown"], env=env, capture_output=True)
            wait_until(lambda: not running(d / "slurmctld.pid") and not running(d / "slurmd.pid"), 15)
            if running(d / "munged.pid"):
                os.kill(int((d / "munged.pid").read_text().strip()), 15)
                wait_until(lambda: not running(d / "munged.pid"), 15)


if __name__ == "__main__":
    sys.exit(main())
