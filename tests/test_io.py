"""Strict file reading: simpeval.io."""

from __future__ import annotations

import io
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from simpeval.exceptions import (
    InputFileError,
    InputLengthMismatchError,
    InvalidOptionError,
    ReferenceLayoutError,
    SimpevalError,
)
from simpeval.io import check_same_length, read_lines, read_tsv_references


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        pytest.param(b"a\nb\n", ["a", "b"], id="final-newline"),
        pytest.param(b"a\nb", ["a", "b"], id="no-final-newline"),
        pytest.param(b"a\n\nc\n", ["a", "", "c"], id="empty-line-kept"),
        pytest.param(b"\n", [""], id="one-empty-segment"),
        pytest.param(b"a\n\n", ["a", ""], id="trailing-empty-segment"),
        pytest.param(b"  spaced  \n", ["  spaced  "], id="whitespace-kept"),
        pytest.param("caf\u00e9 \u00fcber\n".encode(), ["caf\u00e9 \u00fcber"], id="utf8"),
        pytest.param(b"a\x0bb\x0cc\n", ["a\x0bb\x0cc"], id="split-on-newline-only"),
    ],
)
def test_read_lines(tmp_corpus, content, expected):
    path = tmp_corpus({"f.txt": content})["f.txt"]
    assert read_lines(path) == expected


def test_carriage_return_is_kept_with_a_warning(tmp_corpus):
    path = tmp_corpus({"crlf.txt": b"a\r\nb\r\n"})["crlf.txt"]
    with pytest.warns(UserWarning, match="Windows line endings"):
        assert read_lines(path) == ["a\r", "b\r"]


def test_empty_file(tmp_corpus):
    path = tmp_corpus({"empty.txt": b""})["empty.txt"]
    with pytest.raises(InputFileError, match=r"empty\.txt is empty"):
        read_lines(path)


def test_invalid_utf8_names_file_and_line(tmp_corpus):
    path = tmp_corpus({"latin1.txt": "ok\nfine\ncaf\u00e9\n".encode("latin-1")})["latin1.txt"]
    with pytest.raises(InputFileError, match=r"latin1\.txt is not valid UTF-8: byte 0xe9 on line 3"):
        read_lines(path)


def test_missing_file(tmp_path):
    missing = tmp_path / "nope.txt"
    with pytest.raises(InputFileError, match="nope.txt does not exist") as info:
        read_lines(missing)
    assert isinstance(info.value, ValueError)


def test_directory(tmp_path):
    with pytest.raises(InputFileError, match="is a directory"):
        read_lines(tmp_path)


def test_stdin(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x\ny\n"), encoding="utf-8"))
    assert read_lines("-") == ["x", "y"]


def test_empty_stdin(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8"))
    with pytest.raises(InputFileError, match="<stdin> is empty"):
        read_lines("-")


@given(st.lists(st.text(alphabet=st.characters(blacklist_characters="\n\r", blacklist_categories=["Cs"]))).filter(bool))
def test_read_lines_round_trips(tmp_path_factory, lines):
    path = tmp_path_factory.mktemp("rt") / "f.txt"
    path.write_bytes("".join(line + "\n" for line in lines).encode("utf-8"))
    assert read_lines(path) == lines


def test_tsv_references(tmp_corpus):
    path = tmp_corpus({"refs.tsv": ["a1\ta2\ta3", "b1\tb2\tb3"]})["refs.tsv"]
    assert read_tsv_references(path, 3) == [["a1", "b1"], ["a2", "b2"], ["a3", "b3"]]


def test_tsv_empty_fields_are_references(tmp_corpus):
    path = tmp_corpus({"refs.tsv": ["a1\t", "\tb2"]})["refs.tsv"]
    assert read_tsv_references(path, 2) == [["a1", ""], ["", "b2"]]


def test_tsv_wrong_field_count(tmp_corpus):
    path = tmp_corpus({"refs.tsv": ["a1\ta2\ta3", "b1\tb2"]})["refs.tsv"]
    with pytest.raises(ReferenceLayoutError, match=r"refs\.tsv, line 2: expected 3 .* found 2"):
        read_tsv_references(path, 3)


@pytest.mark.parametrize("num_refs", [0, -1, 1.5, True, "2"])
def test_tsv_invalid_num_refs(tmp_corpus, num_refs):
    path = tmp_corpus({"refs.tsv": ["a"]})["refs.tsv"]
    with pytest.raises(InvalidOptionError, match="num_refs must be a positive integer"):
        read_tsv_references(path, num_refs)


def test_check_same_length_passes():
    check_same_length({"a": ["x", "y"], "b": ["", ""]})
    check_same_length({})


def test_check_same_length_names_every_file():
    with pytest.raises(InputLengthMismatchError) as info:
        check_same_length({"src.txt": ["a", "b", "c"], "ref.txt": ["a", "b"], "sys.txt": ["a", "b", "c"]})
    message = str(info.value)
    for part in ("src.txt: 3 lines", "ref.txt: 2 lines", "sys.txt: 3 lines"):
        assert part in message
    assert isinstance(info.value, (SimpevalError, ValueError))
