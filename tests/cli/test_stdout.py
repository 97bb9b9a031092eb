"""Every command's standard output can fail cleanly.

The real command line runs in a subprocess (``python -m simpeval``) with its standard output on
``/dev/full`` (every write fails with ENOSPC: one ``Error:`` line on stderr, exit code 1) and on
a pipe whose reader has already gone (EPIPE: a quiet exit with code 1, as click and well-behaved
Unix tools do). Never a traceback, never Python's "Exception ignored" at shutdown.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import simpeval

ROOT = Path(simpeval.__file__).resolve().parents[1]  # this checkout, ahead of any installed copy

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")


def _files(folder: Path) -> dict[str, str]:
    """A tiny corpus (written for these tests) and a ratings CSV of it."""
    texts = {
        "src.txt": "the old cat sat on the soft mat\nthe big dog ran in the green park\n",
        "ref.txt": "a cat sat on the mat\nthe dog ran in the park\n",
        "sys1.txt": "the cat sat on a mat\nthe dog ran\n",
        "sys2.txt": "cat mat\ndog\n",
        "ratings.csv": "sent_id,sys_name,simp_sent,rating\n1,a,the cat sat on a mat,80\n2,a,the dog ran,60\n"
        "1,b,cat mat,10\n2,b,dog,20\n1,c,a cat sat on the mat,90\n2,c,the dog ran in the park,85\n",
    }
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return {name: str(folder / name) for name in texts} | {"html": str(folder / "report.html")}


#: Every command (and the group's own options), with arguments that print something on standard output.
COMMANDS: dict[str, Callable[[dict[str, str]], list[str]]] = {
    "score": lambda f: ["score", "-s", f["src.txt"], "-r", f["ref.txt"], "-i", f["sys1.txt"], "-m", "bleu", "sari"],
    "score-sentence-level": lambda f: [
        "score",
        "-r",
        f["ref.txt"],
        "-i",
        f["sys1.txt"],
        "-m",
        "bleu",
        "--sentence-level",
    ],
    "compare": lambda f: [
        "compare",
        "-r",
        f["ref.txt"],
        "-i",
        f["sys1.txt"],
        f["sys2.txt"],
        "-m",
        "bleu",
        "--paired-n",
        "20",
    ],
    "evaluate": lambda f: ["evaluate", "-s", f["src.txt"], "-r", f["ref.txt"], "-i", f["sys1.txt"], "-m", "bleu"],
    "explain": lambda f: ["explain", "-s", "the old cat sat", "-p", "the cat sat", "-r", "a cat sat"],
    "meta-eval": lambda f: ["meta-eval", "--ratings", f["ratings.csv"], "--refs", f["ref.txt"], "-m", "bleu"],
    "testsets-list": lambda f: ["testsets", "list"],
    "testsets-cite": lambda f: ["testsets", "cite", "asset-test"],
    "testsets-urls": lambda f: ["testsets", "download", "--urls", "asset-test"],
    "demo": lambda f: ["demo"],
    "lessons": lambda f: ["lessons", str(Path(f["html"]).parent / "lessons")],
    "help": lambda f: ["--help"],
    "version": lambda f: ["--version"],
    "report-help": lambda f: ["report", "--help"],
}


def _run(args: list[str], stdout: Any, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "SIMPEVAL_CACHE": str(tmp_path / "cache"),
        "SIMPEVAL_MIRROR": "http://127.0.0.1:9",
    }
    return subprocess.run(
        [sys.executable, "-m", "simpeval", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=600,
    )


def test_every_command_is_listed() -> None:
    from simpeval.cli import COMMANDS as REGISTERED

    assert {args(defaultdict(str))[0] for args in COMMANDS.values()} - {"--help", "--version"} == set(REGISTERED)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.slow
def test_a_full_disk_is_one_error_line(command: str, tmp_path: Path) -> None:
    args = COMMANDS[command](_files(tmp_path))
    with open("/dev/full", "w") as full:
        result = _run(args, full, tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines() == [
        "Error: could not write to standard output (No space left on device), so the output is incomplete. "
        "Free space on its device, or redirect it to another file."
    ]


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.slow
def test_a_closed_pipe_exits_quietly(command: str, tmp_path: Path) -> None:
    args = COMMANDS[command](_files(tmp_path))
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first write (as `| head -c1` after its byte)
    try:
        result = _run(args, write, tmp_path)
    finally:
        os.close(write)
    assert result.returncode == 1 and result.stderr == ""


@pytest.mark.slow
def test_report_writes_nothing_on_standard_output(tmp_path: Path) -> None:
    """``report`` writes its file and says so on stderr: a broken standard output changes nothing."""
    files = _files(tmp_path)
    args = [
        "report",
        "-s",
        files["src.txt"],
        "-r",
        files["ref.txt"],
        "-i",
        files["sys1.txt"],
        files["sys2.txt"],
        "-m",
        "bleu",
        "--paired-n",
        "20",
        "-o",
        files["html"],
        "-q",
    ]
    with open("/dev/full", "w") as full:
        result = _run(args, full, tmp_path)
    assert result.returncode == 0 and result.stderr.splitlines() == [f"wrote {files['html']}"]
    assert Path(files["html"]).read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_another_write_error_names_its_reason_and_no_full_disk() -> None:
    import errno

    from simpeval.cli.stdout import StdoutError

    message = StdoutError(OSError(errno.EIO, "Input/output error")).message
    assert message == (
        "could not write to standard output (Input/output error), so the output is incomplete. "
        "Check where it goes, or redirect it to a file."
    )
