"""EASSE's ``easse.utils.helpers``: reading and writing files of sentences as EASSE does.

A path inside :data:`~.constants.DATA_DIR` that is not there yet is fetched first (from
simpeval's checksummed registry, :func:`.resources.ensure_data_file`), so EASSE code that reads
``DATA_DIR / "test_sets/..."`` directly works unchanged.

Examples:
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "split.txt"
    >>> write_lines(["It rains. <::::> We stay home.", "Fine."], path)
    >>> read_lines(path), count_lines(path)
    (['It rains. <::::> We stay home.', 'Fine.'], 2)
    >>> sys_sents = read_split_lines(path)
    >>> sys_sents
    [['It rains.', 'We stay home.'], ['Fine.']]
    >>> collapse_split_sentences(sys_sents, [sys_sents])
    (['It rains. We stay home.', 'Fine.'], [['It rains. We stay home.', 'Fine.']])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from .resources import ensure_data_file

__all__ = ["collapse_split_sentences", "count_lines", "read_lines", "read_split_lines", "write_lines", "yield_lines"]

PathLike = str | Path


def yield_lines(filepath: PathLike) -> Iterator[str]:
    """Every line of a UTF-8 file, without its end-of-line characters (``rstrip("\\n")``).

    Examples:
        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "lines.txt"
        >>> _ = path.write_text("one  \\ntwo\\n", encoding="utf-8")
        >>> list(yield_lines(path)), read_lines(path), count_lines(path)
        (['one  ', 'two'], ['one', 'two'], 2)
    """
    with open(ensure_data_file(filepath), encoding="utf-8") as f:
        for line in f:
            yield line.rstrip("\n")


def read_lines(filepath: PathLike) -> list[str]:
    """The lines of a UTF-8 file, each stripped of whitespace at both ends (EASSE's ``read_lines``: ``strip()``).

    Examples:
        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "lines.txt"
        >>> write_lines(["It rains .  ", "  Fine ."], path)
        >>> read_lines(path)
        ['It rains .', 'Fine .']
    """
    return [line.strip() for line in yield_lines(filepath)]


def count_lines(filepath: PathLike) -> int:
    """The number of lines of a file.

    Examples:
        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "lines.txt"
        >>> write_lines(["a", "b", "c"], path)
        >>> count_lines(path)
        3
    """
    return sum(1 for _ in yield_lines(filepath))


def write_lines(lines: Iterable[str], filepath: PathLike) -> None:
    """Write one line per string (UTF-8), creating the folder if needed.

    Examples:
        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "new" / "lines.txt"
        >>> write_lines(["a", "b"], path)
        >>> path.read_text(encoding="utf-8")
        'a\\nb\\n'
    """
    path = Path(filepath)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        for line in lines:
            f.write(line + "\n")


def read_split_lines(filename: PathLike, split_sep: str = "<::::>") -> list[list[str]]:
    """Each line split at ``split_sep`` into its sentences, each stripped (WikiSplit's format).

    Examples:
        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "split.txt"
        >>> write_lines(["It rains. <::::> We stay."], path)
        >>> read_split_lines(path)
        [['It rains.', 'We stay.']]
    """
    with open(ensure_data_file(filename), encoding="utf-8") as f:
        return [[split.strip() for split in line.split(split_sep)] for line in f]


def collapse_split_sentences(
    sys_sents: Sequence[Sequence[str]], refs_sents: Sequence[Sequence[Sequence[str]]]
) -> tuple[list[str], list[list[str]]]:
    """Join the sentences of every split output and reference with spaces (one string per segment).

    Examples:
        >>> collapse_split_sentences([["It rains.", "We stay."]], [[["It rains; we stay."]]])
        (['It rains. We stay.'], [['It rains; we stay.']])
    """
    return [" ".join(sents) for sents in sys_sents], [[" ".join(sents) for sents in stream] for stream in refs_sents]
