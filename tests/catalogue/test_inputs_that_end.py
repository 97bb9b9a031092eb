"""Inputs that do not end and outputs that are inputs, C142 onwards.

The cases of the catalogue (``docs/catalogue.md``) for an endless input beside inputs that end
(a ``yes`` pipe on the command line, ``itertools.repeat`` in Python: the line-count error once
the others end, not a hang), an ``hf`` module whose ``compute()`` fails (what was added is kept),
and an output file that is one of the inputs (refused before any work). The dedicated tests
named in each check's docstring go further; these stay small. The cases have the shape of
``tests/catalogue/test_encodings_and_outputs.py``'s (:class:`Case`), which lists them after those
of ``tests/catalogue/test_clusters_and_shards.py`` (:func:`later_cases`).
"""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest

from simpeval import hf
from simpeval.alignment import LINE_COUNT_MISMATCH
from simpeval.api import evaluate_streams
from simpeval.exceptions import InputLengthMismatchError

from ..api.test_streaming import _raised_within
from .test_encodings_and_outputs import API, CLI, Case, _param
from .test_files_and_options import cli, error


def _endless_pipe(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/cli/test_endless_inputs.py (references, sources, a system, standard input, --jobs 2)."""
    (tmp / "sys.txt").write_text("a b\na c\n", encoding="utf-8")
    writer = subprocess.Popen(["yes", "a b"], stdout=subprocess.PIPE)
    assert writer.stdout is not None
    fd = writer.stdout.fileno()
    try:
        result = subprocess.run(
            [sys.executable, "-m", "simpeval", "score", "-m", "bleu", "-i", "sys.txt", "-r", f"/dev/fd/{fd}"],
            cwd=tmp,
            pass_fds=(fd,),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        writer.kill()
        writer.wait()
        writer.stdout.close()
    listing = f"sys.txt: 2 lines, /dev/fd/{fd}: more than 110000 lines"
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.splitlines() == [f"Error: {LINE_COUNT_MISMATCH}, but they differ: {listing}."]


def _endless_iterator(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/api/test_streaming.py::test_an_endless_input_gives_the_length_error_once_the_others_end."""
    err = _raised_within(
        60, lambda: evaluate_streams({"sys": ["a b", "a c"]}, [itertools.repeat("a b")], metrics=["bleu"])
    )
    assert isinstance(err, InputLengthMismatchError)
    assert str(err).endswith("but they differ: sys: 2, references[0]: more than 110000.")  # a chunk, then COUNT_AHEAD


def _failed_compute(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/compat/test_hf.py::test_a_failed_compute_keeps_what_was_added (four ways to fail)."""
    preds, refs = ["the cat sat", "it rains"], [["the cat sat down"], ["it rains today"]]
    bleu = hf.SacreBLEU()
    bleu.add(prediction=preds[0], reference=refs[0])
    bleu.add_batch(predictions=preds[1:], references=refs[1:])
    with pytest.raises(ValueError):
        bleu.compute(smooth_method="nope")
    with pytest.raises(TypeError):
        bleu.compute(tokenise="intl")
    with pytest.raises(ValueError):
        bleu.compute(predictions=["x"], references=[["a", "b"]])  # ragged with what was added
    assert bleu.compute() == hf.SacreBLEU().compute(predictions=preds, references=refs)


def _output_is_an_input(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/cli/test_output_is_an_input.py (links, hard links, every input option, --plot)."""
    page = tmp / "out.html"
    page.write_text("<html>before</html>\n", encoding="utf-8")
    (tmp / "link.html").symlink_to(page)
    stamp = page.stat().st_mtime_ns
    for output in (page, tmp / "link.html"):
        result = cli(tmp, ["report", "-i", str(page), "-r", "{ref.txt}", "-o", str(output)])
        error(result, 2, "is also an input (--input", "it would be overwritten; write to another file.")
    assert page.read_text(encoding="utf-8") == "<html>before</html>\n" and page.stat().st_mtime_ns == stamp


# fmt: off
CASES: list[Case] = [
    Case("C142", "score -i sys.txt -r <(yes 'a b'): an endless pipe beside files that end", CLI,
         "error (exit 1) once sys.txt ends, in the one line-count wording: the endless input is `more than N lines` "
         "(counted 100,000 lines past the chunk read), not a hang at 100% CPU", _endless_pipe),
    Case("C143", "evaluate_streams (or corpus_score_iter) with an endless iterator (itertools.repeat) among its inputs",
         API, "`InputLengthMismatchError` once the other inputs end: every input with its length, the endless one "
         "`more than N`", _endless_iterator),
    Case("C144", "hf.*.compute() that raises (a bad option, a typo'd keyword, ragged references) after add()/add_batch()",
         API, "the error; what add()/add_batch() accumulated is kept (not the failed call's own inputs), so the "
         "corrected compute() scores it, as in evaluate", _failed_compute),
    Case("C145", "report -i out.html ... -o out.html (or -o a link to an input; --plot onto an input)", CLI,
         "usage error (exit 2) before any work: `--output out.html is also an input (--input out.html)`; the file "
         "untouched", _output_is_an_input),
]
# fmt: on


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_case(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIMPEVAL_CACHE", str(tmp_path / "default-cache"))
    monkeypatch.setenv("SIMPEVAL_MIRROR", "http://127.0.0.1:9")  # nothing listens: no case reaches the network
    case.check(tmp_path, monkeypatch)
