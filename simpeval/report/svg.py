"""Small inline SVG charts for the HTML report: no library, no network, text escaped.

Examples:
    >>> svg = bar_chart("SARI", [("a", 40.0, 38.0, 42.0), ("b<c", 35.0, None, None)])
    >>> svg.startswith("<svg") and "b&lt;c" in svg and svg.count("<rect") == 2
    True
"""

from __future__ import annotations

import html
import math
from typing import Optional, Sequence

__all__ = ["bar_chart", "histogram", "scatter"]

_W, _H, _PAD = 360, 220, 40
_COLOR = "#4c72b0"


def _scale(values: Sequence[float]) -> tuple[float, float]:
    finite = [v for v in values if math.isfinite(v)]
    low, high = (min(finite + [0.0]), max(finite + [0.0])) if finite else (0.0, 1.0)
    return (low, high) if high > low else (low, low + 1.0)


def _frame(title: str, body: list[str]) -> str:
    return (
        f'<svg class="chart" viewBox="0 0 {_W} {_H}" width="{_W}" height="{_H}" '
        f'role="img" aria-label="{html.escape(title)}"><title>{html.escape(title)}</title>'
        f'<text x="{_W / 2}" y="16" text-anchor="middle" class="chart-title">{html.escape(title)}</text>'
        f'<line x1="{_PAD}" y1="{_H - _PAD}" x2="{_W - 10}" y2="{_H - _PAD}" stroke="#333"/>'
        f'<line x1="{_PAD}" y1="28" x2="{_PAD}" y2="{_H - _PAD}" stroke="#333"/>' + "".join(body) + "</svg>"
    )


def bar_chart(title: str, bars: Sequence[tuple[str, float, Optional[float], Optional[float]]]) -> str:
    """One bar per ``(label, value, ci_low, ci_high)``, with the interval as an error bar."""
    low, high = _scale([v for _, value, lo, hi in bars for v in (value, lo or value, hi or value)])

    def y(v: float) -> float:
        return (_H - _PAD) - (v - low) / (high - low) * (_H - _PAD - 30)

    width = (_W - _PAD - 20) / max(len(bars), 1)
    body = [f'<text x="{_PAD - 4}" y="{y(high):.1f}" text-anchor="end" class="tick">{high:.1f}</text>',
            f'<text x="{_PAD - 4}" y="{y(low):.1f}" text-anchor="end" class="tick">{low:.1f}</text>']  # fmt: skip
    for k, (label, value, lo, hi) in enumerate(bars):
        x = _PAD + 8 + k * width
        top, base = y(max(value, low)), y(max(low, 0.0) if low < 0 <= high else low)
        body.append(f'<rect x="{x:.1f}" y="{min(top, base):.1f}" width="{width * 0.7:.1f}" height="{abs(base - top):.1f}" '
                    f'fill="{_COLOR}"><title>{html.escape(label)}: {value:.2f}</title></rect>')  # fmt: skip
        if lo is not None and hi is not None:
            cx = x + width * 0.35
            body.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(lo):.1f}" y2="{y(hi):.1f}" stroke="#222" class="ci"/>')
        body.append(f'<text x="{x + width * 0.35:.1f}" y="{_H - _PAD + 14}" text-anchor="middle" class="label">'
                    f"{html.escape(label[:14])}</text>")  # fmt: skip
    return _frame(title, body)


def scatter(title: str, points: Sequence[tuple[str, float, float]], x_label: str, y_label: str) -> str:
    """One labelled point per ``(label, x, y)``."""
    x_low, x_high = _scale([p[1] for p in points])
    y_low, y_high = _scale([p[2] for p in points])
    body = [f'<text x="{_W / 2}" y="{_H - 6}" text-anchor="middle" class="axis">{html.escape(x_label)}</text>',
            f'<text x="12" y="{_H / 2}" text-anchor="middle" transform="rotate(-90 12 {_H / 2})" class="axis">'
            f"{html.escape(y_label)}</text>"]  # fmt: skip
    for label, xv, yv in points:
        x = _PAD + 10 + (xv - x_low) / (x_high - x_low) * (_W - _PAD - 40)
        y = (_H - _PAD - 10) - (yv - y_low) / (y_high - y_low) * (_H - _PAD - 50)
        body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{_COLOR}"><title>{html.escape(label)}: '
                    f"{xv:.2f}, {yv:.2f}</title></circle>"
                    f'<text x="{x + 6:.1f}" y="{y - 6:.1f}" class="label">{html.escape(label[:14])}</text>')  # fmt: skip
    return _frame(title, body)


def histogram(title: str, values: Sequence[float], bins: int = 12) -> str:
    """The distribution of ``values`` in ``bins`` equal-width bins."""
    finite = [v for v in values if math.isfinite(v)]
    low, high = (min(finite), max(finite)) if finite else (0.0, 1.0)
    high = high if high > low else low + 1.0
    counts = [0] * bins
    for v in finite:
        counts[min(int((v - low) / (high - low) * bins), bins - 1)] += 1
    top = max(counts + [1])
    width = (_W - _PAD - 20) / bins
    body = [f'<text x="{_PAD}" y="{_H - _PAD + 14}" class="tick">{low:.2f}</text>',
            f'<text x="{_W - 12}" y="{_H - _PAD + 14}" text-anchor="end" class="tick">{high:.2f}</text>']  # fmt: skip
    for k, count in enumerate(counts):
        h = count / top * (_H - _PAD - 30)
        body.append(f'<rect x="{_PAD + 4 + k * width:.1f}" y="{_H - _PAD - h:.1f}" width="{width * 0.9:.1f}" '
                    f'height="{h:.1f}" fill="{_COLOR}"><title>{count}</title></rect>')  # fmt: skip
    return _frame(title, body)
