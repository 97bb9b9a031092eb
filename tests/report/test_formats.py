"""Every output format of :func:`simpeval.report.render` over hand-built tables (no metric is computed).

The tables carry system names with characters that each format must escape (``RM+EX+LS+RO``,
``Dress-Ls``, ``R&D_#1 100%``), a lower-is-better metric (TER), confidence intervals with a gap, paired
tests with a Holm correction that turns one result non-significant, and all-pairs comparisons.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from simpeval.exceptions import InvalidOptionError, MissingDependencyError
from simpeval.metrics.score import Score
from simpeval.metrics.signature import Signature
from simpeval.report import MetricColumn, ResultTable, SegmentScore, SegmentTable, render
from simpeval.significance.results import ConfidenceInterval, PairedResult

from ..needs import import_module, pdflatex

SARI_SIG = Signature("SARI", (("nrefs", "2"), ("case", "lc"), ("version", "0.1.0")))
TER_SIG = Signature("TER", (("nrefs", "2"), ("case", "lc"), ("version", "2.6.0")))
SYSTEMS = ("Dress-Ls", "RM+EX+LS+RO", "R&D_#1 100%")
METRICS = (MetricColumn("SARI", True), MetricColumn("TER", False))
HUMAN_FORMATS = ("text", "markdown", "latex", "html")
CSV_COLUMNS = [
    "system",
    "metric",
    "score",
    "add",
    "keep",
    "delete",
    "num_edits",
    "ref_length",
    "ci_low",
    "ci_high",
    "ci_mean",
    "p_value",
    "p_value_corrected",
]


def sari(value: float, keep: float, delete: float, add: float) -> Score:
    return Score("SARI", value, SARI_SIG, {"add": add, "keep": keep, "delete": delete})


def ter(value: float) -> Score:
    return Score("TER", value, TER_SIG, details={"num_edits": value / 2, "ref_length": 50.0})


# SARI: RM+EX+LS+RO is best (higher); TER: R&D_#1 100% is best (lower), RM+EX+LS+RO is worst.
SCORES = (
    (sari(38.04, 60.0, 40.0, 14.12), ter(55.0)),
    (sari(41.25, 65.5, 44.0, 14.25), ter(61.5)),
    (sari(39.0, 62.0, 41.0, 14.0), ter(48.0)),
)
INTERVALS = (
    (ConfidenceInterval(37.0, 39.1, 38.05), ConfidenceInterval(53.2, 56.9, 55.02)),
    (ConfidenceInterval(40.1, 42.3, 41.2), None),
    (ConfidenceInterval(38.0, 40.0, 39.01), ConfidenceInterval(46.5, 49.5, 48.0)),
)


def paired(system: str, metric: str, p: float, corrected: float) -> PairedResult:
    return PairedResult(
        test="bs",
        p_value=p,
        n_samples=1000,
        seed=12345,
        system=system,
        baseline="Dress-Ls",
        metric=metric,
        corrected_p_value=corrected,
        correction="holm",
    )


PAIRED = (
    (None, None),
    (paired("RM+EX+LS+RO", "SARI", 0.001, 0.002), paired("RM+EX+LS+RO", "TER", 0.2, 0.2)),
    # raw p = 0.03 < 0.05, but the corrected 0.06 is not: no significance mark
    (paired("R&D_#1 100%", "SARI", 0.03, 0.06), paired("R&D_#1 100%", "TER", 0.01, 0.02)),
)
COMPARISONS = (
    PairedResult(
        test="ar", p_value=0.001, n_samples=1000, seed=7, system="RM+EX+LS+RO", baseline="Dress-Ls", metric="SARI"
    ),
    PairedResult(
        test="ar",
        p_value=0.04,
        n_samples=1000,
        seed=7,
        system="R&D_#1 100%",
        baseline="RM+EX+LS+RO",
        metric="SARI",
        corrected_p_value=0.08,
        correction="holm",
    ),
)
SIGNATURE_LINES = [SARI_SIG.format(), TER_SIG.format()]


@pytest.fixture
def plain() -> ResultTable:
    return ResultTable(SYSTEMS, METRICS, SCORES)


@pytest.fixture
def full() -> ResultTable:
    return ResultTable(SYSTEMS, METRICS, SCORES, INTERVALS, PAIRED, "Dress-Ls", COMPARISONS)


@pytest.fixture
def segments() -> SegmentTable:
    return SegmentTable(
        systems=("a_b",),
        metrics=(MetricColumn("SARI"), MetricColumn("TER", False)),
        rows=(
            SegmentScore(1, "a_b", "SARI", sari(40.0, 50.0, 30.0, 40.0)),
            SegmentScore(2, "a_b", "SARI", sari(20.0, 30.0, 10.0, 20.0)),
            SegmentScore(1, "a_b", "TER", ter(12.5)),
        ),
    )


# ---------------------------------------------------------------- text
def test_text_full(full):
    assert render(full, "text", deltas=True).splitlines() == [
        "System       SARI                                  Δ   Add  Keep  Delete   TER                                  Δ",
        "Dress-Ls     38.0   (37.0–39.1)                 +0.0  14.1  60.0    40.0  55.0   (53.2–56.9)                 +0.0",
        "RM+EX+LS+RO  41.2†  (40.1–42.3)  (p = 0.0020)*  +3.2  14.2  65.5    44.0  61.5                (p = 0.2000)   +6.5",
        "R&D_#1 100%  39.0   (38.0–40.0)  (p = 0.0600)   +1.0  14.0  62.0    41.0  48.0†  (46.5–49.5)  (p = 0.0200)*  -7.0",
        "",
        "† best system per metric (TER: lower is better)",
        "(low–high) 95% bootstrap confidence interval",
        "(p = …)* paired bootstrap test against Dress-Ls; * marks p < 0.05 (holm-corrected p-values)",
        "Δ difference to the baseline Dress-Ls (system minus baseline)",
        *SIGNATURE_LINES,
        "",
        "Pairwise comparisons",
        "System       Baseline     Metric  p",
        "RM+EX+LS+RO  Dress-Ls     SARI    0.0010*",
        "R&D_#1 100%  RM+EX+LS+RO  SARI    0.0800",
        "",
        "p approximate randomization test of the system against the baseline",
        "* p < 0.05 (holm-corrected p-values)",
    ]


def test_text_plain_is_unchanged_by_the_new_options(plain):
    assert render(plain, "text").splitlines() == [
        "System       SARI    Add  Keep  Delete   TER",
        "Dress-Ls     38.0   14.1  60.0    40.0  55.0",
        "RM+EX+LS+RO  41.2†  14.2  65.5    44.0  61.5",
        "R&D_#1 100%  39.0   14.0  62.0    41.0  48.0†",
        "",
        "† best system per metric (TER: lower is better)",
        *SIGNATURE_LINES,
    ]


def test_text_intervals_only():
    intervals = ((ConfidenceInterval(38, 42, 40),), (None,))
    table = ResultTable(("a", "b"), METRICS[1:], ((ter(40.0),), (ter(45.0),)), intervals)
    assert render(table, "text").splitlines()[:3] == [
        "System   TER",
        "a       40.0†  (38.0–42.0)",
        "b       45.0",
    ]


def test_deltas_default_to_the_first_system(plain):
    lines = render(plain, "text", width=2, deltas=True).splitlines()
    assert lines[0].split()[:3] == ["System", "SARI", "Δ"]
    assert [line.split()[-1] for line in lines[1:4]] == ["+0.00", "+6.50", "-7.00"]  # TER deltas
    assert "Δ difference to the baseline Dress-Ls (system minus baseline)" in lines


def test_deltas_follow_the_baseline(plain):
    table = ResultTable(SYSTEMS, METRICS, SCORES, baseline="R&D_#1 100%")
    records = json.loads(render(table, "json", deltas=True))
    assert [(r["delta"], r["delta_baseline"]) for r in records if r["metric"] == "TER"] == [
        (7.0, "R&D_#1 100%"),
        (13.5, "R&D_#1 100%"),
        (0.0, "R&D_#1 100%"),
    ]


def test_deltas_never_print_negative_zero():
    table = ResultTable(("a", "b"), METRICS[1:], ((ter(40.0),), (ter(39.99),)))
    assert render(table, "text", deltas=True).splitlines()[2].split()[-1] == "+0.0"


# ---------------------------------------------------------------- markdown
def test_markdown_plain(plain):
    assert render(plain, "markdown").splitlines() == [
        "| System        |     SARI |  Add | Keep | Delete |      TER |",
        "|:--------------|---------:|-----:|-----:|-------:|---------:|",
        "| Dress-Ls      |     38.0 | 14.1 | 60.0 |   40.0 |     55.0 |",
        "| RM+EX+LS+RO   | **41.2** | 14.2 | 65.5 |   44.0 |     61.5 |",
        r"| R&D\_\#1 100% |     39.0 | 14.0 | 62.0 |   41.0 | **48.0** |",
        "",
        "- **bold**: best system per metric (TER: lower is better)",
        "",
        "```text",
        *SIGNATURE_LINES,
        "```",
    ]


def test_markdown_full(full):
    lines = render(full, "markdown").splitlines()
    assert lines[3] == (
        r"| RM+EX+LS+RO   | **41.2** (40.1–42.3) (p = 0.0020)\* | 14.2 | 65.5 |   44.0 |                   61.5 (p = 0.2000) |"
    )
    assert lines[4].endswith(r"| **48.0** (46.5–49.5) (p = 0.0200)\* |")
    legend = r"- (p = …)\*: paired bootstrap test against Dress-Ls; \* marks p \< 0.05 (holm-corrected p-values)"
    assert legend in lines
    assert lines[lines.index("**Pairwise comparisons**") + 2 :] == [
        "| System        | Baseline    | Metric | p        |",
        "|:--------------|:------------|:-------|:---------|",
        r"| RM+EX+LS+RO   | Dress-Ls    | SARI   | 0.0010\* |",
        r"| R&D\_\#1 100% | RM+EX+LS+RO | SARI   | 0.0800   |",
        "",
        "- p: approximate randomization test of the system against the baseline",
        r"- \*: p \< 0.05 (holm-corrected p-values)",
    ]


def _markdown_rows(text: str) -> list[list[str]]:
    """The cells of a Markdown table, unescaped (split on unescaped pipes)."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("|"):
            break
        cells = re.split(r"(?<!\\)\|", line)[1:-1]
        rows.append([re.sub(r"\\(.)", r"\1", cell.strip()) for cell in cells])
    return rows


# ---------------------------------------------------------------- latex
def test_latex_plain(plain):
    assert render(plain, "latex").splitlines() == [
        r"% simpeval results; needs \usepackage{booktabs}",
        r"\noindent",
        r"{\setlength{\tabcolsep}{4pt}\begin{tabular}{@{}lrrrrr@{}}",
        r"\toprule",
        r"System & SARI & Add & Keep & Delete & TER \\",
        r"\midrule",
        r"Dress-Ls & 38.0 & 14.1 & 60.0 & 40.0 & 55.0 \\",
        r"RM+EX+LS+RO & \textbf{41.2} & 14.2 & 65.5 & 44.0 & 61.5 \\",
        r"R\&D\_\#1 100\% & 39.0 & 14.0 & 62.0 & 41.0 & \textbf{48.0} \\",
        r"\bottomrule",
        r"\end{tabular}}",
        r"\par\smallskip",
        r"{\footnotesize\raggedright",
        r"\textbf{bold}: best system per metric (TER: lower is better)\par",
        r"\hangindent=1.5em\hangafter=1\texttt{SARI|\allowbreak{}nrefs:2|\allowbreak{}case:lc|\allowbreak{}version:0.1.0}\par",
        r"\hangindent=1.5em\hangafter=1\texttt{TER|\allowbreak{}nrefs:2|\allowbreak{}case:lc|\allowbreak{}version:2.6.0}\par",
        "}",
    ]


def unbroken(text: str) -> str:
    """``text`` without the LaTeX format's break points in signatures (``|\\allowbreak{}``)."""
    return text.replace(r"\allowbreak{}", "")


def test_latex_full_structure(full):
    text = render(full, "latex", deltas=True)
    # results + comparisons, and the six stacked cells of the results
    assert text.count(r"\begin{tabular}{") == 2
    assert text.count(r"{\renewcommand{\arraystretch}{0.7}\begin{tabular}[t]") == 6
    assert text.count(r"\end{tabular}}") == 8 and text.count(r"\end{tabular}") == 8
    for rule in (r"\toprule", r"\midrule", r"\bottomrule"):
        assert text.count(rule) == 2
    assert r"\begin{tabular}{@{}lrrrrrrr@{}}" in text
    assert r"System & SARI & $\Delta$ & Add & Keep & Delete & TER & $\Delta$ \\" in text
    # a score with its interval and p-value: stacked, each part after the score on a line of its own
    stack = (
        r"{\renewcommand{\arraystretch}{0.7}\begin{tabular}[t]{@{}r@{}}"
        r"\textbf{41.2} \\ {\scriptsize 40.1--42.3} \\ {\scriptsize p\,=\,0.0020*}\end{tabular}}"
    )
    assert rf"RM+EX+LS+RO & {stack} & +3.2 &" in text
    assert r"\\ {\scriptsize 38.0--40.0} \\ {\scriptsize p\,=\,0.0600}\end{tabular}} & +1.0 &" in text
    assert r"61.5 \\ {\scriptsize p\,=\,0.2000}\end{tabular}}" in text  # no interval: no empty line
    assert text.count(r"\addlinespace") == 2  # between the three systems' stacks
    # the legend spells each symbol as the stacked lines print it (no parentheses)
    assert r"low--high: 95\% bootstrap confidence interval\par" in text
    assert r"p\,=\,\ldots{}*: paired bootstrap test against Dress-Ls; * marks p \textless{} 0.05" in text
    # the comparisons block has one part per cell: nothing stacked
    assert r"RM+EX+LS+RO & Dress-Ls & SARI & 0.0010* \\" in text
    assert r"p: approximate randomization test of the system against the baseline\par" in text
    assert "–" not in text and "Δ" not in text and "…" not in text  # no raw Unicode punctuation
    assert all(line.endswith(r"\\") for line in text.splitlines() if " & " in line)


@pytest.mark.parametrize(
    ("name", "escaped"),
    [
        ("RM+EX+LS+RO", "RM+EX+LS+RO"),
        ("Dress-Ls", "Dress-Ls"),
        ("a--b", "a-{}-b"),
        ("my_sys", r"my\_sys"),
        ("100% & #1", r"100\% \& \#1"),
        ("{x}~^$", r"\{x\}\textasciitilde{}\textasciicircum{}\$"),
        ("a\\b|<>", r"a\textbackslash{}b\textbar{}\textless{}\textgreater{}"),
    ],
)
def test_latex_escaping(name, escaped):
    table = ResultTable((name,), METRICS[1:], ((ter(1.0),),))
    assert rf"{escaped} & 1.0 \\" in render(table, "latex").splitlines()


LATEX_DOCUMENT = "\\documentclass{article}\n\\usepackage{booktabs}\n\\begin{document}\n%s\n\\end{document}\n"


def _latex_fragments(full: ResultTable, segments: SegmentTable) -> str:
    weird = ResultTable(("a--b {x} ~^\\ $&#_%<>|",), METRICS[1:], ((ter(1.0),),))
    return "\n\n".join([render(full, "latex", deltas=True), render(segments, "latex"), render(weird, "latex")])


def test_latex_fragments_are_balanced(full, segments):
    body = _latex_fragments(full, segments)
    assert body.count(r"\begin{tabular}") == body.count(r"\end{tabular}") == 4 + 6  # 6 stacked cells
    assert body.count("{") - body.count(r"\{") == body.count("}") - body.count(r"\}")


def compile_latex(body: str, tmp_path) -> str:
    """The log of ``body`` compiled by pdflatex in a plain ``article`` with booktabs (failing on an error)."""
    (tmp_path / "t.tex").write_text(LATEX_DOCUMENT % body, encoding="utf-8")
    result = subprocess.run(
        [pdflatex(), "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    return (tmp_path / "t.log").read_text(encoding="utf-8", errors="replace")


def test_latex_compiles(full, segments, tmp_path):
    """The fragments compile in a minimal document with booktabs, within the text width."""
    log = compile_latex(_latex_fragments(full, segments), tmp_path)
    assert "Overfull \\hbox" not in log


#: The eleven TurkCorpus systems on ASSET test (rounded from ``simpeval compare``): SARI (add,
#: keep, delete), BLEU, chrF2.
ASSET_SYSTEMS = {
    "ACCESS": ((40.1, 6.5, 63.0, 50.8), 75.4, 79.6),
    "BTRLTS": ((34.0, 2.0, 57.8, 42.1), 63.3, 74.0),
    "BTTS": ((33.6, 1.7, 58.3, 40.8), 64.0, 74.7),
    "BTTS10": ((35.2, 2.2, 57.9, 45.3), 69.2, 74.0),
    "Dress": ((37.1, 2.5, 56.5, 52.1), 83.3, 73.5),
    "Dress-Ls": ((36.6, 2.4, 57.3, 50.1), 85.5, 75.5),
    "EditNTS": ((34.9, 2.4, 59.7, 42.7), 85.2, 80.3),
    "PBMT-R": ((34.6, 4.7, 61.0, 38.2), 78.6, 82.2),
    "RM+EX": ((32.6, 0.6, 59.9, 37.3), 74.3, 74.3),
    "RM+EX+LS+RO": ((36.7, 1.3, 57.4, 51.3), 58.1, 65.9),
    "UNTS": ((35.2, 0.8, 58.7, 46.0), 65.0, 70.6),
}
#: Six of them, the longest name (RM+EX+LS+RO) among them.
ASSET_SIX = ("ACCESS", "BTTS10", "Dress-Ls", "EditNTS", "PBMT-R", "RM+EX+LS+RO")


def _asset_table(systems: tuple[str, ...]) -> ResultTable:
    """A table as ``compare -t asset-test -m sari bleu chrf --confidence --paired bs`` gives it: real
    signatures, intervals, paired bootstrap means and Holm-corrected p-values against the first system."""
    from simpeval import BLEU, CHRF, SARI

    signatures = [m.get_signature().with_fields(nrefs=10, bs=1000, seed=12345) for m in (SARI(), BLEU(), CHRF())]
    names = [sig.metric for sig in signatures]
    rows, intervals, tests = [], [], []
    for k, system in enumerate(systems):
        (sari_score, add, keep, delete), *others = ASSET_SYSTEMS[system]
        values = [sari_score, *others]
        components = [{"add": add, "keep": keep, "delete": delete}, {}, {}]
        rows.append(tuple(Score(n, v, sig, c) for n, v, sig, c in zip(names, values, signatures, components)))
        intervals.append(tuple(ConfidenceInterval(v - 1.04, v + 1.13, v) for v in values))
        tests.append(
            tuple(
                None
                if k == 0
                else PairedResult(
                    **{"test": "bs", "p_value": 0.0099, "n_samples": 1000, "seed": 12345, "system": system},
                    **{"baseline": "ACCESS", "metric": n, "corrected_p_value": 0.0495, "correction": "holm"},
                    mean=v - 0.1,
                    ci=ConfidenceInterval(v - 1.3, v + 0.9, v - 0.1),
                )
                for n, v in zip(names, values)
            )
        )
    metrics = tuple(MetricColumn(n, True) for n in names)
    return ResultTable(
        systems, metrics, tuple(rows), intervals=tuple(intervals), paired=tuple(tests), baseline="ACCESS"
    )


def test_six_systems_with_intervals_and_p_values_fit_the_text_width(tmp_path):
    """Six systems, SARI (with its components), BLEU and chrF, each score with its interval, paired
    bootstrap mean and p-value: the table and its signatures (20 fields for SARI) fit ``\\textwidth``."""
    table = _asset_table(ASSET_SIX)
    text = render(table, "latex")
    assert unbroken(text).count(table.cell("ACCESS", "SARI").signature.format()) == 1
    log = compile_latex(text, tmp_path)
    assert "Overfull \\hbox" not in log and "Underfull \\hbox" not in log


def test_eleven_systems_fit_one_page(tmp_path):
    """The eleven TurkCorpus systems, four lines each: as wide as six, and no taller than a page."""
    log = compile_latex(render(_asset_table(tuple(ASSET_SYSTEMS)), "latex"), tmp_path)
    assert "Overfull \\hbox" not in log and "Overfull \\vbox" not in log


# ---------------------------------------------------------------- html
class _TableParser(HTMLParser):
    """Checks that tags nest and collects cell texts, rows and bold texts."""

    VOID = {"br"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tables: list[list[list[str]]] = []
        self.strong: list[str] = []
        self.pre: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        self.stack.append(tag)
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.tables[-1][-1].append("")

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack}"
        self.stack.pop()

    def handle_data(self, data):
        if "td" in self.stack or "th" in self.stack:
            self.tables[-1][-1][-1] += data
        if self.stack and self.stack[-1] == "strong":
            self.strong.append(data)
        if self.stack and self.stack[-1] == "pre":
            self.pre.append(data)


def parse_html(text: str) -> _TableParser:
    parser = _TableParser()
    parser.feed(text)
    parser.close()
    assert parser.stack == []
    return parser


def test_html_full(full):
    text = render(full, "html", deltas=True)
    assert text.startswith('<div class="simpeval-report">\n<table class="simpeval-table" style="')
    assert "<tbody>" in text and "</tbody>" in text and "R&amp;D_#1 100%" in text
    parsed = parse_html(text)
    results, comparisons = parsed.tables
    assert results[0] == ["System", "SARI", "Δ", "Add", "Keep", "Delete", "TER", "Δ"]
    assert results[2][:3] == ["RM+EX+LS+RO", "41.2 (40.1–42.3) (p = 0.0020)*", "+3.2"]
    assert results[3][0] == "R&D_#1 100%"
    assert results[3][6] == "48.0 (46.5–49.5) (p = 0.0200)*"
    assert parsed.strong == ["41.2", "48.0", "bold"]  # best SARI, best TER (lower), legend
    assert "".join(parsed.pre).splitlines() == SIGNATURE_LINES
    assert comparisons[0] == ["System", "Baseline", "Metric", "p"]  # one test: named in the legend
    assert comparisons[1:] == [
        ["RM+EX+LS+RO", "Dress-Ls", "SARI", "0.0010*"],
        ["R&D_#1 100%", "RM+EX+LS+RO", "SARI", "0.0800"],
    ]
    assert "p: approximate randomization test of the system against the baseline" in text


def test_html_fragment_is_readable_without_a_stylesheet(full):
    """Inline styles: cells padded apart and kept on one line, the header ruled, signatures wrapped."""
    text = render(full, "html", deltas=True)
    cells = re.findall(r"<(td|th) style=\"([^\"]*)\"", text)
    assert len(cells) == 8 * 4 + 4 * 3  # results (header + 3 systems) and comparisons
    assert all(re.search(r"text-align: (left|right); padding: [^;]+em", style) for _, style in cells)
    assert all("white-space: nowrap" in style for tag, style in cells if tag == "td")
    assert all("border-bottom: 1px solid" in style for tag, style in cells if tag == "th")
    assert text.count('<table class="simpeval-table" style="border-collapse: collapse;') == 2
    assert re.search(r'<pre class="simpeval-signatures" style="[^"]*white-space: pre-wrap', text)
    assert re.search(r'<p class="simpeval-legend" style="[^"]*margin', text)


def test_html_grid_for_a_styled_page_has_only_alignments(full):
    """The HTML report styles its tables with its own stylesheet: :func:`html_grid` unstyled."""
    from simpeval.report.formats.html import html_grid
    from simpeval.report.formats.layout import Options, build_report

    lines = html_grid(build_report(full, Options(width=1, deltas=False)).grid)
    assert lines[0] == '<table class="simpeval-table">'
    assert set(re.findall(r'style="([^"]*)"', "".join(lines))) == {"text-align: left", "text-align: right"}


def test_html_escapes_markup():
    table = ResultTable(('<script>alert("x")</script>',), METRICS[1:], ((ter(1.0),),))
    text = render(table, "html")
    assert "<script>" not in text
    assert parse_html(text).tables[0][1][0] == '<script>alert("x")</script>'


def test_repr_html_is_the_html_rendering(full):
    assert full._repr_html_() == render(full, "html")


# ---------------------------------------------------------------- csv
def test_csv_plain(plain):
    rows = list(csv.DictReader(io.StringIO(render(plain, "csv"))))
    assert list(rows[0]) == CSV_COLUMNS + ["signature"]
    assert [(r["system"], r["metric"]) for r in rows] == [(s, m.name) for s in SYSTEMS for m in METRICS]
    assert rows[4] == {
        **dict.fromkeys(CSV_COLUMNS, ""),
        "system": "R&D_#1 100%",
        "metric": "SARI",
        "score": "39.0",
        "keep": "62.0",
        "delete": "41.0",
        "add": "14.0",
        "signature": SARI_SIG.format(),
    }


def test_csv_full(full):
    text = render(full, "csv", width=2, deltas=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == CSV_COLUMNS + ["delta", "comparisons", "signature"]
    by_key = {(r["system"], r["metric"]): r for r in rows}
    sari_row = by_key["RM+EX+LS+RO", "SARI"]
    # machine-readable: full precision whatever the width
    assert (sari_row["ci_low"], sari_row["ci_high"], sari_row["ci_mean"]) == ("40.1", "42.3", "41.2")
    assert (sari_row["score"], sari_row["add"]) == ("41.25", "14.25")
    assert (sari_row["p_value"], sari_row["p_value_corrected"]) == ("0.001", "0.002")
    assert float(sari_row["delta"]) == 41.25 - 38.04
    assert sari_row["comparisons"] == (
        "RM+EX+LS+RO vs Dress-Ls: ar p = 0.0010*; R&D_#1 100% vs RM+EX+LS+RO: ar p = 0.0800"
    )
    assert by_key["RM+EX+LS+RO", "TER"]["ci_low"] == ""  # no interval computed for that cell
    assert by_key["Dress-Ls", "TER"]["p_value"] == ""  # the baseline is not tested against itself
    assert by_key["Dress-Ls", "TER"]["comparisons"] == ""


def test_csv_with_pandas(full):
    pandas = import_module("pandas")
    frame = pandas.read_csv(io.StringIO(render(full, "csv")), keep_default_na=False)
    assert frame.shape == (6, len(CSV_COLUMNS) + 2)
    assert list(frame["system"]) == [s for s in SYSTEMS for _ in METRICS]


# ---------------------------------------------------------------- json
def test_json_full(full):
    records = json.loads(render(full, "json", width=2, deltas=True))
    assert isinstance(records, list) and len(records) == 6
    for record in records:
        assert {"system", "metric", "score", "signature", "components", "comparisons"} <= set(record)
    first, tested = records[0], records[2]
    assert "p_value" not in first  # the baseline
    assert first["ci"] == {"low": 37.0, "high": 39.1, "mean": 38.05, "level": 0.95, "n_samples": 1000, "seed": 12345}
    assert first["comparisons"] == [
        {
            "system": "RM+EX+LS+RO",
            "baseline": "Dress-Ls",
            "test": "ar",
            "p_value": 0.001,
            "significant": True,
            "n_samples": 1000,
            "seed": 7,
        }
    ]
    assert (tested["system"], tested["metric"]) == ("RM+EX+LS+RO", "SARI")
    assert tested["components"] == {"add": 14.25, "keep": 65.5, "delete": 44.0}
    keys = ("p_value", "p_value_corrected", "correction", "test", "baseline", "significant")
    assert {k: tested[k] for k in keys} == {
        "p_value": 0.001,
        "p_value_corrected": 0.002,
        "correction": "holm",
        "test": "bs",
        "baseline": "Dress-Ls",
        "significant": True,
    }
    assert tested["delta"] == 41.25 - 38.04  # unrounded although width=2
    assert tested["score"] == 41.25
    assert records[3].get("ci") is None  # RM+EX+LS+RO / TER has no interval
    assert records[4]["significant"] is False  # corrected 0.06


def test_json_plain_has_no_optional_keys(plain):
    for record in json.loads(render(plain, "json")):
        assert set(record) == {"system", "metric", "score", "signature", "components", "details", "higher_is_better"}


# ---------------------------------------------------------------- across formats
def _best_marked(fmt: str, text: str) -> list[str]:
    """The rendered best scores of each human format."""
    if fmt == "text":
        return re.findall(r"(\d+\.\d)†", text)
    pattern = {
        "markdown": r"\*\*(\d+\.\d)\*\*",
        "latex": r"\\textbf\{(\d+\.\d)\}",
        "html": r"<strong>(\d+\.\d)</strong>",
    }
    return re.findall(pattern[fmt], text)


@pytest.mark.parametrize("fmt", HUMAN_FORMATS)
def test_best_marks_respect_the_direction(plain, fmt):
    assert _best_marked(fmt, render(plain, fmt)) == ["41.2", "48.0"]  # SARI: highest; TER: lowest
    higher_ter = ResultTable(SYSTEMS, (METRICS[0], MetricColumn("TER", True)), SCORES)
    assert _best_marked(fmt, render(higher_ter, fmt)) == ["41.2", "61.5"]


@pytest.mark.parametrize("fmt", HUMAN_FORMATS)
def test_ties_mark_every_best_system(fmt):
    table = ResultTable(("a", "b", "c"), METRICS[1:], ((ter(5.0),), (ter(5.0),), (ter(6.0),)))
    assert _best_marked(fmt, render(table, fmt)) == ["5.0", "5.0"]


@pytest.mark.parametrize("fmt", HUMAN_FORMATS)
def test_single_system_has_no_marks_or_legend(fmt):
    table = ResultTable(("only",), METRICS[1:], ((ter(10.0),),))
    text = render(table, fmt)
    assert _best_marked(fmt, text) == []
    assert "best system" not in text
    assert TER_SIG.format() in unbroken(text).replace(r"\_", "_")


@pytest.mark.parametrize("fmt", ["text", "markdown", "latex", "html", "csv", "json"])
def test_every_format_lists_the_signatures(full, fmt):
    text = unbroken(render(full, fmt))
    for signature in SIGNATURE_LINES:
        assert signature in text


@pytest.mark.parametrize("fmt", ["text", "markdown", "latex", "html", "csv", "json"])
def test_every_format_lists_the_comparisons(full, fmt):
    plain = ResultTable(SYSTEMS, METRICS, SCORES)
    assert "0.0800" not in render(plain, fmt)
    assert "0.0800" in render(full, fmt) or fmt == "json"
    if fmt == "json":
        assert [r["comparisons"] != [] for r in json.loads(render(full, fmt))] == [True, False] * 3


def test_comparisons_of_two_tests_name_each_in_a_test_column():
    """One test (the usual case) is named once, in the legend; two tests get a ``Test`` column."""
    mixed = (COMPARISONS[0], PairedResult("bs", 0.5, 1000, 7, "R&D_#1 100%", "Dress-Ls", "SARI"))
    lines = render(ResultTable(SYSTEMS, METRICS, SCORES, comparisons=mixed), "text").splitlines()
    block = lines[lines.index("Pairwise comparisons") + 1 :]
    assert block[:3] == [
        "System       Baseline  Metric  Test                       p",
        "RM+EX+LS+RO  Dress-Ls  SARI    approximate randomization  0.0010*",
        "R&D_#1 100%  Dress-Ls  SARI    paired bootstrap           0.5000",
    ]
    assert not any(line.startswith("p ") for line in block)


@pytest.mark.parametrize("fmt", HUMAN_FORMATS)
def test_human_renderers_are_deterministic_and_width_aware(full, fmt):
    assert render(full, fmt, width=3, deltas=True) == render(full, fmt, width=3, deltas=True)
    assert "38.040" in render(full, fmt, width=3)
    assert "38.040" not in render(full, fmt, width=1)


@pytest.mark.parametrize("fmt", ["csv", "json"])
@pytest.mark.parametrize("width", [0, 1, 3])
def test_machine_formats_ignore_the_width(full, fmt, width):
    """CSV and JSON carry full precision always; ``width`` is for people.

    They used to be rounded to ``width`` (one decimal by default): 38.04 was written 38.0."""
    assert render(full, fmt, width=width, deltas=True) == render(full, fmt, width=6, deltas=True)
    if fmt == "json":
        record = json.loads(render(full, fmt, width=width))[0]
        assert (record["score"], record["ci"]["mean"], record["components"]["add"]) == (38.04, 38.05, 14.12)
    else:
        assert "38.04," in render(full, fmt, width=width) and "38.05," in render(full, fmt, width=width)


@pytest.mark.parametrize("fmt", ["markdown", "latex", "html", "csv"])
def test_score_only_ignores_the_format(plain, fmt):
    assert render(plain, fmt, score_only=True) == render(plain, "text", score_only=True)


# ---------------------------------------------------------------- segment tables
def test_segments_csv(segments):
    rows = list(csv.reader(io.StringIO(render(segments, "csv"))))
    assert rows == [
        ["line", "system", "metric", "score", "add", "keep", "delete", "num_edits", "ref_length", "signature"],
        ["1", "a_b", "SARI", "40.0", "40.0", "50.0", "30.0", "", "", SARI_SIG.format()],
        ["2", "a_b", "SARI", "20.0", "20.0", "30.0", "10.0", "", "", SARI_SIG.format()],
        ["1", "a_b", "TER", "12.5", "", "", "", "6.25", "50.0", TER_SIG.format()],
    ]


def test_segments_markdown(segments):
    assert render(segments, "markdown").splitlines() == [
        "| Line | System | Metric | Score |",
        "|-----:|:-------|:-------|------:|",
        r"|    1 | a\_b   | SARI   |  40.0 |",
        r"|    2 | a\_b   | SARI   |  20.0 |",
        r"|    1 | a\_b   | TER    |  12.5 |",
        "",
        "```text",
        *SIGNATURE_LINES,
        "```",
    ]


def test_segments_html_and_latex(segments):
    parsed = parse_html(render(segments, "html"))
    assert parsed.tables[0][1] == ["1", "a_b", "SARI", "40.0"]
    latex = render(segments, "latex")
    assert r"\begin{tabular}{@{}rllr@{}}" in latex and r"1 & a\_b & TER & 12.5 \\" in latex


def test_segments_reject_deltas(segments):
    with pytest.raises(InvalidOptionError, match="deltas must be False for a SegmentTable"):
        render(segments, "text", deltas=True)


# ---------------------------------------------------------------- pandas
def test_to_pandas(full):
    pandas = import_module("pandas")
    frame = full.to_pandas(deltas=True)
    header = next(csv.reader(io.StringIO(render(full, "csv", deltas=True))))
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == header
    assert len(frame) == len(SYSTEMS) * len(METRICS)
    row = frame[(frame.system == "RM+EX+LS+RO") & (frame.metric == "SARI")].iloc[0]
    assert (row.score, row.ci_low, row.p_value, row.p_value_corrected) == (41.25, 40.1, 0.001, 0.002)
    assert row.delta == pytest.approx(3.21)
    assert pandas.isna(frame.p_value[0]) and pandas.isna(frame.ci_low[3])


def test_to_pandas_without_pandas(full, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # makes `import pandas` raise ImportError
    with pytest.raises(MissingDependencyError, match=re.escape("pip install 'simplification-metrics[pandas]'")):
        full.to_pandas()
    with pytest.raises(ImportError):  # also catchable as the builtin
        full.to_pandas()


# ---------------------------------------------------------------- any system name round-trips
NAMES = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=12).filter(
    lambda s: s.strip() == s
)


@given(st.lists(NAMES, min_size=2, max_size=3, unique=True))
@pytest.mark.slow
def test_system_names_round_trip(names):
    table = ResultTable(tuple(names), METRICS[1:], tuple((ter(10.0 + i),) for i in range(len(names))))
    # CSV: a name a spreadsheet would run as a formula gets a leading ' (OWASP), the others round-trip
    in_csv = ["'" + n if n.startswith(("=", "+", "-", "@", "\t", "\r")) else n for n in names]
    assert [r["system"] for r in csv.DictReader(io.StringIO(render(table, "csv")))] == in_csv
    assert [r["system"] for r in json.loads(render(table, "json"))] == names
    assert [row[0] for row in parse_html(render(table, "html")).tables[0][1:]] == names
    assert [row[0] for row in _markdown_rows(render(table, "markdown"))[2:]] == names


@pytest.mark.parametrize("name", ["a\rb", "a\nb", "a\r\nb", "a\tb", 'a"b', "a,b", "trailing\r"])
def test_line_breaks_inside_a_name_are_quoted(name):
    """A bare carriage return inside a cell is quoted like a newline: a reader keeps the row whole."""
    table = ResultTable((name, "plain"), METRICS[1:], ((ter(10.0),), (ter(11.0),)))
    text = render(table, "csv")
    assert not text.endswith("\n")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert [row[0] for row in rows[1:]] == [name, "plain"]
    assert len(rows) == 3
    segments = SegmentTable((name,), (MetricColumn("TER", False),), (SegmentScore(1, name, "TER", ter(12.5)),))
    tsv = list(csv.reader(io.StringIO(render(segments, "tsv"), newline=""), delimiter="\t"))
    assert len(tsv) == 2 and name in tsv[1]


# ---------------------------------------------------------------- column types, sacrebleu's mean ± half-interval, marks
def test_to_pandas_gives_float_columns(plain, full):
    """Every numeric column is float64 (NaN where not computed), never ``None`` objects."""
    import_module("pandas")
    text = {"system", "metric", "comparisons", "signature"}
    for table in (plain, full):
        frame = table.to_pandas(deltas=True)
        numeric = [column for column in frame.columns if column not in text]
        assert {str(frame[column].dtype) for column in numeric} == {"float64"}, frame.dtypes
        assert frame.ci_low.isna().sum() == (6 if table is plain else 1)


def _bootstrap_result(system: str, metric: str, p: float, ci: ConfidenceInterval) -> PairedResult:
    return PairedResult(
        test="bs",
        p_value=p,
        n_samples=1000,
        seed=12345,
        system=system,
        baseline="Dress-Ls",
        metric=metric,
        mean=ci.mean,
        ci=ci,
    )


BS_CI = ConfidenceInterval(40.1, 42.3, 41.27, n_samples=1000)
BS_PAIRED = (
    (None, None),
    (_bootstrap_result("RM+EX+LS+RO", "SARI", 0.001, BS_CI), None),
    (_bootstrap_result("R&D_#1 100%", "SARI", 0.3, ConfidenceInterval(38.0, 40.0, 39.0)), None),
)


@pytest.fixture
def bootstrapped() -> ResultTable:
    """A paired bootstrap without ``--confidence``: the table has no intervals of its own."""
    return ResultTable(SYSTEMS, METRICS, SCORES, paired=BS_PAIRED, baseline="Dress-Ls")


@pytest.mark.parametrize("fmt", HUMAN_FORMATS)
def test_paired_bootstrap_shows_mean_and_interval(bootstrapped, fmt):
    """As sacrebleu: the bootstrap mean ± half the 95% interval beside the p-value."""
    text = render(bootstrapped, fmt)
    if fmt == "latex":  # stacked below the score, without the parentheses
        assert r"{\scriptsize $\mu$\,=\,41.3\,$\pm$\,1.1}" in text and r"$\mu$\,=\,39.0\,$\pm$\,1.0" in text
    else:
        assert "(μ = 41.3 ± 1.1)" in text and "(μ = 39.0 ± 1.0)" in text
    assert "paired bootstrap mean of the tested system" in text


def test_paired_bootstrap_text_layout(bootstrapped):
    lines = render(bootstrapped, "text").splitlines()
    assert lines[:4] == [
        "System       SARI                                     Add  Keep  Delete   TER",
        "Dress-Ls     38.0                                    14.1  60.0    40.0  55.0",
        "RM+EX+LS+RO  41.2†  (μ = 41.3 ± 1.1)  (p = 0.0010)*  14.2  65.5    44.0  61.5",
        "R&D_#1 100%  39.0   (μ = 39.0 ± 1.0)  (p = 0.3000)   14.0  62.0    41.0  48.0†",
    ]
    assert "(μ ± h) paired bootstrap mean of the tested system ± half its 95% interval" in lines


def test_paired_bootstrap_json_and_csv_carry_its_interval(bootstrapped):
    records = {(r["system"], r["metric"]): r for r in json.loads(render(bootstrapped, "json"))}
    tested = records["RM+EX+LS+RO", "SARI"]
    assert tested["ci"] == {"low": 40.1, "high": 42.3, "mean": 41.27, "level": 0.95, "n_samples": 1000, "seed": 12345}
    assert "ci" not in records["Dress-Ls", "SARI"] and tested["p_value"] == 0.001
    rows = {(r["system"], r["metric"]): r for r in csv.DictReader(io.StringIO(render(bootstrapped, "csv")))}
    assert (rows["RM+EX+LS+RO", "SARI"]["ci_low"], rows["RM+EX+LS+RO", "SARI"]["ci_mean"]) == ("40.1", "41.27")
    # an interval of the table itself (--confidence) comes first
    both = ResultTable(SYSTEMS, METRICS, SCORES, INTERVALS, BS_PAIRED, "Dress-Ls")
    assert json.loads(render(both, "json"))[4]["ci"]["mean"] == 39.01


def test_all_pairs_bootstrap_lists_its_interval():
    comparisons = (_bootstrap_result("RM+EX+LS+RO", "SARI", 0.001, BS_CI),)
    table = ResultTable(SYSTEMS, METRICS, SCORES, comparisons=comparisons)
    assert "(μ = 41.3 ± 1.1)" in render(table, "text")
    assert json.loads(render(table, "json"))[0]["comparisons"][0]["ci"]["mean"] == 41.27


@pytest.mark.parametrize("fmt", HUMAN_FORMATS)
def test_best_and_significant_have_distinct_marks(full, fmt):
    """``*`` means p < 0.05 and only that; the best score is ``†`` in text, bold elsewhere."""
    text = render(full, fmt)
    assert "* best" not in text and "\\*: best" not in text
    if fmt == "text":
        assert re.findall(r"(\d+\.\d)\*", text.split("Pairwise")[0]) == []  # no '*' right after a score
        assert "† best system per metric (TER: lower is better)" in text


def test_latex_prints_minus_signs_not_hyphens(plain):
    """A negative delta or interval bound is typeset with a minus sign."""
    out = render(plain, "latex", deltas=True)
    deltas = re.findall(r"\$-\$\d", out)
    assert deltas, out
    assert not re.search(r"(?<![$\w])-\d", out)  # no bare hyphen before a digit


def test_latex_interval_below_zero_has_two_minus_signs():
    """An interval whose both bounds are negative (a correlation, a delta): minus signs, no hyphen."""
    from simpeval.report.document import Cell, Document, Grid, Section, interval

    cell = Cell(("-0.25", interval(-0.4, -0.1, 2)))
    text = render(Document((Section("x", grid=Grid(("r",), ((cell,),), ("rr",))),)), "latex")
    assert r"$-$0.25 \\ {\scriptsize $-$0.40--$-$0.10}" in text
