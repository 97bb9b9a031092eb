"""Small inline SVG charts for the HTML report: no library, no network, every text escaped.

Why hand-written SVG rather than matplotlib's SVG backend: the report must not depend on an
optional extra, the markup must be byte-for-byte deterministic (matplotlib stamps dates and
random clip-path ids), text must stay text (selectable, searchable, styled by the page's CSS,
escaped here) rather than glyph paths, and three chart types of a few dozen marks each do not
need a plotting library. Three charts, and a heat map:

* :func:`interval_chart`: one row per system, a dot at its score and a whisker over its
  confidence interval, on an axis fitted to the data (dot plots need not start at zero);
* :func:`scatter`: one point per system, optionally with error bars on both axes;
* :func:`ridge_histograms`: one histogram row per system on a shared x axis (a feature's
  distribution), with each system's mean marked;
* :func:`heat_map`: a matrix of values (BERTScore's token-by-token cosines), cells coloured on
  one scale, a chosen cell of each row outlined and of each column dotted.

Each system keeps one colour (:func:`color`) in every chart and in the page.

Examples:
    >>> svg = interval_chart("SARI", [Row("a", 40.0, 38.0, 42.0), Row("b<c", 35.0)])
    >>> svg.startswith("<svg") and "b&lt;c" in svg and svg.count('class="dot"') == 2
    True
    >>> nice_ticks(0.13, 0.91)
    [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .formats.html import html_escape

__all__ = [
    "PALETTE",
    "Point",
    "Row",
    "clean",
    "color",
    "escape",
    "heat_map",
    "interval_chart",
    "nice_ticks",
    "ridge_histograms",
    "scatter",
]

#: Tableau's ten colours: distinct, print well, readable on white.
PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#ff9da7", "#bab0ac")
_WIDTH = 390
_CHAR = 6.4  # average width of a 11px sans-serif character, for layout
_UNSAFE = re.compile("[\ud800-\udfff\x00]")


def clean(text: str) -> str:
    """``text`` with lone surrogates and NUL as U+FFFD, so that it encodes to UTF-8 and parses as HTML."""
    return _UNSAFE.sub("\ufffd", text)


def escape(text: str) -> str:
    """``text`` for HTML or SVG: ``&<>"'`` escaped, lone surrogates and NUL as U+FFFD (never invalid UTF-8).

    Examples:
        >>> escape('<a href="x">&\\ud800')
        '&lt;a href=&quot;x&quot;&gt;&amp;\\ufffd'
    """
    return html_escape(clean(text))


def color(k: int) -> str:
    """The colour of the ``k``-th system."""
    return PALETTE[k % len(PALETTE)]


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values (steps of 1, 2 or 5 times a power of ten) covering ``[low, high]``.

    Examples:
        >>> nice_ticks(36.2, 41.9)
        [36.0, 38.0, 40.0, 42.0]
        >>> nice_ticks(3.0, 3.0)
        [2.4, 2.6, 2.8, 3.0, 3.2, 3.4, 3.6]
    """
    if not (math.isfinite(low) and math.isfinite(high)):
        low, high = 0.0, 1.0
    if high - low <= 1e-9 * max(abs(low), abs(high), 1e-300):  # one value (or a span too small to draw)
        pad = max(0.5, 0.05 * abs(low))
        low, high = low - pad, high + pad
    raw = (high - low) / count
    magnitude = 10.0 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw * (1 - 1e-9))
    start, stop = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
    digits = 3 - math.floor(math.log10(step))  # drops float noise (0.30000000000000004), never the step itself
    return [round(k * step, digits) for k in range(start, stop + 1)]


def _label(value: float, ticks: Sequence[float]) -> str:
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
    decimals = max(0, -math.floor(math.log10(step) + 1e-9))
    return f"{value:.{decimals}f}"


def _num(value: float | None, decimals: int = 2) -> str:
    return f"{value:.{decimals}f}" if value is not None and math.isfinite(value) else "–"


def _short(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 1] + "…"


def _finite(values: Sequence[float | None]) -> list[float]:
    return [v for v in values if v is not None and math.isfinite(v)]


@dataclass(frozen=True)
class _Axis:
    """A linear map from data ``[ticks[0], ticks[-1]]`` onto pixels ``[start, end]``."""

    ticks: Sequence[float]
    start: float
    end: float

    def __call__(self, value: float) -> float:
        low, high = self.ticks[0], self.ticks[-1]
        return self.start + (value - low) / (high - low) * (self.end - self.start)


def _svg(title: str, height: float, body: Sequence[str], subtitle: str = "", width: int = _WIDTH) -> str:
    sub = (
        f'<text x="{width / 2}" y="34" text-anchor="middle" class="subtitle">{escape(subtitle)}</text>'
        if subtitle
        else ""
    )
    return (
        f'<svg class="chart" viewBox="0 0 {width} {height:.0f}" '
        f'width="{width}" height="{height:.0f}" role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
        f'<text x="{width / 2}" y="18" text-anchor="middle" class="chart-title">{escape(title)}</text>{sub}'
        + "".join(body)
        + "</svg>"
    )


def _x_axis(axis: _Axis, top: float, bottom: float) -> list[str]:
    """Vertical grid lines at the ticks and their labels under ``bottom``."""
    out = [f'<line x1="{axis.start:.1f}" x2="{axis.end:.1f}" y1="{bottom:.1f}" y2="{bottom:.1f}" class="axis"/>']
    for tick in axis.ticks:
        x = axis(tick)
        out.append(
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top:.1f}" y2="{bottom:.1f}" class="grid"/>'
            f'<text x="{x:.1f}" y="{bottom + 14:.1f}" text-anchor="middle" class="tick">{_label(tick, axis.ticks)}</text>'
        )
    return out


@dataclass(frozen=True)
class Row:
    """One system of an :func:`interval_chart`: its score and, if computed, its interval."""

    label: str
    value: float
    low: float | None = None
    high: float | None = None
    color: str = PALETTE[0]


def interval_chart(title: str, rows: Sequence[Row], subtitle: str = "") -> str:
    """A dot per system at its score and a whisker with caps over its ``[low, high]`` interval."""
    margin = min(150.0, 14 + _CHAR * max((len(_short(r.label, 20)) for r in rows), default=4))
    top, step = 46.0 if subtitle else 32.0, 26.0
    bottom = top + step * len(rows)
    values = _finite([v for r in rows for v in (r.value, r.low, r.high)])
    axis = _Axis(nice_ticks(min(values, default=0.0), max(values, default=1.0)), margin, _WIDTH - 56)
    body = _x_axis(axis, top - 6, bottom)
    for k, r in enumerate(rows):
        y = top + step * (k + 0.5)
        tip = f"{r.label}: {_num(r.value)}" + (
            f" ({_num(r.low)}–{_num(r.high)})" if r.low is not None and r.high is not None else ""
        )
        body.append(
            f'<g><title>{escape(tip)}</title><text x="{margin - 8:.1f}" y="{y + 4:.1f}" text-anchor="end" '
            f'class="label">{escape(_short(r.label, 20))}</text>'
        )
        if r.low is not None and r.high is not None and math.isfinite(r.low) and math.isfinite(r.high):
            x0, x1 = axis(r.low), axis(r.high)
            body.append(
                f'<path d="M{x0:.1f} {y:.1f}H{x1:.1f}M{x0:.1f} {y - 5:.1f}V{y + 5:.1f}M{x1:.1f} {y - 5:.1f}'
                f'V{y + 5:.1f}" stroke="{r.color}" class="whisker"/>'
            )
        if math.isfinite(r.value):
            body.append(f'<circle cx="{axis(r.value):.1f}" cy="{y:.1f}" r="5" fill="{r.color}" class="dot"/>')
        body.append(
            f'<text x="{_WIDTH - 6}" y="{y + 4:.1f}" text-anchor="end" class="value">{_num(r.value)}</text></g>'
        )
    return _svg(title, bottom + 26, body, subtitle)


@dataclass(frozen=True)
class Point:
    """One system of a :func:`scatter`, with optional intervals on either axis."""

    label: str
    x: float
    y: float
    color: str = PALETTE[0]
    x_interval: tuple[float, float] | None = None
    y_interval: tuple[float, float] | None = None


def _place_labels(anchors: Sequence[tuple[float, float, str]]) -> list[tuple[float, float]]:
    """Where to write each label (x, baseline y) right of its point, nudged down past earlier ones."""
    placed: list[tuple[float, float, float, float]] = []  # x0, y0, x1, y1 of each label box
    out = []
    for x, y, text in anchors:
        width = _CHAR * len(text)
        x0 = x + 8 if x + 8 + width < _WIDTH - 4 else x - 8 - width
        y0 = y - 12
        while any(x0 < b[2] and b[0] < x0 + width and y0 < b[3] and b[1] < y0 + 12 for b in placed):
            y0 += 12
        placed.append((x0, y0, x0 + width, y0 + 12))
        out.append((x0, y0 + 10))
    return out


def scatter(title: str, points: Sequence[Point], x_label: str, y_label: str) -> str:
    """One labelled point per system, with error bars where intervals are given."""
    left, right, top, bottom = 52.0, _WIDTH - 16.0, 32.0, 262.0
    xs = _finite([v for p in points for v in (p.x, *(p.x_interval or ()))])
    ys = _finite([v for p in points for v in (p.y, *(p.y_interval or ()))])
    x_axis = _Axis(nice_ticks(min(xs, default=0.0), max(xs, default=1.0), 4), left, right)
    y_axis = _Axis(nice_ticks(min(ys, default=0.0), max(ys, default=1.0), 4), bottom, top)
    body = _x_axis(x_axis, top, bottom)
    body.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{bottom}" class="axis"/>')
    for tick in y_axis.ticks:
        y = y_axis(tick)
        body.append(
            f'<line x1="{left}" x2="{right}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>'
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" class="tick">{_label(tick, y_axis.ticks)}</text>'
        )
    body.append(
        f'<text x="{(left + right) / 2:.1f}" y="{bottom + 32:.1f}" text-anchor="middle" class="axis-label">{escape(x_label)}</text>'
        f'<text x="14" y="{(top + bottom) / 2:.1f}" text-anchor="middle" transform="rotate(-90 14 {(top + bottom) / 2:.1f})" '
        f'class="axis-label">{escape(y_label)}</text>'
    )
    shown = [p for p in points if math.isfinite(p.x) and math.isfinite(p.y)]
    anchors = [(x_axis(p.x), y_axis(p.y), _short(p.label, 20)) for p in shown]
    for p, (x, y, text), (lx, ly) in zip(shown, anchors, _place_labels(anchors)):
        bars = ""
        if p.x_interval is not None:
            bars += f'<path d="M{x_axis(p.x_interval[0]):.1f} {y:.1f}H{x_axis(p.x_interval[1]):.1f}" stroke="{p.color}" class="whisker"/>'
        if p.y_interval is not None:
            bars += f'<path d="M{x:.1f} {y_axis(p.y_interval[0]):.1f}V{y_axis(p.y_interval[1]):.1f}" stroke="{p.color}" class="whisker"/>'
        body.append(
            f"<g><title>{escape(p.label)}: {escape(x_label)} {p.x:.2f}, {escape(y_label)} {p.y:.2f}</title>{bars}"
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{p.color}" class="dot"/>'
            f'<text x="{lx:.1f}" y="{ly:.1f}" class="label">{escape(text)}</text></g>'
        )
    return _svg(title, bottom + 42, body)


def _bins(values: Sequence[float], ticks: Sequence[float], bins: int) -> list[float]:
    """The share of ``values`` in each of ``bins`` equal bins over ``[ticks[0], ticks[-1]]``."""
    low, high = ticks[0], ticks[-1]
    counts = [0] * bins
    for v in values:
        counts[min(max(int((v - low) / (high - low) * bins), 0), bins - 1)] += 1
    return [c / max(len(values), 1) for c in counts]


def ridge_histograms(title: str, series: Sequence[Row], values: Sequence[Sequence[float]], bins: int = 20) -> str:
    """One histogram row per system (``series[k]`` with ``values[k]``) over a shared axis, mean marked.

    Bars are shares of the system's segments, scaled to the tallest bar of the chart; ``Row.value``
    is the mean written at the right and marked with a black tick.
    """
    margin = min(150.0, 14 + _CHAR * max((len(_short(s.label, 20)) for s in series), default=4))
    top, step = 32.0, 34.0
    bottom = top + step * len(series)
    finite = [_finite(v) for v in values]
    everything = [v for vs in finite for v in vs]
    axis = _Axis(nice_ticks(min(everything, default=0.0), max(everything, default=1.0)), margin, _WIDTH - 56)
    shares = [_bins(vs, axis.ticks, bins) for vs in finite]
    tallest = max((s for row in shares for s in row), default=1.0) or 1.0
    body = _x_axis(axis, top, bottom)
    width = (axis.end - axis.start) / bins
    for k, (s, row) in enumerate(zip(series, shares)):
        base = top + step * (k + 1) - 3
        body.append(
            f'<g><title>{escape(s.label)}: mean {_num(s.value, 3)}</title><text x="{margin - 8:.1f}" y="{base - 8:.1f}" '
            f'text-anchor="end" class="label">{escape(_short(s.label, 20))}</text>'
        )
        for b, share in enumerate(row):
            if share:
                h = share / tallest * (step - 6)
                body.append(
                    f'<rect x="{axis.start + b * width + 0.5:.1f}" y="{base - h:.1f}" width="{width - 1:.1f}" '
                    f'height="{h:.1f}" fill="{s.color}" class="bar"><title>{share:.0%}</title></rect>'
                )
        if math.isfinite(s.value):
            x = axis(s.value)
            body.append(f'<path d="M{x:.1f} {base - step + 8:.1f}V{base + 2:.1f}" class="mean"/>')
        body.append(
            f'<text x="{_WIDTH - 6}" y="{base - 8:.1f}" text-anchor="end" class="value">{_num(s.value)}</text></g>'
        )
    return _svg(title, bottom + 26, body)


def _shade(share: float) -> str:
    """A blue from near white (``share`` 0) to dark (1)."""
    low, high = (247, 251, 255), (8, 48, 107)
    t = min(max(share, 0.0), 1.0) if math.isfinite(share) else 0.0
    return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in zip(low, high))


def heat_map(
    title: str,
    rows: Sequence[str],
    columns: Sequence[str],
    values: Sequence[Sequence[float]],
    row_marks: Sequence[int],
    column_marks: Sequence[int],
    subtitle: str = "",
) -> str:
    """``values[i][k]`` as cells coloured from the smallest value (light) to the largest (dark),
    rows labelled ``rows``, columns ``columns`` (written upwards); the cell ``row_marks[i]`` of
    row ``i`` outlined, the cell ``column_marks[k]`` of column ``k`` dotted; each cell's value in
    its tooltip, and a colour scale below.

    Examples:
        >>> svg = heat_map("cos", ["a", "b"], ["x", "y<"], [[0.9, 0.1], [0.2, 0.8]], [0, 1], [0, 1])
        >>> svg.count('class="cell"'), svg.count('class="row-best"'), svg.count('class="column-best"'), "y&lt;" in svg
        (4, 2, 2, True)
    """
    cell = 18.0
    left = 12 + _CHAR * max((len(_short(r, 16)) for r in rows), default=2)
    top = (54.0 if subtitle else 40.0) + 0.9 * _CHAR * max((len(_short(c, 16)) for c in columns), default=2)
    finite = _finite([v for row in values for v in row])
    low, high = min(finite, default=0.0), max(finite, default=1.0)
    span = high - low or 1.0
    width = max(_WIDTH, math.ceil(left + cell * len(columns) + 16))
    body = []
    for k, label in enumerate(columns):
        x, y = left + cell * (k + 0.5) + 4, top - 6
        body.append(
            f'<text x="{x:.1f}" y="{y:.1f}" transform="rotate(-60 {x:.1f} {y:.1f})" class="label">'
            f"{escape(_short(label, 16))}</text>"
        )
    for i, (label, row) in enumerate(zip(rows, values)):
        y = top + cell * i
        body.append(
            f'<text x="{left - 6:.1f}" y="{y + cell * 0.7:.1f}" text-anchor="end" class="label">{escape(_short(label, 16))}</text>'
        )
        for k, value in enumerate(row):
            x = left + cell * k
            tip = f"{label} / {columns[k]}: {_num(value, 4)}"
            body.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{cell:.0f}" height="{cell:.0f}" fill="{_shade((value - low) / span)}" '
                f'class="cell"><title>{escape(tip)}</title></rect>'
            )
    for i, k in enumerate(row_marks):
        body.append(
            f'<rect x="{left + cell * k + 1:.1f}" y="{top + cell * i + 1:.1f}" width="{cell - 2:.0f}" height="{cell - 2:.0f}" '
            f'fill="none" stroke="{PALETTE[1]}" stroke-width="2" class="row-best"/>'
        )
    for k, i in enumerate(column_marks):
        body.append(
            f'<circle cx="{left + cell * (k + 0.5):.1f}" cy="{top + cell * (i + 0.5):.1f}" r="3" fill="{PALETTE[2]}" '
            'class="column-best"/>'
        )
    bottom = top + cell * len(rows) + 12
    steps = 10
    for s in range(steps):
        body.append(
            f'<rect x="{left + 12 * s:.1f}" y="{bottom:.1f}" width="12" height="10" fill="{_shade(s / (steps - 1))}"/>'
        )
    body.append(
        f'<text x="{left - 6:.1f}" y="{bottom + 9:.1f}" text-anchor="end" class="tick">{_num(low, 3)}</text>'
        f'<text x="{left + 12 * steps + 6:.1f}" y="{bottom + 9:.1f}" class="tick">{_num(high, 3)}</text>'
    )
    # the font set here: the matrix's layout depends on it, in a page without the report's style sheet too
    return _svg(title, bottom + 22, ['<g font-size="11" font-family="sans-serif">', *body, "</g>"], subtitle, width)
