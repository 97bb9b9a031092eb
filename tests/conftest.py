"""Shared fixtures: a click ``CliRunner`` and a factory of tiny aligned corpora on disk."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Callable, Optional, Union

import pytest
from click.testing import CliRunner

# engine="fast" runs the compiled kernels on the suite's small inputs too (by default a process
# loads them only for jobs of 20,000 texts or more), so every test of "fast" tests them;
# tests/engines/test_choice.py tests the default policy itself.
os.environ.setdefault("SIMPEVAL_COMPILED_MIN_TEXTS", "0")

FileContent = Union[str, bytes, Sequence[str]]

#: A small aligned corpus (written for these tests): sources, three references, two systems.
SMALL_CORPUS: dict[str, list[str]] = {
    "src.txt": [
        "The committee postponed the decision because several members were absent .",
        "Heavy rainfall caused the river to overflow its banks overnight .",
        "The museum , which opened in 1990 , attracts many visitors every summer .",
    ],
    "ref0.txt": [
        "The committee delayed the decision because some members were missing .",
        "Heavy rain made the river flood overnight .",
        "The museum opened in 1990 . Many people visit it every summer .",
    ],
    "ref1.txt": [
        "Some members were absent , so the committee waited to decide .",
        "The river flooded in the night after a lot of rain .",
        "The museum opened in 1990 and many people visit it in summer .",
    ],
    "ref2.txt": [
        "The committee put off the decision because members were away .",
        "The river overflowed overnight because of heavy rain .",
        "Many visitors come to the museum every summer .",
    ],
    "sys1.txt": [
        "The committee delayed the decision because some members were absent .",
        "Heavy rain made the river overflow overnight .",
        "The museum opened in 1990 . It attracts many visitors every summer .",
    ],
    "sys2.txt": [
        "The committee postponed the decision because several members were absent .",
        "Heavy rainfall caused the river to overflow its banks .",
        "The museum , which opened in 1990 , attracts many visitors .",
    ],
}


@pytest.fixture
def runner() -> CliRunner:
    """A click test runner (stderr kept apart from stdout)."""
    return CliRunner()


@pytest.fixture
def tmp_corpus(tmp_path: Path) -> Callable[..., dict[str, str]]:
    """Write files under ``tmp_path`` and return ``{name: path}``.

    Called without arguments it writes :data:`SMALL_CORPUS` plus ``refs.tsv`` (its three
    references tab-separated). A value may be a list of lines (written with a final newline),
    a ``str`` (written as is) or ``bytes`` (written raw).
    """

    def make(files: Optional[Mapping[str, FileContent]] = None) -> dict[str, str]:
        if files is None:
            refs = zip(*(SMALL_CORPUS[f"ref{j}.txt"] for j in range(3)))
            files = {**SMALL_CORPUS, "refs.tsv": ["\t".join(r) for r in refs]}
        paths = {}
        for name, content in files.items():
            path = tmp_path / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            elif isinstance(content, str):
                path.write_bytes(content.encode("utf-8"))
            else:
                path.write_bytes("".join(line + "\n" for line in content).encode("utf-8"))
            paths[name] = str(path)
        return paths

    return make
