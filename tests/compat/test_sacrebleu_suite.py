"""sacrebleu's own tests pass through ``simpeval.compat.sacrebleu``.

The unchanged test files of sacrebleu (``../shared/peer_suites/sacrebleu``: BLEU, sentence BLEU,
chrF, TER, the Tercom tokenizer and significance) are copied into a temporary ``test/`` folder
beside their data file, only their imports rewritten (``import sacrebleu`` ->
``import simpeval.compat.sacrebleu as sacrebleu``, ``from sacrebleu...`` ->
``from simpeval.compat.sacrebleu...``), and run by pytest in a separate process. Skipped when
``../shared`` is missing, failed instead under ``CI``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..needs import SHARED, shared_paths

SUITE = SHARED / "peer_suites" / "sacrebleu"
FILES = [
    "test_bleu.py",
    "test_sentence_bleu.py",
    "test_chrf.py",
    "test_ter.py",
    "test_tokenizer_ter.py",
    "test_significance.py",
]


def rewrite_imports(source: str) -> str:
    """Point sacrebleu's imports at the compat module; nothing else changes."""
    source = re.sub(
        r"^(\s*)import sacrebleu\s*$", r"\1import simpeval.compat.sacrebleu as sacrebleu", source, flags=re.M
    )
    return re.sub(r"^(\s*)from sacrebleu(\.|\s)", r"\1from simpeval.compat.sacrebleu\2", source, flags=re.M)


def test_rewrite_touches_only_imports() -> None:
    source = "import sacrebleu\nfrom sacrebleu.metrics import BLEU\nx = sacrebleu.corpus_bleu\n"
    assert rewrite_imports(source) == (
        "import simpeval.compat.sacrebleu as sacrebleu\nfrom simpeval.compat.sacrebleu.metrics import BLEU\n"
        "x = sacrebleu.corpus_bleu\n"
    )


@pytest.mark.slow
def test_sacrebleus_own_tests_pass(tmp_path: Path) -> None:
    shared_paths([SUITE])
    folder = tmp_path / "test"
    folder.mkdir()
    for name in FILES:
        (folder / name).write_text(rewrite_imports((SUITE / name).read_text(encoding="utf-8")), encoding="utf-8")
    shutil.copyfile(SUITE / "wmt17_en_de_systems.pkl.bz2", folder / "wmt17_en_de_systems.pkl.bz2")
    environment = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    environment.pop("SACREBLEU_SEED", None)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path), "test"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=environment,
        timeout=900,
    )
    summary = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr[-2000:]
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert re.fullmatch(r"130 passed(, \d+ warnings?)? in [\d.]+s( \(.*\))?", summary), summary
