"""The built API reference, as a newcomer meets it: the public names first, a metric's whole user
API on its page, no private module in the navigation, and a search for a name landing on it.

The docs are built once for the module, strictly (``-W --keep-going -n``, as ``.ci/run`` builds
them), unless ``SIMPEVAL_DOCS_BUILD`` names a build of this checkout's docs (``.ci/run`` passes
the one it has just made). The search test runs Sphinx's own ``searchtools.js`` under Node.js on
the built ``searchindex.js`` (``tests/docs/search.js``), so the ranking is the browser's.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import simpeval

from ..needs import ROOT, import_module, unavailable

pytestmark = pytest.mark.slow

GENERATED = "api/generated"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML build of ``docs/``."""
    given = os.environ.get("SIMPEVAL_DOCS_BUILD")
    if given:
        return Path(given)
    for package in ("sphinx", "myst_parser", "furo"):
        import_module(package)  # the docs extra: pip install -e ".[docs]"
    out = tmp_path_factory.mktemp("docs")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html"]
    run = subprocess.run([*command, str(ROOT / "docs"), str(out)], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-4000:]
    return out


def _ids(page: Path) -> list[str]:
    """The documented objects of an HTML page, in page order."""
    return re.findall(r'<dt class="sig sig-object py" id="([^"]+)"', page.read_text(encoding="utf-8"))


def test_the_simpeval_page_lists_every_public_name(built: Path) -> None:
    page = (built / "api" / "simpeval.html").read_text(encoding="utf-8")
    for name in simpeval.__all__:
        if name == "__version__":
            assert 'id="simpeval.__version__"' in page
        else:  # a row of its section's table, linked to the name's own page
            assert f'href="generated/simpeval.{name}.html#simpeval.{name}"' in page, name
            assert f"simpeval.{name}" in _ids(built / GENERATED / f"simpeval.{name}.html"), name


def test_a_metric_page_shows_the_inherited_user_methods_not_the_hooks(built: Path) -> None:
    ids = _ids(built / GENERATED / "simpeval.SARI.html")
    for method in ("corpus_score", "sentence_score", "sentence_scores", "corpus_score_iter", "get_signature"):
        assert f"simpeval.SARI.{method}" in ids, method
    assert "simpeval.SARI.explain" in ids  # its own user method
    for hook in ("extract_stats", "score_from_stats", "config_class", "signature_abbreviations", "score_rows"):
        assert f"simpeval.SARI.{hook}" not in ids, hook
    metric = _ids(built / GENERATED / "simpeval.Metric.html")  # the hooks, documented once for metric authors
    assert {"simpeval.Metric.extract_stats", "simpeval.Metric.score_from_stats"} <= set(metric)


def test_nothing_a_class_inherits_from_outside_simpeval(built: Path) -> None:
    assert _ids(built / GENERATED / "simpeval.SimpevalError.html") == ["simpeval.SimpevalError"]
    assert "simpeval.References.index" not in _ids(built / GENERATED / "simpeval.References.html")


def test_each_public_class_is_documented_once(built: Path) -> None:
    module_page = built / GENERATED / "simpeval.metrics.sari.metric.html"
    assert "simpeval.metrics.sari.metric.SARI" not in _ids(module_page)
    assert 'href="simpeval.SARI.html#simpeval.SARI"' in module_page.read_text(encoding="utf-8")


def test_private_modules_leave_the_navigation(built: Path) -> None:
    for page in ("index.html", "api/index.html", "api/simpeval.html", f"{GENERATED}/simpeval.metrics.html"):
        html = (built / page).read_text(encoding="utf-8")
        start = html.index('class="sidebar-tree"')
        nav = html[start : html.index("</aside>", start)]  # furo's navigation, not the page
        assert "simpeval.api" in nav and "simpeval.metrics" in nav, page
        assert not re.search(r"simpeval(\.\w+)*\._\w", nav), page  # no _arith, __main__, metrics._sacrebleu
    assert (built / GENERATED / "simpeval._arith.html").exists()  # still the target of cross-references


def _search(built: Path, query: str) -> list[str]:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        unavailable("Node.js is not installed (the search test runs Sphinx's searchtools.js: apt-get install nodejs)")
    run = subprocess.run(
        [node, str(Path(__file__).with_name("search.js")), str(built), query],
        capture_output=True,
        text=True,
        check=True,
    )
    return [json.loads(line)[0] for line in run.stdout.splitlines()]


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("SARI", "simpeval.SARI"),
        ("compare", "simpeval.compare"),
        ("render", "simpeval.render"),
        ("corpus_score", "simpeval.Metric.corpus_score"),
    ],
)
def test_a_search_lands_on_the_public_name_first(built: Path, query: str, first: str) -> None:
    results = _search(built, query)
    assert results[0] == first, results[:8]
