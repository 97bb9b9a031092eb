"""The SimpEval human judgments of LENS (Maddela et al., 2023), registered with pinned URLs and sha256.

Every file is pinned to the Yao-Dou/LENS repository at commit ``8fa5b14`` and to its sha256; the
registry (:mod:`simpeval.testsets.registry`) builds a spec of each entry. Four sets of ratings
(one CSV file each, read as typed rows by :mod:`simpeval.testsets.lens_rows`) and one corpus:

* ``simpeval-2022``: SimpEval_2022, 360 simplifications (60 sentences of Wikipedia from late 2022
  x 6 systems: GPT-3.5 zero- and few-shot, MUSS, T5-3B and two human writers), each rated 0-100 by
  3 annotators, with z-scores and the simplification type (deletion, paraphrase, splitting);
* ``simpeval-past``: SimpEval_past, 2,400 simplifications (100 ASSET test sentences x 24 systems),
  each rated 0-100 by 5 annotators, with z-scores;
* ``simpda-2022``, ``simplikert-2022``: the outputs of SimpEval_2022 rated by crowd workers on
  adequacy, fluency and simplicity, one row per worker and output (3 workers per output): on a
  0-100 slider (direct assessment) and on Likert scales (1-5, simplicity -2..2);
* ``simpeval-2022-refs`` (a corpus): the 61 sources and the one reference each that LENS's
  meta-evaluation scripts score SimpEval_2022 against (``test.src``, ``test.dst``).

Examples:
    >>> [entry["name"] for entry in LENS_SETS]
    ['simpeval-2022', 'simpeval-past', 'simpda-2022', 'simplikert-2022', 'simpeval-2022-refs']
"""

from __future__ import annotations

from typing import Any

from .._citations import MADDELA_2023

__all__ = ["LENS_PREFIX", "LENS_SETS"]

#: Every URL below starts with this: the LENS repository at the pinned commit.
LENS_PREFIX = "https://raw.githubusercontent.com/Yao-Dou/LENS/8fa5b149f099f0c75563ee8344a2411b0bffbc37/"
_REFS = "experiments/meta_evaluation/data/simpeval_2022/references/"
_LICENCE = "no licence stated by the authors (Yao-Dou/LENS); cite Maddela et al. (2023)"


def _file(path: str, sha256: str) -> tuple[str, str, str]:
    """``(url, sha256, file name)``: the fields of a :class:`~simpeval.testsets.RemoteFile`."""
    return (LENS_PREFIX + path, sha256, path.rsplit("/", 1)[-1])


def _ratings(name: str, path: str, sha256: str, rows: int, description: str, notes: str) -> dict[str, Any]:
    return dict(
        name=name,
        description=description,
        files={"ratings": (_file(path, sha256),)},
        n_segments=rows,
        n_references=0,
        citation=MADDELA_2023,
        licence=_LICENCE,
        kind="ratings",
        notes=notes,
    )


#: The keyword arguments of each :class:`~simpeval.testsets.TestSetSpec` (files as RemoteFile fields).
LENS_SETS: tuple[dict[str, Any], ...] = (
    _ratings(
        "simpeval-2022",
        "data/simpeval_2022.csv",
        "205b20c27f7fb9caa9a42f9abdf4b52d16b4f53746dddb712d085a9f788fcb6a",
        360,
        "SimpEval_2022 (LENS): 60 sources x 6 systems incl. GPT-3.5, 3 ratings 0-100 each, simplification types",
        "original_id numbers the 60 sources; each is a line of simpeval-2022-refs, whose reference is "
        "mostly the 'Human 1 Writing' output. sentence_type is Deletions, Paraphrases or Splittings.",
    ),
    _ratings(
        "simpeval-past",
        "data/simpeval_past.csv",
        "85be6e62e592357d0dc3b77195d364bb67203ac019c13769ebd2fc31bc92f564",
        2400,
        "SimpEval_past (LENS): 100 ASSET test sources x 24 systems, 5 ratings 0-100 each",
        "Every 'original' is a line of asset-test (original_id numbers the 100 sources). "
        "processed_generation is the detokenized, truecased output.",
    ),
    _ratings(
        "simpda-2022",
        "data/simpDA_2022.csv",
        "9a214d3b67be55ce52f0b9cc1cd387a65ecd607b44b861a0d4e5d3269fe4cdbe",
        1080,
        "SimpDA_2022 (LENS): SimpEval_2022's 360 outputs x 3 workers, adequacy/fluency/simplicity 0-100",
        "One row per worker and output; Input.id is simpeval-2022's original_id.",
    ),
    _ratings(
        "simplikert-2022",
        "data/simplikert_2022.csv",
        "6269b7bebcddcfa8e9e677f04b54255fc4819c4c27944e34d21aec7b4ac8230f",
        1080,
        "SimpLikert_2022 (LENS): SimpEval_2022's 360 outputs x 3 workers, adequacy/fluency 1-5, simplicity -2..2",
        "One row per worker and output; Input.id is simpeval-2022's original_id.",
    ),
    dict(
        name="simpeval-2022-refs",
        description="The sources of SimpEval_2022 and the one reference each that LENS's meta-evaluation uses",
        files={
            "src": (_file(_REFS + "test.src", "9f811d577a7ed44f2ec6ff440157967683fb2b73417ad4485ecf34aac791cd44"),),
            "ref": (_file(_REFS + "test.dst", "973bfd5173a2730195c2d69b3f62d68f5cec454e86c68527b189ceaf5123a78c"),),
        },
        n_segments=61,
        n_references=1,
        citation=MADDELA_2023,
        licence=_LICENCE,
        notes=(
            "Lines 16 and 53 (1-based) hold the same source; their references differ by one space. LENS's "
            "scripts lowercase sources, outputs and references before scoring."
        ),
    ),
)
