"""``simpeval.compat.easse`` against EASSE's own figures in ``../shared/golden/corpora.json``.

Every SARI flag (``legacy``, ``use_f1_for_deletion``, ``use_paper_version``) and ``corpus_bleu``
(EASSE's default and ``easse evaluate``'s lowercased call) on the published TurkCorpus and ASSET
test outputs, to 1e-9; the files are read from ``../shared`` as EASSE reads them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from simpeval.compat.easse import bleu, sari

from ..needs import SHARED, shared_paths

GOLDEN = SHARED / "golden" / "corpora.json"
FLAGS = {
    "easse_default": {},
    "easse_legacy": {"legacy": True},
    "easse_paper_version": {"use_paper_version": True},
    "easse_del_precision": {"use_f1_for_deletion": False},
    "easse_paper_version_del_precision": {"use_paper_version": True, "use_f1_for_deletion": False},
}


def _golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(shared_paths([GOLDEN])[0].read_text(encoding="utf-8"))
    return data


def _read(relative: str) -> list[str]:
    with open(SHARED / relative, encoding="utf-8") as f:
        return [line.strip() for line in f]


def _cases() -> list[tuple[str, str]]:
    if not GOLDEN.is_file():
        return [("missing", "missing")]
    datasets = json.loads(GOLDEN.read_text(encoding="utf-8"))["datasets"]
    return [
        (ds, name)
        for ds, data in datasets.items()
        for name, system in data["systems"].items()
        if system["kind"] == "system_output"
    ]


@pytest.mark.slow
@pytest.mark.parametrize(("dataset", "system"), _cases(), ids=lambda v: str(v))
def test_sari_flags_and_bleu_equal_easses(dataset: str, system: str) -> None:
    data = _golden()["datasets"][dataset]
    orig = _read(data["files"]["orig"]["path"])
    refs = [_read(ref["path"]) for ref in data["files"]["refs"]]
    entry = data["systems"][system]
    hyps = _read(entry["file"]["path"])
    for key, flags in FLAGS.items():
        if key in entry["sari"]:
            expected = entry["sari"][key]
            add, keep, delete = sari.get_corpus_sari_operation_scores(orig, hyps, refs, **flags)
            assert (add, keep, delete) == pytest.approx((expected["add"], expected["keep"], expected["del"]), abs=1e-9)
            assert sari.corpus_sari(orig, hyps, refs, **flags) == pytest.approx(expected["score"], abs=1e-9), key
    expected_bleu = entry.get("bleu_sacrebleu_default", {})
    if "easse_corpus_bleu_default" in expected_bleu:
        assert bleu.corpus_bleu(hyps, refs) == pytest.approx(expected_bleu["easse_corpus_bleu_default"], abs=1e-9)
    if "easse_cli_bleu_lowercase" in expected_bleu:
        assert bleu.corpus_bleu(hyps, refs, lowercase=True) == pytest.approx(
            expected_bleu["easse_cli_bleu_lowercase"], abs=1e-9
        )
