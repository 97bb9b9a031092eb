"""JSON and JSON Lines: each section's JSON value, or its objects one per line.

A document with one JSON value is that value (a result table's list of objects, say); one with
several holds them by section name, ``{"scores": [...], "features": [...]}``. JSON Lines writes
every section's objects, one per line, in order. Every number has full precision (``width`` is
for the human formats) and a non-finite number is ``null`` (:func:`simpeval._json.dumps`).
"""

from __future__ import annotations

from ..._json import dumps
from ...exceptions import InvalidOptionError
from ..document import Document

__all__ = ["write_json", "write_jsonl"]


def write_json(document: Document) -> str:
    """The JSON value of the document, indented by 2 (non-ASCII characters kept as they are)."""
    sections = [section for section in document.sections if section.tree is not None]
    if len(sections) == 1:
        return dumps(sections[0].tree, indent=2)
    names = [section.name for section in sections]
    if len(set(names)) != len(names):
        raise InvalidOptionError(f"json: the sections of one document need distinct names (got {names}).")
    return dumps({section.name: section.tree for section in sections}, indent=2)


def write_jsonl(document: Document) -> str:
    """One JSON object per line, every section's in order (no trailing newline)."""
    return "\n".join(dumps(obj) for section in document.sections for obj in section.line_objects or ())
