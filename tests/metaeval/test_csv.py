"""Ratings from a CSV file: the columns chosen, and one clear error per fault (file, line, column)."""

from __future__ import annotations

from pathlib import Path

import pytest

from simpeval.exceptions import InputFileError
from simpeval.metaeval import from_csv

HEADER = "sent_id,sys_name,simp_sent,rating\n"


def _write(tmp_path: Path, content: str | bytes, name: str = "r.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def test_columns_base_and_quoted_line_breaks(tmp_path: Path) -> None:
    path = _write(tmp_path, 'id\tsys\tout\tscore\textra\n0\tA\t"two\nlines"\t0.5\tx\n1\tB\tb\t-1e-1\ty\n', "r.tsv")
    ratings = from_csv(path, segment="id", system="sys", output="out", rating="score", one_based=False, delimiter="\t")
    assert ratings.segments == (0, 1) and ratings.systems == ("A", "B") and ratings.outputs[0] == "two\nlines"
    assert ratings.scores == (0.5, -0.1) and ratings.lines == (2, 4) and ratings.name == "r.tsv"
    assert ratings.aspect == "score"


def test_a_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    ratings = from_csv(_write(tmp_path, b"\xef\xbb\xbf" + (HEADER + "1,A,a,1\n").encode()))
    assert ratings.segments == (0,)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "r.csv, line 1: expected a header naming the columns"),
        ("sent_id,sys_name,simp_sent\n1,a,x\n", "r.csv, line 1: no column 'rating' in the header .*--rating-column"),
        (
            "sent_id,sys_name,simp_sent,rating,rating\n1,a,x,1,2\n",
            "line 1, column 'rating': the header names this column twice",
        ),
        (HEADER, "r.csv, line 2: no rating below the header"),
        (HEADER + "1,a,x,0.5\n2,a,x,high\n", "r.csv, line 3, column 'rating': the rating must be a number .*'high'"),
        (HEADER + "1,a,x,nan\n", "line 2, column 'rating': the rating must be a finite number"),
        (HEADER + "one,a,x,3\n", "line 2, column 'sent_id': the segment id must be an integer .*'one'"),
        (HEADER + "0,a,x,3\n", "line 2, column 'sent_id': the segment id must be >= 1"),
        (HEADER + "1, ,x,3\n", "line 2, column 'sys_name': the system name is empty"),
        (HEADER + "1,a,x,y,3\n", "line 2: 5 fields, but the header has 4; quote the fields"),
        (HEADER + "1,a,x\n", "line 2: 3 fields, but the header has 4"),
        (HEADER + '1,a,"x,3\n', "line 2: 3 fields, but the header has 4"),  # an unclosed quote
        (
            HEADER + "1,a,x,3\n\n1,a,y,4\n",
            r"r.csv, line 4, column 'sent_id': system 'a' has a second rating of segment 1 \(the first: line 2\)",
        ),
        (HEADER.encode() + b"1,a,\xff,3\n", "r.csv, line 2: not valid utf-8"),
    ],
)
def test_every_fault_names_file_line_and_column(tmp_path: Path, content: str | bytes, message: str) -> None:
    with pytest.raises(InputFileError, match=message):
        from_csv(_write(tmp_path, content))


@pytest.mark.parametrize(
    ("field", "column"),
    [
        ("1_0", "rating"),
        ("0x10", "rating"),
        ("\u0661", "rating"),
        ("1 000", "rating"),
        ("1_0", "sent_id"),
        ("\u0661", "sent_id"),
        ("\u0662_3", "sent_id"),
    ],
)
def test_numbers_are_read_strictly(tmp_path: Path, field: str, column: str) -> None:
    """float() and int() read 1_0 as 10 and other scripts' digits; a CSV number is digits 0-9
    with an optional sign, decimal point and exponent."""
    row = f"{field},a,x,3\n" if column == "sent_id" else f"1,a,x,{field}\n"
    with pytest.raises(InputFileError, match=f"r.csv, line 2, column '{column}': the .* must be an? (integer|number)"):
        from_csv(_write(tmp_path, HEADER + row))


@pytest.mark.parametrize("rating", ["3", "-3", "+3", "0.5", ".5", "5.", "1e-3", "1E+3", " 2.5 "])
def test_csv_numbers_are_read(tmp_path: Path, rating: str) -> None:
    assert from_csv(_write(tmp_path, HEADER + f"7,a,x,{rating}\n")).scores == (float(rating),)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="ratings file missing.csv cannot be read"):
        from_csv(tmp_path / "missing.csv")
    with pytest.raises(InputFileError, match="ratings file r.csv: 'klingon' is not a text encoding"):
        from_csv(_write(tmp_path, HEADER), encoding="klingon")
