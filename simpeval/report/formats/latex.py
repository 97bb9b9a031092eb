"""The LaTeX format: one fragment; per section a small title, a booktabs ``tabular``, and the legend,
notes and signatures in footnote size.

Made to fit the text width of a plain ``article`` (``\\usepackage{booktabs}``, nothing else): a
score with its interval, paired bootstrap mean and p-value is one cell whose parts are stacked,
each after the score on a line of its own in ``\\scriptsize`` and without its parentheses
(``40.1–42.3``, ``p = 0.0010*``, spelled so in the legend too); columns are 4pt apart; the legend
and signatures are set ragged right below the table, and a signature may break after each ``|``.
Six systems with SARI (and its components), BLEU and chrF, each with an interval and a p-value,
fit 345pt; eleven fit one page.

Examples:
    >>> print(latex_escape("R&D_#1 100% a--b"))
    R\\&D\\_\\#1 100\\% a-{}-b
    >>> print(latex_escape("-1.5 [-0.3, 2.0] BTTS-10 (-0.40–-0.10)"))
    $-$1.5 [$-$0.3, 2.0] BTTS-10 ($-$0.40--$-$0.10)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..document import Cell, Document, Section
from .layout import Grid

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
#: The space between two columns (LaTeX's default is 6pt), so that a table of six systems with
#: intervals and p-values fits the text width of a plain ``article``.
_COLUMN_SEP = r"\setlength{\tabcolsep}{4pt}"
#: The row height of a stacked cell's lines (a nested ``tabular`` would space its ``\scriptsize``
#: lines as normal-size rows), so that eleven systems with four lines each fit one page.
_STACK_STRETCH = r"\renewcommand{\arraystretch}{0.7}"


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
    """Whether the ``-`` at ``i`` starts a negative number (``-1.5``, ``[-0.3``, an interval's ``–-0.1``), not a word's hyphen."""
    before, after = text[i - 1 : i], text[i + 1 : i + 2]
    return (before == "" or before in " ([/–") and (after.isdigit() or after == ".")


def _tt(text: str) -> str:
    """``\\texttt`` of a signature: the typewriter font has glyphs of its own for ``|``, ``<`` and
    ``>``; a line may break after each ``|`` (between two fields) and ``/``, and its continuation
    lines are indented, so that a long signature wraps inside the text width."""
    escaped = latex_escape(text, keep="|<>")
    breakable = escaped.replace("|", r"|\allowbreak{}").replace("/", r"/\allowbreak{}")
    return r"\hangindent=1.5em\hangafter=1\texttt{" + breakable + "}"


def _bold(text: str) -> str:
    return rf"\textbf{{{text}}}"


def _row(cells: Sequence[str]) -> str:
    return " & ".join(cells) + r" \\"


def _stacked(grid: Grid) -> bool:
    """Whether a cell of ``grid`` has more than one part to print (a score with its interval, p-value...)."""
    return any(sum(1 for part in cell.parts if part) > 1 for cells in grid.rows for cell in cells)


def _bare(text: str) -> str:
    """``text`` without its outer parentheses, which a part on a line of its own does not need:
    ``(40.1–42.3)`` is ``40.1–42.3``, ``(p = 0.0010)*`` is ``p = 0.0010*``; legend symbols alike."""
    found = re.fullmatch(r"\(([^()]*)\)(\**)", text)
    return found.group(1) + found.group(2) if found else text


def _compact(text: str) -> str:
    """A stacked part, escaped, without outer parentheses, with thin spaces around ``=`` and ``±``."""
    escaped = latex_escape(_bare(text))
    return escaped.replace(" = ", r"\,=\,").replace(r" $\pm$ ", r"\,$\pm$\,")


def _cell(cell: Cell, align: str) -> str:
    """One cell: a single part as it is; several parts stacked in a nested ``tabular`` aligned on
    its first line (the score), each other part on a line of its own in ``\\scriptsize``
    (:func:`_compact`) and rows 0.7 times as high, so that the cell is as wide as its widest part,
    not as all of them."""
    first = latex_escape(cell.parts[0]) if cell.parts else ""
    if cell.best:
        first = _bold(first)
    lines = [first, *(rf"{{\scriptsize {_compact(part)}}}" for part in cell.parts[1:] if part)]
    if len(lines) == 1:
        return first
    stack = rf"\begin{{tabular}}[t]{{@{{}}{align}@{{}}}}" + r" \\ ".join(lines) + r"\end{tabular}"
    return rf"{{{_STACK_STRETCH}{stack}}}"


def latex_grid(grid: Grid) -> list[str]:
    """The lines of a booktabs ``tabular`` (``\\toprule``, ``\\midrule``, ``\\bottomrule``), in a group
    that sets its columns 4pt apart and flush with the text at both edges.

    A cell of several parts (score, interval, p-value) stacks them (:func:`_cell`), and rows of
    stacked cells are set a little apart, so that each system's lines stay together.
    """
    stacked = _stacked(grid)
    body: list[str] = []
    for k, cells in enumerate(grid.rows):
        if stacked and k:
            body.append(r"\addlinespace")
        body.append(_row([_cell(cell, align[0]) for cell, align in zip(cells, grid.aligns)]))
    spec = "".join(a[0] for a in grid.aligns)
    return [
        rf"{{{_COLUMN_SEP}\begin{{tabular}}{{@{{}}{spec}@{{}}}}",
        r"\toprule",
        _row([latex_escape(h) for h in grid.header]),
        r"\midrule",
        *body,
        r"\bottomrule",
        r"\end{tabular}}",
    ]


def _small(lines: Sequence[str]) -> list[str]:
    """Footnote-size lines below a tabular, set ragged right (a line breaks only where it may)."""
    if not lines:
        return []
    return [r"\par\smallskip", r"{\footnotesize\raggedright", *(line + r"\par" for line in lines), "}"]


def _symbol(symbol: str | None, stacked: bool) -> str:
    """A legend symbol: the best-system mark for ``None``; as the stacked parts print it when ``stacked``."""
    if symbol is None:
        return _BEST
    return _compact(symbol) if stacked else latex_escape(symbol)


def _section(section: Section, first: bool) -> list[str]:
    lines: list[str] = [] if first else [r"\par\medskip"]
    if section.title:
        lines.append(rf"\noindent{{\small {latex_escape(section.title)}}}\par\smallskip")
    stacked = section.grid is not None and _stacked(section.grid)
    if section.grid is not None:
        lines += [r"\noindent", *latex_grid(section.grid)]
    legend = [f"{_symbol(s, stacked)}: {latex_escape(text)}" for s, text in section.legend]
    return lines + _small(
        legend + [latex_escape(note) for note in section.notes] + [_tt(s) for s in section.signatures]
    )


def write_latex(document: Document) -> str:
    """A comment naming the package it needs, then every section."""
    lines = ["% simpeval results; needs \\usepackage{booktabs}"]
    for k, section in enumerate(document.sections):
        lines += _section(section, k == 0)
    return "\n".join(lines)
