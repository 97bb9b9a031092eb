"""The frozen records of the test-set registry: one upstream file, one registered set (no I/O).

Kept apart from the registry's data (:mod:`~simpeval.testsets.registry` for corpora and human
judgments, :mod:`~simpeval.testsets.easse_outputs` for published system outputs) so that every
data module can build entries without importing the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .._types import FrozenDict
from ..exceptions import InvalidOptionError

__all__ = ["KINDS", "UPSTREAM_HOST", "RemoteFile", "TestSetSpec"]

#: The scheme and host of every registered URL; a mirror replaces exactly this prefix.
UPSTREAM_HOST = "https://raw.githubusercontent.com"

#: The kinds of registered sets: a corpus (sources and references), human judgments, or the
#: published outputs of systems on a corpus's sources.
KINDS = ("corpus", "ratings", "outputs")


@dataclass(frozen=True)
class RemoteFile:
    """One upstream file of a test set.

    Attributes:
        url: the commit-pinned upstream URL (on :data:`UPSTREAM_HOST`).
        sha256: the hex sha256 of its bytes.
        name: the file name inside the test set's cache folder.
    """

    url: str
    sha256: str
    name: str


@dataclass(frozen=True)
class TestSetSpec:
    """A registered test set: what it is, where its files are, how to cite it.

    Attributes:
        name: the registry key (lowercase, e.g. ``"asset-test"``); recorded in signatures
            as ``test:NAME``.
        description: one line for ``simpeval testsets list``.
        files: role -> its files, in order. Corpora have ``src`` (one file) and ``ref``
            (one file per reference stream, stream ``j`` = ``files["ref"][j]``); rating sets
            have ``ratings`` (one CSV file). A corpus may carry further roles (the legacy
            TurkCorpus keeps its Simple Wikipedia side as ``wiki``), downloaded but never scored.
            Sets of system outputs have ``outputs`` (one file per system, named after it).
        n_segments: segments (lines) of a corpus or of each system's outputs; data rows of a
            rating set.
        n_references: reference streams of a corpus (0 for the other kinds).
        citation: BibTeX of the paper(s) to cite.
        licence: the data licence, as stated upstream.
        kind: one of :data:`KINDS`: ``"corpus"``, ``"ratings"`` or ``"outputs"``.
        notes: preprocessing and provenance facts a user needs (tokenization, casing, ...).
        corpus: for a set of system outputs, the registered corpus whose sources the systems
            simplified (its segment ``i`` is every system's line ``i``); empty otherwise.
    """

    __test__ = False  # not a pytest test class, despite the name

    name: str
    description: str
    files: Mapping[str, tuple[RemoteFile, ...]]
    n_segments: int
    n_references: int
    citation: str
    licence: str
    kind: str = "corpus"
    notes: str = field(default="", compare=False)
    corpus: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InvalidOptionError(
                f"TestSetSpec {self.name!r}: kind must be one of {', '.join(KINDS)} (got {self.kind!r})."
            )
        object.__setattr__(self, "files", FrozenDict({k: tuple(v) for k, v in self.files.items()}))

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.files.items())))

    @property
    def all_files(self) -> tuple[RemoteFile, ...]:
        """Every file of the set, role by role, in registry order."""
        return tuple(f for files in self.files.values() for f in files)
