"""Arbitrary Unicode, shapes and options against every public function and command.

The property of the library: a result whose invariants hold (finite scores; a corpus score equal
to the score of its summed statistics; one sentence score per segment), or a
:class:`~simpeval.exceptions.SimpevalError` with a message; never another exception. The property
of the command line: exit code 0, 1 or 2 and never a traceback.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Optional

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simpeval import References, compare, evaluate_systems, get_metric, hf, sentence_level
from simpeval.api import explain
from simpeval.cli import main
from simpeval.exceptions import SimpevalError
from simpeval.metrics import available_metrics

# text: letters of many scripts, punctuation, spaces and controls; sometimes a lone surrogate
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
WORDS = st.lists(st.sampled_from("a the cat sat on mat , . ! 猫 قط बिल्ली 🐱 --".split()), max_size=8).map(" ".join)
SEGMENT = st.one_of(WORDS, TEXT, st.just("caf\udce9"))
METRICS = [
    name for name in available_metrics() if name not in ("meteor",)
]  # METEOR: WordNet is slow to load per example


@st.composite
def corpora(draw: st.DrawFn) -> tuple[list[str], list[list[Optional[str]]], list[str]]:
    n = draw(st.integers(0, 4))
    hyps = draw(st.lists(SEGMENT, min_size=n, max_size=n))
    refs = draw(st.lists(st.lists(st.one_of(SEGMENT, st.none()), min_size=n, max_size=n), max_size=3))
    srcs = draw(st.lists(SEGMENT, min_size=n, max_size=n))
    return hyps, refs, srcs


@pytest.mark.parametrize("name", METRICS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus=corpora())
def test_every_metric_scores_or_raises_a_simpeval_error(name: str, corpus: Any) -> None:
    hyps, refs, srcs = corpus
    metric = get_metric(name)
    try:
        score = metric.corpus_score(hyps, refs, sources=srcs)
        stats = metric.corpus_stats(hyps, refs, sources=srcs)
        rows = metric.sentence_scores(hyps, refs, sources=srcs)
    except SimpevalError as err:
        assert str(err)
        return
    # WER is edits / reference words: infinite, as documented, when no reference has a word
    undefined = name == "wer" and score.details["ref_len"] == 0
    assert math.isfinite(score.score) or (undefined and score.score == math.inf)
    assert metric.score_from_stats(stats.sum(axis=0)).score == score.score
    assert len(rows) == len(hyps) and not np.any(np.isnan(rows))
    assert name == "wer" or np.all(np.isfinite(rows))


API_CALLS = {
    "compare": lambda h, r, s: compare(
        {"a": h, "b": h[::-1]}, r, sources=s, metrics=["sari", "bleu"], paired="bs", paired_samples=20, confidence=True
    ),
    "evaluate_systems": lambda h, r, s: evaluate_systems({"a": h}, r, sources=s, metrics=["chrf", "ter"]),
    "sentence_level": lambda h, r, s: sentence_level({"a": h}, r, sources=s, metrics=["sari"]),
    "explain": lambda h, r, s: explain(
        "sari", h[0] if h else "", [x for x in (r[0] if r else []) if x], source=s[0] if s else ""
    ),
    "References": lambda h, r, s: References.from_segments(r),
    "hf.SARI": lambda h, r, s: hf.SARI().compute(
        sources=s, predictions=h, references=[[x or "" for x in refs] for refs in r]
    ),
    "hf.SacreBLEU": lambda h, r, s: hf.SacreBLEU().compute(
        predictions=h, references=[[x or "" for x in refs] for refs in r]
    ),
}


@pytest.mark.parametrize("name", sorted(API_CALLS))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus=corpora())
def test_public_functions_return_or_raise_a_simpeval_error(name: str, corpus: Any) -> None:
    hyps, refs, srcs = corpus
    try:
        API_CALLS[name](hyps, refs, srcs)
    except SimpevalError as err:
        assert str(err)


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


@pytest.mark.parametrize("command", sorted(COMMAND_ARGS))
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(src=FILE, ref=FILE, sys=FILE, options=OPTIONS)
def test_commands_never_trace_back(
    command: str, src: bytes, ref: bytes, sys: bytes, options: list[list[str]], tmp_path: Path
) -> None:
    paths = {}
    for name, content in (("src", src), ("ref", ref), ("sys", sys)):
        paths[name] = tmp_path / f"{name}.txt"
        paths[name].write_bytes(content)
    args = [a.format(**{k: str(v) for k, v in paths.items()}) for a in COMMAND_ARGS[command]]
    result = CliRunner().invoke(main, [command, *args, *(o for option in options for o in option)])
    assert result.exit_code in (0, 1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
