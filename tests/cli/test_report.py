"""``simpeval report``: options shared with ``compare``, the output path checked first, atomic
writing, reports without sources or features, and one report on ASSET (downloaded from the
loopback stand-in for the upstream host) rendered in headless Chromium."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from simpeval.cli import main
from simpeval.cli.compare import compare
from simpeval.cli.report import report
from simpeval.exceptions import MissingDependencyError

from ..needs import SHARED, shared_path
from ..report.test_html_report import assert_self_contained, dump_dom, parse, screenshot
from ..testsets.conftest import serve_upstream

Corpus = Callable[..., dict[str, str]]


def _run(runner: CliRunner, files: dict[str, str], out: Path, *extra: str) -> str:
    args = [
        "report",
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
        "--paired-n",
        "20",
        "-o",
        str(out),
        "-q",
        *extra,
    ]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def test_report_takes_the_data_metric_and_comparison_options_of_compare() -> None:
    shared = {p.name for p in compare.params} - {
        "fmt",
        "width",
        "deltas",
        "agreement",
        "plot",
        "confidence",
        "confidence_n",
    }
    assert shared <= {p.name for p in report.params}


@pytest.mark.parametrize(
    ("output", "message"),
    [
        ("missing-folder/report.html", "does not exist"),
        ("report.txt", "must end in .html, .htm"),
        (".", "must end in"),
    ],
)
def test_the_output_path_is_checked_before_any_work(
    runner: CliRunner, tmp_path: Path, output: str, message: str
) -> None:
    result = runner.invoke(
        main, ["report", "-r", "no-such-ref.txt", "-i", "no-such-sys.txt", "-o", str(tmp_path / output)]
    )
    assert result.exit_code == 2 and "--output" in result.output and message in result.output
    assert "no-such" not in result.output  # no input was opened


def test_a_failed_run_leaves_the_previous_report(runner: CliRunner, tmp_corpus: Corpus, tmp_path: Path) -> None:
    files = tmp_corpus({**_small(), "short.txt": ["one line"]})
    out = tmp_path / "report.html"
    out.write_text("previous", encoding="utf-8")
    result = runner.invoke(
        main,
        ["report", "-s", files["src.txt"], "-r", files["ref0.txt"], "-i", files["short.txt"], "-o", str(out), "-q"],
    )
    assert result.exit_code == 1 and "same number of lines" in result.output
    assert out.read_text(encoding="utf-8") == "previous"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".report")) == []  # no temporary file left
    bad = tmp_corpus({"bad.txt": b"caf\xe9\n" * 3})
    result = runner.invoke(
        main, ["report", "-s", files["src.txt"], "-r", files["ref0.txt"], "-i", bad["bad.txt"], "-o", str(out)]
    )
    assert result.exit_code == 1 and "bad.txt" in result.output and out.read_text(encoding="utf-8") == "previous"


@pytest.mark.skipif(not hasattr(__import__("os"), "symlink"), reason="needs symbolic links")
@pytest.mark.parametrize("dangling", [False, True])
def test_a_report_onto_a_symlink_writes_through_it(
    runner: CliRunner, tmp_corpus: Corpus, tmp_path: Path, dangling: bool
) -> None:
    """``-o link.html`` replaced the link with a file; now the file it points to is written and the
    link stays (as any ``open(path, "w")`` would), with no temporary file left in either folder."""
    (tmp_path / "pages").mkdir()
    real, link = tmp_path / "pages" / "real.html", tmp_path / "link.html"
    if not dangling:
        real.write_text("previous", encoding="utf-8")
    link.symlink_to(real)
    page = _run(runner, tmp_corpus(), link)
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert real.read_text(encoding="utf-8") == page and "<html" in page
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    assert [p.name for p in (tmp_path / "pages").iterdir()] == ["real.html"]


def test_atomic_write_through_a_symlink(tmp_path: Path) -> None:
    from simpeval.cache import atomic_write

    real, link = tmp_path / "real.bin", tmp_path / "link.bin"
    real.write_bytes(b"old")
    link.symlink_to(real.name)  # a relative link
    with atomic_write(link) as out:
        out.write(b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"


def _small() -> dict[str, list[str]]:
    from ..conftest import SMALL_CORPUS

    return {name: list(lines) for name, lines in SMALL_CORPUS.items()}


def test_a_report_of_files_replaces_the_previous_one(runner: CliRunner, tmp_corpus: Corpus, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    out.write_text("previous", encoding="utf-8")
    page = _run(runner, tmp_corpus(), out, "-l", "en-en")
    assert_self_contained(page)
    dom = parse(page)
    facts = dict(zip((n.text() for n in dom.all("dt")), (n.text() for n in dom.all("dd"))))
    assert facts["Sources"] == "src.txt" and facts["References"] == "ref0.txt, ref1.txt" and facts["Segments"] == "3"
    assert facts["Languages"] == "en-en" and facts["Systems"] == "sys1.txt; sys2.txt"
    assert "lang:en-en" in dom.all("pre", "signatures")[0].text()
    assert len(dom.by_id("segments").all("tbody")[0].all("tr")) == 3


def test_without_sources_no_source_column_and_no_features(
    runner: CliRunner, tmp_corpus: Corpus, tmp_path: Path
) -> None:
    files = tmp_corpus()
    out = tmp_path / "r.htm"
    result = runner.invoke(
        main,
        [
            "report",
            "-r",
            files["ref0.txt"],
            "-i",
            files["sys1.txt"],
            files["sys2.txt"],
            "-m",
            "bleu",
            "chrf",
            "--paired-n",
            "20",
            "-o",
            str(out),
            "-q",
        ],
    )
    assert result.exit_code == 0, result.output
    dom = parse(out.read_text(encoding="utf-8"))
    assert [th.text() for th in dom.by_id("segments").all("th")][:3] == ["#", "Δ", "Reference"]
    assert dom.all("ins") == [] and dom.all("del") == [] and "no words are marked" in dom.by_id("qualitative").text()
    assert "no sources were given" in dom.by_id("features").text()
    assert [svg.all("title")[0].text() for svg in dom.all("svg", "chart")] == ["BLEU", "chrF2", "BLEU vs chrF2"]


def test_features_missing_are_explained(
    runner: CliRunner, tmp_corpus: Corpus, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def missing(*args: object, **kwargs: object) -> None:
        raise MissingDependencyError('the Levenshtein similarity needs: pip install "simplification-metrics[features]"')

    monkeypatch.setattr("simpeval.cli.report.compute", missing)
    dom = parse(_run(runner, tmp_corpus(), tmp_path / "r.html"))
    assert 'pip install "simplification-metrics[features]"' in dom.by_id("features").text()
    assert dom.by_id("features").all("svg") == []


def test_paired_test_baseline_and_all_pairs_are_honoured(runner: CliRunner, tmp_corpus: Corpus, tmp_path: Path) -> None:
    page = _run(
        runner,
        tmp_corpus(),
        tmp_path / "r.html",
        "--paired",
        "ar",
        "--baseline",
        "sys2.txt",
        "--all-pairs",
        "--seed",
        "7",
    )
    dom = parse(page)
    comparisons = dom.all("div", "comparisons")[0]
    assert comparisons.all("caption")[0].text() == "Pairwise comparisons"
    assert [[td.text() for td in tr.all("td")][:3] for tr in comparisons.all("tbody")[0].all("tr")] == [
        ["sys1.txt", "sys2.txt", metric] for metric in ("SARI", "BLEU")
    ]
    assert "approximate randomization test of the system against the baseline" in dom.text()
    assert "difference to the baseline sys2.txt" in dom.all("ul", "legend")[0].text()
    assert "seed:7" in dom.all("pre", "signatures")[0].text()


# ---------------------------------------------------------------- ASSET, from the loopback "upstream"
@pytest.mark.browser
def test_a_report_on_asset_in_chromium(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared_path("UPSTREAM.md")
    outputs = SHARED / "corpora" / "system_outputs" / "turkcorpus_test"  # the same 359 sources as ASSET's test set
    out = tmp_path / "asset.html"
    monkeypatch.setenv("SIMPEVAL_CACHE", str(tmp_path / "cache"))
    with serve_upstream(monkeypatch) as upstream:
        result = runner.invoke(
            main,
            [
                "report",
                "-t",
                "asset_test",
                "-i",
                *(str(outputs / s) for s in ("ACCESS", "Dress-Ls", "UNTS")),
                "-m",
                "sari",
                "bleu",
                "fkgl",
                "--paired-n",
                "100",
                "-o",
                str(out),
                "-q",
            ],
        )
    assert result.exit_code == 0, result.output
    assert upstream.requests  # downloaded from the loopback server, nowhere else
    page = out.read_text(encoding="utf-8")
    assert_self_contained(page)
    dom = dump_dom(out, "#sort=ACCESS,UNTS")
    facts = dict(zip((n.text() for n in dom.all("dt")), (n.text() for n in dom.all("dd"))))
    assert facts["Test set"].startswith("asset-test: ASSET test set") and facts["Segments"] == "359"
    assert facts["References per segment"].startswith("10 ")
    assert "alva-manchego-etal-2020-asset" in dom.all("details")[0].text()
    assert all("test:asset-test" in line for line in dom.all("pre", "signatures")[0].text().splitlines())
    assert [r.all("th")[0].text() for r in dom.by_id("scores").all("tr", "system")] == ["ACCESS", "Dress-Ls", "UNTS"]
    assert len(dom.by_id("segments").all("tbody")[0].all("tr")) == 359 and len(dom.all("svg", "chart")) == 10
    assert len(dom.all("ins")) > 300 and len(dom.all("del")) > 300
    png = tmp_path / "asset.png"
    assert screenshot(out, png) == (1280, 2000) and png.stat().st_size > 100_000
