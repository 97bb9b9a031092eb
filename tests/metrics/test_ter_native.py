"""simpeval's own TER search (engines ``numba`` and ``python``) equals sacrebleu's TER, edit for edit.

Every engine is compared with sacrebleu's ``TER`` itself (not with simpeval's wrapper): per-segment
statistics ``[num_edits, avg_ref_len]`` with ``==`` and corpus scores with ``==``, on

* sacrebleu's own TER test cases (``test/test_ter.py``) and the sentences of its Tercom
  tokenizer tests (``test/test_tokenizer_ter.py``) under all 16 option settings, as data;
* ASSET test x the 11 published systems (``../shared``): every segment against figures
  recorded from sacrebleu 2.6.0 (sacrebleu live on ASSET: ``tests/metrics/test_sacrebleu_parity.py``);
* edge cases, and a case found by Hypothesis.

Random corpora (small vocabularies so that shifts happen, sentences longer than the largest shift
distance, very unequal lengths, empty hypotheses and references, every option) are
``tests/engines/test_matrix.py``'s TER cells.
"""

from __future__ import annotations

import hashlib
import itertools
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import sacrebleu

from simpeval.engines.jit import NUMBA_AVAILABLE
from simpeval.exceptions import InvalidOptionError
from simpeval.metrics.ter import TER

from ..needs import SHARED, require_numba, shared_paths, under_ci

if not NUMBA_AVAILABLE and under_ci():
    require_numba()  # part of the test extra: CI tests the compiled TER (the interpreted engines run anyway)

#: simpeval's engines, sacrebleu's own code ("reference") included.
ENGINES = ["python", "reference", *(["numba"] if NUMBA_AVAILABLE else [])]
#: The native engines, the ones under test on large inputs.
NATIVE = ["numba"] if NUMBA_AVAILABLE else ["python"]
OPTIONS = [
    dict(zip(("normalized", "no_punct", "asian_support", "case_sensitive"), flags))
    for flags in itertools.product((False, True), repeat=4)
]
Streams = list[list[str | None]]


def sacrebleu_rows(options: dict[str, bool], hypotheses: list[str], streams: Streams) -> np.ndarray:
    """sacrebleu's own per-segment ``[num_edits, ref_length]``, through its public sentence API."""
    metric = sacrebleu.TER(**options)
    rows = []
    for i, hyp in enumerate(hypotheses):
        score = metric.sentence_score(hyp, [s[i] for s in streams if s[i] is not None])
        rows.append([score.num_edits, score.ref_length])
    return np.array(rows, dtype=np.float64)


def assert_equal_to_sacrebleu(engine: str, options: dict[str, bool], hypotheses: list[str], streams: Streams) -> None:
    ours = TER(engine=engine, **options)
    np.testing.assert_array_equal(ours.corpus_stats(hypotheses, streams), sacrebleu_rows(options, hypotheses, streams))
    theirs = sacrebleu.TER(**options).corpus_score(hypotheses, streams)
    score = ours.corpus_score(hypotheses, streams)
    assert score.score == theirs.score
    assert (score.details["num_edits"], score.details["ref_length"]) == (theirs.num_edits, theirs.ref_length)


# ------------------------------------------------------------ sacrebleu's own test cases

# sacrebleu test/test_ter.py (v2.x): hypotheses, one reference stream, expected TER (0-1).
_WMT19_HYPS = [
    'wählen Sie " Bild neu berechnen , " um beim Ändern der Bildgröße Pixel hinzuzufügen oder zu entfernen , damit das Bild ungefähr dieselbe Größe aufweist wie die andere Größe .',
    'wenn Sie alle Aufgaben im aktuellen Dokument aktualisieren möchten , wählen Sie im Menü des Aufgabenbedienfelds die Option " Alle Aufgaben aktualisieren . "',
    'klicken Sie auf der Registerkarte " Optionen " auf die Schaltfläche " Benutzerdefiniert " und geben Sie Werte für " Fehlerkorrektur-Level " und " Y / X-Verhältnis " ein .',
    "Sie können beispielsweise ein Dokument erstellen , das ein Auto über die Bühne enthält .",
    'wählen Sie im Dialogfeld " Neu aus Vorlage " eine Vorlage aus und klicken Sie auf " Neu . "',
]
_WMT19_REFS = [
    'wählen Sie " Bild neu berechnen , " um beim Ändern der Bildgröße Pixel hinzuzufügen oder zu entfernen , damit die Darstellung des Bildes in einer anderen Größe beibehalten wird .',
    'wenn Sie alle Aufgaben im aktuellen Dokument aktualisieren möchten , wählen Sie im Menü des Aufgabenbedienfelds die Option " Alle Aufgaben aktualisieren . "',
    'klicken Sie auf der Registerkarte " Optionen " auf die Schaltfläche " Benutzerdefiniert " und geben Sie für " Fehlerkorrektur-Level " und " Y / X-Verhältnis " niedrigere Werte ein .',
    "Sie können beispielsweise ein Dokument erstellen , das ein Auto enthalt , das sich über die Bühne bewegt .",
    'wählen Sie im Dialogfeld " Neu aus Vorlage " eine Vorlage aus und klicken Sie auf " Neu . "',
]
SACREBLEU_CASES = [
    pytest.param(["aaaa bbbb cccc dddd"], ["aaaa bbbb cccc dddd"], 0.0, id="sacrebleu-test_ter-perfect-match"),
    pytest.param(["dddd eeee ffff"], ["aaaa bbbb cccc"], 1.0, id="sacrebleu-test_ter-no-overlap"),
    pytest.param([""], ["a"], 1.0, id="sacrebleu-test_ter-empty-hypothesis"),
    pytest.param(["d e f g h a b c"], ["a b c d e f g h"], 1 / 8, id="sacrebleu-test_ter-single-shift"),
    pytest.param(_WMT19_HYPS, _WMT19_REFS, 0.136, id="sacrebleu-test_ter-wmt19-dev"),
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("hypotheses", "references", "expected"), SACREBLEU_CASES)
def test_sacrebleu_test_cases(engine: str, hypotheses: list[str], references: list[str], expected: float) -> None:
    assert_equal_to_sacrebleu(engine, {}, hypotheses, [list(references)])
    assert abs(TER(engine=engine).corpus_score(hypotheses, [references]).score - 100 * expected) < 1e-3


# sacrebleu test/test_tokenizer_ter.py (v2.x): the inputs and expected outputs of its Tercom
# tokenizer tests, here scored against each other under every option setting.
TOKENIZER_INPUTS = [
    "a b c d",
    "",
    "a b c d.",
    "A B C D.",
    "A ; B ) C : D.",
    "a b (c) d.",
    "Jim's car.",
    "4.2",
    "美众院公布对特",
    "りの拳銃を持",
]
TOKENIZER_OUTPUTS = [
    "a b c d",
    "",
    "a b c d.",
    "a b c d.",
    "a b c d",
    "a b ( c ) d .",
    "jim 's car .",
    "4.2",
    "美 众 院 公 布 对 特",
    "りの 拳 銃 を 持",
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(k for k, v in o.items() if v) or "default")
def test_tokenizer_test_sentences_under_every_option(engine: str, options: dict[str, bool]) -> None:
    hypotheses = TOKENIZER_INPUTS + TOKENIZER_OUTPUTS
    streams: Streams = [TOKENIZER_OUTPUTS + TOKENIZER_INPUTS, TOKENIZER_INPUTS[::-1] + TOKENIZER_OUTPUTS[::-1]]
    assert_equal_to_sacrebleu(engine, options, hypotheses, streams)


# ------------------------------------------------------------------ ASSET x systems

CORPORA = SHARED / "corpora"
# sacrebleu 2.6.0, sacrebleu.TER() on ASSET test (asset.test.simp.0..9) and
# system_outputs/turkcorpus_test/<system>: corpus num_edits, corpus score, and the first 16 hex
# digits of the SHA-256 of its per-segment statistics as a float64 (359, 2) array.
ASSET_SACREBLEU = [
    ("ACCESS", 1940, 32.60942647750959, "61f71305df9e03bb"),
    ("BTRLTS", 1874, 31.500033617965446, "fc1335f58d082b81"),
    ("BTTS", 1882, 31.634505479728375, "7b95f78f17376215"),
    ("BTTS10", 1696, 28.508034693740342, "ca0c2d50a0ff7e40"),
    ("Dress", 1876, 31.53365158340618, "3cb6c4c4c8e97137"),
    ("Dress-Ls", 1777, 29.869562294089967, "dd6926c2ed3ff3da"),
    ("EditNTS", 1643, 27.617158609560953, "06e31dd412aaa5f0"),
    ("PBMT-R", 1603, 26.944799300746325, "7fe098c4c64d4436"),
    ("RM+EX", 1605, 26.978417266187055, "806cd138ee10592b"),
    ("RM+EX+LS+RO", 2136, 35.90398709070128, "5eb28379589d12e2"),
    ("UNTS", 1820, 30.592348551065697, "e3b45613c60f3728"),
]
SYSTEMS = [name for name, *_ in ASSET_SACREBLEU]


def _read_lines(path: Path) -> list[str]:
    return open(path, encoding="utf-8").read().splitlines()


@pytest.fixture(scope="module")
def asset() -> tuple[dict[str, list[str]], Streams]:
    """ASSET test references and the system outputs; skipped (failed under ``CI``) if missing."""
    paths = [CORPORA / "asset" / f"asset.test.simp.{j}" for j in range(10)]
    paths += [CORPORA / "system_outputs" / "turkcorpus_test" / name for name in SYSTEMS]
    shared_paths(paths)
    streams: Streams = [list(_read_lines(p)) for p in paths[:10]]
    outputs = {name: _read_lines(p) for name, p in zip(SYSTEMS, paths[10:])}
    assert all(len(s) == 359 for s in streams) and all(len(o) == 359 for o in outputs.values())
    return outputs, streams


#: Every twelfth segment (30 of each system): the sample the interpreter scores when Numba runs the whole.
SAMPLE = range(0, 359, 12)


@pytest.mark.slow
@pytest.mark.parametrize("engine", NATIVE)
def test_asset_systems_equal_sacrebleu_figures(engine: str, asset: tuple[dict[str, list[str]], Streams]) -> None:
    outputs, streams = asset
    metric = TER(engine=engine)  # one object for all systems: the references are encoded once
    figures = ASSET_SACREBLEU if engine == "numba" else ASSET_SACREBLEU[:3]  # the interpreter: 2.5 s a system
    checked: dict[str, np.ndarray] = {}
    for name, num_edits, score, digest in figures:
        stats = metric.corpus_stats(outputs[name], streams)
        result = metric.corpus_score(outputs[name], streams)
        assert (result.details["num_edits"], result.score) == (num_edits, score), name
        assert hashlib.sha256(stats.tobytes()).hexdigest()[:16] == digest, name
        checked[name] = stats  # sacrebleu's rows, as the digest vouches
    if engine == "numba":  # the interpreter on a sample of every system, against those rows
        hypotheses = [outputs[name][i] for name in SYSTEMS for i in SAMPLE]
        sampled: Streams = [[stream[i] for _ in SYSTEMS for i in SAMPLE] for stream in streams]
        expected = np.concatenate([checked[name][list(SAMPLE)] for name in SYSTEMS])
        np.testing.assert_array_equal(TER(engine="python").corpus_stats(hypotheses, sampled), expected)


# ------------------------------------------------------------------------ edge cases


@pytest.mark.parametrize("engine", ENGINES)
def test_edge_cases(engine: str) -> None:
    hypotheses = ["", "a b", "", "a a a a a a", "x " * 120, "b a " * 40, "a", "a b"]
    streams: Streams = [
        ["", "", "a", "a", "x " * 3, ("a b " * 40).strip(), "b " * 130, "a " * 200],
        [None, " ", None, "", "y " * 60, None, None, None],
    ]
    assert_equal_to_sacrebleu(engine, {}, hypotheses, streams)


@pytest.mark.parametrize("engine", ENGINES)
def test_references_are_tokenized_twice_as_in_sacrebleu(engine: str) -> None:
    # found by Hypothesis: sacrebleu runs a reference through the Tercom tokenizer twice (when it
    # caches the references, then in _extract_reference_info), and with normalized=True the
    # second pass splits "jim's" (the first saw "'s" before a tab, not a space): 13 words, not 12
    hypotheses = ["a a a a a a a a a a a a a "]
    streams: Streams = [["a Jim's\ta a a a a a a a a a "]]
    assert_equal_to_sacrebleu(engine, {"normalized": True}, hypotheses, streams)
    assert TER(engine=engine, normalized=True).corpus_stats(hypotheses, streams).tolist() == [[2.0, 13.0]]


# ------------------------------------------------------------------ the engine option


def test_engine_option() -> None:
    assert TER().engine == ("numba" if NUMBA_AVAILABLE else "python")
    assert TER(engine="python").engine == "python"
    assert TER(engine="reference").engine == TER(engine="sacrebleu").engine == "reference"
    with pytest.raises(InvalidOptionError, match="engine must be 'fast', 'numba', 'python', 'reference' or"):
        TER(engine="turbo")


@pytest.mark.parametrize("options", OPTIONS[::5])
def test_engine_leaves_signature_alone(options: dict[str, bool]) -> None:
    signatures = {TER(engine=engine, **options).get_signature(nrefs=2).format() for engine in ["fast", *ENGINES]}
    assert len(signatures) == 1
    assert repr(TER(engine="python", **options)) == repr(TER(engine="reference", **options))


def test_a_segment_sacrebleu_cannot_score_is_scored_by_sacrebleu(monkeypatch: pytest.MonkeyPatch) -> None:
    # the search reports -1 where sacrebleu raises (a backtrace leaving its beam, never seen on
    # real input); the metric then runs sacrebleu on that segment, so the outcome is sacrebleu's
    import simpeval.metrics.ter as module

    real = module.ter_edits

    def failing_first(*args: Any) -> np.ndarray:
        edits = real(*args)
        edits[0] = -1
        return edits

    monkeypatch.setattr(module, "ter_edits", failing_first)
    hypotheses, streams = ["d e f a b c", "a b"], [["a b c d e f", "a c"]]
    np.testing.assert_array_equal(
        TER(engine="python").corpus_stats(hypotheses, streams), sacrebleu_rows({}, hypotheses, streams)
    )


@pytest.mark.parametrize("engine", NATIVE)
def test_long_line_is_scored(engine: str) -> None:
    # no speed is asserted here (benchmarks/bench_ter.py measures it); sacrebleu's matrix is n x m Python objects (8 GB for these 30,000 words); the native search
    # keeps the 50-cell beam of each row only, and stops a shifted candidate's rows as soon as
    # they run parallel to the current ones
    words = [f"w{i % 997}" for i in range(30_000)]
    reference = " ".join(words)
    words[100:110], words[5000:5004] = words[105:110] + words[100:105], words[5002:5004] + words[5000:5002]
    score = TER(engine=engine).corpus_score([" ".join(words)], [[reference]])
    assert score.details["num_edits"] <= 4
