"""``simpeval.compare`` and ``simpeval compare``: tables with CIs, paired tests and agreement."""

from __future__ import annotations

import csv
import html.parser
import io
import json
import shutil
import subprocess

import pytest

from simpeval import BLEU, Agreement, Bootstrap, PairedBootstrap, Randomization, compare
from simpeval.cli import main
from simpeval.exceptions import InvalidOptionError
from simpeval.report import render
from simpeval.significance import compare_all_pairs, compare_to_baseline

from ..needs import SHARED, shared_path

SYSTEMS = [
    "ACCESS",
    "BTRLTS",
    "BTTS",
    "BTTS10",
    "Dress",
    "Dress-Ls",
    "EditNTS",
    "PBMT-R",
    "RM+EX",
    "RM+EX+LS+RO",
    "UNTS",
]

SOURCES = [
    f"The large {w} slept peacefully beside the warm fire number {i} tonight ."
    for i, w in enumerate(["cat", "dog", "owl", "fox", "cow"] * 3)
]
REFERENCES = [
    [s.replace("large ", "").replace("peacefully ", "") for s in SOURCES],
    [s.replace(" number", "").replace("warm ", "") for s in SOURCES],
]
SYSTEMS_SMALL = {
    "copy": SOURCES,
    "cut": [s.replace("large ", "") for s in SOURCES],
    "short": [" ".join(s.split()[:5]) + " ." for s in SOURCES],
}


def run(runner, *args):
    return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.mark.slow
def test_compare_api_builds_every_part() -> None:
    table = compare(
        SYSTEMS_SMALL,
        REFERENCES,
        sources=SOURCES,
        metrics=["sari", "bleu"],
        interval=Bootstrap(n=100),
        test=PairedBootstrap(n=100),
        seed=7,
    )
    assert table.baseline == "copy" and table.metric_names == ("SARI", "BLEU")
    assert table.paired_result("copy", "SARI") is None
    result = table.paired_result("cut", "BLEU")
    assert result is not None and (result.test, result.n_samples, result.seed) == ("bs", 100, 7)
    interval = table.interval("short", "SARI")
    assert interval is not None and interval.low <= interval.high and interval.n_samples == 100
    signature = table.cell("cut", "SARI").signature
    assert (signature["bs"], signature["seed"]) == ("100", "7")
    # the paired results are those of the significance module on the same statistics
    stats = {name: BLEU().corpus_stats(h, REFERENCES) for name, h in SYSTEMS_SMALL.items()}
    direct = compare_to_baseline(BLEU(), stats, "copy", "bs", n_samples=100, seed=7, metric_name="BLEU")
    assert {r.system: r for r in direct}["cut"] == result


def test_compare_all_pairs_with_holm_and_agreement() -> None:
    table = compare(
        SYSTEMS_SMALL,
        REFERENCES,
        sources=SOURCES,
        metrics=["sari", "bleu"],
        test=Randomization(n=50, pairs="all", correction="holm"),
        agreement=Agreement(n=50),
    )
    assert table.paired is None and len(table.comparisons) == 2 * 3
    assert all(r.correction == "holm" and r.corrected_p_value >= r.p_value for r in table.comparisons)
    assert [(c.metric_a, c.metric_b) for c in table.correlations][:1] == [("SARI", "BLEU")]


def test_all_pairs_respect_the_baseline() -> None:
    """With all_pairs, the baseline's pairs come first and it is their baseline."""
    table = compare(
        SYSTEMS_SMALL, REFERENCES, metrics=["bleu"], test=Randomization(n=50, pairs="all", baseline="short")
    )
    pairs = [(r.baseline, r.system) for r in table.comparisons]
    assert pairs == [("short", "copy"), ("short", "cut"), ("copy", "cut")]
    default = compare(SYSTEMS_SMALL, REFERENCES, metrics=["bleu"], test=Randomization(n=50, pairs="all"))
    assert [(r.baseline, r.system) for r in default.comparisons] == [
        ("copy", "cut"),
        ("copy", "short"),
        ("cut", "short"),
    ]


def test_cli_compare_names_baseline_and_usage_errors(runner, tmp_corpus) -> None:
    files = tmp_corpus()
    args = [
        "compare",
        "-s",
        files["src.txt"],
        "-r",
        files["ref0.txt"],
        files["ref1.txt"],
        "-i",
        files["sys1.txt"],
        files["sys2.txt"],
        "-m",
        "sari",
        "bleu",
    ]
    result = run(
        runner,
        *args,
        "--names",
        "first",
        "second",
        "--paired",
        "ar",
        "--paired-n",
        "20",
        "--baseline",
        "second",
        "-f",
        "json",
    )
    assert result.exit_code == 0, result.output
    records = json.loads(result.stdout)
    assert {r["system"] for r in records} == {"first", "second"}
    assert all("p_value" in r for r in records if r["system"] == "first")
    assert run(runner, *args, "--all-pairs").exit_code == 2
    assert "need --paired" in run(runner, *args, "--correction", "holm").stderr
    assert run(runner, *args, "--names", "only-one").exit_code == 2
    duplicate = run(runner, *args, "--names", "same", "same")  # would silently drop a system
    assert duplicate.exit_code == 2 and "--names gives the same name to several systems: same." in duplicate.stderr
    assert "--agreement" in run(runner, *args, "--agreement", "-f", "csv").stderr


@pytest.mark.slow
def test_cli_compare_plot(runner, tmp_corpus, tmp_path) -> None:
    files = tmp_corpus()
    out = tmp_path / "plot.png"
    result = run(
        runner,
        "compare",
        "-s",
        files["src.txt"],
        "-r",
        files["ref0.txt"],
        "-i",
        files["sys1.txt"],
        files["sys2.txt"],
        "-m",
        "sari",
        "bleu",
        "--plot",
        out,
    )
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert result.exit_code == 1 and "pip install 'simplification-metrics[plots]'" in result.stderr
    else:
        assert result.exit_code == 0 and out.stat().st_size > 1000
    bad = run(
        runner,
        "compare",
        "-s",
        files["src.txt"],
        "-r",
        files["ref0.txt"],
        "-i",
        files["sys1.txt"],
        "-m",
        "bleu",
        "--plot",
        tmp_path / "plot.gif",
    )
    assert bad.exit_code == 2 and "--plot" in bad.stderr and "plot.gif" in bad.stderr  # refused before any work


def _read(relative: str) -> list[str]:
    return shared_path(relative).read_text(encoding="utf-8").split("\n")[:359]


@pytest.mark.slow
def test_eleven_systems_against_asset_in_six_formats(runner, tmp_path) -> None:
    """11 TurkCorpus system outputs vs ASSET test (10 references),
    --paired bs --confidence, rendered in every format (LaTeX compiles, HTML/JSON parse, CSV loads).

    TER is left out here only for time (sacrebleu's TER takes ~4 s per system on this data);
    the formats do not depend on the metric."""
    sources = _read("corpora/asset/asset.test.orig")
    references = [_read(f"corpora/asset/asset.test.simp.{j}") for j in range(10)]
    outputs = {name: _read(f"corpora/system_outputs/turkcorpus_test/{name}") for name in SYSTEMS}
    table = compare(
        outputs,
        references,
        sources=sources,
        metrics=["sari", "bleu", "chrf"],
        interval=Bootstrap(),
        test=PairedBootstrap(),
    )
    rendered = {fmt: render(table, fmt) for fmt in ("text", "markdown", "latex", "html", "csv", "json")}
    records = json.loads(rendered["json"])
    assert len(records) == 11 * 3
    for record in records:
        assert {"system", "metric", "score", "signature", "components", "ci"} <= set(record)
        assert set(record["ci"]) >= {"low", "high", "mean"}
        assert ("p_value" in record) == (record["system"] != "ACCESS")
    rows = list(csv.DictReader(io.StringIO(rendered["csv"])))
    assert len(rows) == 33 and rows[0]["ci_low"] and rows[0]["p_value"] == ""  # ACCESS is the baseline
    html.parser.HTMLParser().feed(rendered["html"])
    assert "RM+EX+LS+RO" in rendered["markdown"] and "\\toprule" in rendered["latex"]
    if shutil.which("pdflatex"):
        document = (
            "\\documentclass{article}\\usepackage{booktabs}\\usepackage[utf8]{inputenc}\\begin{document}\n"
            + rendered["latex"]
            + "\n\\end{document}\n"
        )
        (tmp_path / "t.tex").write_text(document, encoding="utf-8")
        done = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "t.tex"], cwd=tmp_path, capture_output=True, timeout=120
        )
        assert done.returncode == 0, done.stdout[-2000:]
    # the command line gives the same numbers
    systems = [str(SHARED / "corpora/system_outputs/turkcorpus_test" / name) for name in SYSTEMS]
    refs = [str(SHARED / f"corpora/asset/asset.test.simp.{j}") for j in range(10)]
    result = run(
        runner,
        "compare",
        "-s",
        SHARED / "corpora/asset/asset.test.orig",
        "-r",
        *refs,
        "-i",
        *systems,
        "-m",
        "sari",
        "bleu",
        "--paired",
        "bs",
        "--confidence",
        "-f",
        "json",
        "--quiet",
    )
    assert result.exit_code == 0, result.stderr
    cli = json.loads(result.stdout)
    assert [(r["system"], r["metric"], r["score"], r.get("p_value")) for r in cli] == [
        (r["system"], r["metric"], r["score"], r.get("p_value")) for r in records if r["metric"] in ("SARI", "BLEU")
    ]


def test_ci_and_paired_bootstrap_share_the_signatures_bs_count() -> None:
    """With --confidence and --paired bs, bs:N in the signature describes both."""
    table = compare(
        SYSTEMS_SMALL, REFERENCES, sources=SOURCES, metrics=["bleu"], interval=Bootstrap(), test=PairedBootstrap(n=200)
    )
    system = table.systems[1]
    interval = table.interval(system, "BLEU")
    assert interval is not None and interval.n_samples == 200
    assert table.cell(system, "BLEU").signature["bs"] == "200"
    with pytest.raises(InvalidOptionError, match=r"Bootstrap\(n=500\) and test=PairedBootstrap\(n=200\) must have"):
        compare(
            SYSTEMS_SMALL,
            REFERENCES,
            sources=SOURCES,
            metrics=["bleu"],
            interval=Bootstrap(n=500),
            test=PairedBootstrap(n=200),
        )


def test_a_copy_of_the_baseline_is_not_significant() -> None:
    """A copy of the baseline used to get p = 1/(n+1) (sacrebleu 2.6.0's strict
    count) and a significance mark; a zero observed difference now gives p = 1, in both tests."""
    systems = {**SYSTEMS_SMALL, "copy again": SOURCES}
    for test in (Randomization(n=100), PairedBootstrap(n=100)):
        table = compare(systems, REFERENCES, sources=SOURCES, metrics=["sari", "bleu"], test=test)
        for metric in ("SARI", "BLEU"):
            result = table.paired_result("copy again", metric)
            assert result is not None and result.p_value == 1.0 and not result.significant()
        text = render(table, "text")
        assert "(p = 1.0000)" in text and "(p = 1.0000)*" not in text
    stats = {name: BLEU().corpus_stats(h, REFERENCES) for name, h in systems.items()}
    by_pair = {(r.baseline, r.system): r.p_value for r in compare_all_pairs(BLEU(), stats, "ar", n_samples=100)}
    assert by_pair["copy", "copy again"] == 1.0 and by_pair["copy", "cut"] < 1.0
