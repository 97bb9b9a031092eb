"""The LaTeX format: one fragment; per section a small title, a booktabs ``tabular``, and the legend,
notes and signatures in footnote size.

Examples:
    >>> print(latex_escape("R&D_#1 100% a--b"))
    R\\&D\\_\\#1 100\\% a-{}-b
    >>> print(latex_escape("-1.5 [-0.3, 2.0] BTTS-10"))
    $-$1.5 [$-$0.3, 2.0] BTTS-10
"""

from __future__ import annotations

from collections.abc import Sequence

from ..document import Document, Section
from .layout import Grid, joined

__all__ = ["latex_escape", "latex_grid", "write_latex"]

_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
    "–": "--",
    "−": "$-$",
    "…": r"\ldots{}",
    "Δ": r"$\Delta$",
    "μ": r"$\mu$",
    "±": r"$\pm$",
    "†": r"\dag{}",
}
_BEST = r"\textbf{bold}"


def latex_escape(text: str, keep: str = "") -> str:
    """Escape LaTeX's special characters except those in ``keep``.

    A ``-`` that starts a number is a minus sign (``$-$``), not a hyphen; a ``-`` before another
    ``-`` is split off, so that no dash ligature forms (``Dress--Ls``).
    """
    out = []
    for i, c in enumerate(text):
        if c == "-" and _is_minus(text, i) and c not in keep:
            out.append("$-$")  # a minus sign, not a hyphen
        elif c == "-" and text[i + 1 : i + 2] == "-":
            out.append("-{}")
        else:
            out.append(c if c in keep else _SPECIAL.get(c, c))
    return "".join(out)


def _is_minus(text: str, i: int) -> bool:
    """Whether the ``-`` at ``i`` starts a negative number (``-1.5``, ``[-0.3``), not a word's hyphen."""
    before, after = text[i - 1 : i], text[i + 1 : i + 2]
    return (before == "" or before in " ([/") and (after.isdigit() or after == ".")


def _tt(text: str) -> str:
    """``\\texttt`` of ``text``; the typewriter font has glyphs of its own for ``|``, ``<`` and ``>``."""
    return r"\texttt{" + latex_escape(text, keep="|<>") + "}"


def _bold(text: str) -> str:
    return rf"\textbf{{{text}}}"


def _row(cells: Sequence[str]) -> str:
    return " & ".join(cells) + r" \\"


def latex_grid(grid: Grid) -> list[str]:
    """The lines of a booktabs ``tabular`` (``\\toprule``, ``\\midrule``, ``\\bottomrule``)."""
    body = [_row([joined(cell, latex_escape, _bold) for cell in cells]) for cells in grid.rows]
    spec = "".join(a[0] for a in grid.aligns)
    return [
        rf"\begin{{tabular}}{{{spec}}}",
        r"\toprule",
        _row([latex_escape(h) for h in grid.header]),
        r"\midrule",
        *body,
        r"\bottomrule",
        r"\end{tabular}",
    ]


def _small(lines: Sequence[str]) -> list[str]:
    """Footnote-size lines below a tabular."""
    if not lines:
        return []
    return [r"\par\smallskip", r"{\footnotesize", *(line + r"\par" for line in lines), "}"]


def _section(section: Section, first: bool) -> list[str]:
    lines: list[str] = [] if first else [r"\par\medskip"]
    if section.title:
        lines.append(rf"{{\small {latex_escape(section.title)}}}\par\smallskip")
    if section.grid is not None:
        lines += latex_grid(section.grid)
    legend = [f"{_BEST if s is None else latex_escape(s)}: {latex_escape(text)}" for s, text in section.legend]
    return lines + _small(
        legend + [latex_escape(note) for note in section.notes] + [_tt(s) for s in section.signatures]
    )


def write_latex(document: Document) -> str:
    """A comment naming the package it needs, then every section."""
    lines = ["% simpeval results; needs \\usepackage{booktabs}"]
    for k, section in enumerate(document.sections):
        lines += _section(section, k == 0)
    return "\n".join(lines)
