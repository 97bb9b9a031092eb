"""Declared maximums of the order-like and size-like options: every value up to the maximum is fast on a short input.

An option's ``maximum`` (:func:`simpeval.metrics.options.option`) is checked by the config's declaration-driven
validation, so the constructor, the CLI flags (``click.IntRange``), the docs' tables and the compat and ``hf``
fronts all refuse a value past it with one line naming the option and the bound.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from simpeval.exceptions import InvalidOptionError
from simpeval.metrics import available_metrics, get_metric, metric_class
from simpeval.metrics.options import OptionSpec, metric_options, option_range

#: Numeric options that declare no maximum, and why none is needed: no value makes a short input slow.
UNBOUNDED = {
    ("bertscore", "num_layers"): "a layer index, checked against the model when it loads",
    ("bertscore", "batch_size"): "a batch never holds more texts than the input has",
    ("lens", "batch_size"): "a batch never holds more texts than the input has",
    ("editdistance", "substitution_cost"): "a cost added per substitution: one integer addition at any size",
}
#: The metrics whose modules import without optional dependencies (the learned ones need PyTorch to score).
CHEAP = [key for key in available_metrics() if key not in ("bertscore", "lens")]


def _bounded(key: str) -> list[OptionSpec]:
    return [spec for spec in metric_options(metric_class(key)) if spec.maximum is not None]


@pytest.mark.parametrize("key", available_metrics())
def test_every_integer_option_declares_a_maximum_or_a_reason(key: str) -> None:
    """A new order-like option cannot be added without a bound (or a reason here)."""
    for spec in metric_options(metric_class(key)):
        if spec.kind == "int" and not spec.choices and spec.maximum is None:
            assert (key, spec.name) in UNBOUNDED, f"{key}: {spec.name} declares no maximum"


@pytest.mark.parametrize(
    ("key", "name", "value", "bound"),
    [
        ("chrf", "char_order", 10**9, "0 to 20"),
        ("chrf", "word_order", 11, "0 to 10"),
        ("chrf", "beta", 10**200, "0 to 100"),
        ("bleu", "max_ngram_order", 10**9, "1 to 10"),
        ("sari", "max_order", 11, "1 to 10"),
        ("nltk-chrf", "max_len", 10**9, "1 to 20"),
        ("nltk-chrf", "beta", 1e300, "0 to 100"),
        ("nltk-bleu", "weights", (0.1,) * 11, "at most 10 numbers"),
    ],
)
def test_a_value_past_the_maximum_is_one_line_naming_the_option_and_the_bound(
    key: str, name: str, value: object, bound: str
) -> None:
    with pytest.raises(InvalidOptionError) as raised:
        get_metric(key, **{name: value})
    message = str(raised.value)
    assert name in message and bound in message and "\n" not in message and len(message) < 200, message


def test_option_range_spells_the_bounds() -> None:
    spec = next(s for s in metric_options(metric_class("chrf")) if s.name == "word_order")
    assert option_range(spec) == "0 to 10"
    weights = next(s for s in metric_options(metric_class("nltk-bleu")) if s.name == "weights")
    assert option_range(weights) == "at most 10 numbers"


#: Builds each metric of argv[1] (JSON: key -> list of option sets), scores a two-word input and explains it.
SWEEP = r"""
import json, sys, time
from simpeval.exceptions import InvalidOptionError
from simpeval.metrics import get_metric
slowest, scored = 0.0, 0
for key, option_sets in json.loads(sys.argv[1]).items():
    for last, options in enumerate(option_sets, 1 - len(option_sets)):
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in options.items()}
        try:
            metric = get_metric(key, **options)
        except InvalidOptionError:  # min_len=20 alone is past the default max_len; all at their maximum is valid
            if last:
                continue
            raise
        start = time.perf_counter()
        source = "a b" if metric.requires_source else None
        metric.corpus_score(["a b"], [["a b"]], **({"sources": ["a b"]} if source else {}))
        metric.sentence_score("b a", ["a c"], source=source)
        if hasattr(metric, "explain"):
            metric.explain("b a", ["a c"], **({"source": source} if source else {}))
        slowest, scored = max(slowest, time.perf_counter() - start), scored + 1
print(json.dumps({"slowest": slowest, "scored": scored}))
"""


def _at_maximum(spec: OptionSpec) -> object:
    assert spec.maximum is not None
    if spec.kind == "floats":
        return [1 / spec.maximum] * int(spec.maximum)
    return int(spec.maximum) if spec.kind == "int" else float(spec.maximum)


@pytest.mark.slow
def test_no_option_value_makes_a_two_word_input_slow() -> None:
    """Each declared numeric option at its maximum, alone and all of a metric's together, on a two-word
    input: it completes well within a generous wall limit (a subprocess timeout, not a speed assertion;
    a billion orders would run for minutes and take gigabytes)."""
    sweep: dict[str, list[dict[str, object]]] = {}
    for key in CHEAP:
        bounded = _bounded(key)
        if bounded:
            together = {spec.name: _at_maximum(spec) for spec in bounded}
            sweep[key] = [{spec.name: _at_maximum(spec)} for spec in bounded] + [together]
    assert {"chrf", "bleu", "sari", "nltk-chrf", "nltk-bleu"} <= set(sweep)
    done = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", SWEEP, json.dumps(sweep)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["scored"] >= sum(map(len, sweep.values())) - 1, report  # NLTK-chrF's min_len=20 alone is invalid
