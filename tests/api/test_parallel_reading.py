"""Workers that read their own chunks of the files: the same table, warnings and errors as one process."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simpeval import BLEU
from simpeval.api import evaluate_streams
from simpeval.engines import ranges
from simpeval.engines.linefiles import LineFile, file_lines
from simpeval.exceptions import SimpevalError, SimpevalWarning
from simpeval.inputs import LINE_COUNT_MISMATCH, UNIT, open_inputs

WORDS = "the a cat dog sat ran on in park mat old big city é ü 日本 naïve".split()
CHUNK = 5  # lines a chunk: 23 lines make 5 chunks


def lines(n: int, seed: int) -> list[str]:
    return [" ".join(WORDS[(seed * 7 + i * 3 + k) % len(WORDS)] for k in range(i % 6)) for i in range(n)]


def write(folder: Path, name: str, content: bytes) -> str:
    path = folder / name
    path.write_bytes(content)
    return str(path)


def corpus(folder: Path, n: int = 23, final_newline: bool = True) -> dict[str, str]:
    end = "\n" if final_newline else ""
    return {
        name: write(folder, f"{name}.txt", ("\n".join(lines(n, seed)) + end).encode("utf-8"))
        for seed, name in enumerate(("src", "ref", "sys"))
    }


def outcome(files: dict[str, str], n_jobs: int, refs: list[str] | None = None) -> tuple[Any, list[str]]:
    """The table (or error) of streaming the files, and the warnings about the files, in order."""
    data = open_inputs([files["sys"]], sources=files["src"], references=refs or [files["ref"]], max_line_length=40)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result: Any = evaluate_streams(
                data.systems,
                data.references,
                sources=data.sources,
                metrics=["sari", "bleu"],
                chunk_size=CHUNK,
                input_names=data.names,
                mismatch_message=LINE_COUNT_MISMATCH,
                unit=UNIT,
                n_jobs=n_jobs,
            )
        except SimpevalError as err:
            result = (type(err), str(err))
    about_files = [str(w.message) for w in caught if str(w.message).startswith(("file ", "reference streams"))]
    return result, about_files


def same_with_any_jobs(files: dict[str, str], refs: list[str] | None = None) -> tuple[Any, list[str]]:
    serial = outcome(files, 1, refs)
    for n_jobs in (2, 3):
        assert outcome(files, n_jobs, refs) == serial
    return serial


def test_regular_files_are_planned_by_chunks(tmp_path: Path) -> None:
    files = corpus(tmp_path)
    plan = ranges.plan_ranges([LineFile(files[name]) for name in ("sys", "ref", "src")], CHUNK)
    assert plan is not None and [c.lines for c in plan.chunks] == [5, 5, 5, 5, 3]
    assert [c.first for c in plan.chunks] == [1, 6, 11, 16, 21]


@pytest.mark.parametrize("final_newline", [True, False])
def test_the_table_is_the_same_bits_with_any_jobs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, final_newline: bool
) -> None:
    monkeypatch.setattr(ranges, "SCAN_BLOCK", 7)  # chunks and multibyte characters across the scanned blocks
    files = corpus(tmp_path, final_newline=final_newline)
    reread = []
    monkeypatch.setattr(ranges, "_reread", lambda *args: reread.append(args[1].first) or [])
    table, said = same_with_any_jobs(files)
    assert not isinstance(table, tuple) and not said and not reread  # every chunk read by the workers


def test_the_first_bad_chunk_is_read_again_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = corpus(tmp_path)
    data = Path(files["ref"]).read_bytes().split(b"\n")
    data[12] = b"bad \xff byte"
    write(tmp_path, "ref.txt", b"\n".join(data))
    reread: list[int] = []
    original = ranges._reread
    monkeypatch.setattr(ranges, "_reread", lambda *args: reread.append(args[1].first) or original(*args))
    result, _ = outcome(files, 2)
    assert result[1] == f"file {files['ref']} is not valid UTF-8: byte 0xff on line 13 cannot be decoded. " + (
        "Convert the file to UTF-8 (e.g. iconv -t utf-8)."
    )
    assert reread == [11]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("target", "line", "content"),
    [
        ("ref", 13, b"bad \xff byte"),
        ("sys", 18, b"nul \x00 byte"),
        ("src", 7, b"x" * 41),  # over max_line_length=40
        ("sys", 1, b"\xef\xbb\xbfbom first"),  # warned once
        ("ref", 1, b"\xef\xbb\xbf"),  # a BOM, then a newline: an empty first segment
        ("src", 9, b"crlf\r"),  # Windows endings from line 9 on: warned once
        ("sys", 22, b"mac\rending"),
        ("sys", 23, b"\xc3"),  # a character cut by the end of the file
    ],
    ids=["bad-byte", "nul", "too-long", "bom", "bom-only", "crlf", "cr", "truncated"],
)
def test_irregular_lines_give_one_process_s_warnings_and_errors(
    tmp_path: Path, target: str, line: int, content: bytes
) -> None:
    files = corpus(tmp_path)
    data = Path(files[target]).read_bytes().split(b"\n")
    data[line - 1] = content
    if content.endswith(b"\r"):
        data[line:-1] = [row + b"\r" for row in data[line:-1]]
    write(tmp_path, f"{target}.txt", b"\n".join(data))
    result, said = same_with_any_jobs(files)
    assert isinstance(result, tuple) == (content.startswith((b"bad", b"nul", b"x")) or content == b"\xc3")
    assert len(said) == (1 if b"\r" in content or content.startswith(b"\xef\xbb\xbf") else 0)


def test_warnings_of_several_files_come_in_one_process_s_order(tmp_path: Path) -> None:
    files = corpus(tmp_path)
    for name, line in (("src", 12), ("sys", 12), ("ref", 3)):
        data = Path(files[name]).read_bytes().split(b"\n")
        data[line - 1] += b"\r"
        data[line + 1] += b"\rinside"
        write(tmp_path, f"{name}.txt", b"\n".join(data))
    _, said = same_with_any_jobs(files)
    assert [message.split(" has ")[0] for message in said] == [
        f"file {files['ref']}",  # line 3
        f"file {files['ref']}",  # line 5
        f"file {files['sys']}",  # line 12: the system outputs come before the sources
        f"file {files['src']}",
        f"file {files['sys']}",  # line 14
        f"file {files['src']}",
    ]


@pytest.mark.parametrize("lengths", [(23, 23, 17), (23, 0, 23), (30, 23, 23)], ids=["short", "empty", "long"])
def test_different_lengths_are_one_process_s_error(tmp_path: Path, lengths: tuple[int, int, int]) -> None:
    files = {
        name: write(tmp_path, f"{name}.txt", "".join(f"{text}\n" for text in lines(n, 0)).encode())
        for name, n in zip(("src", "ref", "sys"), lengths)
    }
    (kind, message), _ = same_with_any_jobs(files)
    assert "input files must have the same number of lines" in message or "is empty" in message


def test_identical_references_are_warned_of_once(tmp_path: Path) -> None:
    files = corpus(tmp_path)
    other = write(tmp_path, "other.txt", Path(files["ref"]).read_bytes())
    differs = write(tmp_path, "differs.txt", Path(files["ref"]).read_bytes().replace(b"\n", b" .\n", 1))
    _, said = same_with_any_jobs(files, [files["ref"], differs, other])
    assert said == [
        f"reference streams 1 and 3 are identical, line for line ({files['ref']} and {other}): each counts "
        "as a separate reference, which changes the scores. Give each reference once unless that is intended."
    ]


@pytest.mark.parametrize("tabbed", [range(23), range(1, 23)], ids=["every-line", "all-but-one"])
def test_one_references_file_with_tabs_is_checked(tmp_path: Path, tabbed: range) -> None:
    files = corpus(tmp_path)
    data = Path(files["ref"]).read_bytes().split(b"\n")
    data = [row + b"\tsecond" * (1 + i % 2) if i in tabbed else row for i, row in enumerate(data)]
    write(tmp_path, "ref.txt", b"\n".join(data))
    result, _ = same_with_any_jobs(files)
    assert isinstance(result, tuple) == (len(tabbed) == 23)


def test_standard_input_and_other_encodings_are_read_by_one_process(tmp_path: Path) -> None:
    files = corpus(tmp_path)
    assert not isinstance(file_lines("-"), LineFile)
    assert not isinstance(file_lines(files["sys"], encoding="latin-1"), LineFile)
    assert ranges.plan_ranges([file_lines(files["sys"]), file_lines(files["ref"], encoding="latin-1")], 5) is None
    started = LineFile(files["sys"])
    next(started)
    assert ranges.plan_ranges([started, LineFile(files["ref"])], 5) is None


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    data=st.lists(st.sampled_from([b"a", b"\n", b"\xc3\xa9", b"bb"]), max_size=60).map(b"".join),
    chunk_size=st.integers(1, 6),
    block=st.integers(1, 9),
    limit=st.integers(0, 4),
)
def test_the_scan_finds_every_chunk_start_and_long_line(
    tmp_path_factory: pytest.TempPathFactory, data: bytes, chunk_size: int, block: int, limit: int
) -> None:
    path = tmp_path_factory.mktemp("scan") / "f.txt"
    path.write_bytes(data)
    rows = data.split(b"\n")[:-1] if data.endswith(b"\n") else data.split(b"\n") if data else []
    offsets = [sum(len(row) + 1 for row in rows[:i]) for i in range(0, len(rows), chunk_size)]
    long = {i // chunk_size for i, row in enumerate(rows) if limit and len(row) > limit}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ranges, "SCAN_BLOCK", block)
        assert ranges.scan_lines(str(path), chunk_size, limit) == (offsets, len(rows), long)


def test_a_metric_that_cannot_be_copied_reads_here_with_one_warning(tmp_path: Path) -> None:
    files = corpus(tmp_path)
    metric = BLEU()
    metric.hook = lambda: None  # type: ignore[attr-defined]  # a lambda does not pickle
    tables = []
    for n_jobs in (1, 2):
        data = open_inputs([files["sys"]], sources=files["src"], references=[files["ref"]])
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            tables.append(
                evaluate_streams(data.systems, data.references, metrics=[metric], chunk_size=CHUNK, n_jobs=n_jobs)
            )
        copied = [str(w.message) for w in caught if issubclass(w.category, SimpevalWarning)]
        assert len(copied) == n_jobs - 1  # said once, not again by the one-process reading
        assert all(text.startswith("BLEU: cannot be copied to worker processes") for text in copied)
    assert tables[0] == tables[1]
