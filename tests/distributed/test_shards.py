"""Shards are read with the local path's rules, on both engines.

The reader itself (:mod:`simpeval.distributed.shards`) is tested without a cluster; the command
line is run on a Dask LocalCluster (one worker process, shared by the module, named by its
address) and on a local Spark session, each with the same bad shards (fixtures in ``conftest.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from click.testing import CliRunner

from simpeval import BLEU, SARI
from simpeval.cli import main
from simpeval.distributed.shards import check_shard_columns, read_shard
from simpeval.exceptions import InputFileError

from ..needs import import_module

HEADER = "hypothesis\tref0\tsource\n"


def _tsv(folder: Path, *texts: str) -> Path:
    """``part-0.tsv``, ``part-1.tsv``...: each text written as is (bytes, UTF-8)."""
    folder.mkdir(exist_ok=True)
    for k, text in enumerate(texts):
        (folder / f"part-{k}.tsv").write_bytes(text.encode("utf-8"))
    return folder


# ---------------------------------------------------------------- the reader, without a cluster
def test_a_lone_carriage_return_is_text_not_a_row_end(tmp_path: Path) -> None:
    folder = _tsv(tmp_path / "s", HEADER + "a b\rc d\ta b\rc d\tx\r\n")
    with pytest.warns(UserWarning, match="classic Mac"):  # as the local reader warns
        frame = read_shard(str(folder / "part-0.tsv"), "tsv", ["hypothesis", "ref0", "source"])
    assert frame.to_dict("list") == {"hypothesis": ["a b\rc d"], "ref0": ["a b\rc d"], "source": ["x\r"]}


@pytest.mark.parametrize(("row", "found"), [("a b\tc d\n", 2), ("a b\tc d\te\tf\n", 4)], ids=["missing", "extra"])
def test_a_row_without_every_field_names_the_file_and_line(tmp_path: Path, row: str, found: int) -> None:
    folder = _tsv(tmp_path / "s", HEADER + "x\ty\tz\n" + row)
    with pytest.raises(
        InputFileError, match=rf"shard .*part-0.tsv, line 3: expected 3 tab-separated fields .* found {found}\."
    ):
        read_shard(str(folder / "part-0.tsv"), "tsv", ["hypothesis", "ref0", "source"])


def test_a_zero_byte_shard_is_skipped_and_all_empty_is_an_error(tmp_path: Path) -> None:
    folder = _tsv(tmp_path / "s", "", HEADER + "a\tb\tc\n")
    files = sorted(str(f) for f in folder.iterdir())
    assert check_shard_columns(files, "tsv", needs_source=True) == ["hypothesis", "ref0", "source"]
    assert len(read_shard(files[0], "tsv", ["hypothesis", "ref0"])) == 0
    with pytest.raises(InputFileError, match="every shard is empty"):
        check_shard_columns(files[:1], "tsv", needs_source=False)


@pytest.mark.parametrize("kind", ["tsv", "parquet"])
def test_a_shard_without_a_reference_column_is_an_error(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "s"
    folder.mkdir()
    path = folder / f"part-0.{kind}"
    if kind == "tsv":
        path.write_text("hypothesis\tsource\na\tb\n", encoding="utf-8")
    else:
        pd.DataFrame({"hypothesis": ["a"], "source": ["b"]}).to_parquet(path)
    with pytest.raises(
        InputFileError,
        match=r"part-0\.\w+ has no reference \(ref0, ref1, \.\.\.\) column \(columns: hypothesis, source\)",
    ):
        check_shard_columns([str(path)], kind, needs_source=False)


def test_shards_with_different_columns_are_an_error(tmp_path: Path) -> None:
    folder = _tsv(tmp_path / "s", HEADER, "hypothesis\tref0\n")
    with pytest.raises(InputFileError, match="every shard needs the same columns"):
        check_shard_columns(sorted(str(f) for f in folder.iterdir()), "tsv", needs_source=False)


def test_a_null_hypothesis_in_parquet_names_the_file_and_row(tmp_path: Path) -> None:
    path = tmp_path / "part-0.parquet"
    pd.DataFrame({"hypothesis": ["a", None], "ref0": ["a", "b"]}).to_parquet(path)
    with pytest.raises(InputFileError, match=r"part-0.parquet, row 2: the hypothesis must be text"):
        read_shard(str(path), "parquet", ["hypothesis", "ref0"])


@pytest.mark.parametrize(
    "kind",
    ["string", "large_string", "dictionary"],
    ids=["string", "large_string (polars)", "dictionary-encoded"],
)
def test_parquet_text_columns_of_every_arrow_kind_read_as_python_text(tmp_path: Path, kind: str) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    def column(values: list[str | None]) -> Any:
        if kind == "dictionary":
            return pa.array(values, pa.string()).dictionary_encode()
        return pa.array(values, getattr(pa, kind)())

    path = tmp_path / "part-0.parquet"
    table = pa.table({"source": column(["s1", "s2"]), "hypothesis": column(["h1", "h2"]), "ref0": column(["r", None])})
    pq.write_table(table, path)
    frame = read_shard(str(path), "parquet", ["hypothesis", "ref0", "source"])
    assert frame.to_dict("list") == {"hypothesis": ["h1", "h2"], "ref0": ["r", None], "source": ["s1", "s2"]}
    assert all(frame[c].dtype == object for c in frame.columns)


def test_parquet_columns_that_are_not_text_take_the_row_by_row_rules(tmp_path: Path) -> None:
    """A reference that is not text is missing, as the row-by-row reader has it; a hypothesis that is
    not text names its first row."""
    path = tmp_path / "part-0.parquet"
    pd.DataFrame({"hypothesis": ["a", "b"], "ref0": [1.5, float("nan")], "ref1": ["x", None]}).to_parquet(path)
    frame = read_shard(str(path), "parquet", ["hypothesis", "ref0", "ref1"])
    assert frame.to_dict("list") == {"hypothesis": ["a", "b"], "ref0": [None, None], "ref1": ["x", None]}
    numbers = tmp_path / "part-1.parquet"
    pd.DataFrame({"hypothesis": [7, 8], "ref0": ["a", "b"]}).to_parquet(numbers)
    with pytest.raises(InputFileError, match=r"part-1.parquet, row 1: the hypothesis must be text \(got int: 7\)"):
        read_shard(str(numbers), "parquet", ["hypothesis", "ref0"])


def test_a_dask_frame_of_shards_holds_python_text_as_read(tmp_path: Path) -> None:
    """Dask's default would store the partitions as Arrow strings, which scoring turns back into
    Python text: the shards frame keeps the reader's columns (and its missing reference, None)."""
    dask = import_module("dask")
    from simpeval.distributed import shards_frame_dask

    path = tmp_path / "part-0.parquet"
    pd.DataFrame({"hypothesis": ["a", "b"], "ref0": ["x", None]}).to_parquet(path)
    frame = shards_frame_dask([str(path)], "parquet", ["hypothesis", "ref0"])
    assert dask.config.get("dataframe.convert-string") in (True, None)  # Dask's default, left as it was
    assert list(frame.dtypes) == [object, object]
    with dask.config.set(scheduler="sync"):
        part = frame.compute()
    assert list(part.dtypes) == [object, object] and part.to_dict("list") == read_shard(
        str(path), "parquet", ["hypothesis", "ref0"]
    ).to_dict("list")


# ---------------------------------------------------------------- the command line, on both engines
Run = Callable[..., Any]


@pytest.fixture
def run(engine: list[str]) -> Run:
    def invoke(folder: Path, *args: str) -> Any:
        return CliRunner().invoke(main, ["score", "--shards", str(folder), *engine, *args], catch_exceptions=False)

    return invoke


@pytest.mark.cluster
def test_cli_a_carriage_return_in_a_field_scores_as_locally(run: Run, tmp_path: Path) -> None:
    result = run(_tsv(tmp_path / "s", HEADER + "a b\rc d\ta b\rc d\tx\n"), "-m", "bleu", "-f", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0]["score"] == BLEU().corpus_score(["a b\rc d"], [["a b\rc d"]]).score  # not 0.0


@pytest.mark.parametrize(
    ("row", "found"),
    [("a cat\tthe cat\n", 2), ("a cat\tthe cat\tcat\tdog\n", 4)],
    ids=["missing-source", "extra-field"],
)
@pytest.mark.cluster
def test_cli_a_row_without_every_field_is_one_error(run: Run, tmp_path: Path, row: str, found: int) -> None:
    folder = _tsv(tmp_path / "s", HEADER + "the cat sat\tthe cat sat\tthe old cat sat\n", HEADER + row)
    result = run(folder, "-m", "sari")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.strip().splitlines()[-1] == (
        f"Error: shard {folder / 'part-1.tsv'}, line 2: expected 3 tab-separated fields (hypothesis, ref0, source) "
        f"but found {found}. Every row needs every column (an empty field is an empty text), and a text cannot hold a "
        "tab in a TSV shard."
    )


@pytest.mark.cluster
def test_cli_a_zero_byte_shard_is_skipped(run: Run, tmp_path: Path) -> None:
    folder = _tsv(tmp_path / "s", "", HEADER + "the cat sat\tthe cat sat down\tthe old cat sat\n", "")
    result = run(folder, "-m", "sari", "-f", "json")
    assert result.exit_code == 0, result.output
    expected = SARI().corpus_score(["the cat sat"], [["the cat sat down"]], sources=["the old cat sat"]).score
    assert json.loads(result.stdout)[0]["score"] == expected


@pytest.mark.parametrize("kind", ["tsv", "parquet"])
@pytest.mark.cluster
def test_cli_no_reference_column_is_one_error(run: Run, tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "s"
    folder.mkdir()
    if kind == "tsv":
        (folder / "part-0.tsv").write_text("hypothesis\tsource\na\tb\n", encoding="utf-8")
    else:
        pd.DataFrame({"hypothesis": ["a"], "source": ["b"]}).to_parquet(folder / "part-0.parquet")
    result = run(folder, "-m", "bleu")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.startswith(
        f"Error: shard {folder / f'part-0.{kind}'} has no reference (ref0, ref1, ...) column"
    )


@pytest.mark.parametrize("name", ["dask", "spark"])
@pytest.mark.cluster
def test_a_bad_shard_is_one_line_on_the_real_stderr(tmp_path: Path, name: str, request: pytest.FixtureRequest) -> None:
    """Run as a program, so that what the workers and the JVM log reaches the same stderr: the
    failed task is not also logged with its traceback. With Spark, 20 to 60 s on 2 cores: a fresh
    process starts the JVM and its Python workers."""
    import os
    import subprocess
    import sys

    import simpeval

    request.getfixturevalue("dask_address" if name == "dask" else "spark_master")  # skips without the engine
    folder = _tsv(tmp_path / "s", HEADER + "a cat\tthe cat\n")
    env = {**os.environ, "PYTHONPATH": str(Path(simpeval.__file__).resolve().parents[1])}
    args = ["score", "--shards", str(folder), "-m", "bleu", "--engine", name, "--scheduler", "local[1]", "-q"]
    result = subprocess.run(
        [sys.executable, "-m", "simpeval", *args], capture_output=True, text=True, env=env, timeout=600
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "Compute Failed" not in result.stderr, result.stderr
    assert (
        result.stderr.strip().splitlines()[-1].startswith(f"Error: shard {folder / 'part-0.tsv'}, line 2: expected 3")
    )
