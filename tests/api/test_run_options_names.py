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


def test_the_old_jobs_keyword_is_paired_jobs_with_a_warning_at_the_caller() -> None:
    with pytest.warns(DeprecationWarning) as caught:
        options = RunOptions(jobs=2)
    assert options == RunOptions(paired_jobs=2)
    assert len(caught) == 1 and caught[0].filename == __file__
    message = str(caught[0].message)
    assert message.startswith("RunOptions(jobs=2) is deprecated and goes in the next release: ")
    assert "write RunOptions(paired_jobs=2)" in message and "n_jobs= is the worker processes" in message


def test_the_old_keyword_survives_dataclasses_replace_without_a_warning() -> None:
    with pytest.warns(DeprecationWarning):
        options = RunOptions(jobs=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert dataclasses.replace(options, n_jobs=2) == RunOptions(paired_jobs=0, n_jobs=2)


def test_old_and_new_names_do_not_mix() -> None:
    with pytest.raises(TypeError, match=r"RunOptions: give paired_jobs= or the old jobs=, not both\."):
        RunOptions(paired_jobs=2, jobs=3)


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"paired_jobs": -1}, r"compare: paired_jobs must be an integer >= 0, 0 for one per CPU \(got -1\)\."),
        ({"paired_jobs": True}, r"compare: paired_jobs must be an integer >= 0"),
        ({"jobs": -1}, r"compare: jobs must be an integer >= 0, 0 for one per CPU \(got -1\)\."),
        ({"jobs": 1.5}, r"compare: jobs must be an integer >= 0"),
    ],
)
def test_each_spelling_is_checked_under_its_own_name(keywords: dict[str, object], message: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an invalid value is refused before any warning
        with pytest.raises(InvalidOptionError, match=message):
            RunOptions(**keywords)  # type: ignore[arg-type]


def test_every_spelling_of_the_threads_gives_the_same_table() -> None:
    new = compare(SYSTEMS, REFS, metrics=["bleu", "chrf"], run=RunOptions(paired_jobs=2))
    with pytest.warns(DeprecationWarning, match=r"write RunOptions\(paired_jobs=2\)"):
        renamed = compare(SYSTEMS, REFS, metrics=["bleu", "chrf"], run=RunOptions(jobs=2))
    with pytest.warns(DeprecationWarning, match=r"write compare\(run=RunOptions\(paired_jobs=2\)\)") as caught:
        old = compare(SYSTEMS, REFS, metrics=["bleu", "chrf"], jobs=2)  # type: ignore[call-arg]
    assert caught[0].filename == __file__
    assert new == renamed == old
