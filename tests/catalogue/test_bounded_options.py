"""Bounded options, C136-C141.

The cases of the catalogue (``docs/catalogue.md``) of that section, one per row: every order-like or size-like
option declares a maximum (``option(maximum=...)``) that the constructor, the CLI flags, ``explain``, the compat
and ``hf`` fronts inherit; nan, inf and contradictory values from the command line are usage errors (exit 2).
``tests/metrics/test_option_bounds.py`` goes further (every metric's options, the sweep at the maximums).
The cases have the shape of ``tests/catalogue/test_encodings_and_outputs.py``'s (:class:`Case`);
``test_catalogue_lists_every_case`` there checks that the catalogue lists them after the others, in order.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import sacrebleu

from simpeval import get_metric, hf
from simpeval.compat import sacrebleu as compat
from simpeval.exceptions import InvalidOptionError

from ..metrics import test_option_bounds as bounds
from .test_encodings_and_outputs import API, CLI, Case, _param
from .test_files_and_options import cli, error

TWO_WORDS = {"sys.txt": "a b\n", "ref.txt": "a b\n", "src.txt": "a b c\n"}


def _one_line(call: Callable[[], object], *fragments: str) -> None:
    with pytest.raises(InvalidOptionError) as raised:
        call()
    message = str(raised.value)
    assert "\n" not in message and len(message) < 200, message
    for fragment in fragments:
        assert fragment in message, (fragment, message)


def _orders_past_their_maximum(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    _one_line(lambda: get_metric("chrf", word_order=10**9), "word_order", "0 to 10")
    _one_line(lambda: get_metric("chrf", char_order=21), "char_order", "0 to 20")
    _one_line(lambda: get_metric("bleu", max_ngram_order=10**9), "max_ngram_order", "1 to 10")
    _one_line(lambda: get_metric("sari", max_order=11), "max_order", "1 to 10")
    _one_line(lambda: get_metric("nltk-chrf", max_len=10**9), "max_len", "1 to 20")
    _one_line(lambda: get_metric("nltk-bleu", weights=(0.1,) * 11), "weights", "at most 10 numbers")
    _one_line(lambda: hf.CHRF().compute(predictions=["a b"], references=[["a b"]], word_order=10**9), "word_order")
    _one_line(lambda: compat.BLEU(max_ngram_order=11), "max_ngram_order", "1 to 10")
    _one_line(lambda: compat.corpus_chrf(["a b"], [["a b"]], char_order=10**9), "char_order", "0 to 20")
    assert sacrebleu.CHRF(word_order=11).corpus_score(["a b"], [["a b"]]).score == 100  # sacrebleu accepts it


def _huge_beta(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    _one_line(lambda: get_metric("chrf", beta=10**200), "beta", "0 to 100", "1.000e+200")
    _one_line(lambda: compat.CHRF(beta=10**200), "beta", "0 to 100")
    _one_line(lambda: get_metric("nltk-chrf", beta=1e300), "beta", "0 to 100")
    with pytest.raises(OverflowError):  # sacrebleu's own: a raw OverflowError
        sacrebleu.CHRF(beta=10**200).corpus_score(["a b"], [["a c"]])


def _flags_past_their_maximum(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    base = ["-i", "{sys.txt}", "-r", "{ref.txt}", "-s", "{src.txt}"]
    chrf = cli(tmp, ["score", *base, "-m", "chrf", "--chrf-word-order", "1000000000"], TWO_WORDS)
    error(chrf, 2, "--chrf-word-order", "0<=x<=10")
    bleu = cli(tmp, ["score", *base, "-m", "bleu", "--bleu-max-ngram-order", "11"], TWO_WORDS)
    error(bleu, 2, "--bleu-max-ngram-order", "1<=x<=10")
    explain = cli(tmp, ["explain", "-s", "a b c", "-p", "a b", "-r", "a b", "--sari-max-order", "1000000000"])
    error(explain, 2, "--sari-max-order", "1<=x<=10")


def _non_finite_flags(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    base = ["score", "-i", "{sys.txt}", "-r", "{ref.txt}"]
    for metric, flag, value in [
        ("nltk-chrf", "--nltk-chrf-beta", "nan"),
        ("nltk-chrf", "--nltk-chrf-beta", "inf"),
        ("bleu", "--bleu-smooth-value", "nan"),
        ("bleu", "--bleu-smooth-value", "inf"),
        ("nltk-bleu", "--nltk-bleu-weights", "nan,0.5"),
    ]:
        error(cli(tmp, [*base, "-m", metric, flag, value], TWO_WORDS), 2, flag)


def _min_above_max(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    flags = ["--nltk-chrf-min-len", "5", "--nltk-chrf-max-len", "2"]
    result = cli(tmp, ["score", "-i", "{sys.txt}", "-r", "{ref.txt}", "-m", "nltk-chrf", *flags], TWO_WORDS)
    error(result, 2, "min_len must not exceed max_len")


def _every_option_at_its_maximum(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    bounds.test_no_option_value_makes_a_two_word_input_slow()


# fmt: off
CASES: list[Case] = [
    Case("C136", "CHRF(word_order=10**9), char_order, BLEU max_ngram_order, SARI max_order, NLTK-chrF max_len, 11 NLTK-BLEU weights; also through hf and compat.sacrebleu", API,
         "`InvalidOptionError`, one line naming the option and its declared bound (`word_order must be 0 to 10`); "
         "compat.sacrebleu refuses too where sacrebleu accepts (a deliberate difference: sacrebleu hangs at 10**9)",
         _orders_past_their_maximum),
    Case("C137", "CHRF(beta=10**200), compat CHRF(beta=10**200), NLTK-chrF beta=1e300", API,
         "`InvalidOptionError`: beta must be 0 to 100 (got 1.000e+200); sacrebleu's own raises a raw OverflowError",
         _huge_beta),
    Case("C138", "--chrf-word-order 1000000000, --bleu-max-ngram-order 11, explain --sari-max-order 1000000000", CLI,
         "usage error (exit 2) naming the flag and its range (`0<=x<=10`)", _flags_past_their_maximum),
    Case("C139", "--nltk-chrf-beta nan or inf, --bleu-smooth-value nan or inf, --nltk-bleu-weights nan,0.5", CLI,
         "usage error (exit 2) naming the flag: not a finite number (was exit 1)", _non_finite_flags),
    Case("C140", "--nltk-chrf-min-len 5 --nltk-chrf-max-len 2", CLI,
         "usage error (exit 2): min_len must not exceed max_len (was exit 1)", _min_above_max),
    Case("C141", "every declared numeric option at its maximum, alone and together, on a two-word input", API,
         "scored, sentence-scored and explained within a generous wall limit (a subprocess timeout)",
         _every_option_at_its_maximum),
]
# fmt: on


@pytest.mark.slow
@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_case(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIMPEVAL_CACHE", str(tmp_path / "default-cache"))
    monkeypatch.setenv("SIMPEVAL_MIRROR", "http://127.0.0.1:9")  # nothing listens: no case reaches the network
    case.check(tmp_path, monkeypatch)
