"""Strict file reading: simpeval.io."""

from __future__ import annotations

import io
import re
import sys
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

from simpeval.alignment import check_same_length
from simpeval.exceptions import (
    InputFileError,
    InputLengthMismatchError,
    InvalidOptionError,
    ReferenceLayoutError,
    SimpevalError,
)
from simpeval.io import iter_lines, iter_tsv_references, read_lines, read_tsv_references


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


@given(
    st.lists(st.text(alphabet=st.characters(blacklist_characters="\n\r\x00", blacklist_categories=["Cs"]))).filter(
        lambda lines: bool(lines) and not lines[0].startswith("\ufeff")  # a leading BOM is removed (tested below)
    )
)
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


# ---------------------------------------------------------------- BOM, NUL, CR-only
BOM = b"\xef\xbb\xbf"
#: Each test runs on the eager and on the lazy reader: they must agree.
READERS = pytest.mark.parametrize(
    "reader", [read_lines, lambda path: list(iter_lines(path))], ids=["read_lines", "iter_lines"]
)


@READERS
def test_leading_bom_is_stripped_with_a_warning(tmp_corpus, reader):
    path = tmp_corpus({"bom.txt": BOM + b"first\nsecond\n"})["bom.txt"]
    with pytest.warns(UserWarning, match=r"bom\.txt starts with a UTF-8 byte-order mark \(BOM\); it was removed"):
        assert reader(path) == ["first", "second"]


@READERS
def test_a_bom_inside_the_file_is_kept(tmp_corpus, reader):
    path = tmp_corpus({"f.txt": b"a\n" + BOM + b"b\n"})["f.txt"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert reader(path) == ["a", "\ufeffb"]


@READERS
def test_a_file_holding_only_a_bom_is_empty(tmp_corpus, reader):
    path = tmp_corpus({"bom.txt": BOM})["bom.txt"]
    with pytest.raises(InputFileError, match=r"bom\.txt is empty"):
        reader(path)


def test_bom_on_stdin(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(BOM + b"x\ny\n"), encoding="utf-8"))
    with pytest.warns(UserWarning, match="<stdin> starts with a UTF-8 byte-order mark"):
        assert list(iter_lines("-")) == ["x", "y"]


def test_bom_in_tsv_references(tmp_corpus):
    path = tmp_corpus({"refs.tsv": BOM + b"a1\ta2\nb1\tb2\n"})["refs.tsv"]
    with pytest.warns(UserWarning, match="byte-order mark"):
        assert read_tsv_references(path, 2) == [["a1", "b1"], ["a2", "b2"]]
    with pytest.warns(UserWarning, match="byte-order mark"):
        assert [list(s) for s in zip(*iter_tsv_references(path, 2))] == [["a1", "a2"], ["b1", "b2"]]


@READERS
@pytest.mark.parametrize(
    ("content", "line"),
    [
        pytest.param(b"ok\nnul \x00 here\nok\n", 2, id="middle"),
        pytest.param(b"\x00", 1, id="only-nul"),
        pytest.param(BOM + b"a\nb\nc\x00", 3, id="after-bom-no-final-newline"),
        pytest.param("a\x00\n".encode("utf-16-le"), 1, id="utf16"),
    ],
)
def test_nul_bytes_are_rejected_with_file_and_line(tmp_corpus, reader, content, line):
    path = tmp_corpus({"nul.txt": content})["nul.txt"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the BOM note
        with pytest.raises(InputFileError, match=rf"file \S*nul\.txt contains a NUL byte \(0x00\) on line {line}\b"):
            reader(path)


@READERS
@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"ok\n\xff \x00\n", "not valid UTF-8: byte 0xff on line 2", id="same-line-decoding-first"),
        pytest.param(b"\x00\n\xff\n", "NUL byte (0x00) on line 1", id="nul-first"),
        pytest.param(b"ok\n\xff\n\x00\n", "not valid UTF-8: byte 0xff on line 2", id="invalid-first"),
    ],
)
def test_the_first_bad_line_is_reported_the_same_way_eagerly_and_lazily(tmp_corpus, reader, content, message):
    path = tmp_corpus({"bad.txt": content})["bad.txt"]
    with pytest.raises(InputFileError, match=re.escape(message)):
        reader(path)


def test_nul_in_tsv_references_and_stdin(tmp_corpus, monkeypatch):
    path = tmp_corpus({"refs.tsv": b"a1\ta2\nb1\tb\x002\n"})["refs.tsv"]
    with pytest.raises(InputFileError, match=r"refs\.tsv contains a NUL byte \(0x00\) on line 2"):
        read_tsv_references(path, 2)
    with pytest.raises(InputFileError, match=r"refs\.tsv contains a NUL byte \(0x00\) on line 2"):
        [list(s) for s in zip(*iter_tsv_references(path, 2))]
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x\n\x00\n"), encoding="utf-8"))
    with pytest.raises(InputFileError, match=r"<stdin> contains a NUL byte \(0x00\) on line 2"):
        read_lines("-")


@READERS
@pytest.mark.parametrize(
    ("content", "expected", "line"),
    [
        pytest.param(b"a\rb\rc\r", ["a\rb\rc\r"], 1, id="cr-only-final-cr"),
        pytest.param(b"a\rb\rc", ["a\rb\rc"], 1, id="cr-only"),
        pytest.param(b"a\r", ["a\r"], 1, id="one-line-cr"),
        pytest.param(b"x\ny\rz\n", ["x", "y\rz"], 2, id="lone-cr-inside-a-line"),
    ],
)
def test_cr_only_line_endings_get_their_own_warning(tmp_corpus, reader, content, expected, line):
    path = tmp_corpus({"mac.txt": content})["mac.txt"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert reader(path) == expected
    messages = [str(w.message) for w in caught]
    assert len(messages) == 1, messages
    assert f"mac.txt has \\r line endings without \\n (classic Mac), first on line {line}" in messages[0]
    assert "splits lines on \\n only" in messages[0] and "Convert the file" in messages[0]
    assert "\\r\\n" not in messages[0] and "Windows" not in messages[0]


@READERS
def test_crlf_keeps_its_warning_once(tmp_corpus, reader):
    path = tmp_corpus({"crlf.txt": b"a\r\nb\r\nc"})["crlf.txt"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert reader(path) == ["a\r", "b\r", "c"]
    assert [str(w.message) for w in caught] == [
        f"file {path} has Windows line endings (\\r\\n); the \\r is kept as part of each segment. "
        "Convert the file (e.g. dos2unix) if that is not intended."
    ]


# ---------------------------------------------------------------- --encoding
@pytest.mark.parametrize("encoding", ["latin-1", "utf-16", "cp1252"])
def test_other_encodings_read_the_same_lines(tmp_path, encoding):
    lines = ["café au lait", "", "naïve façade"]
    path = tmp_path / "f.txt"
    path.write_bytes(("\n".join(lines) + "\n").encode(encoding))
    assert read_lines(path, encoding=encoding) == lines
    assert list(iter_lines(path, encoding=encoding)) == lines


def test_a_wrong_encoding_is_one_error(tmp_path):
    path = tmp_path / "f.txt"
    path.write_bytes("café\n".encode("latin-1"))
    with pytest.raises(InputFileError, match="not valid UTF-8: byte 0xe9 on line 1"):
        read_lines(path)
    path.write_bytes(b"\xff\xfe\x00")  # odd number of bytes: not UTF-16
    with pytest.raises(InputFileError, match="not valid utf-16"):
        read_lines(path, encoding="utf-16")
    with pytest.raises(InvalidOptionError, match="encoding must be the name of a text encoding"):
        read_lines(path, encoding="klingon")
