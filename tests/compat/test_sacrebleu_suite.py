"""sacrebleu's own tests pass through ``simpeval.compat.sacrebleu``.

The unchanged test files of sacrebleu (``../shared/peer_suites/sacrebleu``: BLEU, sentence BLEU,
chrF, TER, the Tercom tokenizer, significance, the API and the datasets) are copied into a
temporary ``test/`` folder beside their data file, only their imports rewritten (``import
sacrebleu`` -> ``import simpeval.compat.sacrebleu as sacrebleu``, ``from sacrebleu...`` ->
``from simpeval.compat.sacrebleu...``), and run by pytest in a separate process. The cases that
need a WMT test set's files (downloads, which simpeval leaves to sacrebleu) are skipped with that
reason by a ``conftest.py`` the harness writes beside them (:data:`NEED_DOWNLOADS`); every other
case runs. Skipped when ``../shared`` is missing, failed instead under ``CI``.
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
    "test_api.py",
    "test_dataset.py",
]
#: The cases that read a WMT test set's files, which only sacrebleu downloads: skipped, with the reason.
NEED_DOWNLOADS = {
    "test_api.py": ["test_api_get_source", "test_api_get_reference"],
    "test_dataset.py": [
        "test_maybe_download",
        "test_process_to_text",
        "test_get_files_and_fieldnames",  # the WMT XML sets' field names are read from their files
        "test_source_and_references",
        "test_wmt22_references",  # fieldnames() of wmt22, an XML set
    ],
}
CONFTEST = """import pytest

NEED_DOWNLOADS = {need!r}


def pytest_collection_modifyitems(items):
    for item in items:
        if item.originalname in NEED_DOWNLOADS.get(item.path.name, ()):
            item.add_marker(pytest.mark.skip(reason="needs a WMT test set's files, which simpeval does not download"))
"""


def rewrite_imports(source: str) -> str:
    """Point sacrebleu's imports at the compat module; nothing else changes."""
    source = re.sub(
        r"^(\s*)import sacrebleu\s*$", r"\1import simpeval.compat.sacrebleu as sacrebleu", source, flags=re.M
    )
    source = re.sub(r"^(\s*)import sacrebleu\.", r"\1import simpeval.compat.sacrebleu.", source, flags=re.M)
    return re.sub(r"^(\s*)from sacrebleu(\.|\s)", r"\1from simpeval.compat.sacrebleu\2", source, flags=re.M)


def test_rewrite_touches_only_imports() -> None:
    source = "import sacrebleu\nfrom sacrebleu.metrics import BLEU\nimport sacrebleu.dataset as d\nx = sacrebleu.corpus_bleu\n"
    assert rewrite_imports(source) == (
        "import simpeval.compat.sacrebleu as sacrebleu\nfrom simpeval.compat.sacrebleu.metrics import BLEU\n"
        "import simpeval.compat.sacrebleu.dataset as d\nx = sacrebleu.corpus_bleu\n"
    )


@pytest.mark.slow
def test_sacrebleus_own_tests_pass(tmp_path: Path) -> None:
    shared_paths([SUITE])
    folder = tmp_path / "test"
    folder.mkdir()
    for name in FILES:
        (folder / name).write_text(rewrite_imports((SUITE / name).read_text(encoding="utf-8")), encoding="utf-8")
    shutil.copyfile(SUITE / "wmt17_en_de_systems.pkl.bz2", folder / "wmt17_en_de_systems.pkl.bz2")
    (folder / "conftest.py").write_text(CONFTEST.format(need=NEED_DOWNLOADS), encoding="utf-8")
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
    # 130 of the six metric files, 3 of test_api.py; 6 + 5 cases need downloads
    assert re.fullmatch(r"133 passed, 11 skipped(, \d+ warnings?)? in [\d.]+s( \(.*\))?", summary), summary
