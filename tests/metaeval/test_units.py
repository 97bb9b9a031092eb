"""Issue 13: the statistics, the ratings readers and the rendering of meta-evaluation."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from simpeval.exceptions import InputFileError, InvalidOptionError, InvalidValueError
from simpeval.metaeval import HumanRatings, from_csv, meta_evaluate
from simpeval.metaeval.stats import correlation, pair_signs, williams
from simpeval.report import available_formats
from simpeval.report.metaeval import render_metaeval

VALUES = st.lists(st.floats(-100, 100, allow_nan=False), min_size=3, max_size=30)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_correlations_are_scipys(data: st.DataObject) -> None:
    x = data.draw(VALUES)
    y = data.draw(st.lists(st.floats(-100, 100, allow_nan=False), min_size=len(x), max_size=len(x)))
    for method, function in (("pearson", stats.pearsonr), ("spearman", stats.spearmanr), ("kendall", stats.kendalltau)):
        ours = correlation(x, y, method)
        if np.ptp(x) == 0 or np.ptp(y) == 0:
            assert math.isnan(ours)
        else:
            expected = function(x, y)[0]
            assert ours == pytest.approx(expected, nan_ok=True)


def test_williams_against_a_hand_computation() -> None:
    # K = 1 - .36 - .16 - .25 + 2(.6)(.4)(.5) = .47; t = .2 sqrt(99 * 1.5) / sqrt(2 * .47 * 99/97 + .25 * .125)
    t, p = williams(0.6, 0.4, 0.5, 100)
    assert t == pytest.approx(0.2 * math.sqrt(99 * 1.5) / math.sqrt(2 * 0.47 * 99 / 97 + 0.25 * 0.125))
    assert p == pytest.approx(stats.t.sf(t, 97))
    assert math.isnan(williams(0.6, 0.4, 0.5, 3)[0])


def test_pair_signs_follow_the_direction() -> None:
    assert list(pair_signs([3, 1, 2])) == [1, 1, -1]
    assert list(pair_signs([3, 1, 2], higher_is_better=False)) == [-1, -1, 1]


def _toy() -> HumanRatings:
    outputs = ("a cat sat on the mat", "the dog ran in the park", "it is a big house", "cat mat", "dog", "house big",
               "a cat sat on a mat", "the dog ran", "it is big")  # fmt: skip
    systems = ("good",) * 3 + ("bad",) * 3 + ("mid",) * 3
    return HumanRatings("toy", "simplicity", (0, 1, 2) * 3, systems, outputs, (90, 80, 85, 10, 20, 15, 60, 50, 55))


REFS = [["a cat sat on the mat", "the dog ran in the park", "it is a big house"]]


def test_meta_evaluation_of_a_toy_corpus() -> None:
    result = meta_evaluate(_toy(), REFS, metrics=["chrf", "ter"], n_samples=50, seed=3)
    assert result.correlation("chrF2", "system", "pearson").value > 0.9
    assert result.correlation("TER", "system", "pearson").value < -0.9  # lower is better
    assert [r.accuracy for r in result.ranking] == [1.0, 1.0] and result.ranking[0].n_pairs == 3
    assert result.agreement[0].agreement == 1.0
    again = meta_evaluate(_toy(), REFS, metrics=["chrf", "ter"], n_samples=50, seed=3)
    assert again == result  # seeded


@pytest.mark.parametrize("fmt", available_formats())
def test_every_format_renders(fmt: str) -> None:
    text = render_metaeval(meta_evaluate(_toy(), REFS, metrics=["chrf", "bleu"], n_samples=20), fmt)
    assert "chrF2" in text
    if fmt == "json":
        assert json.loads(text)["correlations"][0]["metric"] == "chrF2"


def test_a_segment_outside_the_corpus_is_an_error() -> None:
    ratings = HumanRatings("x", "s", (0, 7), ("a", "a"), ("x", "y"), (1.0, 2.0))
    with pytest.raises(InvalidValueError, match="segment 8"):
        meta_evaluate(ratings, REFS, metrics=["bleu"], n_samples=0)


def test_duplicate_ratings_are_refused() -> None:
    with pytest.raises(InvalidOptionError, match="two ratings"):
        HumanRatings("x", "s", (0, 0), ("a", "a"), ("x", "y"), (1.0, 2.0))


@pytest.mark.parametrize(
    ("content", "message"),
    [("sent_id,sys_name,simp_sent\n1,a,x\n", "no column 'rating'"),
     ("sent_id,sys_name,simp_sent,rating\n1,a,x,high\n", "line 2"),
     ("sent_id,sys_name,simp_sent,rating\none,a,x,3\n", "line 2")],
)  # fmt: skip
def test_csv_errors_name_file_line_and_column(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "ratings.csv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputFileError, match=message):
        from_csv(path)
    with pytest.raises(InputFileError, match="cannot be read"):
        from_csv(tmp_path / "missing.csv")


def test_cli_with_a_csv_of_ones_own(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from simpeval.cli import main

    ratings = _toy()
    rows = ["sent_id,sys_name,simp_sent,rating"] + [f'{s + 1},{sys},"{out}",{r}' for s, sys, out, r in
                                                     zip(ratings.segments, ratings.systems, ratings.outputs, ratings.scores)]  # fmt: skip
    (tmp_path / "r.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("\n".join(REFS[0]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["meta-eval", "--ratings", str(tmp_path / "r.csv"), "--refs", str(tmp_path / "ref.txt"),
                                       "-m", "chrf", "--n-samples", "10", "-f", "csv"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.output.startswith("table,level,metric_a") and "chrF2" in result.output
