"""The :class:`Metric` base class: one pipeline from text to additive statistics to scores.

A metric maps every segment to a 1-D float64 vector of *additive* sufficient statistics;
``corpus_score`` is ``score_from_stats(sum_rows(corpus_stats(...)))``, ``sentence_score`` a corpus
of one, ``sentence_scores`` every row scored alone; bootstrap and distributed runs sum rows.

A metric author declares its options in a ``config_class`` (:mod:`simpeval.metrics.options`)
and implements :meth:`Metric.extract_stats` (validated text to one row per segment) and
:meth:`Metric.score_from_stats` (a summed vector to a :class:`Score`): see
``docs/guide/extending.md``. The base class derives the constructor and the signature from the
declarations (:mod:`simpeval.metrics.declared`) and owns validation, the reference layout,
scoring and streaming; ``sources`` is keyword-only everywhere (sacrebleu's third positional is not).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

import numpy as np

from .. import _validate
from .._types import Hypotheses, RefStreams, Sources, StatsArray
from .._version import __version__
from ..alignment import iter_chunks
from ..defaults import CHUNK_SIZE, DEFAULT_SEED
from ..engines.resample import bootstrap_interval, check_count
from ..exceptions import (
    InputLengthMismatchError,
    InvalidInputError,
    InvalidValueError,
    MissingSourceError,
    ReferenceLayoutError,
)
from .declared import construct, derive, field_value
from .extraction import extract_rows
from .options import OptionSpec
from .references import References, check_streams, count_references
from .score import ConfidenceInterval, Score
from .signature import COMMON_ABBREVIATIONS, DATA_KEYS, Signature
from .validation import check_stats_vector, text_column

__all__ = ["Metric"]


class Metric(ABC):
    """Abstract base of every simpeval metric; class attributes describe it (as in torchmetrics):

    * ``name``: display name, also the signature prefix;
    * ``higher_is_better``: the direction that marks the best system (``None``: a descriptive
      measure such as a compression ratio: no best system, no "better" in reports);
    * ``requires_source``, ``requires_references`` (FKGL's ``False``: no ``nrefs`` in its signature);
    * ``citation``: BibTeX of the paper that defines the metric;
    * ``config_class`` (options declared with :func:`~simpeval.metrics.options.option`) and
      ``constructor_options`` (options that are no config field), read by the constructor, the
      CLI and the docs;
    * ``signature_order`` (the keys' print order, when not the fields') and ``signature_facts``
      (keys that are no option) give, with the options, ``signature_abbreviations``.
    """

    name: ClassVar[str]
    higher_is_better: ClassVar[bool | None] = True
    requires_source: ClassVar[bool] = False
    requires_references: ClassVar[bool] = True
    citation: ClassVar[str] = ""
    signature_abbreviations: ClassVar[Mapping[str, str]] = {}
    signature_order: ClassVar[tuple[str, ...] | None] = None
    signature_facts: ClassVar[Mapping[str, str]] = {}
    config_class: ClassVar[type | None] = None
    constructor_options: ClassVar[tuple[OptionSpec, ...]] = ()
    config: Any  # the frozen configuration, an instance of config_class

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Derive what a metric with a ``config_class`` does not write (:func:`~simpeval.metrics.declared.derive`)."""
        super().__init_subclass__(**kwargs)
        derive(cls, Metric)

    def __init__(self, *args: Any, **options: Any) -> None:
        """``Metric(config)``, ``Metric(**options)`` or the options positional, then :meth:`_setup`."""
        construct(self, args, options)

    def _setup(self) -> None:
        """The constructor's work once ``self.config`` is set; its parameters are the constructor's too."""
        return  # nothing by default

    # ------------------------------------------------------------------ hooks
    @abstractmethod
    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        """Statistics of validated input: a float64 ``(n_segments, n_stats)`` matrix of additive rows.

        Called by the base class after validation: ``hypotheses`` and ``sources`` are lists of
        strings of the same length, ``references[i]`` lists the references of segment ``i``
        (missing ones removed), and ``sources`` is ``None`` only when the metric does not
        require them.
        """

    @abstractmethod
    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """The score of a (summed) statistics vector.

        Args:
            stats: a 1-D statistics vector, usually the sum of segment rows.
            signature: the signature to attach; by default :meth:`get_signature` without data facts.
        """

    def signature_fields(self) -> list[tuple[str, Any]]:
        """The metric's own signature fields, from its frozen configuration only: every key of
        ``signature_abbreviations`` with :meth:`signature_field`'s value (``None``: left out)."""
        fields = [(key, self.signature_field(key)) for key in self.signature_abbreviations]
        return [(key, value) for key, value in fields if value is not None]

    def signature_field(self, key: str) -> Any:
        """The value of own signature key ``key``: its option's spelling, or a fact's attribute."""
        return field_value(self, key)

    def resampling_scorer(self) -> tuple[Callable[[StatsArray], float], Any]:
        """How bootstrap resamples are scored: ``(score function, dtype of the resampled sums)``.

        The default scores a summed statistics vector with :meth:`score_from_stats` in float64.
        A metric may override it to reproduce another tool's resampling exactly (the sacrebleu
        wrappers resample float32 statistics, as sacrebleu does).
        """

        def score(vector: StatsArray) -> float:
            return self.score_from_stats(vector).score

        score.score_rows = self.score_rows  # type: ignore[attr-defined]
        return score, np.float64

    def score_rows(self, stats: StatsArray) -> np.ndarray:
        """The score of every row of a statistics matrix (each row a summed vector).

        Equal to ``[score_from_stats(row).score for row in stats]``; metrics override it with
        a vectorized version where they can (SARI does).
        """
        return np.array([self.score_from_stats(row).score for row in np.asarray(stats)], dtype=np.float64)

    def component_rows(self, stats: StatsArray) -> dict[str, np.ndarray]:
        """The components of every row of a statistics matrix: ``{name: values}``.

        Equal to ``[score_from_stats(row).components[name] for row in stats]`` for each name;
        metrics override it with a vectorized version where they can (SARI does).
        """
        components = [self.score_from_stats(row).components for row in np.asarray(stats)]
        names = list(components[0]) if components else []
        return {name: np.array([c[name] for c in components], dtype=np.float64) for name in names}

    def versions(self) -> list[tuple[str, str]]:
        """The versions that close the signature: ``[("version", simpeval's)]`` by default.

        A metric computed to match another tool records that tool's version as ``version`` and
        simpeval's as ``simpeval`` (the sacrebleu metrics: ``version:2.5.1|simpeval:0.9.0``).
        """
        return [("version", __version__)]

    # ------------------------------------------------------------ signatures
    def get_signature(self, nrefs: int | str | None = None, **extra: Any) -> Signature:
        """The reproducibility signature of this metric's configuration.

        Args:
            nrefs: number of references per segment (``"var"`` if it varies); known only
                once data is given, so it is left out when ``None``, and always for a metric
                that reads no references.
            extra: further data facts (``test="asset-test"``, ``bs=1000``, ``seed=12345``).
        """
        unknown = sorted(set(extra) - set(DATA_KEYS))
        if unknown:
            raise InvalidInputError(
                f"{self.name}: get_signature() takes data facts among {', '.join(DATA_KEYS)} "
                f"(got {', '.join(unknown)})."
            )
        facts = {"nrefs": nrefs if self.requires_references else None, **extra}
        fields: list[tuple[str, Any]] = [(k, facts[k]) for k in DATA_KEYS if facts.get(k) is not None]
        fields.extend(self.signature_fields())
        fields.extend(self.versions())
        return Signature(self.signature_name(), tuple(fields), {**COMMON_ABBREVIATIONS, **self.signature_abbreviations})

    def signature_name(self) -> str:
        """The name a signature starts with: :attr:`name`, unless a setting changes what the metric
        is called (chrF's beta and word order: ``chrF2``, ``chrF3++``)."""
        return self.name

    # ------------------------------------------------------------ validation
    def validate_stats(self, stats: Any, n_stats: int) -> StatsArray:
        """A summed statistics vector as float64, checked (see :func:`check_stats_vector`)."""
        return check_stats_vector(stats, n_stats, self.name)

    #: References given to the constructor (``BLEU(references=...)``), used when a call passes none.
    _references: References | None = None

    def _keep_references(self, references: RefStreams | None) -> None:
        """Keep the constructor's ``references`` (streams) for calls that pass ``None``, as sacrebleu does."""
        if references is not None:
            self._references = references if isinstance(references, References) else References.from_streams(references)

    def _prepare(
        self, hypotheses: Any, references: Any, sources: Any
    ) -> tuple[list[str], list[list[str]], list[str] | None]:
        hyps = text_column(hypotheses, "hypotheses", self.name)
        if not hyps:
            raise InvalidValueError(f"{self.name}: hypotheses must contain at least one segment (got 0).")
        if references is None and self._references is not None:
            references = self._references
        elif references is None and not self.requires_references:
            references = References.from_streams([[None] * len(hyps)])
        elif references is None:
            raise ReferenceLayoutError(
                f"{self.name}: references is None, and none were given to the constructor: pass the reference "
                f"streams, or give them once as {type(self).__name__}(references=...)."
            )
        refs = check_streams(self.name, references, len(hyps))
        srcs: list[str] | None = None
        if sources is not None:
            srcs = text_column(sources, "sources", self.name)
            if len(srcs) != len(hyps):
                raise InputLengthMismatchError(
                    f"{self.name}: sources must have one sentence per hypothesis "
                    f"({len(hyps)} hypotheses, {len(srcs)} sources)."
                )
        elif self.requires_source:
            raise MissingSourceError(
                f"{self.name}: sources are required ({self.name} compares the output with the "
                "input sentence); pass sources=[...] (CLI: --sources FILE)."
            )
        return hyps, refs, srcs

    # ------------------------------------------------------------ thread safety
    def _locked_extract(
        self,
        hypotheses: list[str],
        references: list[list[str]],
        sources: list[str] | None,
        n_jobs: int | None = None,
    ) -> StatsArray:
        """:meth:`extract_stats` under this object's lock, or on workers (:mod:`~simpeval.metrics.extraction`)."""
        return extract_rows(self, hypotheses, references, sources, n_jobs)

    #: Attributes that only cache work (encoded references): a copy (pickled) starts without them.
    _caches: ClassVar[tuple[str, ...]] = ()

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        for name in ("_stats_lock", *self._caches):  # locks do not pickle (a copy gets its own)
            state.pop(name, None)
        return state

    # ------------------------------------------------------------ public API
    def corpus_stats(
        self,
        hypotheses: Hypotheses,
        references: RefStreams | None = None,
        *,
        sources: Sources | None = None,
        n_jobs: int | None = None,
    ) -> StatsArray:
        """Per-segment sufficient statistics, shape ``(n_segments, n_stats)``, float64.

        Args:
            hypotheses, references, sources: as in :meth:`corpus_score`.
            n_jobs: cores: worker processes extracting the rows, on one thread each (1: here, on
                one thread; 0: one per available core; ``None``: those of the :func:`simpeval.engines.pool.jobs`
                block around, else here on every thread); the same bits (:mod:`simpeval.engines.pool`).
        """
        hyps, refs, srcs = self._prepare(hypotheses, references, sources)
        return self._locked_extract(hyps, refs, srcs, n_jobs)

    def corpus_score(
        self,
        hypotheses: Hypotheses,
        references: RefStreams | None = None,
        *,
        sources: Sources | None = None,
        n_bootstrap: int = 1,
        n_jobs: int | None = None,
    ) -> Score:
        """Score a whole corpus.

        Args:
            hypotheses: one system output per segment.
            references: reference streams, ``references[j][i]`` = reference ``j`` of segment
                ``i``; ``None`` marks a missing reference (variable number of references).
                Per-segment lists: ``References.from_segments(lists)``; a plain square list
                (as many streams as segments) is read as streams, with a warning. ``None``:
                those given to the constructor (``BLEU(references=...)``, as in sacrebleu).
            sources: the source sentences (required by SARI, ignored by BLEU/chrF/TER).
            n_bootstrap: with ``N > 1``, also a 95% bootstrap confidence interval of ``N``
                resamples (seed 12345), as sacrebleu's ``corpus_score(..., n_bootstrap=N)``:
                ``score.ci`` holds it (:mod:`simpeval.compat.sacrebleu`'s scores print it as
                sacrebleu's ``(μ = ... ± ...)``) and the signature records ``bs:N|seed:12345``.
            n_jobs: worker processes extracting the statistics (:meth:`corpus_stats`): the same bits.
        """
        n = check_count(n_bootstrap, "n_bootstrap", self.name)  # at most MAX_RESAMPLES, checked before any work
        hyps, refs, srcs = self._prepare(hypotheses, references, sources)
        stats = self._locked_extract(hyps, refs, srcs, n_jobs)
        if n == 1:
            return self.score_from_stats(self.sum_rows(stats), self.get_signature(count_references(refs)))
        # The resampler of the significance tests (sacrebleu's precision for the sacrebleu metrics).
        score_fn, dtype = self.resampling_scorer()
        interval = bootstrap_interval(stats, score_fn, n_samples=n, seed=DEFAULT_SEED, dtype=dtype, owner=self.name)
        signature = self.get_signature(count_references(refs), bs=n, seed=DEFAULT_SEED)
        return replace(
            self.score_from_stats(self.sum_rows(stats), signature), ci=ConfidenceInterval(**interval._asdict())
        )

    def sum_rows(self, stats: StatsArray) -> StatsArray:
        """``stats.sum(axis=0)``; overridden where the reference adds a column with ``sum()``."""
        total: StatsArray = stats.sum(axis=0)
        return total

    def sentence_score(
        self, hypothesis: str, references: Sequence[str] | None = None, *, source: str | None = None
    ) -> Score:
        """Score one segment (a corpus of one).

        Args:
            hypothesis: the system output.
            references: the references of this segment, e.g. ``["ref 1", "ref 2"]`` (may be left
                out for a metric that reads none, such as FKGL).
            source: the source sentence (required by SARI).
        """
        hypotheses, streams, sources = self._segment(hypothesis, references, source)
        return self.corpus_score(hypotheses, streams, sources=sources)

    def _segment(
        self, hypothesis: Any, references: Any, source: str | None
    ) -> tuple[list[str], list[list[str | None]] | None, list[str] | None]:
        """One segment as a corpus of one: ``([hypothesis], reference streams, [source] or None)``."""
        if not isinstance(hypothesis, str):
            raise InvalidInputError(
                f"{self.name}: hypothesis must be a string (got {type(hypothesis).__name__}); "
                "use corpus_score() for a list of segments."
            )
        if references is None and not self.requires_references:
            return [hypothesis], None, None if source is None else [source]
        if isinstance(references, str) or not isinstance(references, Sequence):
            raise InvalidInputError(
                f"{self.name}: references must be a list of reference strings for this segment "
                f"(got {type(references).__name__}: {references!r:.60})."
            )
        # A segment without references is one stream holding None (SARI defines a score for it).
        streams: list[list[str | None]] = [[ref] for ref in references] or [[None]]
        return [hypothesis], streams, None if source is None else [source]

    def _prepare_segment(
        self, hypothesis: Any, references: Any, source: str | None
    ) -> tuple[list[str], list[list[str]], list[str] | None]:
        """One segment validated as :meth:`sentence_score` validates it, without scoring it."""
        return self._prepare(*self._segment(hypothesis, references, source))

    def corpus_score_iter(
        self,
        hypotheses: Iterable[str],
        references: Sequence[Iterable[str | None]],
        *,
        sources: Iterable[str] | None = None,
        chunk_size: int = CHUNK_SIZE,
    ) -> Score:
        """Score a corpus given as iterables (e.g. lazily read files), in bounded memory.

        Segments are processed ``chunk_size`` at a time and only the summed statistics are
        kept, so memory does not grow with the corpus. Integer statistics (EASSE-style SARI,
        BLEU, chrF) give exactly :meth:`corpus_score`'s result; statistics that are float sums
        (sentence-averaged SARI, TER) can differ from it in the last bits, because the chunks
        are summed separately.

        Raises:
            InputLengthMismatchError: the iterables do not have the same length.
        """
        _validate.check_int(chunk_size, f"{self.name}: chunk_size", expected="a positive integer")
        if isinstance(references, str) or not isinstance(references, Sequence) or not references:
            raise ReferenceLayoutError(
                f"{self.name}: references must be a non-empty list of reference streams (iterables), "
                "references[j] = the j-th reference of every segment."
            )
        total: np.ndarray | None = None
        ref_counts: set[int] = set()
        for hyps, refs, srcs in iter_chunks(hypotheses, references, sources, chunk_size, self.name):
            hyps_, per_segment, srcs_ = self._prepare(hyps, References.from_streams(refs), srcs)
            chunk_total = self.sum_rows(self._locked_extract(hyps_, per_segment, srcs_))
            total = chunk_total if total is None else total + chunk_total
            ref_counts.update(map(len, per_segment))
        if total is None:
            raise InvalidValueError(f"{self.name}: hypotheses must contain at least one segment (got 0).")
        nrefs: int | str = ref_counts.pop() if len(ref_counts) == 1 else "var"
        return self.score_from_stats(total, self.get_signature(nrefs))

    def sentence_scores(
        self, hypotheses: Hypotheses, references: RefStreams | None = None, *, sources: Sources | None = None
    ) -> np.ndarray:
        """The sentence-level score of every segment, as a float64 array."""
        return self.score_rows(self.corpus_stats(hypotheses, references, sources=sources))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.get_signature().format(prefix=False)})"
