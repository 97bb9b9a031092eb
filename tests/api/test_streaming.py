"""Streaming: chunked scoring of iterables and lazy file reading give the eager results."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from typing import Any

import pytest

from simpeval import BLEU, CHRF, SARI, TER
from simpeval.api import evaluate_streams, evaluate_systems
from simpeval.exceptions import (
    InputFileError,
    InputLengthMismatchError,
    InvalidOptionError,
    InvalidValueError,
    ReferenceLayoutError,
)
from simpeval.io import iter_lines, iter_tsv_references, read_lines, read_tsv_references

SOURCES = [f"The {w} sat on the mat number {i} ." for i, w in enumerate(["cat", "dog", "bird", "fox", "cow"] * 5)]
HYPOTHESES = [s.replace("on the mat ", "") for s in SOURCES]
REFERENCES = [[s.replace("The", "A") for s in SOURCES], [s.replace(" number", "") for s in SOURCES]]


@pytest.mark.parametrize("chunk_size", [1, 2, 7, 1000])
@pytest.mark.parametrize("metric", [SARI(), SARI("easse-legacy"), BLEU(), CHRF(word_order=2)], ids=repr)
def test_integer_statistics_stream_exactly(metric, chunk_size: int) -> None:
    eager = metric.corpus_score(HYPOTHESES, REFERENCES, sources=SOURCES)
    streamed = metric.corpus_score_iter(
        iter(HYPOTHESES), [iter(r) for r in REFERENCES], sources=iter(SOURCES), chunk_size=chunk_size
    )
    assert streamed == eager


@pytest.mark.parametrize("metric", [SARI("hf"), SARI("xu2016"), SARI("t2t"), TER()], ids=repr)
def test_float_statistics_stream_to_rounding(metric) -> None:
    eager = metric.corpus_score(HYPOTHESES, REFERENCES, sources=SOURCES)
    streamed = metric.corpus_score_iter(
        iter(HYPOTHESES), [iter(r) for r in REFERENCES], sources=iter(SOURCES), chunk_size=3
    )
    assert streamed.score == pytest.approx(eager.score, abs=1e-9)
    assert streamed.signature == eager.signature


def test_variable_references_stream() -> None:
    refs = [REFERENCES[0], [None if i % 3 else r for i, r in enumerate(REFERENCES[1])]]
    streamed = SARI().corpus_score_iter(iter(HYPOTHESES), [iter(r) for r in refs], sources=iter(SOURCES), chunk_size=4)
    assert streamed == SARI().corpus_score(HYPOTHESES, refs, sources=SOURCES)
    assert streamed.signature["nrefs"] == "var"


def test_stream_length_mismatch_names_every_input() -> None:
    with pytest.raises(
        InputLengthMismatchError, match=r"hypotheses: 25, references\[0\]: 25, references\[1\]: 24, sources: 25"
    ):
        SARI().corpus_score_iter(
            iter(HYPOTHESES), [iter(REFERENCES[0]), iter(REFERENCES[1][:-1])], sources=iter(SOURCES), chunk_size=10
        )
    with pytest.raises(InputLengthMismatchError, match="hypotheses: 27"):
        BLEU().corpus_score_iter(iter(HYPOTHESES + ["x", "y"]), [iter(REFERENCES[0])], chunk_size=4)


def _raised_within(seconds: float, call: Callable[[], Any]) -> BaseException:
    """What ``call`` raised, run in a thread that must end within ``seconds`` (a hang fails, not blocks, the test)."""
    raised: list[BaseException] = []

    def run() -> None:
        try:
            call()
        except BaseException as err:  # handed to the test
            raised.append(err)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still reading an endless input after {seconds} s"
    assert raised, "an endless input was scored"
    return raised[0]


@pytest.mark.parametrize("endless", [0, 1, 2, 3], ids=["system", "reference", "second-reference", "sources"])
def test_an_endless_input_gives_the_length_error_once_the_others_end(endless: int) -> None:
    streams: list[Any] = [HYPOTHESES[:3], REFERENCES[0][:3], REFERENCES[1][:3], SOURCES[:3]]
    streams[endless] = itertools.repeat(streams[endless][0])
    err = _raised_within(
        60,
        lambda: evaluate_streams(
            {"sys": streams[0]}, streams[1:3], sources=streams[3], metrics=["sari", "bleu"], chunk_size=2
        ),
    )
    assert isinstance(err, InputLengthMismatchError)
    counts = ["sys: 3", "references[0]: 3", "references[1]: 3", "sources: 3"]  # evaluate_streams' default names
    counts[endless] = counts[endless].replace(": 3", ": more than 100004")  # COUNT_AHEAD past the chunks read (2 + 2)
    assert str(err).endswith(f"but they differ: {', '.join(counts)}.")


def test_an_endless_stream_in_corpus_score_iter_ends() -> None:
    err = _raised_within(60, lambda: BLEU().corpus_score_iter(iter(HYPOTHESES), [itertools.repeat("a b")]))
    assert isinstance(err, InputLengthMismatchError) and "references[0]: more than 110000." in str(err)  # chunk + ahead


def test_a_longer_finite_stream_is_counted_exactly_up_to_count_ahead() -> None:
    known = 30  # chunks of 10: the third ends the hypotheses (25) and holds 10 references
    with pytest.raises(InputLengthMismatchError, match=rf"hypotheses: 25, references\[0\]: {known + 100_000}\.$"):
        BLEU().corpus_score_iter(iter(HYPOTHESES), [iter(["x"] * (known + 100_000))], chunk_size=10)
    with pytest.raises(InputLengthMismatchError, match=rf"references\[0\]: more than {known + 100_000}\.$"):
        BLEU().corpus_score_iter(iter(HYPOTHESES), [iter(["x"] * (known + 100_001))], chunk_size=10)


def test_stream_argument_errors() -> None:
    with pytest.raises(InvalidOptionError, match="chunk_size"):
        BLEU().corpus_score_iter(iter(HYPOTHESES), [iter(REFERENCES[0])], chunk_size=0)
    with pytest.raises(ReferenceLayoutError):
        BLEU().corpus_score_iter(iter(HYPOTHESES), [])
    with pytest.raises(InvalidValueError, match="at least one segment"):
        BLEU().corpus_score_iter(iter([]), [iter([])])


def test_evaluate_streams_equals_evaluate_systems() -> None:
    systems = {"copy": SOURCES, "cut": HYPOTHESES}
    eager = evaluate_systems(systems, REFERENCES, sources=SOURCES, metrics=["sari", "bleu", "chrf"])
    streamed = evaluate_streams(
        {k: iter(v) for k, v in systems.items()},
        [iter(r) for r in REFERENCES],
        sources=iter(SOURCES),
        metrics=["sari", "bleu", "chrf"],
        chunk_size=6,
    )
    assert streamed == eager


@pytest.mark.parametrize(
    "content",
    [b"a\nb\nc", b"a\nb\nc\n", b"\n\nx\n", b"only", b"a\r\nb\r\n", "é ü\n日本\n".encode()],
    ids=["no-final-newline", "final-newline", "empty-lines", "single", "crlf", "unicode"],
)
def test_iter_lines_equals_read_lines(tmp_path, content: bytes) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(content)
    with pytest.warns(UserWarning) if b"\r" in content else _no_warning():
        eager = read_lines(path)
    with pytest.warns(UserWarning) if b"\r" in content else _no_warning():
        lazy = list(iter_lines(path))
    assert lazy == eager


def test_iter_lines_errors(tmp_path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    with pytest.raises(InputFileError, match="empty.txt is empty"):
        list(iter_lines(empty))
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\nok\nbad \xff\n")
    lines = iter_lines(bad)
    assert next(lines) == "ok"  # lazy: the bad byte is reported when reached
    with pytest.raises(InputFileError, match="bad.txt is not valid UTF-8: byte 0xff on line 3"):
        list(lines)
    with pytest.raises(InputFileError, match="does not exist"):
        list(iter_lines(tmp_path / "missing.txt"))


def test_iter_tsv_references(tmp_path) -> None:
    path = tmp_path / "refs.tsv"
    path.write_text("a\tA\nb\tB\nc\tC\n", encoding="utf-8")
    assert [list(s) for s in _lockstep(iter_tsv_references(path, 2))] == read_tsv_references(path, 2)
    path.write_text("a\tA\nb\n", encoding="utf-8")
    with pytest.raises(ReferenceLayoutError, match="line 2: expected 2"):
        [list(s) for s in _lockstep(iter_tsv_references(path, 2))]


def _lockstep(streams):
    columns = list(zip(*streams))
    return [list(c) for c in zip(*columns)] if columns else [[] for _ in streams]


class _no_warning:
    def __enter__(self):
        import warnings

        self._catcher = warnings.catch_warnings()
        self._catcher.__enter__()
        warnings.simplefilter("error")

    def __exit__(self, *exc):
        return self._catcher.__exit__(*exc)


@pytest.mark.parametrize("metrics", [["sari"], ["bleu"], ["fkgl"], ["fkgl", "chrf"]])
def test_no_references_is_the_same_answer_whole_and_streamed(metrics: list[str]) -> None:
    """``references=[]``: FKGL (which needs none) scores, every other metric refuses with the same error."""
    from simpeval import evaluate_streams, evaluate_systems
    from simpeval.exceptions import ReferenceLayoutError

    def run(streamed: bool) -> object:
        try:
            if streamed:
                table = evaluate_streams(
                    {"x": iter(["a b .", "c d e ."])}, [], sources=iter(["a", "c"]), metrics=metrics, chunk_size=1
                )
            else:
                table = evaluate_systems({"x": ["a b .", "c d e ."]}, [], sources=["a", "c"], metrics=metrics)
        except ReferenceLayoutError as error:
            return str(error)
        return [table.cell("x", name).score for name in table.metric_names]

    assert run(True) == run(False)
    assert isinstance(run(True), list) == (metrics == ["fkgl"])
