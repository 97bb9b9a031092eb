"""``python -m simpeval.compat.sacrebleu``: sacrebleu's command line, scored by simpeval.

``python -m simpeval.compat.sacrebleu REF < sys`` behaves as ``sacrebleu REF < sys``: the same
arguments (``-m bleu chrf ter``, ``-b``, ``-w``, ``-f``, ``-tok``, ``-lc``, ``--confidence``,
``-i`` with several systems, ``--paired-bs``/``--paired-ar``, ...), the same output and exit
codes, because it runs sacrebleu's own command-line front with simpeval's metric classes and
paired tests (:mod:`simpeval.compat.sacrebleu.metrics`, :mod:`simpeval.compat.sacrebleu.significance`) in place of
sacrebleu's. What needs a WMT test set's files (``-t``, ``--echo``, ``--origlang``) is one line:
simpeval does not download them.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ...exceptions import SimpevalError


def main(argv: Sequence[str] | None = None) -> None:
    """Run sacrebleu's command line with simpeval's metrics (``argv``: the arguments, default ``sys.argv[1:]``)."""
    import sacrebleu.sacrebleu as front
    import sacrebleu.significance

    from . import metrics, significance, utils

    setattr(front, "METRICS", metrics.METRICS)  # noqa: B010  # the classes the front builds
    setattr(sacrebleu.significance, "PairedTest", significance.PairedTest)  # noqa: B010  # imported in main()
    for name in ("get_reference_files", "download_test_set", "print_test_set", "filter_subset", "print_subset_results"):
        setattr(front, name, getattr(utils, name))
    if argv is not None:
        sys.argv = [sys.argv[0], *argv]
    try:
        front.main()  # type: ignore[no-untyped-call]
    except SimpevalError as err:  # one line, as sacrebleu's own errors are
        sys.stderr.write(f"sacreBLEU: {err}\n")
        sys.exit(1)


if __name__ == "__main__":
    main()
