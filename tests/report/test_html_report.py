"""Issue 15, item 4: the standalone HTML report, checked in a real browser (headless Chromium)."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from simpeval import SARI
from simpeval.cli import main
from simpeval.report.html_report import diff_markup

SOURCES = ["The big cat sat on the old mat .", "It rained hard all day long .", "Tom & Jerry <script>alert(1)</script> ran .",
           "The committee postponed the decision ."]  # fmt: skip
REFERENCES = ["The cat sat on the mat .", "It rained all day .", "Tom and Jerry ran .", "The committee delayed the decision ."]
SYSTEMS = {
    "good": ["The cat sat on the mat .", "It rained all day .", "Tom & Jerry ran .", "The committee waited ."],
    "copy<b>": SOURCES,
}


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: .ci/run installs Debian's chromium")
        pytest.skip("chromium is not installed")
    return found


def _report(tmp_path: Path) -> Path:
    files = {"src.txt": SOURCES, "ref.txt": REFERENCES, **{f"{k}.txt": v for k, v in zip("ab", SYSTEMS.values())}}
    for name, lines in files.items():
        (tmp_path / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    out = tmp_path / "report.html"
    result = CliRunner().invoke(main, ["report", "-s", str(tmp_path / "src.txt"), "-r", str(tmp_path / "ref.txt"),
                                       "-i", str(tmp_path / "a.txt"), str(tmp_path / "b.txt"), "-n", *SYSTEMS,
                                       "-m", "sari", "bleu", "fkgl", "--paired-n", "50", "-o", str(out), "-q"])  # fmt: skip
    assert result.exit_code == 0, result.output
    return out


def test_diff_markup_marks_additions_and_deletions() -> None:
    assert diff_markup("the big cat", "the small cat sat") == "the <del>big</del> <ins>small</ins> cat <ins>sat</ins>"


def test_the_file_is_self_contained_and_escaped(tmp_path: Path) -> None:
    text = _report(tmp_path).read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text) and "http" not in text
    assert "<script>alert(1)</script>" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "copy&lt;b&gt;" in text and "copy<b>" not in text
    assert text.count("<svg") >= 4  # three metrics with intervals, SARI vs BLEU, feature histograms


def test_rendered_in_chromium_sorted_and_screenshotted(tmp_path: Path) -> None:
    chromium = _chromium()
    report = _report(tmp_path)
    url = f"{report.as_uri()}#sort=copy%3Cb%3E,good"
    common = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              f"--user-data-dir={tmp_path / 'profile'}"]  # fmt: skip
    dom = subprocess.run([*common, "--virtual-time-budget=5000", "--dump-dom", url],
                         capture_output=True, text=True, timeout=120).stdout  # fmt: skip
    assert "<table" in dom and 'id="segments"' in dom
    rows = re.findall(r'<tr data-line="(\d+)" data-scores="([^"]+)"', dom)
    assert len(rows) == len(SOURCES)
    differences = [json.loads(html.unescape(s))["copy<b>"] - json.loads(html.unescape(s))["good"] for _, s in rows]
    assert differences == sorted(differences, reverse=True)  # the page's script sorted the rows
    assert "sorted by copy&lt;b&gt; minus good" in dom or "sorted by copy<b> minus good" in dom
    assert dom.count("<svg") >= 4 and "<ins>" in dom and "<del>" in dom
    scores = SARI().sentence_scores(SYSTEMS["good"], [REFERENCES], sources=SOURCES)
    assert f"SARI {scores[0]:.1f}" in dom
    table_rows = re.findall(r"<tr><td[^>]*>(good|copy&lt;b&gt;)", dom)
    assert len(table_rows) >= 2  # both systems in the scores table
    shot = tmp_path / "report.png"
    subprocess.run([*common, "--window-size=1280,2000", f"--screenshot={shot}", url],
                   capture_output=True, timeout=120, check=False)  # fmt: skip
    assert shot.is_file() and shot.stat().st_size > 20_000


def test_output_path_is_checked_before_any_work(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["report", "-r", "missing.txt", "-i", "missing.txt", "-o", str(tmp_path / "no" / "r.html")])
    assert result.exit_code == 2 and "--output" in result.output
