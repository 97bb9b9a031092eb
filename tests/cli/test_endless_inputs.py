"""An endless input (``yes`` through a pipe) beside files that end: the line-count error, at once.

Inputs are read in lockstep, so the error comes once the shortest input ends; the endless one is
counted :data:`simpeval.alignment.COUNT_AHEAD` lines on at most and named "more than N lines".
Each command runs as a real process on a real pipe, under a generous timeout: a hang fails the test.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from simpeval.alignment import LINE_COUNT_MISMATCH

TIMEOUT = 120  # seconds: reading the 110,000 lines takes about one on a loaded machine


@pytest.fixture
def yes_pipe() -> Iterator[int]:
    """The read end of a pipe that ``yes 'a b'`` writes to for ever (killed after the test)."""
    writer = subprocess.Popen(["yes", "a b"], stdout=subprocess.PIPE)
    assert writer.stdout is not None
    try:
        yield writer.stdout.fileno()
    finally:
        writer.kill()
        writer.wait()
        writer.stdout.close()


def _simpeval(tmp_path: Path, fd: int, *args: str, stdin: int | None = None) -> subprocess.CompletedProcess[str]:
    (tmp_path / "sys.txt").write_text("a b\na c\n", encoding="utf-8")
    (tmp_path / "src.txt").write_text("a b d\na c d\n", encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "simpeval", *(a.replace("PIPE", f"/dev/fd/{fd}") for a in args)],
        cwd=tmp_path,
        pass_fds=(fd,),
        stdin=stdin,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


ENDLESS = "more than 110000 lines"  # the first chunk (10,000 lines) and COUNT_AHEAD more


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "listing"),
    [
        (("score", "-m", "bleu", "-i", "sys.txt", "-r", "PIPE"), f"sys.txt: 2 lines, PIPE: {ENDLESS}"),
        (("score", "-m", "bleu", "--jobs", "2", "-i", "sys.txt", "-r", "PIPE"), f"sys.txt: 2 lines, PIPE: {ENDLESS}"),
        (
            ("score", "-m", "sari", "-i", "sys.txt", "-r", "src.txt", "-s", "PIPE"),
            f"sys.txt: 2 lines, src.txt: 2 lines, PIPE: {ENDLESS}",
        ),
        (
            ("compare", "-q", "-m", "bleu", "-i", "sys.txt", "PIPE", "-r", "src.txt"),
            f"sys.txt: 2 lines, PIPE: {ENDLESS}, src.txt: 2 lines",
        ),
        (("score", "-m", "bleu", "-i", "-", "-r", "sys.txt"), f"<stdin>: {ENDLESS}, sys.txt: 2 lines"),
    ],
    ids=["references", "references-jobs", "sources", "compare-system", "stdin"],
)
def test_an_endless_pipe_gives_the_line_count_error(
    tmp_path: Path, yes_pipe: int, args: tuple[str, ...], listing: str
) -> None:
    result = _simpeval(tmp_path, yes_pipe, *args, stdin=yes_pipe if "-" in args else None)
    assert result.returncode == 1, result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr
    listing = listing.replace("PIPE", f"/dev/fd/{yes_pipe}")
    assert result.stderr.splitlines() == [f"Error: {LINE_COUNT_MISMATCH}, but they differ: {listing}."]
