"""``score --jobs N`` with workers reading their own parts of the files: the bytes and exit code of ``--jobs 1``."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from simpeval.api import evaluate
from simpeval.cli import main
from simpeval.engines import ranges

WORDS = "the a cat dog sat ran on in park mat river old big city flood rain , . é ü 日本".split()
LINES = 25_000  # three chunks of the stream (10,000 lines each)


@cache
def corpus(seed: int) -> tuple[bytes, ...]:
    return tuple(
        " ".join(WORDS[(seed * 5 + i * 7 + k * 3) % len(WORDS)] for k in range(i % 9)).encode() for i in range(LINES)
    )


def write(folder: Path, edit: Callable[[str, list[bytes]], None] | None = None) -> dict[str, str]:
    """The source, reference and system files, each changed by ``edit(name, lines)`` first."""
    paths = {}
    for seed, name in enumerate(("src", "ref", "sys")):
        lines = list(corpus(seed))
        if edit is not None:
            edit(name, lines)
        paths[name] = str(folder / f"{name}.txt")
        Path(paths[name]).write_bytes(b"\n".join(lines) + b"\n")
    return paths


def run(files: dict[str, str], jobs: int, *extra: str, refs: list[str] | None = None) -> Result:
    references = refs or [files["ref"]]
    command = ["score", "-m", "bleu", "-s", files["src"], "-r", *references, "-i", files["sys"], "-q"]
    return CliRunner().invoke(main, [*command, *extra, "--jobs", str(jobs)])


def same_as_one_process(files: dict[str, str], *extra: str, refs: list[str] | None = None) -> Result:
    one = run(files, 1, *extra, refs=refs)
    for jobs in (2, 3):
        result = run(files, jobs, *extra, refs=refs)
        assert (result.exit_code, result.stdout, result.stderr) == (one.exit_code, one.stdout, one.stderr)
    return one


def change(name: str, line: int, content: bytes) -> Callable[[str, list[bytes]], None]:
    def edit(file: str, lines: list[bytes]) -> None:
        if file == name:
            lines[line - 1] = content

    return edit


@pytest.mark.slow
def test_regular_files_print_the_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plans: list[ranges.RangePlan | None] = []
    planned = evaluate.plan_ranges
    monkeypatch.setattr(evaluate, "plan_ranges", lambda *args: plans.append(planned(*args)) or plans[-1])
    result = same_as_one_process(write(tmp_path))
    assert result.exit_code == 0 and "BLEU" in result.stdout and not result.stderr
    assert len(plans) == 2 and all(plan is not None and len(plan.chunks) == 3 for plan in plans)  # --jobs 2 and 3


@pytest.mark.slow
def test_no_final_newline_and_empty_lines(tmp_path: Path) -> None:
    files = write(tmp_path, lambda name, lines: lines.__setitem__(slice(19_999, 20_003), [b""] * 4))
    Path(files["sys"]).write_bytes(Path(files["sys"]).read_bytes()[:-1])
    assert same_as_one_process(files).exit_code == 0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "line", "content", "message"),
    [
        ("ref", 14_321, b"bad \xff byte", " is not valid UTF-8: byte 0xff on line 14321"),
        ("src", 10_001, b"nul \x00", " contains a NUL byte (0x00) on line 10001"),
        ("sys", 20_000, b"long " * 30, ", line 20000: longer than 100 bytes"),
    ],
    ids=["bad-byte", "nul", "too-long"],
)
def test_a_bad_line_in_a_middle_chunk_is_the_same_error(
    tmp_path: Path, name: str, line: int, content: bytes, message: str
) -> None:
    files = write(tmp_path, change(name, line, content))
    result = same_as_one_process(files, "--max-line-length", "100")
    assert result.exit_code == 1 and f"Error: file {files[name]}{message}" in result.stderr


@pytest.mark.slow
def test_crlf_and_bom_are_warned_of_once(tmp_path: Path) -> None:
    def edit(name: str, lines: list[bytes]) -> None:
        if name == "ref":
            lines[12_000:] = [line + b"\r" for line in lines[12_000:]]
        if name == "sys":
            lines[0] = b"\xef\xbb\xbf" + lines[0]

    result = same_as_one_process(write(tmp_path, edit))
    assert result.exit_code == 0
    assert result.stderr.count("Windows line endings") == 1 and result.stderr.count("byte-order mark") == 1


@pytest.mark.slow
def test_files_of_different_lengths_are_the_same_error(tmp_path: Path) -> None:
    files = write(tmp_path, lambda name, lines: lines.pop() if name == "src" else None)
    result = same_as_one_process(files)
    assert result.exit_code == 1 and f"{files['src']}: 24999 lines" in result.stderr


@pytest.mark.slow
def test_identical_references_are_warned_of(tmp_path: Path) -> None:
    files = write(tmp_path)
    copy = tmp_path / "copy.txt"
    copy.write_bytes(Path(files["ref"]).read_bytes())
    result = same_as_one_process(files, refs=[files["ref"], str(copy)])
    assert result.exit_code == 0 and "reference streams 1 and 2 are identical" in result.stderr


@pytest.mark.slow
def test_a_references_file_of_tab_separated_lines_is_the_same_error(tmp_path: Path) -> None:
    files = write(
        tmp_path, lambda name, lines: lines.__setitem__(slice(None), [b"a\tb"] * LINES) if name == "ref" else None
    )
    result = same_as_one_process(files)
    assert result.exit_code == 1 and "every line (25000 lines) contains a tab" in result.stderr


@pytest.mark.slow
def test_standard_input_is_read_by_one_process(tmp_path: Path) -> None:
    files = write(tmp_path)
    data = Path(files["sys"]).read_bytes()
    command = ["score", "-m", "bleu", "-s", files["src"], "-r", files["ref"], "-i", "-", "-q", "--jobs"]
    one, two = (CliRunner().invoke(main, [*command, jobs], input=data) for jobs in ("1", "2"))
    assert one.exit_code == 0 and (two.stdout, two.stderr) == (one.stdout, one.stderr)
