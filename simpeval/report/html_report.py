"""The standalone HTML report of ``simpeval report``: one self-contained file to share.

Inline CSS, inline SVG charts (:mod:`.svg`) and a few lines of inline JavaScript; no CDN, no
network, no other file. Sections:

* **Data**: the test set (name, description, segments, references, languages when known) or the files;
* **Scores**: every system under every metric with its 95% bootstrap interval, its difference to
  the baseline and the paired test against it, as :func:`~simpeval.report.formats.layout.build_report`
  lays out every human format; then the signatures;
* **Charts**: each metric's scores with their intervals, SARI against BLEU (one point per system);
* **Features**: EASSE's quality-estimation features, their means and one histogram per feature;
* **Segments**: every segment's source, one reference and each system's output, the words the
  output added marked ``<ins>`` and the source words it deleted ``<del>``
  (:func:`diff_markup`; an output too long to diff within :data:`DIFF_BUDGET` gets a cheap diff,
  and a note above the table says how many did), sortable in the page by the difference of two systems' sentence-level
  scores under a chosen metric, or from the address: ``report.html#sort=A,B&metric=SARI``.

Every text goes through :func:`~simpeval.report.svg.escape`; text cells carry ``dir="auto"`` so
that right-to-left text (and a stray bidi override) stays inside its cell. The data behind the
sorting is JSON in a ``<script type="application/json">`` with ``<``, ``>`` and ``&`` escaped.

Examples:
    >>> diff_markup("The big cat sat.", "The cat sat down.")
    'The <del>big</del> cat sat <ins>down</ins>.'
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._version import __version__
from ..exceptions import InvalidValueError
from .formats.html import html_grid
from .formats.layout import COMPARISONS_TITLE, Cell, Grid, Note, Options, build_report
from .svg import Point, Row, clean, color, escape, interval_chart, ridge_histograms, scatter
from .table import ResultTable, SegmentTable
from .word_diff import DIFF_BUDGET, diff_markup, word_diff

__all__ = ["DIFF_BUDGET", "ReportData", "build_html_report", "diff_markup", "script_json", "word_diff"]

#: Decimals of the scores table (EASSE and most papers print two).
WIDTH = 2


@dataclass(frozen=True)
class ReportData:
    """What the report shows besides the result table and the sentence-level scores.

    Attributes:
        title: the heading (and the page title).
        facts: the data, as (label, text) pairs: test set, description, segments, references,
            languages, files.
        sources: the source of every segment, or ``None`` (then no Source column and no marked words).
        reference: one reference of every segment (the first stream).
        outputs: system -> its outputs, one per segment.
        features: feature -> system -> per-segment values (EASSE's features), if computed.
        features_note: why there are no features, shown in their place when ``features`` is empty.
        citation: BibTeX of the test set, shown folded under the data.
        short: print the signatures with their short keys.
    """

    title: str
    facts: Sequence[tuple[str, str]]
    sources: Sequence[str] | None
    reference: Sequence[str]
    outputs: Mapping[str, Sequence[str]]
    features: Mapping[str, Mapping[str, Sequence[float]]] = field(default_factory=dict)
    features_note: str = ""
    citation: str = ""
    short: bool = False


def script_json(value: Any) -> str:
    """``value`` as JSON safe inside ``<script type="application/json">``: no ``<``, ``>``, ``&``.

    Examples:
        >>> script_json({"a</script>": [1.5, None]})
        '{"a\\\\u003c/script\\\\u003e": [1.5, null]}'
    """
    text = json.dumps(value, ensure_ascii=True, allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _swatch(k: int) -> str:
    return f'<span class="swatch" style="background:{color(k)}"></span>'


def _facts(data: ReportData) -> str:
    rows = "".join(f"<dt>{escape(label)}</dt><dd>{escape(text)}</dd>" for label, text in data.facts)
    cite = f"<details><summary>Cite the test set (BibTeX)</summary><pre>{escape(data.citation)}</pre></details>"
    return f'<dl class="facts">{rows}</dl>' + (cite if data.citation else "")


def _cell(cell: Cell, tag: str, numeric: bool, swatch: str = "") -> str:
    if not numeric:
        return f"<{tag}>{swatch}<bdi>{escape(' '.join(cell.parts))}</bdi></{tag}>"
    spans = []
    for k, part in enumerate(cell.parts):
        kind = "v best" if k == 0 and cell.best else "v" if k == 0 else "p sig" if part.endswith("*") else "p"
        spans.append(f'<span class="{kind}">{escape(part)}</span>' if part else "")
    return f'<{tag} class="num">{"".join(spans)}</{tag}>'


def _scores(table: ResultTable, short: bool) -> str:
    """The result table as every human format lays it out, one cell part per line."""
    report = build_report(table, Options(width=WIDTH, deltas=len(table.systems) > 1, short=short))
    grid = report.grid
    head = "".join(
        f"<th{' class=num' if a[0] == 'r' else ''}>{escape(h)}</th>" for h, a in zip(grid.header, grid.aligns)
    )
    rows = []
    for k, row in enumerate(grid.rows):
        cells = [_cell(row[0], "th", False, _swatch(k))]
        cells += [_cell(cell, "td", True) for cell in row[1:]]
        rows.append(f'<tr class="system">{"".join(cells)}</tr>')
    out = [
        f'<div class="wide"><table class="scores"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>',
        _notes(report.notes),
    ]
    if report.comparisons is not None:
        out.append(
            '<div class="wide comparisons">'
            + clean("".join(html_grid(report.comparisons, COMPARISONS_TITLE)))
            + "</div>"
        )
        out.append(_notes(report.comparison_notes))
    out.append(f'<pre class="signatures">{escape(chr(10).join(report.signatures))}</pre>')
    return "".join(out)


def _notes(notes: Sequence[Note]) -> str:
    items = "".join(f"<li><strong>{'bold' if s is None else escape(s)}</strong>: {escape(t)}</li>" for s, t in notes)
    return f'<ul class="legend">{items}</ul>'


def _scatter_metrics(table: ResultTable) -> tuple[int, int] | None:
    """The columns of SARI and BLEU (else the first two metrics), or ``None`` with one metric."""
    keys = [column.key or column.name.lower() for column in table.metrics]
    if "sari" in keys and "bleu" in keys:
        return keys.index("sari"), keys.index("bleu")
    return (0, 1) if len(keys) > 1 else None


def _interval(table: ResultTable, i: int, k: int) -> tuple[float, float] | None:
    ci = table.intervals[i][k] if table.intervals else None
    return (ci.low, ci.high) if ci is not None else None


def _charts(table: ResultTable) -> str:
    svgs = []
    for k, column in enumerate(table.metrics):
        rows = []
        for i, system in enumerate(table.systems):
            low, high = _interval(table, i, k) or (None, None)
            rows.append(Row(system, table.scores[i][k].score, low, high, color(i)))
        levels = {ci.level for row in table.intervals or () for ci in row if ci is not None}
        what = f"{100 * min(levels):g}% bootstrap intervals · " if levels else ""
        direction = {True: "higher is better", False: "lower is better", None: ""}[column.higher_is_better]
        svgs.append(interval_chart(column.name, rows, (what + direction).rstrip(" ·")))
    pair = _scatter_metrics(table)
    if pair is not None:
        kx, ky = pair
        x_name, y_name = table.metric_names[kx], table.metric_names[ky]
        points = [
            Point(
                system,
                table.scores[i][kx].score,
                table.scores[i][ky].score,
                color(i),
                _interval(table, i, kx),
                _interval(table, i, ky),
            )
            for i, system in enumerate(table.systems)
        ]
        svgs.append(scatter(f"{x_name} vs {y_name}", points, x_name, y_name))
    legend = "".join(f"<li>{_swatch(i)}<bdi>{escape(s)}</bdi></li>" for i, s in enumerate(table.systems))
    return f'<ul class="systems">{legend}</ul><div class="charts">{"".join(svgs)}</div>'


def _mean(values: Sequence[float]) -> float:
    finite = [v for v in values if math.isfinite(v)]
    return sum(finite) / len(finite) if finite else math.nan


def _features(data: ReportData, systems: Sequence[str]) -> str:
    if not data.features:
        return f'<p class="meta">{escape(data.features_note or "No features were computed.")}</p>'
    names = list(data.features)
    shown = [s for s in systems if all(s in data.features[n] for n in names)]
    means = {s: {n: _mean(data.features[n][s]) for n in names} for s in shown}
    rows = tuple((Cell((s,)), *(Cell((f"{means[s][n]:.3f}",)) for n in names)) for s in shown)
    table = html_grid(Grid(("System", *names), rows, ("l", *("r" for _ in names))), "Mean over segments")
    charts = [
        ridge_histograms(
            name,
            [Row(s, means[s][name], color=color(systems.index(s))) for s in shown],
            [data.features[name][s] for s in shown],
        )
        for name in names
    ]
    return f'<div class="wide features">{clean("".join(table))}</div><div class="charts">{"".join(charts)}</div>'


def _sentence_scores(segments: SegmentTable) -> dict[str, dict[str, list[float | None]]]:
    """metric -> system -> sentence-level score of every segment (``None`` where not finite)."""
    out: dict[str, dict[str, list[float | None]]] = {}
    for row in segments.rows:
        value = float(row.score.score)
        out.setdefault(row.metric, {}).setdefault(row.system, []).append(
            round(value, 4) if math.isfinite(value) else None
        )
    return out


def _options(names: Sequence[str], selected: str) -> str:
    return "".join(
        f'<option value="{escape(n)}"{" selected" if n == selected else ""}>{escape(n)}</option>' for n in names
    )


def _controls(segments: SegmentTable, systems: Sequence[str]) -> str:
    second = systems[1] if len(systems) > 1 else systems[0]
    return (
        '<form class="controls" onsubmit="return false">Sort segments by sentence-level '
        f'<select id="metric" onchange="pick()">{_options(segments.metric_names, segments.metric_names[0])}</select> '
        f'of <select id="sysA" onchange="pick()">{_options(systems, systems[0])}</select> minus '
        f'<select id="sysB" onchange="pick()">{_options(systems, second)}</select>, '
        '<select id="order" onchange="sortRows()"><option value="line" selected>in corpus order</option>'
        '<option value="a">first system ahead first</option><option value="b">second system ahead first</option></select> '
        '<output id="sorted"></output></form>'
    )


def _segments(segments: SegmentTable, data: ReportData) -> str:
    systems = list(data.outputs)
    scores = _sentence_scores(segments)
    head = "".join(f"<th>{_swatch(k)}<bdi>{escape(s)}</bdi></th>" for k, s in enumerate(systems))
    rows = []
    cheap = 0  # outputs over the diff budget (word_diff)
    for i, reference in enumerate(data.reference):
        source = data.sources[i] if data.sources is not None else None
        cells = [f'<td class="src"><div dir="auto">{escape(source)}</div></td>'] if source is not None else []
        cells.append(f'<td class="ref"><div dir="auto">{escape(reference)}</div></td>')
        for s in systems:
            output = data.outputs[s][i]
            figures = " · ".join(
                f"{escape(m)} {v:.1f}" if (v := scores[m][s][i]) is not None else f"{escape(m)} –"
                for m in segments.metric_names
            )
            markup, exact = (escape(output), True) if source is None else word_diff(source, output)
            cheap += not exact
            cells.append(f'<td class="out"><div dir="auto">{markup}</div><div class="sc">{figures}</div></td>')
        rows.append(f'<tr data-i="{i}"><td class="line">{i + 1}</td><td class="delta"></td>{"".join(cells)}</tr>')
    payload = {"systems": systems, "scores": scores, "higher": {c.name: c.higher_is_better for c in segments.metrics}}
    source_head = "<th>Source</th>" if data.sources is not None else ""
    note = (
        f'<p class="meta" id="cheap-diff">{cheap} output{"s" * (cheap != 1)} too long to compare word by word '
        "in the report's budget: only the words they share with the source at the start and at the end are "
        "matched, and the words between are marked as one deletion and one insertion.</p>"
        if cheap
        else ""
    )
    return (
        _controls(segments, systems)
        + note
        + f'<div class="wide"><table id="segments"><thead><tr><th>#</th><th title="difference of the sentence-level '
        f'scores">Δ</th>{source_head}<th>Reference</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
        + f'<script type="application/json" id="report-data">{script_json(payload)}</script>'
    )


def _check(table: ResultTable, segments: SegmentTable, data: ReportData) -> None:
    n = len(data.reference)
    lengths = {len(texts) for texts in (*data.outputs.values(), *([data.sources] if data.sources is not None else []))}
    per_pair = {(row.system, row.metric) for row in segments.rows}
    if (
        list(data.outputs) != list(table.systems)
        or set(segments.systems) != set(table.systems)
        or lengths - {n}
        or len(segments.rows) != n * len(per_pair)
        or len(per_pair) != len(segments.systems) * len(segments.metrics)
    ):
        raise InvalidValueError(
            f"build_html_report: table, segments and data must describe the same systems and {n} segments (got "
            f"systems {list(table.systems)}, {list(segments.systems)} and {list(data.outputs)}; text lengths "
            f"{sorted(lengths)}; {len(segments.rows)} segment scores). Build them from the same inputs."
        )


def _summary(table: ResultTable, data: ReportData) -> str:
    counts = f"{len(table.systems)} system{'s' * (len(table.systems) != 1)} · {len(data.reference)} segments"
    return f'<p class="meta">{counts} · simpeval {escape(__version__)}</p>'


def build_html_report(table: ResultTable, segments: SegmentTable, data: ReportData) -> str:
    """The whole report as one HTML document.

    Args:
        table: the systems' corpus scores, with intervals and paired tests
            (:func:`simpeval.api.compare` with ``interval=Bootstrap(), test=PairedBootstrap()``).
        segments: the sentence-level scores of the same systems (:func:`simpeval.api.sentence_level`),
            by which the segments sort.
        data: the description of the data, the texts and the features.

    Raises:
        InvalidValueError: the three do not describe the same systems and segments.
    """
    _check(table, segments, data)
    marks = (
        "Each output with the words it <ins>added</ins> (not in the source) and the source words it <del>deleted</del>."
        if data.sources is not None
        else "No sources were given: no words are marked."
    )
    return "".join(
        [
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(data.title)}</title><style>{_CSS}</style></head><body>",
            f"<header><h1>{escape(data.title)}</h1>{_summary(table, data)}</header>",
            '<section id="data"><h2>Data</h2>',
            _facts(data),
            "</section>",
            '<section id="scores"><h2>Scores</h2>',
            _scores(table, data.short),
            "</section>",
            '<section id="charts"><h2>Charts</h2>',
            _charts(table),
            "</section>",
            '<section id="features"><h2>Features</h2>',
            _features(data, table.systems),
            "</section>",
            f'<section id="qualitative"><h2>Segments</h2><p class="meta">{marks} Δ: the difference of the sentence-level '
            "scores the rows are sorted by.</p>",
            _segments(segments, data),
            "</section>",
            f"<script>{_JS}</script></body></html>\n",
        ]
    )


_CSS = """
:root{--ink:#1f2328;--muted:#59636e;--line:#d8dee4;--soft:#f6f8fa}
*{box-sizing:border-box}body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
color:var(--ink);margin:0 auto;max-width:1320px;padding:2rem 2rem 4rem}
h1{font-size:1.8rem;margin:0 0 .2rem;font-weight:650}h2{font-size:1.3rem;margin:2.4rem 0 .8rem;padding-bottom:.3rem;
border-bottom:1px solid var(--line);font-weight:600}.meta{color:var(--muted);margin:.2rem 0 .8rem}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1.2rem;margin:0}.facts dt{color:var(--muted)}
.facts dd{margin:0}details{margin:.6rem 0}summary{cursor:pointer;color:var(--muted)}
pre{font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--soft);padding:.7rem .9rem;
border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere}pre.signatures{white-space:pre;overflow-x:auto}.wide{overflow-x:auto}
table{border-collapse:collapse;margin:.4rem 0;font-variant-numeric:tabular-nums}
th,td{padding:.4rem .75rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
thead th{background:var(--soft);font-weight:600;border-bottom:2px solid var(--line);white-space:nowrap}
.scores th.num,.scores td.num,.simpeval-table td+td{text-align:right}.scores tbody th{font-weight:600;white-space:nowrap}
.scores td.num span{display:block;white-space:nowrap}.scores .v{font-size:15px}.scores .best{font-weight:700}
.scores .p{font-size:12px;color:var(--muted)}.scores .sig{color:#1a7f37}
.legend{color:var(--muted);font-size:13px;padding-left:1.1rem;margin:.4rem 0}
.swatch{display:inline-block;width:.8em;height:.8em;border-radius:2px;margin-right:.45em;vertical-align:-.05em}
.systems{list-style:none;display:flex;flex-wrap:wrap;gap:.4rem 1.4rem;padding:0;margin:.2rem 0 .8rem}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(370px,1fr));gap:1rem;align-items:start}
.chart{background:#fff;border:1px solid var(--line);border-radius:8px;width:100%;height:auto;font-family:inherit}
.chart-title{font-size:13px;font-weight:600;fill:var(--ink)}.subtitle,.tick{font-size:10.5px;fill:var(--muted)}
.label,.value{font-size:11px;fill:var(--ink)}.value{font-variant-numeric:tabular-nums}.axis-label{font-size:11.5px;fill:var(--ink)}
.axis{stroke:#8c959f}.grid{stroke:#eaeef2}.whisker{stroke-width:1.6;fill:none}.dot{stroke:#fff;stroke-width:1.2}
.mean{stroke:var(--ink);stroke-width:1.4}.features table,.comparisons table{font-size:14px}caption{text-align:left;color:var(--muted);padding:.2rem 0}
.controls{background:var(--soft);border:1px solid var(--line);padding:.6rem .9rem;border-radius:8px;margin-bottom:.6rem}
select{font:inherit;padding:.1rem .3rem}#sorted{color:var(--muted);margin-left:.4rem}
#segments{width:100%;font-size:13.5px}#segments thead th{position:sticky;top:0;z-index:1}
#segments td,#segments th{padding:.4rem .55rem}#segments td.src,#segments td.ref,#segments td.out{min-width:140px}#segments .src,#segments .ref{color:#424a53}
#segments .line{color:var(--muted)}#segments .delta{white-space:nowrap;font-weight:600;text-align:right}
.delta.a-better{color:#1a7f37}.delta.b-better{color:#cf222e}.sc{color:var(--muted);font-size:11.5px;margin-top:.25rem}
ins{background:#dafbe1;color:#116329;text-decoration:none;border-radius:3px;padding:0 .1em}
del{background:#ffebe9;color:#a40e26;border-radius:3px;padding:0 .1em;text-decoration-color:#cf222e88}
bdi,[dir=auto]{unicode-bidi:isolate}
"""

_JS = """
const D=JSON.parse(document.getElementById('report-data').textContent),$=id=>document.getElementById(id);
function sortRows(){const m=$('metric').value,a=$('sysA').value,b=$('sysB').value,o=$('order').value;
const h=D.higher[m],dir=h===false?-1:1,sign=o==='b'?-dir:dir,body=document.querySelector('#segments tbody'),rows=[...body.rows];
for(const r of rows){const x=D.scores[m][a][r.dataset.i],y=D.scores[m][b][r.dataset.i],d=(x===null||y===null)?NaN:x-y;
r.dataset.key=isNaN(d)?'':d*sign;const c=r.querySelector('.delta');c.textContent=isNaN(d)?'–':(d>0?'+':d<0?'−':'')+Math.abs(d).toFixed(1);
c.className='delta'+(h===null?'':d*dir>0?' a-better':d*dir<0?' b-better':'');}
const key=r=>r.dataset.key===''?-Infinity:+r.dataset.key;
rows.sort((r,s)=>(o==='line'?0:(key(s)-key(r))||0)||(r.dataset.i-s.dataset.i));rows.forEach(r=>body.appendChild(r));
$('sorted').textContent=o==='line'?'':`sorted by ${m}(${a}) − ${m}(${b}), ${o==='a'?a:b} ahead first`;
document.body.dataset.sorted=JSON.stringify([m,a,b,o]);}
function fromHash(){const p={};for(const kv of location.hash.slice(1).split('&')){const k=kv.indexOf('=');
try{if(k>0)p[kv.slice(0,k)]=decodeURIComponent(kv.slice(k+1));}catch(e){}}
if(p.metric in D.higher)$('metric').value=p.metric;$('order').value=['a','b','line'].includes(p.order)?p.order:p.sort?'a':'line';
for(const a of D.systems){const b=(p.sort||'').slice(a.length+1);if((p.sort||'').startsWith(a+',')&&D.systems.includes(b)){
$('sysA').value=a;$('sysB').value=b;}}sortRows();}
function pick(){if($('order').value==='line')$('order').value='a';sortRows();}
window.addEventListener('hashchange',fromHash);fromHash();
"""
