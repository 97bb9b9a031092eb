"""Fixtures of the teaching-metric tests: a deterministic parity set and ASSET sentences.

The parity set is generated here (no file): hand-written base sentences (written for these
tests) turned into hypothesis/reference pairs by paraphrase (WordNet synonyms), reordering,
truncation, insertion, deletion, inflection (Porter stems), punctuation and case changes,
repetition, plus empty and one-word sentences; some pairs have two or three references.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from ...needs import SHARED, shared_paths

Pair = tuple[str, list[str]]

ASSET = SHARED / "corpora" / "asset"

BASE = [
    "The quick brown fox jumps over the lazy dog .",
    "It rained heavily in the city yesterday .",
    "The committee postponed the decision because several members were absent .",
    "She bought a big house near the river last year",
    "Scientists discovered a new species of frog in the rainforest .",
    "The children are playing happily in the garden , while their parents talk .",
    "He began to write his first novel at the age of forty .",
    "Heavy rainfall caused the river to overflow its banks overnight .",
    "The museum , which opened in 1990 , attracts many visitors every summer .",
    "Our teacher explained the difficult problem very clearly .",
    "The old man walked slowly to the small shop on the corner .",
    "Many people believe that the film was better than the book !",
    "Is this the right way to the station ?",
    "The company will hire fifty new workers next month .",
    "A cat sat on the mat and the cat slept .",
    "They quickly finished the large meal and left the restaurant .",
    "The students answered every question correctly , and the teacher was happy .",
    "Prices rose sharply after the storm destroyed the crops .",
    "The doctor said that the patient needs complete rest .",
    "We watched the beautiful sunset from the top of the hill .",
    "the the the the the the the",
    "Jeddah is the principal gateway to Mecca , Islam's holiest city .",
    "I can't believe it's already December !",
    "The film's ending surprised everyone in the cinema .",
]
SYNONYMS = {
    "quick": "fast",
    "big": "large",
    "large": "big",
    "began": "started",
    "bought": "purchased",
    "happily": "gladly",
    "difficult": "hard",
    "small": "little",
    "film": "movie",
    "hire": "employ",
    "discovered": "found",
    "finished": "completed",
    "rose": "increased",
    "sharply": "steeply",
    "rest": "sleep",
    "beautiful": "lovely",
    "children": "kids",
    "clearly": "plainly",
    "shop": "store",
    "city": "town",
    "destroyed": "ruined",
    "postponed": "delayed",
    "absent": "missing",
}
INFLECT = {
    "jumps": "jumping",
    "rained": "raining",
    "walked": "walks",
    "playing": "played",
    "members": "member",
    "visitors": "visitor",
    "discovered": "discovering",
    "answered": "answers",
    "watched": "watching",
    "explained": "explaining",
    "attracts": "attracted",
    "believe": "believes",
}
EXTRA = ["very", "really", "also", "then", "of", "the", "a", ",", "indeed"]


def _apply(kind: str, words: list[str], rng: random.Random) -> list[str]:
    """One transformation of a token list (the reference is the base sentence)."""
    if kind == "synonym":
        return [SYNONYMS.get(w, w) for w in words]
    if kind == "inflect":
        return [INFLECT.get(w, w) for w in words]
    if kind == "reorder" and len(words) > 3:
        cut = rng.randrange(1, len(words) - 1)
        return words[cut:] + words[:cut]
    if kind == "swap" and len(words) > 2:
        i = rng.randrange(len(words) - 1)
        return words[:i] + [words[i + 1], words[i]] + words[i + 2 :]
    if kind == "truncate":
        return words[: rng.randrange(0, max(1, len(words)))]
    if kind == "insert":
        i = rng.randrange(len(words) + 1)
        return words[:i] + [rng.choice(EXTRA)] + words[i:]
    if kind == "delete" and words:
        i = rng.randrange(len(words))
        return words[:i] + words[i + 1 :]
    if kind == "punct":
        return [w for w in words if w not in {".", ",", "!", "?"}] + [rng.choice([".", "!", "...", ""])]
    if kind == "case":
        return [w.upper() if rng.random() < 0.3 else w.capitalize() for w in words]
    if kind == "repeat" and words:
        return words + words[: rng.randrange(1, len(words) + 1)]
    if kind == "mixed":
        return _apply("reorder", _apply("synonym", _apply("delete", words, rng), rng), rng)
    return list(words)


KINDS = [
    "identity",
    "synonym",
    "inflect",
    "reorder",
    "swap",
    "truncate",
    "insert",
    "delete",
    "punct",
    "case",
    "repeat",
    "mixed",
]


def parity_pairs(seed: int = 20240601) -> list[Pair]:
    """At least 200 deterministic (hypothesis, references) pairs, edge cases first."""
    rng = random.Random(seed)
    pairs: list[Pair] = [
        ("", ["The cat sat on the mat ."]),
        ("The cat sat on the mat .", [""]),
        ("", [""]),
        ("cat", ["cat"]),
        ("cat", ["dog"]),
        ("Cat", ["cat"]),
        ("dog", ["The dog barked ."]),
        ("The dog barked .", ["dog"]),
        (".", ["."]),
        ("a b", ["a b c"]),
        ("a b c", ["a b c d"]),
        ("This is a simple test sentence", ["This is an example sentence"]),
        ("  spaced   out\ttext ", ["spaced out text"]),
    ]
    for base in BASE:
        words = base.split()
        for kind in KINDS:
            hyp = " ".join(_apply(kind, words, rng))
            if rng.random() < 0.2:  # several references: the base and a transformed one
                other = " ".join(_apply(rng.choice(KINDS), words, rng))
                pairs.append((hyp, [base, other] + ([" ".join(words[:3])] if rng.random() < 0.5 else [])))
            else:
                pairs.append((hyp, [base]))
    pairs += [(" ".join(rng.sample(BASE[i].split(), 3)), [BASE[i + 1]]) for i in range(len(BASE) - 1)]
    return pairs


def streams(pairs: list[Pair]) -> list[list[str | None]]:
    """Reference streams (``None`` where a segment has fewer references) of ``pairs``."""
    width = max(len(refs) for _, refs in pairs)
    return [[refs[j] if j < len(refs) else None for _, refs in pairs] for j in range(width)]


@pytest.fixture(scope="session")
def pairs() -> list[Pair]:
    """The parity set (at least 200 pairs)."""
    generated = parity_pairs()
    assert len(generated) >= 200
    return generated


@pytest.fixture(scope="session")
def asset_pairs() -> list[Pair]:
    """ASSET test sentences: original vs its first three simplifications (from ../shared)."""
    files = shared_paths([ASSET / "asset.test.orig"] + [ASSET / f"asset.test.simp.{j}" for j in range(3)])
    orig, *simps = ([line.rstrip("\n") for line in f.read_text(encoding="utf-8").splitlines()] for f in files)
    return [(o, [s[i] for s in simps]) for i, o in enumerate(orig)]


@pytest.fixture(scope="session")
def to_streams() -> Callable[[list[Pair]], list[list[str | None]]]:
    """:func:`streams`, for test modules (which cannot import this file under importlib mode)."""
    return streams


@pytest.fixture
def nltk_or_error() -> Callable[..., object]:
    """Call an NLTK function, returning ``"error"`` where it raises (to compare edge cases)."""

    def call(fn: Callable[..., object], *args: object, **kwargs: object) -> object:
        try:
            return fn(*args, **kwargs)
        except (AssertionError, ValueError, ZeroDivisionError, IndexError):
            return "error"

    return call
