"""The compiled BLEU and chrF statistics equal sacrebleu's, count for count."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simpeval.engines.jit import NUMBA_AVAILABLE
from simpeval.metrics.bleu import BLEU
from simpeval.metrics.chrf import CHRF

from ..needs import SHARED, require_numba, shared_paths

if not NUMBA_AVAILABLE:
    require_numba()  # part of the test extra: CI tests the compiled code

PIECES = [
    "the",
    "The",
    "cat",
    "sat",
    ".",
    ",",
    "(hi)",
    "'s",
    "3.5",
    "-",
    "é",
    "Σ",
    "日本",
    "ß",
    "İ",
    " ",
    "  ",
    "\t",
    "\u00a0",
    "\u2003",
    "x",
    "ab",
    "a.b",
    "!",
    "",
    "&amp;",
    "-\n",
    "\x01",
]
text = st.lists(st.sampled_from(PIECES), max_size=14).map("".join)


@st.composite
def corpora(draw: st.DrawFn) -> tuple[list[str], list[list[str]]]:
    n = draw(st.integers(1, 6))
    hypotheses = draw(st.lists(text, min_size=n, max_size=n))
    streams = draw(st.lists(st.lists(st.one_of(text, st.none()), min_size=n, max_size=n), min_size=1, max_size=4))
    for i in range(n):  # sacrebleu needs a reference per segment
        if all(stream[i] is None for stream in streams):
            streams[0][i] = draw(text)
    return hypotheses, streams


chrf_options = st.fixed_dictionaries(
    {
        "char_order": st.integers(0, 7),
        "word_order": st.integers(0, 3),
        "beta": st.integers(0, 3),
        "lowercase": st.booleans(),
        "whitespace": st.booleans(),
        "eps_smoothing": st.booleans(),
    }
).filter(lambda o: o["char_order"] + o["word_order"] > 0)


@settings(max_examples=300, deadline=None)
@given(corpus=corpora(), options=chrf_options)
@pytest.mark.slow
def test_chrf_statistics_equal_sacrebleu(corpus: tuple, options: dict[str, Any]) -> None:
    hypotheses, streams = corpus
    compiled = CHRF(engine="numba", **options).corpus_stats(hypotheses, streams)
    np.testing.assert_array_equal(compiled, CHRF(engine="sacrebleu", **options).corpus_stats(hypotheses, streams))


bleu_options = st.fixed_dictionaries(
    {
        "lowercase": st.booleans(),
        "tokenize": st.sampled_from(["13a", "none", "intl", "char"]),
        "max_ngram_order": st.integers(1, 5),
    }
)


@settings(max_examples=300, deadline=None)
@given(corpus=corpora(), options=bleu_options)
@pytest.mark.slow
def test_bleu_statistics_equal_sacrebleu(corpus: tuple, options: dict[str, Any]) -> None:
    hypotheses, streams = corpus
    compiled = BLEU(engine="numba", **options).corpus_stats(hypotheses, streams)
    np.testing.assert_array_equal(compiled, BLEU(engine="sacrebleu", **options).corpus_stats(hypotheses, streams))


@pytest.mark.parametrize("cls", [BLEU, CHRF])
def test_engine_is_validated(cls: type) -> None:
    assert cls().engine == "numba" and cls(engine="sacrebleu").engine == "sacrebleu"
    with pytest.raises(ValueError, match="engine must be 'fast', 'numba', 'numpy' or 'sacrebleu'"):
        cls(engine="turbo")


def test_bleu_warns_about_tokenized_text_as_sacrebleu(caplog: pytest.LogCaptureFixture) -> None:
    hypotheses = ["A tokenized line ."] * 100
    with caplog.at_level(logging.WARNING, logger="sacrebleu"):
        BLEU(engine="numba").corpus_stats(hypotheses, [hypotheses])
    assert "That's 100 lines that end in a tokenized period ('.')" in caplog.text
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="sacrebleu"):
        BLEU(engine="numba", force=True).corpus_stats(hypotheses, [hypotheses])
    assert caplog.text == ""


def test_chrf_does_not_warn_about_tokenized_text_as_sacrebleu(caplog: pytest.LogCaptureFixture) -> None:
    hypotheses = ["A tokenized line ."] * 100
    with caplog.at_level(logging.WARNING, logger="sacrebleu"):
        CHRF(engine="numba").corpus_stats(hypotheses, [hypotheses])
    assert caplog.text == ""  # sacrebleu warns for BLEU only


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"word_order": 2}, {"lowercase": True, "whitespace": True}])
def test_statistics_on_asset_equal_sacrebleu(options: dict[str, Any]) -> None:
    outputs = SHARED / "corpora" / "system_outputs" / "turkcorpus_test"
    paths = shared_paths(
        [
            outputs / "ACCESS",
            outputs / "Dress-Ls",
            *(SHARED / "corpora" / "asset" / f"asset.test.simp.{j}" for j in range(10)),
        ]
    )
    lines = [p.read_text(encoding="utf-8").splitlines() for p in paths]
    for cls in (CHRF, BLEU):
        bleu_options = {"lowercase": options.get("lowercase", False)}
        kwargs = options if cls is CHRF else bleu_options
        for hypotheses in lines[:2]:
            compiled = cls(engine="numba", **kwargs).corpus_stats(hypotheses, lines[2:])
            np.testing.assert_array_equal(
                compiled, cls(engine="sacrebleu", **kwargs).corpus_stats(hypotheses, lines[2:])
            )


@pytest.mark.parametrize("cls", [BLEU, CHRF])
def test_references_are_encoded_once_for_all_systems(cls: type, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    metric = cls(engine="numba", **({"word_order": 2} if cls is CHRF else {}))
    original = metric._encode_references
    monkeypatch.setattr(metric, "_encode_references", lambda texts: calls.append(len(texts)) or original(texts))
    streams = [["The cat sat on the mat.", "It rained all day."], ["A cat sat.", "Rain, all day long!"]]
    systems = [
        ["The cat sat.", "It rained."],
        ["Un chat.", "Il pleuvait toute la journée."],
        ["The cat sat.", "It rained."],
    ]
    stats = [metric.corpus_stats(hyps, streams) for hyps in systems]
    assert calls == [4]  # the second and third systems reused the encoded references
    reference = cls(engine="sacrebleu", **({"word_order": 2} if cls is CHRF else {}))
    for hyps, got in zip(systems, stats):
        np.testing.assert_array_equal(got, reference.corpus_stats(hyps, streams))
    metric.corpus_stats(systems[0], [streams[1], streams[0]])  # other references: encoded anew
    assert calls == [4, 4]


@pytest.mark.slow
def test_without_numba_every_metric_and_test_gives_the_same_results() -> None:
    """An install without the ``fast`` extra (simulated with SIMPEVAL_DISABLE_NUMBA=1) takes the
    NumPy and sacrebleu paths everywhere, with the same numbers."""
    code = """
import json, sys
import simpeval
from simpeval import compare
from simpeval.engines.jit import NUMBA_AVAILABLE
hyps = {"a": ["The cat sat on the mat.", "It rained all day long .", "Short one"],
        "b": ["A cat sat on a mat.", "Rain fell all day.", "A short one here"]}
refs = [["The cat is on the mat.", "It rained all day.", "Short."], ["A cat on a mat.", "Rain all day.", "short one"]]
srcs = ["The cat was sitting on the mat.", "It was raining for the whole day.", "This is a short one."]
table = compare(hyps, refs, sources=srcs, metrics=["sari", "bleu", "chrf", "ter"],
                interval=simpeval.Bootstrap(n=200), test=simpeval.PairedBootstrap(n=200))
engines = [getattr(m, "engine", None) for m in (simpeval.SARI(), simpeval.BLEU(), simpeval.CHRF())]
print(json.dumps({"numba": NUMBA_AVAILABLE, "engines": engines, "table": simpeval.report.render(table, "json")}))
"""
    outputs = []
    for disabled in ("1", ""):
        env = {**os.environ, "SIMPEVAL_DISABLE_NUMBA": disabled}
        result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stderr[-2000:]
        outputs.append(json.loads(result.stdout))
    without, with_numba = outputs
    assert without["numba"] is False and without["engines"] == ["numpy", "numpy", "numpy"]
    assert with_numba["numba"] is True and with_numba["engines"] == ["numba", "numba", "numba"]
    assert without["table"] == with_numba["table"]
