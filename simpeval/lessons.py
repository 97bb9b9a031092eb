"""The classroom lessons that ship with simpeval, and writing them out (``simpeval lessons DIR``).

The wheel carries ``notebooks/`` of the repository as package data, ``simpeval/data/lessons``:
every lesson, its worked solutions in ``solutions/`` and ``README.md`` (what each lesson
teaches, how to run it, where its data comes from). In a checkout (``pip install -e .``, or the
repository on ``sys.path``) there is no such folder and the checkout's ``notebooks/`` is read
instead, so both give the same files.

Examples:
    >>> names = lesson_names()
    >>> "README.md" in names and "precision_recall_f.ipynb" in names
    True
    >>> "solutions/precision_recall_f_solutions.ipynb" in names
    True
"""

from __future__ import annotations

import os
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from .exceptions import InvalidValueError, LessonsError

__all__ = ["lesson_files", "lesson_names", "write_lessons"]

#: The lessons' files: notebooks and the README, at the top and in ``solutions/``.
SUFFIXES = (".ipynb", ".md")


def _root() -> Traversable:
    packaged = resources.files("simpeval").joinpath("data", "lessons")
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parent.parent / "notebooks"
    if (checkout / "README.md").is_file():
        return checkout
    raise LessonsError(
        "the lessons are not in this installation of simpeval (neither simpeval/data/lessons nor a checkout's "
        "notebooks/). Install simpeval from its wheel or a checkout (docs/getting-started.md)."
    )


def _walk(folder: Traversable, prefix: str) -> dict[str, Traversable]:
    found: dict[str, Traversable] = {}
    for entry in folder.iterdir():
        if entry.is_dir() and entry.name == "solutions" and not prefix:
            found |= _walk(entry, "solutions/")
        elif entry.is_file() and entry.name.endswith(SUFFIXES):
            found[prefix + entry.name] = entry
    return found


def lesson_files() -> dict[str, bytes]:
    """Every lesson file by its relative path (``"solutions/x_solutions.ipynb"``), with its bytes."""
    return {name: entry.read_bytes() for name, entry in sorted(_walk(_root(), "").items())}


def lesson_names() -> list[str]:
    """The relative paths of the lesson files, sorted."""
    return sorted(_walk(_root(), ""))


def write_lessons(folder: str | os.PathLike[str], *, force: bool = False) -> list[Path]:
    """Write every lesson, its solutions and the README into ``folder``; return the paths written.

    ``folder`` is created when missing (with its parents). A file of the same name already there is
    an error naming it, unless ``force`` is true (then it is overwritten); other files are left alone.

    Raises:
        InvalidValueError: ``folder`` is a file, or a file of the lessons is already there
            (without ``force``).
        LessonsError: ``folder`` cannot be created or written (permissions, a full disk).
    """
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise InvalidValueError(f"lessons: {str(target)!r} is a file, not a folder. Name a new or existing folder.")
    files = lesson_files()
    clashes = sorted(name for name in files if (target / name).exists())
    if clashes and not force:
        shown = ", ".join(clashes[:3]) + (f" and {len(clashes) - 3} more" if len(clashes) > 3 else "")
        raise InvalidValueError(
            f"lessons: {str(target)!r} already holds {shown}. Pass --force (force=True in Python) to overwrite them, "
            "or name another folder."
        )
    written = []
    try:
        for name, data in files.items():
            path = target / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(path)
    except OSError as err:
        raise LessonsError(
            f"lessons: cannot write into {str(target)!r} ({err.strerror or err}). Name a folder you can write to."
        ) from err
    return written
