"""User-defined metrics and tokenizers, by call or from an installed plugin package."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import simpeval
from simpeval import compare, get_metric, register_metric, unregister_metric
from simpeval.exceptions import InvalidOptionError, UnknownMetricError
from simpeval.metrics import Metric, Score, available_metrics

from ..needs import import_module
from ..registry import builtin_metrics

PLUGIN_METRIC = '''
"""A tiny plugin: the share of output words found in some reference (additive statistics)."""
from typing import Any, ClassVar, Mapping, Optional
import numpy as np
from simpeval.metrics import Metric, Score


class WordRecall(Metric):
    name: ClassVar[str] = "WordRecall"
    higher_is_better: ClassVar[bool] = True
    requires_source: ClassVar[bool] = False
    citation: ClassVar[str] = ""
    signature_abbreviations: ClassVar[Mapping[str, str]] = {"case": "c"}

    def __init__(self, lowercase: bool = True) -> None:
        self.lowercase = lowercase

    def signature_fields(self) -> list:
        return [("case", "lc" if self.lowercase else "mixed")]

    def extract_stats(self, hypotheses, references, sources) -> Any:
        rows = []
        for hyp, refs in zip(hypotheses, references):
            norm = (lambda t: t.lower()) if self.lowercase else (lambda t: t)
            words = norm(hyp).split()
            known = {w for ref in refs for w in norm(ref).split()}
            rows.append([sum(w in known for w in words), len(words)])
        return np.array(rows, dtype=np.float64).reshape(-1, 2)

    def score_from_stats(self, stats: Any, signature: Optional[Any] = None) -> Score:
        vector = self.validate_stats(stats, 2)
        value = 100.0 * vector[0] / vector[1] if vector[1] else 0.0
        return Score(self.name, value, signature if signature is not None else self.get_signature())
'''

PLUGIN_TOKENIZER = """
def make():
    return lambda text: " ".join(text.replace("-", " - ").split())
"""


def _install(tmp: Path) -> Path:
    """pip-install the plugin package into ``tmp/site`` (offline: a local setuptools build)."""
    source = tmp / "plugin"
    (source / "wordrecall").mkdir(parents=True)
    (source / "wordrecall" / "__init__.py").write_text(PLUGIN_METRIC + PLUGIN_TOKENIZER, encoding="utf-8")
    (source / "pyproject.toml").write_text(
        textwrap.dedent("""
        [build-system]
        requires = ["setuptools"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "simpeval-wordrecall"
        version = "0.1"

        [project.entry-points."simpeval.metrics"]
        wordrecall = "wordrecall:WordRecall"

        [project.entry-points."simpeval.tokenizers"]
        hyphens = "wordrecall:make"
    """),
        encoding="utf-8",
    )
    site = tmp / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(site),
            f"{source}{os.sep}",
        ],
        check=True,
        capture_output=True,
    )
    return site


@pytest.fixture(scope="module")
def plugin_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import_module("setuptools")
    return _install(tmp_path_factory.mktemp("plugin"))


def _run(site: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, "-m", "simpeval", *args], capture_output=True, text=True, env=env, input=stdin
    )


@pytest.mark.install
def test_an_installed_plugin_metric_works_from_the_cli(plugin_site: Path, tmp_path: Path) -> None:
    refs, hyps = tmp_path / "refs.txt", tmp_path / "hyps.txt"
    refs.write_text("the cat sat\nA dog ran\n", encoding="utf-8")
    hyps.write_text("the cat ran\na bird flew\n", encoding="utf-8")
    score = _run(plugin_site, "score", "-r", str(refs), "-i", str(hyps), "-m", "wordrecall", "bleu", "-f", "json")
    assert score.returncode == 0, score.stderr
    records = json.loads(score.stdout)
    assert records[0]["metric"] == "WordRecall" and records[0]["score"] == pytest.approx(100 * 3 / 6)
    assert records[0]["signature"].startswith("WordRecall|nrefs:1|case:lc|version:")
    paired = _run(
        plugin_site,
        "compare",
        "-r",
        str(refs),
        "-i",
        str(hyps),
        str(refs),
        "-m",
        "wordrecall",
        "--paired",
        "bs",
        "--paired-n",
        "50",
        "--confidence",
        "-q",
    )
    assert paired.returncode == 0, paired.stderr
    assert "WordRecall" in paired.stdout
    tokenized = _run(
        plugin_site,
        "score",
        "-s",
        str(refs),
        "-r",
        str(refs),
        "-i",
        str(hyps),
        "-m",
        "sari",
        "--sari-tokenize",
        "hyphens",
        "-f",
        "json",
    )
    assert tokenized.returncode == 0, tokenized.stderr
    assert "tok:hyphens" in json.loads(tokenized.stdout)[0]["signature"]
    listed = _run(plugin_site, "score", "--help")
    assert "wordrecall" in listed.stdout


def test_register_metric_in_process() -> None:
    class Length(Metric):
        name = "Length"
        higher_is_better = True
        requires_source = False
        citation = ""
        signature_abbreviations: dict[str, str] = {}

        def signature_fields(self) -> list[tuple[str, Any]]:
            return []

        def extract_stats(self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None) -> Any:
            return np.array([[len(h.split())] for h in hypotheses], dtype=np.float64)

        def score_from_stats(self, stats: Any, signature: Any | None = None) -> Score:
            return Score(self.name, float(self.validate_stats(stats, 1)[0]), signature or self.get_signature())

    register_metric("length", Length)
    try:
        assert "length" in available_metrics() and isinstance(get_metric("LENGTH"), Length)
        table = compare({"a": ["x y", "z"], "b": ["x", "y"]}, [["x y", "z"]], metrics=["length", "bleu"])
        assert table.cell("a", "length").score == 3.0
        with pytest.raises(InvalidOptionError, match="taken"):
            register_metric("length", Length)
        register_metric("length", "simpeval.metrics.bleu:BLEU", overwrite=True)
        assert type(get_metric("length")).__name__ == "BLEU"
    finally:
        unregister_metric("length")
    with pytest.raises(UnknownMetricError):
        get_metric("length")


@pytest.mark.parametrize(
    ("name", "metric", "message"),
    [
        ("bleu", "x:Y", "built-in"),
        ("Bad Name", "x:Y", "lowercase"),
        ("ok", 42, "Metric subclass"),
        ("ok", dict, "Metric subclass"),
    ],
)
def test_bad_registrations(name: Any, metric: Any, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        register_metric(name, metric)


def test_exported() -> None:
    assert simpeval.register_metric is register_metric and "register_metric" in simpeval.__all__


# ------------------------------------------------------------------ built-in spellings are reserved
@pytest.mark.parametrize("name", ["chrf2", "chrf2++", "chrf++", "chrf3+", "chrf0", *builtin_metrics()])
def test_a_plugin_cannot_take_a_builtin_spelling(name: str) -> None:
    """register_metric("chrf2", ...) took over chrF's display name: ``-m chrF2`` then ran the plugin."""
    from simpeval.metrics.chrf import CHRF

    with pytest.raises(InvalidOptionError, match="built-in metric"):
        register_metric(name, "simpeval.metrics.bleu:BLEU")
    with pytest.raises(InvalidOptionError, match="built-in metric"):
        register_metric(name, "simpeval.metrics.bleu:BLEU", overwrite=True)
    assert name not in available_metrics() or name in builtin_metrics()
    assert isinstance(get_metric("chrF2"), CHRF) and get_metric("CHRF2++").config.word_order == 2


def test_every_builtin_display_name_is_reserved() -> None:
    """The reservation reads the registry names and chrF's pattern: every display name a built-in
    metric can have, lowercased, must be one of them."""
    from simpeval.metrics import _builtin_owner, metric_class

    for name in builtin_metrics():
        assert _builtin_owner(metric_class(name).name) == name
        assert _builtin_owner(metric_class(name).name.upper()) == name
    for beta in (0, 1, 2, 3, 10):
        for word_order in (0, 1, 2):
            display = get_metric("chrf", beta=beta, word_order=word_order).signature_name()
            assert _builtin_owner(display) == "chrf", display


def test_a_plugin_entry_point_cannot_take_a_builtin_spelling(monkeypatch) -> None:
    from importlib import metadata

    import simpeval.metrics as registry
    from simpeval.metrics.chrf import CHRF

    points = metadata.EntryPoints(
        [
            metadata.EntryPoint(name, "simpeval.metrics.bleu:BLEU", registry.ENTRY_POINT_GROUP)
            for name in ("chrf2", "chrf++", "other-bleu")
        ]
    )
    monkeypatch.setattr(registry.metadata, "entry_points", lambda: points)
    monkeypatch.setattr(registry, "_PLUGINS_LOADED", __import__("threading").Event())
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    assert "other-bleu" in available_metrics()
    assert "chrf2" not in available_metrics() and "chrf++" not in available_metrics()
    assert isinstance(get_metric("chrF2"), CHRF)
