"""Arbitrary Unicode, shapes and options against every public function and command.

The property of the library: a result whose invariants hold (finite scores; a corpus score equal
to the score of its summed statistics; one sentence score per segment), or a
:class:`~simpeval.exceptions.SimpevalError` with a message; never another exception. The property
of the command line: exit code 0, 1 or 2 and never a traceback. Each test also asserts that a
minimum share of its examples gave a result (:class:`tests.tally.Tally`), so it would fail if
every call raised a clean error.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from simpeval import Bootstrap, PairedBootstrap, References, compare, evaluate_systems, get_metric, hf, sentence_level
from simpeval.api import explain
from simpeval.cli import main
from simpeval.exceptions import SimpevalError

from ..needs import LEARNED_METRICS, metric_params
from ..registry import registered_metrics
from ..tally import Tally

# text: letters of many scripts, punctuation, spaces and controls; sometimes a lone surrogate
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
WORDS = st.lists(st.sampled_from("a the cat sat on mat , . ! 猫 قط बिल्ली 🐱 --".split()), max_size=8).map(" ".join)
SEGMENT = st.one_of(WORDS, TEXT, st.just("caf\udce9"))
#: A segment any metric must score: no lone surrogate.
CLEAN = st.one_of(WORDS, TEXT)
METRICS = metric_params(
    name for name in registered_metrics() if name not in ("meteor",)
)  # METEOR: WordNet is slow to load per example; the learned ones run a tiny model (marked learned)


@st.composite
def corpora(draw: st.DrawFn) -> tuple[list[str], list[list[str | None]], list[str]]:
    """Two times in three a well-formed corpus (a segment or more, a first reference stream without
    holes, no lone surrogate), else any shape and text, refused or not."""
    if draw(st.sampled_from([True, True, False])):
        n = draw(st.integers(1, 4))
        first = draw(st.lists(CLEAN, min_size=n, max_size=n))
        others = draw(st.lists(st.lists(st.one_of(CLEAN, st.none()), min_size=n, max_size=n), max_size=2))
        segments = st.lists(CLEAN, min_size=n, max_size=n)
        return draw(segments), [first, *others], draw(segments)
    n = draw(st.integers(0, 4))
    hyps = draw(st.lists(SEGMENT, min_size=n, max_size=n))
    refs = draw(st.lists(st.lists(st.one_of(SEGMENT, st.none()), min_size=n, max_size=n), max_size=3))
    srcs = draw(st.lists(SEGMENT, min_size=n, max_size=n))
    return hyps, refs, srcs


#: The share of examples that must give a result (not a clean error), per test: far below what
#: the well-formed two thirds of the examples give (Hypothesis does not draw them evenly), far
#: above what a function refusing every input would give. ``evaluate`` refuses 7 of the 17
#: options (they are other commands'), so only its explicit well-formed example is required.
MIN_RESULTS = 0.1
MIN_COMMAND_RESULTS = {"evaluate": 0.04}
#: A well-formed corpus, run first by every test (``@example``): it must give a result.
WELL_FORMED = (
    ["The cat sat on the mat .", "It rained all day ."],
    [["A cat sat on the mat .", "It rained the whole day ."]],
    ["The old cat sat on the mat .", "It rained hard all day long ."],
)


@pytest.mark.parametrize("name", METRICS)
def test_every_metric_scores_or_raises_a_simpeval_error(name: str) -> None:
    tally = Tally(name)

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(corpus=corpora())
    @example(corpus=WELL_FORMED)
    def check(corpus: Any) -> None:
        hyps, refs, srcs = corpus
        metric = get_metric(name)
        try:
            score = metric.corpus_score(hyps, refs, sources=srcs)
            stats = metric.corpus_stats(hyps, refs, sources=srcs)
            rows = metric.sentence_scores(hyps, refs, sources=srcs)
        except SimpevalError as err:
            assert str(err)
            tally.record(False)
            return
        tally.record(True)
        # WER is edits / reference words: infinite, as documented, when no reference has a word
        undefined = name == "wer" and score.details["ref_len"] == 0
        assert math.isfinite(score.score) or (undefined and score.score == math.inf)
        # a learned metric's second call encodes in other batches: the same to float32 rounding (learned.md)
        same = pytest.approx(score.score, rel=0, abs=1e-4) if name in LEARNED_METRICS else score.score
        assert metric.score_from_stats(metric.sum_rows(stats)).score == same
        assert len(rows) == len(hyps) and not np.any(np.isnan(rows))
        assert name == "wer" or np.all(np.isfinite(rows))

    check()
    tally.check(MIN_RESULTS)


API_CALLS = {
    "compare": lambda h, r, s: compare(
        {"a": h, "b": h[::-1]},
        r,
        sources=s,
        metrics=["sari", "bleu"],
        interval=Bootstrap(),
        test=PairedBootstrap(n=20),
    ),
    "evaluate_systems": lambda h, r, s: evaluate_systems({"a": h}, r, sources=s, metrics=["chrf", "ter"]),
    "sentence_level": lambda h, r, s: sentence_level({"a": h}, r, sources=s, metrics=["sari"]),
    "explain": lambda h, r, s: explain(
        "sari", h[0] if h else "", [x for x in (r[0] if r else []) if x], source=s[0] if s else ""
    ),
    "References": lambda h, r, s: References.from_segments(r),
    "hf.SARI": lambda h, r, s: hf.SARI().compute(
        sources=s, predictions=h, references=[[x or "" for x in refs] for refs in zip(*r)]
    ),
    "hf.SacreBLEU": lambda h, r, s: hf.SacreBLEU().compute(
        predictions=h, references=[[x or "" for x in refs] for refs in zip(*r)]
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(API_CALLS))
def test_public_functions_return_or_raise_a_simpeval_error(name: str) -> None:
    tally = Tally(name)

    @settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(corpus=corpora())
    @example(corpus=WELL_FORMED)
    def check(corpus: Any) -> None:
        hyps, refs, srcs = corpus
        try:
            API_CALLS[name](hyps, refs, srcs)
        except SimpevalError as err:
            assert str(err)
            tally.record(False)
        else:
            tally.record(True)

    check()
    tally.check(MIN_RESULTS)


COMMAND_ARGS = {
    "score": ["-s", "{src}", "-r", "{ref}", "-i", "{sys}"],
    "compare": ["-s", "{src}", "-r", "{ref}", "-i", "{sys}", "{ref}", "-n", "a", "b", "-q"],
    "evaluate": ["-s", "{src}", "-r", "{ref}", "-i", "{sys}"],
}
OPTIONS = st.lists(
    st.sampled_from(
        [
            ["-m", "bleu"],
            ["-m", "sari", "chrf"],
            ["-m", "ter", "wer"],
            ["-f", "json"],
            ["-f", "latex"],
            ["-f", "tsv"],
            ["-w", "3"],
            ["--max-line-length", "5"],
            ["-e", "latin-1"],
            ["--sari-variant", "hf"],
            ["--bleu-tokenize", "moses"],
            ["--num-refs", "2"],
            ["-m", "nosuch"],
            ["--sentence-level"],
            ["--confidence", "--confidence-n", "20"],
            ["--paired", "ar", "--paired-n", "20"],
            ["-lc"],
            ["-sh"],
        ]
    ),
    max_size=3,
)
FILE = st.one_of(
    st.lists(SEGMENT.filter(lambda t: "\n" not in t and "\r" not in t), max_size=4).map(
        lambda lines: "".join(line + "\n" for line in lines).encode("utf-8", "surrogatepass")
    ),
    st.binary(max_size=40),
)
LINE = CLEAN.map(lambda t: "".join(" " if c in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029" else c for c in t))


@st.composite
def files(draw: st.DrawFn) -> tuple[bytes, bytes, bytes]:
    """src, ref and sys: two times in three aligned UTF-8 files (the same number of lines), else any bytes."""
    if draw(st.sampled_from([True, True, False])):
        n = draw(st.integers(1, 4))
        aligned = st.lists(LINE, min_size=n, max_size=n).map(lambda lines: "".join(x + "\n" for x in lines).encode())
        return draw(aligned), draw(aligned), draw(aligned)
    return draw(FILE), draw(FILE), draw(FILE)


@pytest.mark.parametrize("command", sorted(COMMAND_ARGS))
def test_commands_never_trace_back(command: str, tmp_path: Path) -> None:
    tally = Tally(f"simpeval {command}")

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(contents=files(), options=OPTIONS)
    @example(
        contents=tuple(
            "".join(line + "\n" for line in lines).encode()
            for lines in (WELL_FORMED[2], *WELL_FORMED[1], WELL_FORMED[0])
        ),
        options=[],
    )
    def check(contents: tuple[bytes, bytes, bytes], options: list[list[str]]) -> None:
        paths = {}
        for name, content in zip(("src", "ref", "sys"), contents):
            paths[name] = tmp_path / f"{name}.txt"
            paths[name].write_bytes(content)
        args = [a.format(**{k: str(v) for k, v in paths.items()}) for a in COMMAND_ARGS[command]]
        result = CliRunner().invoke(main, [command, *args, *(o for option in options for o in option)])
        assert result.exit_code in (0, 1, 2), result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert "Traceback" not in result.output
        tally.record(result.exit_code == 0)

    check()
    tally.check(MIN_COMMAND_RESULTS.get(command, MIN_RESULTS))
