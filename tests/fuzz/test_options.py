"""Hypothesis over every metric's options, every public function and
every command, with arbitrary Unicode (control characters, combining marks, right-to-left text,
lone surrogates) and every shape (0, 1 or many segments and references, ragged with ``None``).

``tests/fuzz/test_defaults.py`` drives each metric with its default options and the scoring commands
with a few option sets. This module adds:

* every metric class with its constructor options drawn at random (valid values and values of
  the right type that are out of range), checking the invariants of a result: finite scores in
  the metric's range, one sentence score per segment, each sentence score equal to the corpus
  score of that segment alone, the corpus score equal to the score of the summed statistics;
* every other function of ``simpeval.__all__`` (the sacrebleu-style functions, the Hugging Face
  front, ``evaluate_streams`` against ``evaluate_systems``, ``render`` in every format,
  ``Signature.parse``, the registries, ``References``, ``load_testset`` and ``load_system_outputs`` offline);
* every command (``score``, ``compare``, ``evaluate``, ``report``, ``explain``, ``meta-eval``,
  ``demo``, ``testsets ...``) on aligned random files with random options.

The property is always: a result whose invariants hold, or a
:class:`~simpeval.exceptions.SimpevalError` with a message; from the command line, exit code
0, 1 or 2, never a traceback, and valid JSON whenever ``-f json`` succeeds. Inputs that hit a
known bug are left out here and pinned by strict xfails in ``tests/catalogue/test_encodings_and_outputs.py``
(C80: ``Infinity`` in JSON; C82, C83: a second document after ``-f json``/``jsonl``; C84:
``--confidence`` with chrF/TER on tiny corpora; C97, C98: wrongly typed option values).
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import simpeval
from simpeval import (
    BLEU,
    CHRF,
    FKGL,
    METEOR,
    NLTKBLEU,
    NLTKCHRF,
    PEM,
    SARI,
    TER,
    WER,
    Agreement,
    BagOfWords,
    Bootstrap,
    EditDistance,
    PairedBootstrap,
    Randomization,
    References,
    RunOptions,
    Signature,
    compare,
    evaluate_streams,
    evaluate_systems,
    hf,
    render,
    sentence_level,
)
from simpeval.cli import main
from simpeval.exceptions import SimpevalError
from simpeval.metrics.options import config_options
from simpeval.metrics.sari import VARIANTS, SARIConfig

from ..tally import Tally

#: The share of examples that must give a result (not a clean error), per test: far below what
#: the well-formed half of the examples give (Hypothesis does not draw them evenly), far above
#: what a function refusing every input would give. Looking names up from arbitrary text mostly
#: fails by design (one example must find a metric or tokenizer). ``testsets echo`` needs a
#: download, which cannot succeed offline; ``report`` gets 15 examples, too few for a steady
#: share (tests/cli/test_report.py and tests/packaging/test_no_side_effects_everywhere.py run it).
MIN_RESULTS = 0.1
MIN_API_RESULTS = {"names": 0.025}
MIN_COMMAND_RESULTS = {"testsets echo": 0.0, "report": 0.0}


@pytest.fixture(autouse=True, scope="module")
def _offline(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A private cache, and a mirror where nothing listens: no example can reach the network."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SIMPEVAL_CACHE", str(tmp_path_factory.mktemp("cache")))
        patch.setenv("SIMPEVAL_MIRROR", "http://127.0.0.1:9")
        yield


# ------------------------------------------------------------------ text and shapes
#: Any code point, lone surrogates (category Cs) included.
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=20)
#: Any code point but lone surrogates (which every metric refuses: C32).
VALID_TEXT = st.text(st.characters(codec="utf-8"), max_size=20)
SPECIAL = st.sampled_from(
    [
        "",
        " ",
        "\t",
        "  two  spaces ",
        "The cat sat on the mat .",
        "猫が座った。",
        "القط جلس",
        "बिल्ली बैठी",
        "🐱 👍🏽 👩‍👩‍👧",
        "e\u0301te\u0301",
        "\u202eabc\u202c",
        "a\x0bb\x0cc",
        "a\u2028b\x85c",
        "&amp; <skipped> &quot;",
        "3.5 U.S. don't",
        "ﬁ ß İ ΣΑΣ",
        "!!! ...",
        "\x00",
        "\u00a0\u3000",
    ]
)
WORDS = st.lists(
    st.sampled_from("the a cat sat on mat . , ! 猫 قط बिल्ली 🐱 -- extraordinary".split()), max_size=10
).map(" ".join)
#: One segment: mostly valid text of every kind; one time in ten, anything (a lone surrogate too).
SEGMENT = st.integers(0, 9).flatmap(lambda k: ANY_TEXT if k == 0 else st.one_of(WORDS, VALID_TEXT, SPECIAL))
#: Command-line values: anything but NUL (which argv cannot hold); lone surrogates are what Python makes
#: of bytes that are not UTF-8 in argv (surrogateescape).
ARG_TEXT = st.text(st.characters(exclude_categories=(), exclude_characters="\x00"), max_size=20)
#: A segment with no lone surrogate.
VALID_SEGMENT = st.one_of(WORDS, VALID_TEXT, SPECIAL)
#: A reference: a segment, one time in five None (a missing reference).
REFERENCE = st.integers(0, 4).flatmap(lambda k: st.none() if k == 0 else SEGMENT)

Corpus = tuple[list[str], list[list[str | None]], list[str]]


@st.composite
def corpora(draw: st.DrawFn, max_segments: int = 4, max_refs: int = 3) -> Corpus:
    """(hypotheses, reference streams with None holes, sources); now and then 0 segments or 0 streams.

    Half of them are well formed (a segment or more, a first reference stream without holes, no
    lone surrogate), so that enough examples reach a result (see :class:`tests.tally.Tally`).
    """
    if draw(st.sampled_from([True, False])):
        n = draw(st.integers(1, max_segments))
        first = draw(st.lists(VALID_SEGMENT, min_size=n, max_size=n))
        others = [draw(st.lists(REFERENCE, min_size=n, max_size=n)) for _ in range(draw(st.integers(0, max_refs - 1)))]
        return (
            draw(st.lists(VALID_SEGMENT, min_size=n, max_size=n)),
            [first, *others],
            draw(st.lists(VALID_SEGMENT, min_size=n, max_size=n)),
        )
    n = draw(st.sampled_from([0, *range(1, max_segments + 1), 1, 2]))
    k = draw(st.sampled_from([0, *range(1, max_refs + 1), 1]))
    hyps = draw(st.lists(SEGMENT, min_size=n, max_size=n))
    refs = [draw(st.lists(REFERENCE, min_size=n, max_size=n)) for _ in range(k)]
    srcs = draw(st.lists(SEGMENT, min_size=n, max_size=n))
    return hyps, refs, srcs


def _fails_cleanly(call: Callable[[], Any]) -> Any:
    """``call()``'s result, or ``None`` after a SimpevalError with a message (any other exception propagates)."""
    try:
        return call()
    except SimpevalError as err:
        assert str(err).strip(), type(err)
        return None


# ------------------------------------------------------------------ every metric, every option
OFFLINE_TOKENIZERS = [
    "13a",
    "char",
    "intl",
    "moses",
    "nltk-word",
    "none",
    "penn",
    "tercom",
    "treebank",
    "whitespace",
    "zh",
]
TOKENIZE = st.sampled_from(OFFLINE_TOKENIZERS)
FRACTION = st.floats(0.05, 3.0)
BOOL = st.booleans()


#: SARI's options with choices (bools aside), as SARIConfig declares them.
_CHOICES = {spec.name: spec.choices for spec in config_options(SARIConfig) if spec.kind != "bool" and spec.choices}


def _choice(name: str) -> st.SearchStrategy[Any]:
    return st.sampled_from(sorted(_CHOICES[name], key=str))


#: Valid values of every constructor option.
OPTIONS: dict[type, dict[str, st.SearchStrategy[Any]]] = {
    SARI: {
        "variant": st.sampled_from(sorted(VARIANTS)),
        "tokenize": TOKENIZE,
        "lowercase": BOOL,
        "normalize_source": BOOL,
        "max_order": st.integers(1, 6),
        "engine": st.sampled_from(["fast", "reference", "numpy", "numba"]),
        **{name: _choice(name) for name in _CHOICES},
    },
    BLEU: {
        "lowercase": BOOL,
        "tokenize": TOKENIZE,
        "smooth_method": st.sampled_from(["exp", "floor", "add-k", "none"]),
        "smooth_value": st.floats(0.0, 2.0),
        "max_ngram_order": st.integers(1, 6),
        "effective_order": BOOL,
        "force": BOOL,
        "trg_lang": st.sampled_from(["", "en", "zh", "de"]),
        "engine": st.sampled_from(["fast", "sacrebleu", "numba"]),
    },
    CHRF: {
        "char_order": st.integers(0, 7),
        "word_order": st.integers(0, 3),
        "beta": st.integers(0, 4),
        "lowercase": BOOL,
        "whitespace": BOOL,
        "eps_smoothing": BOOL,
        "engine": st.sampled_from(["fast", "sacrebleu", "numba"]),
    },
    TER: {
        "normalized": BOOL,
        "no_punct": BOOL,
        "asian_support": BOOL,
        "case_sensitive": BOOL,
        "engine": st.sampled_from(["fast", "reference", "python", "numba"]),
    },
    FKGL: {"tokenize": TOKENIZE, "lowercase": BOOL},
    BagOfWords: {"alpha": st.floats(0.0, 1.0), "lowercase": BOOL, "tokenize": TOKENIZE},
    EditDistance: {
        "level": st.sampled_from(["word", "char"]),
        "substitution_cost": st.integers(0, 3),
        "transpositions": BOOL,
        "lowercase": BOOL,
        "tokenize": st.one_of(st.none(), TOKENIZE),
    },
    METEOR: {"alpha": st.floats(0.0, 1.0), "beta": FRACTION, "gamma": st.floats(0.0, 1.0), "tokenize": TOKENIZE},
    NLTKBLEU: {
        "weights": st.lists(st.floats(0.0, 1.0), min_size=1, max_size=5).map(tuple),
        "smoothing": st.integers(0, 7),
        "epsilon": FRACTION,
        "alpha": FRACTION,
        "k": FRACTION,
        "auto_reweigh": BOOL,
        "lowercase": BOOL,
        "tokenize": TOKENIZE,
    },
    NLTKCHRF: {
        "min_len": st.integers(1, 3),
        "max_len": st.integers(3, 7),
        "beta": FRACTION,
        "ignore_whitespace": BOOL,
        "lowercase": BOOL,
        "tokenize": TOKENIZE,
    },
    PEM: {"lowercase": BOOL},
    WER: {"lowercase": BOOL, "tokenize": TOKENIZE},
}
#: Values of the right type outside the allowed set (an unknown name, a negative order, NaN, an infinity).
INVALID = st.sampled_from(["nope", -1, 0, float("nan"), float("inf"), -0.5, 10**9, ""])
INVALID_RATE = 6  # one example in six has one invalid option


@st.composite
def options_of(draw: st.DrawFn, cls: type) -> dict[str, Any]:
    """Some options of ``cls`` with valid values; one time in six, one of them invalid."""
    options = draw(st.fixed_dictionaries({}, optional=OPTIONS[cls]))
    if OPTIONS[cls] and draw(st.integers(1, INVALID_RATE)) == 1:
        name = draw(st.sampled_from(sorted(OPTIONS[cls])))
        value = draw(INVALID)
        # A known bug, left out here: chrF accepts an order of 10**9 and its compiled engine then asks
        # NumPy for arrays of that size (MemoryError) instead of refusing the option.
        assume(not (cls is CHRF and name in ("char_order", "word_order") and value == 10**9))
        options[name] = value
    return options


#: Metrics whose scores are percentages; the others are non-negative (WER: +inf when no reference has a word).
PERCENT = {SARI, BLEU, CHRF, BagOfWords, METEOR, NLTKBLEU, NLTKCHRF, PEM}
EXAMPLES: dict[type, int] = {
    METEOR: 8,
    NLTKBLEU: 30,
    NLTKCHRF: 30,
}  # METEOR loads WordNet once (seconds); NLTK's metrics are slow


def _in_range(cls: type, value: float, undefined_allowed: bool, options: dict[str, Any]) -> bool:
    if undefined_allowed and value == math.inf:
        return True
    if not math.isfinite(value):
        return False
    # NLTK's smoothing 5 averages each precision with its neighbours and adds 1 to the first: above 100 at times;
    # smoothing 7 is 4 then 5 (NLTK's own corpus_bleu gives 1.333 for "0 0" against "0 0" with weights 1,0)
    # smoothing 6 divides by the n-grams of the corpus's last hypothesis, as NLTK's corpus_bleu does: "the the the
    # the" then "" gives 104.8 in both; smoothing 1 puts epsilon over the n-grams of a precision whose count is 0,
    # above 1 where epsilon exceeds them (NLTK's sentence_bleu gives 2.0 for "the" against "the" with weights 0,1
    # and epsilon 2)
    bounded = cls in PERCENT and not (
        cls is NLTKBLEU
        and (
            options.get("smoothing") in (5, 6, 7) or (options.get("smoothing") == 1 and options.get("epsilon", 0.1) > 1)
        )
    )
    return 0.0 <= value <= 100.0 + 1e-9 if bounded else value >= 0.0


@pytest.mark.slow
@pytest.mark.parametrize(
    "cls",
    [pytest.param(cls, marks=pytest.mark.wordnet) if cls is METEOR else cls for cls in OPTIONS],
    ids=lambda cls: cls.__name__,
)
def test_every_metric_with_any_options_scores_or_raises_a_simpeval_error(cls: type) -> None:
    tally = Tally(cls.__name__)

    @settings(max_examples=EXAMPLES.get(cls, 50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(options=options_of(cls), corpus=corpora())
    def check(options: dict[str, Any], corpus: Corpus) -> None:
        hyps, refs, srcs = corpus
        metric = _fails_cleanly(lambda: cls(**options))
        if metric is None:
            event("refused: options")
            tally.record(False)
            return
        score = _fails_cleanly(lambda: metric.corpus_score(hyps, refs, sources=srcs))
        if not tally.record(score is not None):
            event("refused: inputs")
            return
        event("scored")
        stats = metric.corpus_stats(hyps, refs, sources=srcs)
        wer_undefined = cls is WER and score.details.get("ref_len") == 0
        assert stats.shape[0] == len(hyps) and np.all(np.isfinite(stats)) and np.all(stats >= 0)
        assert _in_range(cls, score.score, wer_undefined, options), score
        assert metric.score_from_stats(metric.sum_rows(stats)).score == score.score
        # a segment alone may be refused where the corpus is not (NLTK's smoothing 6 needs a trigram match)
        rows = _fails_cleanly(lambda: metric.sentence_scores(hyps, refs, sources=srcs))
        if rows is None:
            event("refused: a segment alone")
            return
        assert len(rows) == len(hyps)
        for i, row in enumerate(rows):
            one = _fails_cleanly(lambda: metric.corpus_score([hyps[i]], [[s[i]] for s in refs], sources=[srcs[i]]))
            assert one is not None and (one.score == row or (math.isnan(one.score) and math.isnan(row))), (i, one, row)
            assert _in_range(cls, float(row), cls is WER, options)

    check()
    tally.check(MIN_RESULTS)


# ------------------------------------------------------------------ every public function
def _per_segment(refs: list[list[str | None]], n: int) -> list[list[str]]:
    return [[stream[i] or "" for stream in refs] for i in range(n)]


def _strict_json(text: str, wer: bool = False) -> None:
    """``text`` is JSON as RFC 8259 has it (no NaN or Infinity); WER's infinity is C80, a known bug."""

    def refuse(constant: str) -> None:
        if not (wer and constant == "Infinity"):
            raise ValueError(f"{constant} is not JSON")

    json.loads(text, parse_constant=refuse)


def _json_ok(text: str) -> None:
    _strict_json(text, wer=True)


def _any_text(text: str) -> None:
    assert isinstance(text, str)


def _csv_ok(text: str) -> None:
    assert list(csv.reader(io.StringIO(text)))


FORMATS = ["text", "markdown", "latex", "html", "csv", "tsv", "json", "jsonl"]
CHECK_FORMAT: dict[str, Callable[[str], None]] = {"json": _json_ok, "csv": _csv_ok}


def _render_every_format(table: Any) -> None:
    for fmt in FORMATS:
        text = render(table, fmt, width=3)
        assert isinstance(text, str) and text
        CHECK_FORMAT.get(fmt, _any_text)(text)
        if fmt == "jsonl":
            for line in text.splitlines():
                _strict_json(line, wer="WER" in table.metric_names)


def _compare_and_render(h: list[str], r: Any, s: list[str], data: st.DataObject) -> bool:
    # chrF and TER are left out of the confidence intervals: C84 (tests/catalogue/test_encodings_and_outputs.py)
    metrics = data.draw(
        st.lists(
            st.sampled_from(["sari", "bleu", "wer", "fkgl", "editdistance", "pem"]), min_size=1, max_size=3, unique=True
        )
    )
    n = data.draw(st.integers(1, 30))
    test_class = data.draw(st.sampled_from([None, PairedBootstrap, Randomization]))
    pairs = data.draw(st.sampled_from(["baseline", "all"]))
    correction = data.draw(st.sampled_from([None, "holm"]))
    baseline = data.draw(st.sampled_from([None, "a", "b", "c", "z"]))
    options: dict[str, Any] = {
        "interval": data.draw(st.sampled_from([None, Bootstrap(n=n)])),
        "seed": data.draw(st.integers(-1, 2**40)),
        "agreement": data.draw(st.sampled_from([None, Agreement(n=n)])),
        "run": RunOptions(paired_jobs=data.draw(st.integers(0, 2))),
    }
    if test_class is not None:
        options["test"] = test_class(n=n, pairs=pairs, correction=correction, baseline=baseline)
    systems = {"a": h, "b": h[::-1], "c": s}
    table = _fails_cleanly(lambda: compare(systems, r, sources=s, metrics=metrics, **options))
    if table is None:
        return False
    for system in table.systems:
        for metric in table.metric_names:
            interval = table.interval(system, metric)
            assert interval is None or interval.low <= interval.high
            paired = table.paired_result(system, metric)
            assert paired is None or 0.0 <= paired.p_value <= 1.0
    _render_every_format(table)
    return True


def _streams_equal_systems(h: list[str], r: Any, s: list[str], data: st.DataObject) -> bool:
    metrics = data.draw(
        st.lists(
            st.sampled_from(["sari", "bleu", "chrf", "ter", "wer", "bagofwords"]), min_size=1, max_size=3, unique=True
        )
    )
    chunk = data.draw(st.integers(1, 5))
    whole = _fails_cleanly(lambda: evaluate_systems({"x": h}, r, sources=s, metrics=metrics))
    streamed = _fails_cleanly(
        lambda: evaluate_streams(
            {"x": iter(h)}, [iter(stream) for stream in r], sources=iter(s), metrics=metrics, chunk_size=chunk
        )
    )
    assert (whole is None) == (streamed is None)
    if whole is not None:
        for metric in whole.metric_names:
            a, b = whole.cell("x", metric).score, streamed.cell("x", metric).score
            assert a == b or (math.isnan(a) and math.isnan(b)), (metric, a, b)
    return whole is not None


def _sentence_level(h: list[str], r: Any, s: list[str], data: st.DataObject) -> bool:
    metrics = data.draw(
        st.lists(st.sampled_from(["sari", "bleu", "chrf", "ter", "wer"]), min_size=1, max_size=2, unique=True)
    )
    table = _fails_cleanly(lambda: sentence_level({"a": h, "b": s}, r, sources=s, metrics=metrics))
    if table is not None:
        assert len(table.rows) == 2 * len(h) * len(metrics)  # one row per segment, system and metric
        assert all(row.line in range(1, len(h) + 1) and not math.isnan(row.score.score) for row in table.rows)
        for fmt in FORMATS:
            CHECK_FORMAT.get(fmt, _any_text)(render(table, fmt))
    return table is not None


def _sacrebleu_style(h: list[str], r: Any, s: list[str], data: st.DataObject) -> bool:
    scored = []
    for name in ("corpus_bleu", "corpus_chrf", "corpus_ter"):
        score = _fails_cleanly(lambda: getattr(simpeval, name)(h, r))
        assert score is None or math.isfinite(score.score)
        scored.append(score is not None)
    refs0 = [stream[0] for stream in r if stream and stream[0] is not None]
    for name in ("sentence_bleu", "sentence_chrf", "sentence_ter"):
        score = _fails_cleanly(lambda: getattr(simpeval, name)(h[0] if h else "", refs0))
        assert score is None or math.isfinite(score.score)
        scored.append(score is not None)
    return any(scored)


def _hugging_face(h: list[str], r: Any, s: list[str], data: st.DataObject) -> bool:
    per_segment = _per_segment(r, len(h)) if data.draw(BOOL) else [[x for x in refs if x] for refs in zip(*r)]
    result = _fails_cleanly(lambda: hf.SARI().compute(sources=s, predictions=h, references=per_segment))
    assert result is None or math.isfinite(result["sari"])
    scored = [result is not None]
    for cls in (hf.SacreBLEU, hf.CHRF, hf.TER):
        result = _fails_cleanly(lambda: cls().compute(predictions=h, references=per_segment))
        assert result is None or math.isfinite(result["score"])
        scored.append(result is not None)
    return any(scored)


def _references(h: list[str], r: Any, s: list[str], data: st.DataObject) -> bool:
    streams = _fails_cleanly(lambda: References.from_streams(r))
    assert streams is not None and [list(x) for x in streams] == [list(x) for x in r]
    segments = [[ref for ref in refs if ref is not None] for refs in zip(*r)] if r else [[] for _ in h]
    from_segments = References.from_segments(segments)
    assert from_segments.segments() == segments and from_segments.n_segments == len(segments)
    listed = simpeval.references_from_segments(segments)
    assert listed == [] or [list(x) for x in from_segments] == listed
    if not r:
        return True  # no stream at all is an error (C19); no reference per segment is a stream of None
    # the same references in either layout: the same score
    sari = SARI()
    a = _fails_cleanly(lambda: sari.corpus_score(h, streams, sources=s))
    b = _fails_cleanly(lambda: sari.corpus_score(h, from_segments, sources=s))
    assert (a is None) == (b is None) and (a is None or a.score == b.score), (a, b)
    return a is not None


def _names(h: list[str], r: Any, s: list[str], data: st.DataObject) -> bool:
    name = data.draw(
        st.one_of(
            ANY_TEXT,
            st.sampled_from(
                ["BLEU", "chrF++", "sari", "Ter", "13a", "asset-test", "asset-human-ratings", "turkcorpus-test-outputs"]
            ),
        )
    )
    found = [_fails_cleanly(lambda: call(name)) is not None for call in (simpeval.get_metric, simpeval.get_tokenizer)]
    _fails_cleanly(lambda: simpeval.metric_key(name))
    tokenizer = _fails_cleanly(lambda: simpeval.get_tokenizer(data.draw(st.sampled_from(OFFLINE_TOKENIZERS))))
    if tokenizer is not None:
        text = data.draw(SEGMENT)
        out = _fails_cleanly(lambda: tokenizer(text))
        assert out is None or isinstance(out, str)
    _fails_cleanly(
        lambda: simpeval.load_testset(name)
    )  # offline: UnknownTestSetError, InvalidOptionError or DownloadError
    _fails_cleanly(lambda: simpeval.load_system_outputs(name))  # the same errors
    assert simpeval.available_metrics() == sorted(simpeval.available_metrics())
    return any(found)


def _signatures(h: list[str], r: Any, s: list[str], data: st.DataObject) -> bool:
    text = data.draw(
        st.one_of(
            ANY_TEXT,
            st.lists(
                st.one_of(ANY_TEXT, st.sampled_from(["nrefs:1", "BLEU", "version:2.6.0", ":", "|", "a:b:c"])),
                max_size=5,
            ).map("|".join),
        )
    )
    parsed = _fails_cleanly(lambda: Signature.parse(text))
    if parsed is not None:
        assert Signature.parse(parsed.format()) == parsed
    scored = []
    for cls in (SARI, BLEU, CHRF, TER):
        signature = _fails_cleanly(lambda: cls().corpus_score(h, r, sources=s).signature)
        if signature is not None:
            assert Signature.parse(signature.format()).format() == signature.format()
        scored.append(signature is not None)
    return any(scored)


def _explain(h: list[str], r: Any, s: list[str], data: st.DataObject) -> bool:
    """``simpeval.explain`` of a segment by name or object: an explanation that renders in every form, or one error."""
    if not h:
        return False
    refs = _per_segment(r, len(h))[0]
    metric = data.draw(st.sampled_from(["sari", "bleu", "chrf", SARI(), BLEU(effective_order=True)]))
    explained = _fails_cleanly(lambda: simpeval.explain(metric, h[0], refs, source=s[0] if s else None))
    if explained is None:
        return False
    _any_text(str(explained))
    _any_text(explained._repr_html_())
    _json_ok(explained.render("json"))
    return True


API_CALLS = {
    f.__name__.strip("_"): f
    for f in (
        _compare_and_render,
        _streams_equal_systems,
        _sentence_level,
        _sacrebleu_style,
        _hugging_face,
        _references,
        _names,
        _signatures,
        _explain,
    )
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(API_CALLS))
def test_public_functions_return_valid_results_or_raise_a_simpeval_error(name: str) -> None:
    tally = Tally(name)

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(corpus=corpora(max_segments=3), data=st.data())
    def check(corpus: Corpus, data: st.DataObject) -> None:
        hyps, refs, srcs = corpus
        tally.record(API_CALLS[name](hyps, refs, srcs, data))

    check()
    tally.check(MIN_API_RESULTS.get(name, MIN_RESULTS))


def test_every_public_function_is_fuzzed() -> None:
    fuzzed = {cls.__name__ for cls in OPTIONS} | {
        "compare",
        "explain",
        "render",
        "ResultTable",
        "ConfidenceInterval",
        "PairedResult",
        "Correlation",  # _compare_and_render
        "Agreement",  # _compare_and_render, through the old keywords' translation into specs
        "Bootstrap",
        "PairedBootstrap",
        "Randomization",
        "RunOptions",
        "evaluate_streams",
        "evaluate_systems",
        "sentence_level",
        "SegmentTable",
        "References",
        "references_from_segments",
        "corpus_bleu",
        "corpus_chrf",
        "corpus_ter",
        "sentence_bleu",
        "sentence_chrf",
        "sentence_ter",
        "Signature",
        "Score",
        "get_metric",
        "metric_key",
        "get_tokenizer",
        "available_metrics",
        "available_tokenizers",
        "load_testset",
        "load_system_outputs",
        "SimpevalError",
        "Metric",
        "__version__",
        # the learned metrics score only with a model: not fuzzed here but tested on tiny models by
        # tests/metrics/learned and tests/metrics/lens; BERTScore's inputs by tests/fuzz/test_defaults.py
        "BERTScore",
        "LENS",
        # registries that change global state: tests/api/test_plugins.py and tests/tokenizers
        "register_metric",
        "unregister_metric",
        "register_tokenizer",
    }
    assert set(simpeval.__all__) <= fuzzed, set(simpeval.__all__) - fuzzed


# ------------------------------------------------------------------ every command
LINE = SEGMENT.map(lambda t: t.replace("\n", " ").replace("\r", " "))


@st.composite
def aligned_files(draw: st.DrawFn) -> dict[str, bytes]:
    """src, ref, sys, sys2 with the same number of lines (one time in ten, one replaced by raw bytes)."""
    n = draw(st.integers(1, 4))
    files = {
        name: "".join(line + "\n" for line in draw(st.lists(LINE, min_size=n, max_size=n))).encode(
            "utf-8", "surrogatepass"
        )
        for name in ("src", "ref", "sys", "sys2")
    }
    if draw(st.integers(1, 10)) == 1:
        files[draw(st.sampled_from(sorted(files)))] = draw(st.binary(min_size=1, max_size=30))
    return files


SCORING = [
    ["-m", "bleu"],
    ["-m", "sari", "chrf", "ter"],
    ["-m", "wer", "pem"],
    ["-m", "fkgl", "editdistance"],
    ["-m", "bagofwords", "nltk-chrf"],
    ["-f", "json"],
    ["-f", "csv"],
    ["-f", "latex"],
    ["-f", "html"],
    ["-f", "jsonl"],
    ["-f", "tsv"],
    ["-f", "markdown"],
    ["-w", "0"],
    ["-w", "20"],
    ["--max-line-length", "3"],
    ["-e", "latin-1"],
    ["-e", "utf-16"],
    ["--num-refs", "1"],
    ["--num-refs", "2"],
    ["--sari-variant", "hf"],
    ["--sari-variant", "t2t"],
    ["--sari-tokenize", "char"],
    ["--sari-max-order", "1"],
    ["--sari-zero-division", "1"],
    ["--sari-aggregate", "sentence"],
    ["--sari-split", "space"],
    ["--sari-ngrams", "binary"],
    ["--bleu-tokenize", "zh"],
    ["--bleu-smooth-method", "floor"],
    ["--bleu-effective-order"],
    ["--bleu-max-ngram-order", "9"],
    ["--chrf-word-order", "2"],
    ["--chrf-char-order", "0"],
    ["--chrf-beta", "0"],
    ["--chrf-whitespace"],
    ["--ter-normalized"],
    ["--ter-asian-support"],
    ["-lc"],
    ["-sh"],
    ["-l", "en-zh"],
    ["-q"],
]
COMMANDS: dict[str, tuple[list[str], list[list[str]]]] = {
    "score": (
        ["-s", "{src}", "-r", "{ref}", "-i", "{sys}"],
        [*SCORING, ["--sentence-level"], ["-b"], ["--confidence-n", "5", "--ci"], ["--seed", "0"]],
    ),
    "compare": (
        ["-s", "{src}", "-r", "{ref}", "-i", "{sys}", "{sys2}"],
        [
            *SCORING,
            ["--paired", "bs", "--paired-n", "5"],
            ["--paired", "ar", "--paired-n", "5"],
            ["--all-pairs"],
            ["--correction", "holm"],
            ["--baseline", "x"],
            ["--deltas"],
            ["--agreement"],
            ["--paired-jobs", "0"],
            ["-n", "a", "b"],
            ["-n", "a", "a"],
            ["--confidence", "--confidence-n", "5"],
            ["--plot", "{out}.svg"],
            ["--seed", "0"],
        ],
    ),
    "evaluate": (
        ["-s", "{src}", "-r", "{ref}", "-i", "{sys}"],
        [*SCORING, ["--features"], ["-tok", "char"], ["-tok", "moses"], ["--no-lc"], ["-m", "sari,bleu,fkgl"]],
    ),
    "report": (
        ["-s", "{src}", "-r", "{ref}", "-i", "{sys}", "{sys2}", "-o", "{out}.html", "--paired-n", "10"],
        [
            ["-m", "bleu"],
            ["-m", "sari", "fkgl"],
            ["-m", "wer"],
            ["--sari-variant", "hf"],
            ["-n", "a", "b"],
            ["--max-line-length", "3"],
            ["--num-refs", "2"],
            ["-q"],
        ],
    ),
    "explain": (
        ["-s", "{text}", "-p", "{text}", "-r", "{text}", "{text}"],
        [
            ["-m", "bleu"],
            ["-m", "sari"],
            ["-f", "json"],
            ["-f", "html"],
            ["--sari-variant", "hf"],
            ["--sari-tokenize", "char"],
            ["--sari-max-order", "7"],
            ["--bleu-tokenize", "intl"],
            ["--bleu-smooth-method", "none"],
        ],
    ),
    "meta-eval": (
        ["--ratings", "{csv}", "-s", "{src}", "--refs", "{ref}", "--n-samples", "5"],
        [
            ["-m", "bleu"],
            ["-m", "sari", "bleu"],
            ["-m", "wer"],
            ["-f", "json"],
            ["-f", "csv"],
            ["--raw"],
            ["-w", "0"],
            ["--plot", "{out}.svg"],
            ["--seed", "3"],
            ["--n-samples", "0"],
        ],
    ),
    "demo": ([], [["-f", "json"], ["-f", "latex"], ["-w", "0"], ["-f", "csv"], ["-f", "html"]]),
    "lessons": (["{out}"], [["--force"]]),
    "testsets list": ([], []),
    "testsets cite": (["{testset}"], []),
    "testsets echo": (["{testset}", "src"], [["--ref-index", "1"]]),
    "testsets download": (["{testset}"], [["--urls"]]),
}
COMMAND_EXAMPLES = {"score": 40, "compare": 40, "evaluate": 30, "report": 15, "explain": 30, "meta-eval": 20}


def _format(args: list[str]) -> str:
    """The value of the last ``-f`` (the one click keeps)."""
    values = [args[i + 1] for i, arg in enumerate(args[:-1]) if arg == "-f"]
    return values[-1] if values else "text"


def _ratings(n_lines: int, data: st.DataObject) -> bytes:
    rows = [f"{i + 1},{s},out {i} {s},{data.draw(st.integers(0, 5))}" for s in "abc" for i in range(max(n_lines, 1))]
    return ("sent_id,sys_name,simp_sent,rating\n" + "\n".join(rows) + "\n").encode()


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.slow
def test_every_command_exits_0_1_or_2_without_a_traceback(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SIMPEVAL_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("SIMPEVAL_MIRROR", "http://127.0.0.1:9")  # nothing listens: downloads fail at once, offline
    base, choices = COMMANDS[command]
    tally = Tally(f"simpeval {command}")

    @settings(
        max_examples=COMMAND_EXAMPLES.get(command, 5), deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    @given(
        files=aligned_files(),
        text=ARG_TEXT,
        options=st.lists(st.sampled_from(choices), max_size=4) if choices else st.just([]),
        testset=st.sampled_from(["asset-test", "turkcorpus-valid", "asset-human-ratings"]),
        data=st.data(),
    )
    def check(files: dict[str, bytes], text: str, options: list[list[str]], testset: str, data: st.DataObject) -> None:
        argv = [*base, *(o for option in options for o in option)]
        if (
            "--confidence-n" in argv
        ):  # C84, a strict xfail in tests/catalogue/test_encodings_and_outputs.py: no chrF or TER intervals
            assume("-m" in argv and not {"chrf", "ter"} & set(argv))  # (both are among score's and compare's defaults)
        if command == "report":
            assume(not {"chrf", "ter"} & set(argv))
        paths = {}
        for name, content in files.items():
            paths[name] = tmp_path / f"{name}.txt"
            paths[name].write_bytes(content)
        paths["csv"] = tmp_path / "ratings.csv"
        paths["csv"].write_bytes(_ratings(files["sys"].count(b"\n"), data))
        values = {
            **{k: str(v) for k, v in paths.items()},
            "text": text,
            "testset": testset,
            "out": str(tmp_path / "out"),
        }
        args = [*command.split(), *(a.format(**values) if a.startswith("{") else a for a in argv)]
        result = CliRunner().invoke(main, args)
        tally.record(result.exit_code == 0)
        assert result.exit_code in (0, 1, 2), (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, repr(result.exception))
        assert "Traceback" not in result.output, args
        if result.exit_code:
            assert "Error" in result.output, (args, result.output)
        elif _format(args) in ("json", "jsonl") and "-b" not in args and not {"--features", "--agreement"} & set(args):
            # evaluate --features and compare --agreement append a second document: C83 and C82 (strict xfails)
            for chunk in [result.stdout] if _format(args) == "json" else result.stdout.splitlines():
                _strict_json(chunk, wer="wer" in args)
        assert not list(tmp_path.glob("*.part")) and not list(
            tmp_path.glob(".out*")
        )  # no temporary output file survives

    check()
    tally.check(MIN_COMMAND_RESULTS.get(command, MIN_RESULTS))
