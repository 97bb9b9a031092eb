"""What every explanation shares: a frozen value that renders itself through :mod:`simpeval.report`.

An explanation (:meth:`SARI.explain <simpeval.metrics.sari.SARI.explain>`,
:meth:`BLEU.explain <simpeval.metrics.bleu.BLEU.explain>`) is a structured value: every
n-gram with its counts and its contribution, the totals, and the :class:`~simpeval.metrics.score.Score` they give. It
is a dict / JSON through :meth:`Explanation.to_dict`; its text (``str``) and HTML (Jupyter's
``_repr_html_``) forms are written by :mod:`simpeval.report.explain` (and, for
:meth:`BERTScore.explain <simpeval.metrics.learned.bertscore.BERTScore.explain>`, by
:mod:`simpeval.report.explain_bertscore`), which register themselves here, by format and
explanation type, when ``simpeval`` is imported (this module imports no renderer).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, cast

from .._json import dumps
from ..exceptions import InvalidOptionError

__all__ = ["Explanation", "ExplanationPart", "register_renderer"]

#: Renderers of explanations by (explanation type, format), filled by simpeval.report.explain.
_RENDERERS: dict[tuple[type, str], Callable[[Any], str]] = {}


def register_renderer(fmt: str, renderer: Callable[[Any], str], kind: type | None = None) -> None:
    """Install ``renderer`` (explanation -> string) for ``fmt`` (``"text"``, ``"html"``, ...) and the
    explanations of type ``kind`` (default: every :class:`Explanation`); the most specific type
    registered for a format renders an explanation (its class's method resolution order)."""
    _RENDERERS[(kind if kind is not None else Explanation, fmt)] = renderer


def _renderer(explanation: Any, fmt: str) -> Callable[[Any], str] | None:
    for kind in type(explanation).__mro__:
        found = _RENDERERS.get((kind, fmt))
        if found is not None:
            return found
    return None


def _jsonable(value: Any) -> Any:
    if isinstance(value, ExplanationPart) and dataclasses.is_dataclass(value):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if hasattr(value, "to_dict"):  # Score, Signature
        return value.to_dict()
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


class ExplanationPart:
    """Mixin of every explanation dataclass, whole or part: ``to_dict`` and ``to_json``."""

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain JSON-ready values (n-grams as lists of tokens, the score as a dict)."""
        return cast(dict[str, Any], _jsonable(self))  # a dataclass gives a dict

    def to_json(self, indent: int = 2) -> str:
        """:meth:`to_dict` as JSON text."""
        return dumps(self.to_dict(), indent=indent)


class Explanation(ExplanationPart):
    """Mixin of a whole explanation: also ``render``, ``str`` (text) and ``_repr_html_`` (Jupyter)."""

    def render(self, fmt: str = "text") -> str:
        """The explanation as ``"text"``, ``"html"`` or ``"json"``, or in any other format of
        :func:`simpeval.report.render` (Markdown, LaTeX, CSV, TSV, JSON Lines: one record per n-gram)."""
        if fmt == "json":
            return self.to_json()
        renderer = _renderer(self, fmt)
        if renderer is None:
            formats = sorted({name for kind, name in _RENDERERS if isinstance(self, kind)})
            raise InvalidOptionError(
                f"{type(self).__name__}: fmt must be one of {', '.join(['json', *formats])} (got {fmt!r}); "
                "importing simpeval registers the text and HTML renderers of simpeval.report.explain."
            )
        return renderer(self)

    def __str__(self) -> str:
        return self.render("text")

    def _repr_html_(self) -> str:
        return self.render("html")
