"""The Python examples of README.md and of the documentation (docs/**/*.md) run and give what they claim.

Every ```python block runs, in a namespace of its own. A block that needs the network or a
package outside the test extra is fenced ```py or ```pycon instead, and is not run (keep those
few). A page with a block that scores METEOR needs WordNet (the ``wordnet`` marker). A page whose
code imports an optional package (``import dask.dataframe``, or a simpeval feature raising
``MissingDependencyError``) needs it: without it the page is skipped with the install hint, and
under ``CI`` it fails (``tests.needs.missing_optional``, the suite's one rule). A value an example
claims in a comment, on the line of an expression or on the line after it (``score.score  #
31.350246975246975``), is checked against what the expression gives, to the digits written; a
comment that shows a mapping (``# FrozenDict({'add': ...``) shows the type that prints.
"""

from __future__ import annotations

import ast
import math
import re
import sys
from pathlib import Path

import pytest

from ..needs import missing_optional

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
#: A comment that claims a number: ``# 26.953601953601954 (...)``, ``# 2.0``, ``# 70.0``.
CLAIM = re.compile(r"#\s*(-?\d+\.\d+(?:e-?\d+)?)(?![\d.])")
#: A comment that shows what an expression prints: ``# FrozenDict({'add': ...`` or ``# {'add': ...``.
SHOWN = re.compile(r"\s#\s*((?:[A-Z]\w*\()?\{')")


def _blocks(page: Path) -> list[str]:
    return BLOCK.findall(page.read_text(encoding="utf-8"))


def _page(page: Path) -> object:
    """``page`` as a parameter, marked ``wordnet`` when one of its blocks uses METEOR."""
    marks = [pytest.mark.wordnet] if any("METEOR" in block for block in _blocks(page)) else []
    return pytest.param(page, marks=marks, id=str(page.relative_to(ROOT)))


def _claim(lines: list[str], node: ast.stmt) -> str | None:
    """The number a comment claims for the expression ``node``: on its last line, or alone on the next."""
    end = node.end_lineno or node.lineno
    found = CLAIM.search(lines[end - 1].partition("#")[1] + lines[end - 1].partition("#")[2])
    if found is None and end < len(lines) and lines[end].lstrip().startswith("#"):
        found = CLAIM.match(lines[end].lstrip())
    return found.group(1) if found else None


def _run_page(page: Path) -> int:
    """Runs every block of ``page``; a missing optional package is :func:`missing_optional`'s to judge."""
    try:
        return sum(_run(block, str(page)) for block in _blocks(page))
    except ImportError as error:
        missing_optional(error, str(page.relative_to(ROOT)))


def _run(block: str, filename: str) -> int:
    """Runs the block statement by statement; returns how many claimed values it checked."""
    namespace: dict[str, object] = {}
    lines = block.split("\n")
    checked = 0
    for node in ast.parse(block, filename).body:
        if isinstance(node, ast.Expr):
            value = eval(compile(ast.Expression(node.value), filename, "eval"), namespace)
            is_print = isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "print"
            claimed = None if is_print else _claim(lines, node)  # what print shows is not checked here
            shown = SHOWN.search(lines[(node.end_lineno or node.lineno) - 1])
            if shown is not None:  # the repr's type and opening, as the REPL prints them
                assert repr(value).startswith(shown.group(1)), f"{filename}:{node.lineno}: it prints {value!r}"
                checked += 1
            if claimed is not None:
                decimals = len(claimed.partition(".")[2].partition("e")[0])
                tolerance = 0.0 if "e" in claimed else 0.5 * 10**-decimals
                assert isinstance(value, (int, float)), f"{filename}:{node.lineno}: {value!r} is not a number"
                assert math.isclose(value, float(claimed), rel_tol=1e-15, abs_tol=tolerance), (
                    f"{filename}:{node.lineno}: the comment claims {claimed}, the expression gives {value!r}"
                )
                checked += 1
        else:
            exec(compile(ast.Module([node], type_ignores=[]), filename, "exec"), namespace)
    return checked


@pytest.mark.parametrize("page", [_page(page) for page in PAGES])
@pytest.mark.slow
def test_python_blocks_run(page: Path) -> None:
    _run_page(page)


@pytest.mark.parametrize("ci", ["", "1"])
def test_a_page_without_its_optional_package_is_skipped_or_failed_under_ci(
    ci: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rule of tests/needs.py for docs pages: skipped with the install hint, failed when ``CI`` is set."""
    page = tmp_path / "page.md"
    page.write_text("```python\nimport dask.dataframe as dd\n```\n", encoding="utf-8")
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    monkeypatch.setitem(sys.modules, "dask", None)  # ``import dask...`` raises ModuleNotFoundError
    monkeypatch.setenv("CI", ci)
    outcome = pytest.fail.Exception if ci else pytest.skip.Exception
    with pytest.raises(outcome, match=r"page.md: dask is not installed \(pip install -e '\.\[dask\]'\)"):
        _run_page(page)


def test_a_module_of_simpeval_that_fails_to_import_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only optional packages are needs: a missing simpeval module or unknown package fails as itself."""
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    for module in ("simpeval.no_such_module", "no_such_package_anywhere"):
        page = tmp_path / "page.md"
        page.write_text(f"```python\nimport {module}\n```\n", encoding="utf-8")
        with pytest.raises(ModuleNotFoundError):
            _run_page(page)


@pytest.mark.wordnet  # the README's blocks run, METEOR's among them
def test_readme_and_docs_have_python_examples() -> None:
    assert _blocks(README), "the README has Python examples"
    assert sum(len(_blocks(page)) for page in PAGES[1:]) >= 10
    claimed = _run_page(README)
    assert claimed >= 4, "the README's claimed values are checked"


def test_readme_claimed_values() -> None:
    from simpeval import BLEU, SARI

    sources = ["About 95 species are currently accepted."]
    hypotheses = ["About 95 you now get in."]
    references = [
        ["About 95 species are currently known."],
        ["About 95 species are now accepted."],
        ["95 species are now accepted."],
    ]
    text = README.read_text(encoding="utf-8")
    easse = SARI().corpus_score(hypotheses, references, sources=sources)
    hf = SARI(variant="hf").sentence_score(hypotheses[0], [r[0] for r in references], source=sources[0])
    assert f"# {easse.score!r}" in text
    assert f"# {hf.score!r}" in text
    assert easse.signature.format().replace("nrefs:3", "nrefs:10") in text

    # the SARI-and-BLEU script: a copy of the input tops BLEU and comes last under SARI
    sources = ["About 95 species are currently accepted .", "The cat perched on the mat ."]
    references = [
        ["About 95 species are now accepted .", "The cat sat on the mat ."],
        ["95 species are now accepted .", "The cat sat on the mat ."],
        ["About 95 species are known now .", "A cat sat on the mat ."],
    ]
    systems = {"copy of the input": sources, "simplified": ["95 species are accepted .", "The cat sat ."]}
    for name, outputs in systems.items():
        sari = SARI().corpus_score(outputs, references, sources=sources).score
        bleu = BLEU().corpus_score(outputs, references).score
        assert f"# {name:18} SARI {sari:5.1f}  BLEU {bleu:5.1f}" in text


def test_docs_claimed_values() -> None:
    """A copy of the source under five SARI presets (docs/guide/sari.md)."""
    from simpeval import SARI

    source = "About 95 species are currently accepted ."
    references = [
        "About 95 species are currently known .",
        "About 95 species are now accepted .",
        "95 species are now accepted .",
    ]
    scores = [
        f"{variant} {SARI(variant=variant).sentence_score(source, references, source=source).score:.2f}"
        for variant in ["easse", "easse-delp", "hf", "xu2016", "t2t"]
    ]
    assert "# " + ", ".join(scores) in (ROOT / "docs" / "guide" / "sari.md").read_text(encoding="utf-8")
