"""Load a registered corpus as sources and reference streams, and tag results with its name.

:func:`load_testset` returns a frozen :class:`TestSet`, which unpacks as
``(sources, references)`` in simpeval's streams layout (``references[j][i]`` is reference
``j`` of segment ``i``), ready for ``Metric.corpus_score`` or :func:`simpeval.api.compare`::

    sources, references = load_testset("asset-test")
    SARI().corpus_score(my_outputs, references, sources=sources)

``table.with_signature_fields(test=NAME)``
(:meth:`~simpeval.report.table.ResultTable.with_signature_fields`) adds ``test:NAME`` to every
signature of a result table, as sacrebleu does for ``-t``.

:func:`load_system_outputs` returns the published outputs of systems on a corpus's sources
(``{system: lines}``), ready for :func:`simpeval.compare`::

    systems = load_system_outputs("turkcorpus-test")
    compare(systems, references, sources=sources)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..alignment import length_mismatch
from ..cache import PathArg
from ..exceptions import InvalidOptionError
from ..io import read_lines
from .download import ProgressFn, download
from .errors import TestSetFormatError
from .registry import TestSetSpec, available_testsets, get_testset

if TYPE_CHECKING:  # pragma: no cover
    pass

__all__ = ["TestSet", "check_system_outputs", "load_system_outputs", "load_testset"]


@dataclass(frozen=True)
class TestSet:
    """A loaded corpus test set.

    Iterating gives ``sources`` then ``references``, so ``sources, references = test_set``.

    Attributes:
        name: the registry name (what signatures record as ``test:NAME``).
        sources: one source sentence per segment.
        references: reference streams: ``references[j][i]`` is reference ``j`` of segment ``i``.
        spec: the registry entry (citation, licence, upstream files).

    Examples:
        >>> ts = TestSet("toy", ("a b c",), (("a b",), ("a c",)), get_testset("asset-test"))
        >>> sources, references = ts
        >>> len(ts), ts.n_references, references[1][0]
        (1, 2, 'a c')
        >>> ts
        TestSet('toy': 1 segments, 2 references)
    """

    __test__ = False  # not a pytest test class, despite the name

    name: str
    sources: tuple[str, ...] = field(repr=False)
    references: tuple[tuple[str, ...], ...] = field(repr=False)
    spec: TestSetSpec = field(repr=False, compare=False)

    def __iter__(self) -> Iterator[Any]:
        yield self.sources
        yield self.references

    def __len__(self) -> int:
        return len(self.sources)

    @property
    def n_references(self) -> int:
        """The number of reference streams."""
        return len(self.references)

    def __repr__(self) -> str:
        return f"TestSet({self.name!r}: {len(self)} segments, {self.n_references} references)"


def _read(path: Any, spec: TestSetSpec) -> tuple[str, ...]:
    lines = read_lines(path)
    if len(lines) != spec.n_segments:
        raise TestSetFormatError(
            f"test set {spec.name}: {path} must have {spec.n_segments} lines (got {len(lines)}), "
            "although its checksum is right. This is a bug in the registry; please report it."
        )
    return tuple(lines)


#: kind -> (what it is, the loader to use), for the messages of loaders given the wrong kind.
_OTHER_KINDS = {
    "ratings": ("a set of human judgments", "load_human_ratings"),
    "outputs": ("a set of system outputs", "load_system_outputs"),
}


def load_testset(
    name: str,
    cache_dir: PathArg | None = None,
    mirror: str | None = None,
    *,
    progress: bool | ProgressFn | None = None,
) -> TestSet:
    """Load a corpus test set, downloading and verifying it on first use.

    Args:
        name: a corpus in the registry (``available_testsets(kind="corpus")``): ``asset-test``,
            ``asset-valid``, ``googlecomp-test``, ``googlecomp-valid``, ``hsplit-test``,
            ``pwkp-test``, ``pwkp-valid``, ``qats-test``, ``simpeval-2022-refs``, ``turkcorpus-test``,
            ``turkcorpus-test-legacy``, ``turkcorpus-valid``, ``turkcorpus-valid-legacy``,
            ``wikisplit-test``, ``wikisplit-valid`` (a test checks this list against the registry).
        cache_dir: cache root; default ``$SIMPEVAL_CACHE``, else the per-user cache.
        mirror: replaces ``https://raw.githubusercontent.com``; default ``$SIMPEVAL_MIRROR``.
        progress: as in :func:`~simpeval.testsets.download` (a callback; nothing by default).

    Returns:
        A frozen :class:`TestSet`; ``sources, references = load_testset(name)`` unpacks it.

    Raises:
        UnknownTestSetError: no such test set (the message lists the valid names).
        InvalidOptionError: ``name`` is a human-judgment set (use
            :func:`~simpeval.testsets.load_human_ratings`).
        DownloadError, ChecksumMismatchError: see :func:`~simpeval.testsets.download`.
    """
    spec = get_testset(name)
    if spec.kind != "corpus":
        what, loader = _OTHER_KINDS[spec.kind]
        raise InvalidOptionError(
            f"load_testset: name must be a corpus with sources and references (got {spec.name!r}, "
            f"{what}). Load it with simpeval.testsets.{loader}({spec.name!r})."
        )
    folder = download(spec.name, cache_dir, mirror, progress=progress)
    sources = _read(folder / spec.files["src"][0].name, spec)
    references = tuple(_read(folder / f.name, spec) for f in spec.files["ref"])
    return TestSet(spec.name, sources, references, spec)


def check_system_outputs(test_set: TestSet | TestSetSpec, systems: Mapping[str, Sequence[object]]) -> None:
    """Check that every system has exactly one output per segment of the test set.

    Args:
        test_set: the loaded set (or its spec).
        systems: system (or file) name -> its outputs.

    Raises:
        InputLengthMismatchError: a system has the wrong number of lines; the message lists
            every system and the test set with their lengths, as every length check does
            (:func:`simpeval.alignment.length_mismatch`).

    Examples:
        >>> check_system_outputs(get_testset("asset-test"), {"sys.txt": ["only one line"]})
        Traceback (most recent call last):
        ...
        simpeval.exceptions.InputLengthMismatchError: input files must have the same number of lines, one per segment, but they differ: sys.txt: 1 line, test set asset-test: 359 lines.
    """
    spec = test_set.spec if isinstance(test_set, TestSet) else test_set
    counts = [(name, len(lines)) for name, lines in systems.items()]
    if any(n != spec.n_segments for _, n in counts):
        raise length_mismatch([*counts, (f"test set {spec.name}", spec.n_segments)])


def _outputs_spec(name: str) -> TestSetSpec:
    """The ``outputs`` set called ``name``, or the one registered for corpus ``name``."""
    spec = get_testset(name)
    if spec.kind == "outputs":
        return spec
    sets = available_testsets(kind="outputs")
    found = [get_testset(s) for s in sets if get_testset(s).corpus == spec.name]
    if spec.kind == "corpus" and len(found) == 1:
        return found[0]
    corpora = sorted({get_testset(s).corpus for s in sets} - {""})
    raise InvalidOptionError(
        f"load_system_outputs: name must be a set of system outputs or a corpus with published outputs "
        f"(got {spec.name!r}, {'a corpus without registered outputs' if spec.kind == 'corpus' else _OTHER_KINDS[spec.kind][0]}). "
        f"Choose one of: {', '.join(sets + tuple(corpora))}."
    )


def load_system_outputs(
    name: str,
    cache_dir: PathArg | None = None,
    mirror: str | None = None,
    *,
    progress: bool | ProgressFn | None = None,
) -> dict[str, list[str]]:
    """Load the published outputs of systems on a corpus's sources, downloading them on first use.

    Args:
        name: a set of system outputs (``turkcorpus-test-outputs``) or the corpus whose
            sources the systems simplified (``turkcorpus-test``). The TurkCorpus test sources
            are also ASSET's, so these outputs can be scored against ``asset-test`` too.
        cache_dir: cache root; default ``$SIMPEVAL_CACHE``, else the per-user cache.
        mirror: replaces ``https://raw.githubusercontent.com``; default ``$SIMPEVAL_MIRROR``.
        progress: as in :func:`~simpeval.testsets.download` (a callback; nothing by default).

    Returns:
        System name -> its outputs, one line per segment, in registry order (a new dict:
        add your own system to it and pass it to :func:`simpeval.compare`).

    Raises:
        UnknownTestSetError: no such set.
        InvalidOptionError: ``name`` is neither a set of outputs nor a corpus with one.
        DownloadError, ChecksumMismatchError: see :func:`~simpeval.testsets.download`.

    Examples:
        >>> load_system_outputs("asset-human-ratings")
        Traceback (most recent call last):
        ...
        simpeval.exceptions.InvalidOptionError: load_system_outputs: name must be a set of system outputs or a corpus with published outputs (got 'asset-human-ratings', a set of human judgments). Choose one of: easse-outputs-newsela-test, ..., turkcorpus-test-outputs, pwkp-test, turkcorpus-test.
    """
    spec = _outputs_spec(name)
    folder = download(spec.name, cache_dir, mirror, progress=progress)
    return {remote.name: list(_read(folder / remote.name, spec)) for remote in spec.files["outputs"]}
