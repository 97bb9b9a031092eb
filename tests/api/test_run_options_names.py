"""RunOptions' two counts of workers have two names: paired_jobs (threads), n_jobs (processes)."""

from __future__ import annotations

import dataclasses
import warnings

import pytest

from simpeval.api import RunOptions, compare
from simpeval.exceptions import InvalidOptionError

SYSTEMS = {"a": ["the cat sat", "a dog ran"], "b": ["cat", "dog ran"], "c": ["the cat", "a dog"]}
REFS = [["the cat sat", "a dog ran"]]


def test_the_fields_name_threads_and_processes_apart() -> None:
    names = [field.name for field in dataclasses.fields(RunOptions)]
    assert names == ["paired_jobs", "progress", "statistics", "n_jobs"]
    assert RunOptions(2).paired_jobs == 2  # the first positional field is still the threads


def test_the_new_spelling_warns_nothing() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        options = RunOptions(paired_jobs=3, n_jobs=1)
    assert (options.paired_jobs, options.n_jobs) == (3, 1)


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"paired_jobs": -1}, r"compare: paired_jobs must be an integer >= 0, 0 for one per CPU \(got -1\)\."),
        ({"paired_jobs": True}, r"compare: paired_jobs must be an integer >= 0"),
        ({"n_jobs": -1}, r"compare: n_jobs must be an integer >= 0"),
    ],
)
def test_each_count_is_checked_under_its_own_name(keywords: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        RunOptions(**keywords)  # type: ignore[arg-type]


def test_the_threads_change_no_bit_of_the_table() -> None:
    one = compare(SYSTEMS, REFS, metrics=["bleu", "chrf"], run=RunOptions(paired_jobs=1))
    assert compare(SYSTEMS, REFS, metrics=["bleu", "chrf"], run=RunOptions(paired_jobs=2)) == one
