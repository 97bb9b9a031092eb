"""The compiled BLEU and chrF statistics: the engine option, sacrebleu's warnings, encoding the
references once, and an install without Numba.

That every engine's statistics equal sacrebleu's, count for count (random corpora of every
option, and ASSET), is ``tests/engines/test_matrix.py``'s claim.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys

import numpy as np
import pytest

from simpeval.engines.jit import NUMBA_AVAILABLE
from simpeval.metrics.bleu import BLEU
from simpeval.metrics.chrf import CHRF

from ..needs import require_numba

if not NUMBA_AVAILABLE:
    require_numba()  # part of the test extra: CI tests the compiled code


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
