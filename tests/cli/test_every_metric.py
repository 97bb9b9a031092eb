"""Every built-in metric through the command line, read from the registry (``tests/registry.py``).

``simpeval score -m NAME`` gives the library's score and signature, with the inputs the metric's
class attributes ask for (``-s`` only when it requires sources, ``-r`` only when it requires
references); ``--help`` lists it, and each of its declared options has a ``--<metric>-<option>``
flag. A new metric is run here as soon as its registry line exists.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from simpeval import get_metric
from simpeval.cli import main
from simpeval.io import read_lines
from simpeval.metrics import metric_class
from simpeval.metrics.options import metric_options

from ..registry import builtin_metric_params, builtin_metrics, scoring_inputs


def _invoke(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


@pytest.mark.slow
@pytest.mark.parametrize("name", builtin_metric_params())
def test_score_gives_the_library_result(runner: CliRunner, tmp_corpus, name: str) -> None:
    corpus = tmp_corpus()
    cls = metric_class(name)
    args = ["score", "-i", corpus["sys1.txt"], "-m", name, "-f", "json", "-w", "6"]
    if cls.requires_source:
        args += ["-s", corpus["src.txt"]]
    if cls.requires_references:
        args += ["-r", corpus["ref0.txt"], corpus["ref1.txt"], corpus["ref2.txt"]]
    [record] = json.loads(_invoke(runner, *args))
    refs = [read_lines(corpus[f"ref{j}.txt"]) for j in range(3)]
    given = scoring_inputs(name, refs, read_lines(corpus["src.txt"]))
    expected = get_metric(name).corpus_score(read_lines(corpus["sys1.txt"]), **given)
    assert (record["metric"], record["score"]) == (expected.metric, expected.score)
    assert record["signature"] == expected.signature.format()


@pytest.mark.parametrize("name", builtin_metrics())
def test_help_lists_the_metric_and_its_options(runner: CliRunner, name: str) -> None:
    text = " ".join(_invoke(runner, "score", "--help").split()).replace("- ", "-")
    assert name in text
    for spec in metric_options(metric_class(name)):
        if spec.cli:
            flag = f"--{name}-{spec.name.replace('_', '-')}"
            assert flag in text, f"score --help has no {flag}"
