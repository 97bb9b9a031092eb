"""EASSE's ``easse.utils.constants``: where its data lives, and the names it accepts.

``DATA_DIR`` is a folder laid out like EASSE's ``easse/resources/data`` (``test_sets/...`` and
``system_outputs/...``), under simpeval's cache (``$SIMPEVAL_CACHE``, else the per-user cache,
read when this module is first imported). Nothing is created or downloaded at import: the
functions of :mod:`.resources` and :mod:`simpeval.compat.easse.utils.helpers` fill it, file by file, from simpeval's
checksummed test-set registry on first use.

Examples:
    >>> DATA_DIR.parts[-2:], TEST_SETS_DIR.name, SYSTEM_OUTPUTS_DIR.name
    (('easse', 'data'), 'test_sets', 'system_outputs')
    >>> "turkcorpus_test_legacy" in VALID_TEST_SETS and "wikisplit_test" in VALID_TEST_SETS
    True
"""

from __future__ import annotations

from ....cache import resolve_cache_dir
from ....testsets import available_testsets

__all__ = ["DATA_DIR", "DEFAULT_METRICS", "SYSTEM_OUTPUTS_DIR", "TEST_SETS_DIR", "VALID_METRICS", "VALID_TEST_SETS"]

DATA_DIR = resolve_cache_dir() / "easse" / "data"
TEST_SETS_DIR = DATA_DIR / "test_sets"
SYSTEM_OUTPUTS_DIR = DATA_DIR / "system_outputs"

#: EASSE's test-set names (``turkcorpus_test``): every registered corpus, with underscores.
VALID_TEST_SETS = tuple(name.replace("-", "_") for name in available_testsets(kind="corpus")) + ("custom",)
VALID_METRICS = (
    "bleu",
    "sari",
    "samsa",
    "fkgl",
    "sent_bleu",
    "f1_token",
    "sari_legacy",
    "sari_by_operation",
    "bertscore",
)
DEFAULT_METRICS = ("bleu", "sari", "fkgl")
