"""The standalone HTML report, its pieces, and the page in a real browser.

The browser is Debian's ``chromium``, run headless on the written file: ``--dump-dom`` gives the
DOM after the page's script ran (the rows sorted from the address's ``#sort=...``), parsed here
with :mod:`html.parser`; ``--screenshot`` renders it. Without chromium these tests skip, except
under ``CI`` (``.ci/run`` installs it), where they fail.
"""

from __future__ import annotations

import html
import json
import math
import re
import shutil
import struct
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from simpeval import api
from simpeval.cli import main
from simpeval.report.html_report import DIFF_BUDGET, ReportData, build_html_report, diff_markup, script_json, word_diff
from simpeval.report.svg import Point, Row, escape, interval_chart, nice_ticks, ridge_histograms, scatter

from ..needs import unavailable

HOSTILE_NAME = 'q"<img src=x onerror=alert(1)>'
SOURCES = [
    "The big cat sat on the old mat .",
    "It rained hard all day long .",
    "Tom & Jerry <script>alert(1)</script> ran .",
    "The committee postponed the decision .",
    "\u202eRTL override and \u05e9\u05dc\u05d5\u05dd .",
]
REFERENCES = [
    "The cat sat on the mat .",
    "It rained all day .",
    "Tom and Jerry ran .",
    "The committee delayed the decision .",
    "RTL override and \u05e9\u05dc\u05d5\u05dd .",
]
SYSTEMS = {
    "good": [
        "The cat sat on the mat .",
        "It rained all day .",
        "Tom & Jerry ran .",
        "The committee waited .",
        "RTL override and \u05e9\u05dc\u05d5\u05dd .",
    ],
    "RM+EX": [
        "The big cat sat on the mat .",
        "It rained hard all day .",
        "Tom & Jerry ran fast .",
        "The committee postponed it .",
        "\u202eRTL override .",
    ],
    HOSTILE_NAME: SOURCES,
}
NETWORK = re.compile(r"""(?:src|href|action|poster|data)\s*=\s*["']?\s*(?:https?:|//)|url\(|@import|<link\b""", re.I)


# ---------------------------------------------------------------- a DOM to query
@dataclass
class Node:
    """An element of the parsed DOM."""

    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)

    def iter(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.iter()

    def all(self, tag: str, cls: str | None = None) -> list[Node]:
        return [n for n in self.iter() if n.tag == tag and (cls is None or cls in n.attrs.get("class", "").split())]

    def by_id(self, ident: str) -> Node:
        return next(n for n in self.iter() if n.attrs.get("id") == ident)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)


class _Builder(HTMLParser):
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if any(n.tag == tag for n in self.stack[1:]):
            while self.stack.pop().tag != tag:
                pass

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(markup: str) -> Node:
    builder = _Builder()
    builder.feed(markup)
    builder.close()
    return builder.root


# ---------------------------------------------------------------- headless chromium
def chromium() -> str:
    """The chromium binary; skip without it, or fail under CI (which installs it)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if found is None:
        unavailable("chromium is not installed (apt-get install chromium; .ci/run installs it)")
    return found


def _browser(profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [
        chromium(),
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-extensions",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        f"--user-data-dir={profile}",
        *args,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def dump_dom(page: Path, fragment: str = "") -> Node:
    """The DOM of ``page`` (opened at ``#fragment``) once its scripts ran, parsed."""
    done = _browser(page.parent / "profile", "--virtual-time-budget=3000", "--dump-dom", page.as_uri() + fragment)
    assert "<html" in done.stdout, done.stderr[-2000:]
    return parse(done.stdout)


def screenshot(page: Path, png: Path, size: tuple[int, int] = (1280, 2000), fragment: str = "") -> tuple[int, int]:
    """Render ``page`` into ``png``; its (width, height) from the PNG header."""
    _browser(
        page.parent / "profile", f"--window-size={size[0]},{size[1]}", f"--screenshot={png}", page.as_uri() + fragment
    )
    assert png.is_file(), f"no screenshot at {png}"
    head = png.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def assert_self_contained(text: str) -> None:
    """No resource the browser would fetch: no network src/href, no CSS url()/@import, no <link>."""
    assert NETWORK.search(text) is None, NETWORK.search(text)
    assert not re.search(r"<script[^>]*\bsrc\s*=", text, re.I)


# ---------------------------------------------------------------- the small report
def _write(folder: Path, name: str, lines: list[str]) -> str:
    path = folder / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def small_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("report")
    systems = [_write(folder, f"sys{k}.txt", lines) for k, lines in enumerate(SYSTEMS.values())]
    out = folder / "report.html"
    result = CliRunner().invoke(
        main,
        [
            "report",
            "-s",
            _write(folder, "src.txt", SOURCES),
            "-r",
            _write(folder, "ref.txt", REFERENCES),
            "-i",
            *systems,
            "-n",
            *SYSTEMS,
            "-m",
            "sari",
            "bleu",
            "fkgl",
            "--paired-n",
            "50",
            "-o",
            str(out),
            "-q",
        ],
    )
    assert result.exit_code == 0, result.output
    return out


def _sari_differences(a: str, b: str) -> list[float]:
    """SARI(a) - SARI(b) of every segment, from the scores as the page holds them (4 decimals)."""
    rows = api.sentence_level(SYSTEMS, [REFERENCES], sources=SOURCES, metrics=["sari"]).rows
    scores = {s: [round(r.score.score, 4) for r in rows if r.system == s] for s in SYSTEMS}
    return [x - y for x, y in zip(scores[a], scores[b])]


def _cell_marks(row: Node, column: int) -> tuple[list[str], list[str]]:
    cell = row.all("td", "out")[column]
    return [n.text() for n in cell.all("ins")], [n.text() for n in cell.all("del")]


@pytest.mark.browser
def test_rendered_in_chromium(small_report: Path) -> None:
    """The DOM after the page's script: table rows, charts, marked words, hostile text inert, rows sorted."""
    a, b = HOSTILE_NAME, "good"
    dom = dump_dom(small_report, f"#sort={quote(a, safe='')},{quote(b, safe='')}&metric=SARI")
    assert [n.text() for n in dom.all("title")][0] == "simpeval report"  # no script rewrote it
    assert dom.all("img") == [] and len(dom.all("script")) == 2  # the name's <img> stayed text
    systems = [row.all("th")[0].text() for row in dom.by_id("scores").all("tr", "system")]
    assert systems == list(SYSTEMS)
    titles = [svg.all("title")[0].text() for svg in dom.all("svg", "chart")]
    assert titles[:4] == ["SARI", "BLEU", "FKGL", "SARI vs BLEU"]
    assert "Compression ratio" in titles and "Deletions proportion" in titles and len(titles) == 10
    assert all(len(svg.all("circle", "dot")) == len(SYSTEMS) for svg in dom.all("svg", "chart")[:4])
    rows = dom.by_id("segments").all("tbody")[0].all("tr")
    differences = _sari_differences(a, b)
    order = sorted(range(len(SOURCES)), key=lambda i: (-differences[i], i))
    assert [int(r.attrs["data-i"]) for r in rows] == order  # the script sorted them, ties by line
    by_line = {int(r.attrs["data-i"]): r for r in rows}
    assert _cell_marks(by_line[0], 0) == ([], ["big", "old"])  # good, segment 1
    assert _cell_marks(by_line[3], 0) == (["waited"], ["postponed the decision"])
    assert _cell_marks(by_line[1], 1) == ([], ["long"])  # RM+EX keeps "hard", drops "long"
    assert by_line[2].all("td", "src")[0].text() == SOURCES[2]  # the <script> is text
    assert by_line[4].all("td", "src")[0].all("div")[0].attrs["dir"] == "auto"  # the RLO stays in its cell
    assert json.loads(dom.all("body")[0].attrs["data-sorted"]) == ["SARI", a, b, "a"]
    assert dom.by_id("sorted").text() == f"sorted by SARI({a}) − SARI({b}), {a} ahead first"
    deltas = [r.all("td", "delta")[0].text() for r in rows]
    assert deltas == [f"{differences[i]:+.1f}".replace("-", "−").replace("+0.0", "0.0") for i in order]


@pytest.mark.browser
def test_sorted_the_other_way_in_chromium(small_report: Path) -> None:
    dom = dump_dom(small_report, "#sort=good,RM%2BEX&metric=BLEU&order=line")
    rows = dom.by_id("segments").all("tbody")[0].all("tr")
    assert [int(r.attrs["data-i"]) for r in rows] == list(range(len(SOURCES)))
    assert json.loads(dom.all("body")[0].attrs["data-sorted"]) == ["BLEU", "good", "RM+EX", "line"]


@pytest.mark.browser
def test_screenshot_in_chromium(small_report: Path) -> None:
    png = small_report.with_suffix(".png")
    assert screenshot(small_report, png) == (1280, 2000)
    assert png.stat().st_size > 40_000  # text, tables and charts, not a blank page


def test_the_file_is_self_contained_and_escaped(small_report: Path) -> None:
    text = small_report.read_text(encoding="utf-8")
    assert_self_contained(text)
    assert "<script>alert(1)</script>" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert HOSTILE_NAME not in text and escape(HOSTILE_NAME) in text
    payload = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', text, re.S)
    assert payload is not None and "<" not in payload.group(1)
    assert json.loads(payload.group(1))["systems"] == list(SYSTEMS)


# ---------------------------------------------------------------- the pieces, without a browser
@pytest.mark.parametrize(
    ("source", "output", "expected"),
    [
        ("the big cat", "the small cat sat", "the <del>big</del> <ins>small</ins> cat <ins>sat</ins>"),
        ("The cat sat on the mat.", "The cat sat.", "The cat sat <del>on the mat</del>."),
        ("big cat", "cat", "<del>big</del> cat"),
        ("", "new words", "<ins>new words</ins>"),
        ("old words", "", "<del>old words</del>"),
        ("Tom & Jerry", "Tom & <b>Jerry</b>", "Tom &amp; <ins>&lt;b&gt;</ins>Jerry<ins>&lt;/b&gt;</ins>"),
        (
            'it\'s "quoted"',
            "it's 'quoted'",
            "it&#x27;s <del>&quot;</del><ins>&#x27;</ins>quoted<del>&quot;</del><ins>&#x27;</ins>",
        ),
    ],
)
def test_diff_markup(source: str, output: str, expected: str) -> None:
    assert diff_markup(source, output) == expected


def _plain(markup: str, drop: str) -> str:
    """The markup's text without the ``drop`` elements, without whitespace."""
    return "".join(
        html.unescape(re.sub("<[^>]+>", "", re.sub(f"<{drop}>.*?</{drop}>", "", markup, flags=re.S))).split()
    )


TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\x00"), max_size=40)  # what a file can hold


@given(TEXT, TEXT)
def test_diff_markup_keeps_both_texts(source: str, output: str) -> None:
    """Without its deletions the markup reads as the output; without its additions, as the source."""
    markup = diff_markup(source, output)
    assert _plain(markup, "del") == "".join(output.split())
    assert _plain(markup, "ins") == "".join(source.split())


@given(TEXT, TEXT)
def test_diff_under_the_budget_is_sequence_matchers(source: str, output: str) -> None:
    """Ordinary lines are diffed exactly as before the budget: by SequenceMatcher, marked exact."""
    markup, exact = word_diff(source, output)
    assert exact and markup == diff_markup(source, output)
    assert word_diff(source, output, budget=10**12) == (markup, True)


@given(TEXT, TEXT)
def test_the_cheap_diff_keeps_both_texts(source: str, output: str) -> None:
    markup, _ = word_diff(source, output, budget=0)
    assert _plain(markup, "del") == "".join(output.split())
    assert _plain(markup, "ins") == "".join(source.split())


class _CountingSearch:
    """Counts the words SequenceMatcher's searches visit (each visits a[alo:ahi] and, per word,
    its places in b): the work the budget bounds, counted rather than timed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import difflib

        self.steps = 0
        search = difflib.SequenceMatcher.find_longest_match

        def counting(matcher, alo=0, ahi=None, blo=0, bhi=None):  # type: ignore[no-untyped-def]
            ahi = len(matcher.a) if ahi is None else ahi
            self.steps += (ahi - alo) + sum(len(matcher.b2j.get(w, ())) for w in matcher.a[alo:ahi])
            return search(matcher, alo, ahi, blo, bhi)

        monkeypatch.setattr(difflib.SequenceMatcher, "find_longest_match", counting)


@pytest.mark.parametrize("words", [2_000, 200_000])  # 200,000 words: a line near the 1 MiB line limit
@pytest.mark.slow
def test_a_pathological_line_gets_the_cheap_diff_within_the_budget(monkeypatch, words: int) -> None:
    """A long line of few distinct words made SequenceMatcher cubic (an 80 KB line took 32 s in
    ``simpeval report``): its search stops at the budget and the cheap diff marks the line."""
    counter = _CountingSearch(monkeypatch)
    source = " ".join(["a"] * words)
    output = "x " + " ".join(["a", "b"] * (words // 2)) + " a a"
    markup, exact = word_diff(source, output)
    assert not exact and counter.steps <= DIFF_BUDGET
    assert markup.startswith("<del>a a") and "<ins>x a b" in markup and markup.endswith("</ins> a a")


def test_a_long_ordinary_line_is_diffed_exactly() -> None:
    """A long line of ordinary text (many distinct words) stays under the budget."""
    words = [f"w{k % 700}" for k in range(3_000)]
    markup, exact = word_diff(" ".join(words), " ".join(words[:1500] + ["new"] + words[1501:]))
    assert exact and "<del>w100</del> <ins>new</ins>" in markup


def test_the_report_says_which_outputs_got_the_cheap_diff() -> None:
    long_source, long_output = " ".join(["a"] * 3_000), " ".join(["a", "b"] * 1_500)
    systems = {"long": ["a b c", long_output], "short": ["a b", "a"]}
    references = [["a b c", "a a"]]
    sources = ["a b d", long_source]
    table = api.compare(
        systems,
        references,
        sources=sources,
        metrics=["bleu"],
        interval=api.Bootstrap(n=10),
        test=api.PairedBootstrap(n=10),
    )
    segments = api.sentence_level(systems, references, metrics=["bleu"])
    page = build_html_report(table, segments, ReportData("t", [], sources, references[0], systems))
    assert page.count('id="cheap-diff"') == 1 and "1 output too long to compare word by word" in page
    short = build_html_report(table, segments, ReportData("t", [], ["a b d", "a"], references[0], systems))
    assert "cheap-diff" not in short


@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script>",
        '" onload="x',
        "a & b &amp;",
        "\u202eevil\u202c",
        "lone \ud800 surrogate",
        "nul \x00",
    ],
)
def test_every_text_is_escaped(text: str) -> None:
    """Hostile text everywhere (title, facts, names, sources, outputs): escaped, and the page encodes to UTF-8."""
    table = api.compare(
        {text: ["a b c"], "b": ["a b"]},
        [["a b c"]],
        sources=["a b d"],
        metrics=["bleu"],
        interval=api.Bootstrap(n=10),
        test=api.PairedBootstrap(n=10),
    )
    segments = api.sentence_level({text: ["a b c"], "b": ["a b"]}, [["a b c"]], metrics=["bleu"])
    data = ReportData(
        text, [(text, text)], [text], [text], {text: [text], "b": [text]}, {text: {text: [0.5], "b": [1.0]}}
    )
    page = build_html_report(table, segments, data)
    page.encode("utf-8")  # no lone surrogate left
    assert_self_contained(page)
    for hostile in ("<script>alert", '" onload="', "\ud800", "\x00"):
        if hostile in text:
            assert hostile not in page
    assert escape(text) in page


def test_lone_surrogates_are_refused_before_rendering() -> None:
    from simpeval.exceptions import InvalidTextError

    with pytest.raises(InvalidTextError):
        api.compare({"s": ["a \ud800"]}, [["a"]], metrics=["bleu"])


def test_script_json_cannot_close_its_script() -> None:
    text = script_json({"</script><script>alert(1)</script>": [1.0, None], "&": "<!--"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"</script><script>alert(1)</script>": [1.0, None], "&": "<!--"}


@given(st.floats(-1e6, 1e6), st.floats(0, 1e6))
def test_nice_ticks_cover_the_range(low: float, span: float) -> None:
    ticks = nice_ticks(low, low + span)
    assert 2 <= len(ticks) <= 12 and ticks == sorted(ticks)
    step = ticks[1] - ticks[0]  # covered up to rounding: a billionth of a step
    assert ticks[0] <= low + 1e-9 * step and ticks[-1] >= low + span - 1e-9 * step


Chart = Callable[[], str]


@pytest.mark.parametrize(
    "chart",
    [
        lambda: interval_chart("<m>", [Row("<a>", math.nan, None, None), Row("b", 1.0, 0.5, math.inf)]),
        lambda: scatter("<t>", [Point("<a>", math.nan, 1.0), Point("b", 2.0, 3.0, x_interval=(1.0, 3.0))], "<x>", "y"),
        lambda: ridge_histograms("<f>", [Row("<a>", math.nan), Row("b", 0.5)], [[], [0.5, 0.5, math.nan]]),
        lambda: interval_chart("empty", []),
    ],
)
def test_charts_survive_odd_values_and_escape_labels(chart: Chart) -> None:
    svg = chart()
    assert svg.startswith('<svg class="chart"') and svg.endswith("</svg>")
    assert not re.search("<[amtx]>", svg) and "nan" not in svg and "inf" not in svg
    parse(svg)  # well-formed enough to parse


def test_mismatched_pieces_are_refused() -> None:
    from simpeval.exceptions import InvalidValueError

    systems = {"a": ["x y", "z"], "b": ["x", "z z"]}
    table = api.compare(systems, [["x y", "z"]], metrics=["bleu"])
    segments = api.sentence_level(systems, [["x y", "z"]], metrics=["bleu"])
    build_html_report(table, segments, ReportData("t", [], None, ["x y", "z"], systems))
    for data in (
        ReportData("t", [], None, ["x y", "z"], {"a": systems["a"]}),
        ReportData("t", [], ["s"], ["x y", "z"], systems),
        ReportData("t", [], None, ["x y"], systems),
    ):
        with pytest.raises(InvalidValueError, match="same systems"):
            build_html_report(table, segments, data)
