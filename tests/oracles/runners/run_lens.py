"""Run ``lens-metric`` (the oracle) on a JSON request; with the oracle's python.

Usage: ``ORACLE_PYTHON run_lens.py REQUEST.json`` (``python -m tests.oracles regenerate lens`` runs it).
The request holds ``jobs`` (each a ``checkpoint`` folder and ``rescale``), ``batch_size``, ``sources``, ``outputs`` and
``references`` (per segment); the scores of ``lens.LENS(...).score`` for every job are printed as
one JSON object on the last line of stdout, with the versions of lens-metric, torch and
transformers. Imports nothing from simpeval.
"""

import json
import sys
from importlib import metadata
from pathlib import Path


def main() -> None:
    request = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    from lens import LENS

    scores = []
    for job in request["jobs"]:
        metric = LENS(str(Path(job["checkpoint"]) / "checkpoints" / "model.ckpt"), rescale=job["rescale"])
        found = metric.score(
            request["sources"], request["outputs"], request["references"], batch_size=request["batch_size"]
        )
        scores.append([float(s) for s in found])
    versions = {name: metadata.version(name) for name in ("lens-metric", "torch", "transformers")}
    print(json.dumps({"scores": scores, "versions": versions}))


if __name__ == "__main__":
    main()
