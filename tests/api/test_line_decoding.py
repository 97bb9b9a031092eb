"""The one line reader (simpeval.line_decoding) that simpeval.io and the workers' re-reads share."""

from __future__ import annotations

import ast
import io
import warnings
from pathlib import Path

import pytest

import simpeval
import simpeval.io as sio
from simpeval.exceptions import InputFileError
from simpeval.line_decoding import (
    ENDING_WARNINGS,
    STDIN,
    PathLike,
    decode_lines,
    display_name,
    ending_kind,
    open_binary,
)

PACKAGE = Path(simpeval.__file__).parent

#: The modules that read input files: each uses the others through public names only.
READERS = ["io.py", "line_decoding.py", "inputs.py", "engines/ranges.py", "engines/linefiles.py"]


@pytest.mark.parametrize("module", READERS)
def test_the_readers_import_no_private_name_of_another_module(module: str) -> None:
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    private = [
        f"{node.module}.{alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("simpeval"))
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]
    assert private == []


def test_io_names_standard_input_and_paths_as_line_decoding_does() -> None:
    assert (sio.STDIN, sio.display_name, sio.PathLike) == (STDIN, display_name, PathLike)
    assert display_name("-") == "<stdin>"
    assert display_name(Path("a/b.txt")) == str(Path("a/b.txt"))


def _messages(caught: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in caught]


@pytest.mark.parametrize("reader", [sio.read_lines, lambda path: list(sio.iter_lines(path))], ids=["read", "iter"])
def test_io_warns_of_line_endings_with_the_declared_texts_at_the_caller(tmp_path: Path, reader) -> None:
    path = tmp_path / "mixed.txt"
    path.write_bytes(b"a\r\nb\r\nc\rd\ne\rf\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert reader(path) == ["a\r", "b\r", "c\rd", "e\rf"]
    assert _messages(caught) == [
        ENDING_WARNINGS["crlf"].format(name=str(path), number=1),
        ENDING_WARNINGS["cr"].format(name=str(path), number=3),
    ]
    assert {w.filename for w in caught} == {__file__}


@pytest.mark.parametrize(
    ("line", "terminated", "kind"),
    [("a", True, ""), ("a\r", True, "crlf"), ("a\r", False, "cr"), ("a\rb\r", True, "cr"), ("\rb", True, "cr")],
)
def test_ending_kind(line: str, terminated: bool, kind: str) -> None:
    assert ending_kind(line, terminated) == kind
    assert kind == "" or kind in ENDING_WARNINGS


def test_decode_lines_goes_on_from_a_line_number_and_the_kinds_already_warned_of() -> None:
    handle = io.BytesIO(b"x\r\n\xef\xbb\xbfy\r\n")
    warned = {"crlf"}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        lines = list(decode_lines(handle, "part.txt", 0, first=7, warned=warned))
    # past line 1 a byte-order mark is text, and crlf was warned of by the reader before this one
    assert lines == ["x\r", "\ufeffy\r"]
    assert caught == []
    assert warned == {"crlf"}


@pytest.mark.parametrize(
    ("data", "limit", "message"),
    [
        (b"ok\n\xe9\n", 0, r"file part\.txt is not valid UTF-8: byte 0xe9 on line 11 cannot be decoded"),
        (b"ok\na\0b\n", 0, r"file part\.txt contains a NUL byte \(0x00\) on line 11"),
        (b"ok\nfour\n", 3, r"file part\.txt, line 11: longer than 3 bytes, the limit on one line"),
    ],
)
def test_decode_lines_numbers_its_errors_from_the_first_line(data: bytes, limit: int, message: str) -> None:
    with pytest.raises(InputFileError, match=message):
        list(decode_lines(io.BytesIO(data), "part.txt", limit, first=10))


def test_a_file_without_lines_is_empty() -> None:
    with pytest.raises(InputFileError, match=r"file e\.txt is empty; every input file needs one line per segment\."):
        list(decode_lines(io.BytesIO(b""), "e.txt", 0))
    with pytest.raises(InputFileError, match=r"is empty \(it holds only a UTF-8 byte-order mark\)"):
        list(decode_lines(io.BytesIO(b"\xef\xbb\xbf"), "bom.txt", 0))


def test_open_binary_says_why_a_file_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match=r"does not exist; check the path\."):
        open_binary(tmp_path / "missing.txt")
    with pytest.raises(InputFileError, match=r"is a directory; pass a text file with one segment per line\."):
        open_binary(tmp_path)
