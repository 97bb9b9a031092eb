"""The line-length limit: an endless or huge line is one clear error, not exhausted memory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from simpeval.cli import main
from simpeval.exceptions import InputFileError, InvalidOptionError
from simpeval.io import MAX_LINE_LENGTH, iter_lines, iter_tsv_references, read_lines, read_tsv_references


def _first_too_long(lines: list[bytes], limit: int) -> int:
    """1-based number of the first line over ``limit`` bytes; 0 if none."""
    return next((n for n, line in enumerate(lines, start=1) if limit and len(line) > limit), 0)


_LINE = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\0"), max_size=8)


@settings(max_examples=150, deadline=None)
@given(lines=st.lists(_LINE.map(str.encode), min_size=1, max_size=8), limit=st.integers(0, 12), final=st.booleans())
def test_both_readers_stop_at_the_first_line_over_the_limit(
    tmp_path_factory: pytest.TempPathFactory, lines: list[bytes], limit: int, final: bool
) -> None:
    final_newline = final or lines[-1] == b""  # else the last, empty line is no line (or the file is empty)
    path = tmp_path_factory.mktemp("limit") / "f.txt"
    path.write_bytes(b"\n".join(lines) + (b"\n" if final_newline else b""))
    bad = _first_too_long(lines, limit)
    for read in (read_lines, lambda p, m: list(iter_lines(p, m))):
        if bad:
            with pytest.raises(InputFileError, match=rf"f\.txt, line {bad}: longer than {limit:,} bytes"):
                read(path, limit)
        else:
            assert read(path, limit) == [line.decode("utf-8") for line in lines]


def test_the_default_limit_is_one_mebibyte(tmp_path: Path) -> None:
    assert MAX_LINE_LENGTH == 1 << 20
    path = tmp_path / "long.txt"
    path.write_bytes(b"a" * MAX_LINE_LENGTH + b"\n" + b"b" * (MAX_LINE_LENGTH + 1))
    with pytest.raises(InputFileError, match="line 2: longer than 1,048,576 bytes"):
        read_lines(path)
    assert len(read_lines(path, 0)[1]) == MAX_LINE_LENGTH + 1


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_dev_zero_is_refused_at_once() -> None:
    for read in (read_lines, lambda p: next(iter_lines(p))):
        with pytest.raises(InputFileError, match="/dev/zero, line 1: longer than"):
            read("/dev/zero")


def test_tsv_readers_apply_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "refs.tsv"
    path.write_text("a\tb\nccccc\td\n", encoding="utf-8")
    with pytest.raises(InputFileError, match="refs.tsv, line 2"):
        read_tsv_references(path, 2, max_line_length=5)
    with pytest.raises(InputFileError, match="refs.tsv, line 2"):
        [list(stream) for stream in iter_tsv_references(path, 2, max_line_length=5)]
    assert read_tsv_references(path, 2, max_line_length=7) == [["a", "ccccc"], ["b", "d"]]


@pytest.mark.parametrize("bad", [-1, 1.5, "10", True, None])
def test_a_bad_limit_is_an_option_error(tmp_path: Path, bad: object) -> None:
    path = tmp_path / "f.txt"
    path.write_text("a\n", encoding="utf-8")
    with pytest.raises(InvalidOptionError, match="max_line_length must be a number of bytes >= 0"):
        read_lines(path, bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="max_line_length"):
        list(iter_lines(path, bad))  # type: ignore[arg-type]


@pytest.mark.parametrize("command", ["score", "compare"])
def test_cli_names_file_and_line_and_the_flag(tmp_path: Path, command: str) -> None:
    refs, hyps = tmp_path / "refs.txt", tmp_path / "sys.txt"
    refs.write_text("a b c\n" + "x " * 40 + "\n", encoding="utf-8")
    hyps.write_text("a b c\nx x\n", encoding="utf-8")
    args = [command, "-r", str(refs), "-i", str(hyps), "-m", "bleu"]
    if command == "compare":
        args += ["-i", str(hyps), "-n", "one", "two", "-q"]
    result = CliRunner().invoke(main, [*args, "--max-line-length", "20"])
    assert result.exit_code == 1, result.output
    assert "refs.txt, line 2: longer than 20 bytes" in result.output
    assert "--max-line-length" in result.output
    assert "Traceback" not in result.output
    raised = CliRunner().invoke(main, [*args, "--max-line-length", "100"])
    assert raised.exit_code == 0, raised.output


def test_cli_refuses_a_negative_limit(tmp_path: Path) -> None:
    refs = tmp_path / "refs.txt"
    refs.write_text("a\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["score", "-r", str(refs), "-i", str(refs), "--max-line-length", "-1"])
    assert result.exit_code == 2
    assert "--max-line-length" in result.output
