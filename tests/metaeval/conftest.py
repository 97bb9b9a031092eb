"""Fixtures of the meta-evaluation tests: a toy rated corpus, and the registry's data served offline.

The loopback stand-in for raw.githubusercontent.com of ``tests/testsets/conftest.py`` is reused
as is: every test here gets an empty cache and a mirror where nothing listens (``_offline``,
autouse), and the tests that need ``../shared`` start the server with ``upstream`` (skipped
when ``../shared`` is missing, failed instead when ``CI`` is set).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from simpeval.metaeval import HumanRatings

from ..testsets.conftest import (  # noqa: F401  (fixtures, registered here by being imported)
    Upstream,
    _offline,
    cache,
    dead_mirror,
    upstream,
)

#: A toy corpus written for these tests: three sources, one reference each.
SOURCES = ["the old cat sat on the soft mat", "the big dog ran in the green park", "it is a very big house"]
REFERENCES = [["a cat sat on the mat", "the dog ran in the park", "it is a big house"]]
#: Three systems' outputs of those sources, rated 0-100: "good" near the references, "bad" far.
OUTPUTS = {
    "good": ["a cat sat on the mat", "the dog ran in the park", "it is a big house"],
    "mid": ["the cat sat on a mat", "the dog ran", "it is big"],
    "bad": ["cat mat", "dog", "house big"],
}
SCORES = {"good": (90.0, 80.0, 85.0), "mid": (60.0, 50.0, 55.0), "bad": (10.0, 20.0, 15.0)}


def toy_ratings(name: str = "toy") -> HumanRatings:
    """The toy corpus's ratings: 3 systems x 3 segments."""
    systems = [s for s in OUTPUTS for _ in range(3)]
    return HumanRatings(
        name,
        "simplicity",
        (0, 1, 2) * 3,
        tuple(systems),
        tuple(o for s in OUTPUTS for o in OUTPUTS[s]),
        tuple(x for s in OUTPUTS for x in SCORES[s]),
    )


@pytest.fixture
def toy() -> HumanRatings:
    return toy_ratings()


@pytest.fixture
def toy_files(tmp_path: Path) -> dict[str, Path]:
    """The toy corpus on disk: ``ratings.csv`` (Simplicity-DA's column names), ``ref.txt``, ``src.txt``."""
    ratings = toy_ratings()
    lines = ["sent_id,sys_name,simp_sent,rating"]
    lines += [
        f'{seg + 1},{system},"{out}",{score}'
        for seg, system, out, score in zip(ratings.segments, ratings.systems, ratings.outputs, ratings.scores)
    ]
    files = {"ratings": tmp_path / "ratings.csv", "ref": tmp_path / "ref.txt", "src": tmp_path / "src.txt"}
    files["ratings"].write_text("\n".join(lines) + "\n", encoding="utf-8")
    files["ref"].write_text("\n".join(REFERENCES[0]) + "\n", encoding="utf-8")
    files["src"].write_text("\n".join(SOURCES) + "\n", encoding="utf-8")
    return files
