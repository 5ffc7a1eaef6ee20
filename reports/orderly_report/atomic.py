"""The report's output directory, replaced as a whole: the page is built in a staging directory
beside it, which then takes its place in one rename (an atomic exchange where the kernel offers
one). An interrupted or failed run leaves the previous report as it was."""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import tempfile
from pathlib import Path

from .errors import InputError

# Marks a directory as a report this package wrote: only such a directory is ever replaced.
MARKER = ".orderly-report"

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _staging_prefix(output: Path) -> str:
    return f".{output.name}.staging-"


def _inside(path: Path, other: Path) -> bool:
    return path == other or other in path.parents


def check_output(output: Path, inputs: list) -> None:
    """Refuse an output that would destroy input or a directory the report does not own."""
    target = output.resolve()
    for directory in inputs:
        source = directory.resolve()
        if _inside(source, target) or _inside(target, source):
            raise InputError(f"--output: {output} and --input {directory} overlap; the report "
                             "replaces its whole output directory, so keep them apart")
    if output.exists():
        if not output.is_dir():
            raise InputError(f"--output: {output} exists and is not a directory")
        if any(output.iterdir()) and not (output / MARKER).is_file():
            raise InputError(f"--output: {output} is a non-empty directory that holds no Orderly "
                             "report; refusing to replace it")


def check_index(index: Path, output: Path, inputs: list) -> None:
    """Refuse an --index that would replace an input file, land inside an input or the output
    directory, or replace a device or a directory: the page is written there by rename."""
    target = index.resolve()
    for directory in inputs:
        if _inside(target, directory.resolve()):
            raise InputError(f"--index: {index} lies inside --input {directory}; name a file outside it")
    if _inside(target, output.resolve()):
        raise InputError(f"--index: {index} lies inside --output {output}, which is replaced as a whole")
    if index.exists() and not index.is_file():
        kind = "a directory" if index.is_dir() else "a device or other special file"
        raise InputError(f"--index: {index} is {kind}; name an ordinary file")


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux renameat2); False where the system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    return renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0


def _publish(stage: Path, output: Path) -> None:
    if not output.exists():
        os.rename(stage, output)
        return
    if _exchange(stage, output):
        shutil.rmtree(stage)            # now the previous report
        return
    retired = Path(tempfile.mkdtemp(prefix=_staging_prefix(output), dir=output.parent))
    os.rename(output, retired / "old")
    os.rename(stage, output)
    shutil.rmtree(retired)


@contextlib.contextmanager
def staged_output(output: Path):
    """Yields the staging directory; publishes it as `output` when the block completes."""
    parent = output.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        # Staging directories left by an interrupted run (killed before it could clean up).
        for stale in parent.glob(_staging_prefix(output) + "*"):
            shutil.rmtree(stale, ignore_errors=True)
        stage = Path(tempfile.mkdtemp(prefix=_staging_prefix(output), dir=parent))
    except OSError as e:
        raise InputError(f"--output: cannot write beside {output}: {e.strerror}") from None
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(stage, 0o777 & ~umask)     # mkdtemp makes it private; a report is for reading
    try:
        yield stage
        (stage / MARKER).write_text("written by orderly_report; replaced whole on every run\n",
                                    encoding="utf-8")
        _publish(stage, output)
    finally:
        if stage.exists():
            shutil.rmtree(stage, ignore_errors=True)


def write_text(path: Path, text: str) -> None:
    """A single file written whole or not at all: a temporary beside it, then a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        # mkstemp creates the file private (0600); a page is for reading: the usual 0644 under umask.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
