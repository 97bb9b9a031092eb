"""The standalone HTML report of ``simpeval report``: one self-contained file to share.

Inline CSS, inline SVG charts (:mod:`.svg`) and a few lines of inline JavaScript; no CDN, no
network, no other file. Sections: the data, the systems table with 95% confidence intervals and
paired significance (:func:`simpeval.report.render` as HTML), charts (each metric's scores with
their intervals, SARI against BLEU, each feature's distribution), and a qualitative view: every
segment's source, one reference and each system's output, the words the system added marked
``<ins>`` and the source words it deleted ``<del>``, sortable by the sentence-level score
difference between two systems chosen in the page (or by ``#sort=A,B`` in the address).
All text is escaped with :func:`html.escape`.
"""

from __future__ import annotations

import difflib
import html
import json
from dataclasses import dataclass, field
from typing import Mapping, Optional, Sequence

from .formats import render
from .svg import bar_chart, histogram, scatter
from .table import ResultTable

__all__ = ["ReportData", "build_html_report", "diff_markup"]


@dataclass(frozen=True)
class ReportData:
    """What the report shows besides the table.

    Attributes:
        title: the heading.
        description: the data (test set name and description, or the files).
        sources: the source of every segment.
        reference: one reference of every segment (the first stream).
        outputs: system -> its outputs.
        sentence_scores: system -> sentence-level scores of ``sort_metric``, one per segment.
        sort_metric: the metric the qualitative view sorts by.
        features: feature -> system -> per-segment values (for histograms), if computed.
    """

    title: str
    description: str
    sources: Sequence[str]
    reference: Sequence[str]
    outputs: Mapping[str, Sequence[str]]
    sentence_scores: Mapping[str, Sequence[float]]
    sort_metric: str
    features: Mapping[str, Mapping[str, Sequence[float]]] = field(default_factory=dict)


def diff_markup(source: str, output: str) -> str:
    """``output`` as HTML: words not in ``source`` in ``<ins>``, source words it lost in ``<del>``, in order.

    Examples:
        >>> diff_markup("the big cat sat", "the cat sat down")
        'the <del>big</del> cat sat <ins>down</ins>'
        >>> diff_markup("a", "<b>")
        '<del>a</del> <ins>&lt;b&gt;</ins>'
    """
    src, out = source.split(), output.split()
    parts: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=src, b=out, autojunk=False).get_opcodes():
        if op in ("delete", "replace"):
            parts += [f"<del>{html.escape(w)}</del>" for w in src[i1:i2]]
        if op in ("insert", "replace"):
            parts += [f"<ins>{html.escape(w)}</ins>" for w in out[j1:j2]]
        if op == "equal":
            parts += [html.escape(w) for w in out[j1:j2]]
    return " ".join(parts)


_CSS = """
body{font:15px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#1d2330;margin:2rem auto;max-width:1200px;padding:0 1.5rem}
h1{font-size:1.7rem;margin-bottom:.2rem}h2{font-size:1.25rem;margin-top:2.2rem;border-bottom:2px solid #e3e6ee;padding-bottom:.3rem}
table{border-collapse:collapse;margin:.8rem 0}th,td{padding:.3rem .7rem;border-bottom:1px solid #e3e6ee;text-align:left;vertical-align:top}
th{background:#f4f6fa;font-weight:600}td:not(:first-child){font-variant-numeric:tabular-nums}
.charts{display:flex;flex-wrap:wrap;gap:1rem}.chart{background:#fbfcfe;border:1px solid #e3e6ee;border-radius:6px}
.chart-title{font-weight:600;font-size:12px}.tick,.label,.axis{font-size:10px;fill:#444}
ins{background:#d7f5dd;text-decoration:none;border-radius:3px;padding:0 2px}del{background:#fbd9d9;color:#7a1f1f;border-radius:3px;padding:0 2px}
#segments td{max-width:340px}#segments .src{color:#555}.score{color:#667;font-size:12px;white-space:nowrap}
pre,code{white-space:pre-wrap;word-break:break-all}.controls{background:#f4f6fa;padding:.6rem .9rem;border-radius:6px}.meta{color:#555}code{font-size:12px;word-break:break-all}
"""

_JS = """
function sortBy(a,b){const rows=[...document.querySelectorAll('#segments tbody tr')];
rows.sort((r,s)=>{const d=x=>JSON.parse(x.dataset.scores)[a]-JSON.parse(x.dataset.scores)[b];return d(s)-d(r)||r.dataset.line-s.dataset.line;});
const body=document.querySelector('#segments tbody');rows.forEach(r=>body.appendChild(r));
document.getElementById('sorted').textContent='sorted by '+a+' minus '+b;}
function sortFromControls(){sortBy(document.getElementById('sysA').value,document.getElementById('sysB').value);}
window.addEventListener('DOMContentLoaded',()=>{const m=decodeURIComponent(location.hash).match(/^#sort=(.+),(.+)$/);
if(m){document.getElementById('sysA').value=m[1];document.getElementById('sysB').value=m[2];sortBy(m[1],m[2]);}});
"""


def _charts(table: ResultTable, data: ReportData) -> str:
    svgs = []
    for k, name in enumerate(table.metric_names):
        bars = []
        for system, scores in zip(table.systems, table.scores):
            ci = table.interval(system, name)
            bars.append((system, scores[k].score, ci.low if ci else None, ci.high if ci else None))
        svgs.append(bar_chart(f"{name} (95% CI)", bars))
    names = list(table.metric_names)
    if "SARI" in names and "BLEU" in names:
        points = [(system, table.cell(system, "SARI").score, table.cell(system, "BLEU").score) for system in table.systems]
        svgs.append(scatter("SARI vs BLEU", points, "SARI", "BLEU"))
    for feature, by_system in data.features.items():
        for system, values in by_system.items():
            svgs.append(histogram(f"{feature}: {system}", values))
    return '<div class="charts">' + "".join(svgs) + "</div>"


def _segments(data: ReportData) -> str:
    systems = list(data.outputs)
    second = systems[1] if len(systems) > 1 else systems[0]

    def options(selected: str) -> str:
        return "".join(f'<option value="{html.escape(s, quote=True)}"{" selected" if s == selected else ""}>'
                       f"{html.escape(s)}</option>" for s in systems)  # fmt: skip

    head = "".join(f"<th>{html.escape(s)}</th>" for s in systems)
    rows = []
    for i, (source, reference) in enumerate(zip(data.sources, data.reference)):
        scores = {s: float(data.sentence_scores[s][i]) for s in systems}
        cells = "".join(f'<td class="out">{diff_markup(source, data.outputs[s][i])}<div class="score">'
                        f"{html.escape(data.sort_metric)} {scores[s]:.1f}</div></td>" for s in systems)  # fmt: skip
        rows.append(f'<tr data-line="{i + 1}" data-scores="{html.escape(json.dumps(scores), quote=True)}"><td>{i + 1}</td>'
                    f'<td class="src">{html.escape(source)}</td><td>{html.escape(reference)}</td>{cells}</tr>')  # fmt: skip
    return (
        f'<div class="controls">Sort segments by the difference of sentence-level {html.escape(data.sort_metric)}: '
        f'<select id="sysA">{options(systems[0])}</select> minus <select id="sysB">{options(second)}</select> '
        f'<button onclick="sortFromControls()">sort</button> <span id="sorted">in corpus order</span></div>'
        f'<table id="segments"><thead><tr><th>#</th><th>Source</th><th>Reference</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def build_html_report(table: ResultTable, data: ReportData, signatures_note: Optional[str] = None) -> str:
    """The whole report as one HTML document (a string)."""
    return "".join([
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">",
        f"<title>{html.escape(data.title)}</title><style>{_CSS}</style><script>{_JS}</script></head><body>",
        f"<h1>{html.escape(data.title)}</h1><p class=\"meta\">{html.escape(data.description)}</p>",
        "<h2>Scores</h2>", render(table, "html", width=2),
        f"<p class=\"meta\">{html.escape(signatures_note)}</p>" if signatures_note else "",
        "<h2>Charts</h2>", _charts(table, data),
        "<h2>Segments</h2><p class=\"meta\">Each output with the words it <ins>added</ins> to the source and the "
        "source words it <del>deleted</del>.</p>", _segments(data),
        "</body></html>\n",
    ])  # fmt: skip
