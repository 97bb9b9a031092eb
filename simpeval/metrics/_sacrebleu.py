"""The only adapter onto sacrebleu's metric internals.

:mod:`simpeval.metrics.bleu`, :mod:`~simpeval.metrics.chrf` and :mod:`~simpeval.metrics.ter`
delegate every computation to a private sacrebleu metric object through the functions
here. This module alone touches sacrebleu's private API, which the parity tests pin:

* ``Metric._extract_corpus_statistics`` (text to per-segment statistics);
* ``Metric._compute_score_from_stats`` (summed statistics to a sacrebleu score);
* the ``Signature`` subclasses (``_SIGNATURE_TYPE``), their ``info`` and ``_abbr``;
* ``BLEU.tokenizer`` and ``BLEU.tokenizer_signature`` (the chosen tokenizer);
* ``TER._preprocess_segment`` and ``TER._extract_reference_info`` (the words TER scores);
* ``sacrebleu.__version__``.

Examples:
    >>> impl = build_metric("chrf", char_order=6, word_order=2)
    >>> stats = corpus_statistics(impl, ["a cat"], [["a cat"]], "chrF")
    >>> stats.shape, compute_score(impl, stats.sum(axis=0), integer_columns=None).name
    ((1, 24), 'chrF2++')
    >>> signature_fields(impl)
    [('case', 'mixed'), ('eff', 'yes'), ('nc', 6), ('nw', 2), ('space', 'no')]
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import numpy as np
import sacrebleu
from sacrebleu.metrics.base import Signature as _SacrebleuSignature
from sacrebleu.metrics.bleu import BLEU as _SacrebleuBLEU
from sacrebleu.metrics.chrf import CHRF as _SacrebleuCHRF
from sacrebleu.metrics.ter import TER as _SacrebleuTER

from .. import _arith
from .._types import RefStreams, StatsArray
from .._version import __version__
from ..engines import resample_numpy
from ..engines.jit import resolve_engine, run_engine
from ..engines.resample_numpy import NEP50, SMOOTH_CODES
from ..exceptions import MissingDependencyError, ReferenceLayoutError
from ..tokenizers import get_tokenizer, is_builtin
from ._tokenized import sacrebleu_quiet, warn_if_tokenized
from .base import Metric
from .references import references_from_segments

__all__ = [
    "SACREBLEU_VERSION",
    "sacrebleu_class",
    "BLEU_TOKENIZERS",
    "BLEU_SMOOTH_DEFAULTS",
    "build_metric",
    "corpus_statistics",
    "check_has_references",
    "bleu_tokenizer",
    "ter_tokenizers",
    "runs_sacrebleu_tokenizer",
    "warn_if_tokenized",
    "compute_score",
    "signature_fields",
    "signature_abbreviations",
    "resampling_scorer",
    "SacrebleuMetric",
]

#: The installed sacrebleu version, recorded in the signatures of the wrapped metrics.
SACREBLEU_VERSION: str = sacrebleu.__version__

#: Tokenizer names sacrebleu's BLEU accepts, in sacrebleu's order (BLEU takes every name of
#: simpeval's registry, which holds these too).
BLEU_TOKENIZERS: tuple[str, ...] = tuple(_SacrebleuBLEU.TOKENIZERS)

#: BLEU smoothing methods and their default ``smooth_value`` (``None``: takes no value).
BLEU_SMOOTH_DEFAULTS: Mapping[str, float | None] = MappingProxyType(dict(_SacrebleuBLEU.SMOOTH_DEFAULTS))

_CLASSES: Mapping[str, Any] = MappingProxyType({"bleu": _SacrebleuBLEU, "chrf": _SacrebleuCHRF, "ter": _SacrebleuTER})

#: pip extra of simpeval that brings the optional dependency of a BLEU tokenizer.
_TOKENIZER_EXTRAS: Mapping[str, str] = MappingProxyType({"ja-mecab": "ja", "ko-mecab": "ko"})

#: Signature keys every sacrebleu metric shares (``nrefs``, ``version``, ``test``, ...).
_SHARED_KEYS: frozenset[str] = frozenset(_SacrebleuSignature({"num_refs": 1})._abbr)


def build_metric(kind: str, **options: Any) -> Any:
    """Instantiate sacrebleu's ``BLEU``, ``CHRF`` or ``TER`` (``kind`` in bleu/chrf/ter).

    ``options`` must already be validated by the caller (sacrebleu validates with ``assert``).

    Raises:
        MissingDependencyError: the chosen BLEU tokenizer needs a package that is not installed.
    """
    name = options.get("tokenize")
    if kind == "bleu" and name is not None and not (name in BLEU_TOKENIZERS and is_builtin(name)):
        # A tokenizer of simpeval's registry (moses, a user's, a replaced 13a): sacrebleu's BLEU
        # on the text as that tokenizer leaves it, under the registry name.
        registered = get_tokenizer(name)
        impl = _CLASSES[kind](**{**options, "tokenize": "none"})
        impl.tokenizer, impl.tokenizer_signature, impl.simpeval_registry_tokenizer = registered, name, True
        return impl
    try:
        return _CLASSES[kind](**options)
    except (ImportError, RuntimeError) as err:
        tokenizer = options.get("tokenize")
        if tokenizer is None:  # sacrebleu's choice from trg_lang
            tokenizer = _SacrebleuBLEU._TOKENIZER_MAP.get(options.get("trg_lang", ""), _SacrebleuBLEU.TOKENIZER_DEFAULT)
        extra = _TOKENIZER_EXTRAS.get(tokenizer, "")
        remedy = (
            f"Install it with: pip install 'simplification-metrics[{extra}]'"
            if extra
            else "Install the package named in the error above."
        )
        reason = (str(err).strip().splitlines() or [type(err).__name__])[0]
        raise MissingDependencyError(
            f"{kind.upper()}: tokenize={tokenizer!r} needs an optional dependency that is not "
            f"installed ({reason}). {remedy}"
        ) from err


def corpus_statistics(
    impl: Any, hypotheses: Sequence[str], references: Sequence[Sequence[str]], metric_name: str
) -> StatsArray:
    """sacrebleu's per-segment statistics as a float64 ``(n_segments, n_stats)`` array.

    Args:
        impl: a sacrebleu metric from :func:`build_metric`.
        hypotheses: one string per segment.
        references: per-segment reference lists (``references[i]`` = references of segment ``i``).
        metric_name: the display name used in error messages.

    Raises:
        ReferenceLayoutError: a segment has no reference (sacrebleu needs at least one).
    """
    check_has_references(references, metric_name)
    # sacrebleu extracts reference n-grams once and caches them ("ref cache"); systems compared
    # on the same references reuse that cache instead of re-extracting it for every system.
    key = tuple(tuple(refs) for refs in references)
    if getattr(impl, "_simpeval_ref_key", None) != key:
        impl._ref_cache = impl._cache_references(references_from_segments(references))
        impl._simpeval_ref_key = key
    with sacrebleu_quiet(impl):
        rows = impl._extract_corpus_statistics(list(hypotheses), None)
    stats = np.array(rows, dtype=np.float64)
    return np.ascontiguousarray(stats.reshape(len(hypotheses), -1))


def check_has_references(references: Sequence[Sequence[str]], metric_name: str) -> None:
    """Every segment needs a reference, as in sacrebleu.

    Raises:
        ReferenceLayoutError: a segment has no reference.
    """
    for i, refs in enumerate(references):
        if len(refs) == 0:
            raise ReferenceLayoutError(
                f"{metric_name}: segment {i} has no reference (every reference stream holds None "
                f"at index {i}), but {metric_name} needs at least one reference per segment. "
                "Remove the segment or give it a reference."
            )


def compute_score(impl: Any, stats: StatsArray, integer_columns: Sequence[int] | None) -> Any:
    """sacrebleu's score object for a summed statistics vector.

    sacrebleu sums Python ints (and, for TER, floats); the float64 statistics are turned back
    into those types so that the result is bit-identical to sacrebleu's own ``corpus_score``.

    Args:
        impl: a sacrebleu metric from :func:`build_metric`.
        stats: a 1-D statistics vector.
        integer_columns: indices of the columns sacrebleu keeps as ``int``; ``None`` for all.
    """
    values: list[int | float] = [float(x) for x in np.asarray(stats, dtype=np.float64)]
    columns = range(len(values)) if integer_columns is None else integer_columns
    for i in columns:
        if float(values[i]).is_integer():
            values[i] = int(values[i])
    return impl._compute_score_from_stats(values)


def resampling_scorer(impl: Any) -> tuple[Any, Any]:
    """sacrebleu's own bootstrap scoring: float32 resampled sums scored as they are.

    sacrebleu casts statistics to float32 before ``--paired-bs`` and ``--confidence`` and
    scores the float32 sums (so with NumPy 2 part of the arithmetic is float32). Reproducing
    that makes simpeval's bootstrap means and intervals equal to sacrebleu's. Under NumPy >= 2,
    BLEU's and chrF's scorer also scores many rows at once (``score_rows``), with the same bits.
    """

    def score(vector: Any) -> Any:
        return impl._compute_score_from_stats(vector).score

    if NEP50 and isinstance(impl, (_SacrebleuBLEU, _SacrebleuCHRF)):
        score.score_rows = _batch_scorer(impl)  # type: ignore[attr-defined]
    return score, np.float32


def _batch_scorer(impl: Any) -> Callable[[Any], Any]:
    """sacrebleu's BLEU or chrF scoring of many rows at once: the NumPy replay
    (:mod:`simpeval.engines.resample_numpy`)."""
    if isinstance(impl, _SacrebleuBLEU):
        method = impl.smooth_method
        value = impl.smooth_value if impl.smooth_value is not None else BLEU_SMOOTH_DEFAULTS[method]
        options = (impl.max_ngram_order, SMOOTH_CODES[method], float(value or 0.0), bool(impl.effective_order))

        def bleu_rows(sums: Any) -> Any:
            sums = np.ascontiguousarray(sums)
            # sacrebleu adds the log precisions with sum(): the running interpreter's rule
            return resample_numpy.bleu_scores(sums, *options, sums.dtype == np.float32, _arith.RUNNING_RULE)

        return bleu_rows
    factor, eps_smoothing = impl.beta**2, bool(impl.eps_smoothing)

    def chrf_rows(sums: Any) -> Any:
        sums = np.ascontiguousarray(sums)
        scores = resample_numpy.chrf_scores(sums, factor, eps_smoothing, sums.dtype == np.float32)
        return resample_numpy.chrf_result(*scores)  # float32 scalars where sacrebleu's are

    return chrf_rows


def bleu_tokenizer(impl: Any) -> tuple[str, Any]:
    """The signature name (``13a``, ``none``, ``moses``...) and callable of a sacrebleu ``BLEU``'s tokenizer."""
    return impl.tokenizer_signature, impl.tokenizer


def runs_sacrebleu_tokenizer(impl: Any) -> bool:
    """Whether a sacrebleu ``BLEU`` runs sacrebleu's own tokenizer (compiled for 13a and none), not the registry's."""
    return not getattr(impl, "simpeval_registry_tokenizer", False)


def ter_tokenizers(impl: Any) -> tuple[Callable[[str], list[str]], Callable[[str], list[str]]]:
    """The words sacrebleu's ``TER`` scores, of a hypothesis and of a reference, by its own code.

    A hypothesis is preprocessed once (``_preprocess_segment``: trailing whitespace stripped,
    the Tercom tokenizer) and split. A reference is preprocessed when the references are cached
    and again by ``_extract_reference_info``; twice is not always once (``normalized``:
    ``"Jim's\\t"`` gives ``jim's``, then ``jim 's``).
    """

    def hypothesis_words(text: str) -> list[str]:
        words: list[str] = impl._preprocess_segment(text).split()
        return words

    def reference_words(text: str) -> list[str]:
        words: list[str] = impl._extract_reference_info([impl._preprocess_segment(text)])["ref_words"][0]
        return words

    return hypothesis_words, reference_words


def _signature(impl: Any) -> Any:
    # sacrebleu builds signatures from the metric's __dict__; nrefs is filled in by simpeval.
    return impl._SIGNATURE_TYPE({**vars(impl), "num_refs": 1})


def sacrebleu_signature(metric: Any, args: Mapping[str, Any]) -> Any:
    """sacrebleu's own signature object of a :class:`SacrebleuMetric` (what ``sacrebleu.BLEU().get_signature()``
    returns), for the call facts in ``args`` (``num_refs``, ``n_bootstrap``, ``seed``); without
    ``num_refs`` sacrebleu raises its ``ValueError`` ("Number of references unknown")."""
    impl = metric._impl
    state = {key: value for key, value in vars(impl).items() if key not in ("num_refs", "n_bootstrap", "seed")}
    return impl._SIGNATURE_TYPE({**state, **args})


def signature_fields(impl: Any) -> list[tuple[str, Any]]:
    """The metric-specific fields of sacrebleu's signature, in sacrebleu's print order.

    The shared fields (``nrefs``, ``version``, ``test``, ...) and ``None`` values are left out;
    simpeval's :class:`~simpeval.metrics.base.Metric` adds the shared ones itself.
    """
    info = _signature(impl).info
    return [(key, value) for key, value in info.items() if key not in _SHARED_KEYS and value is not None]


def signature_abbreviations(kind: str) -> Mapping[str, str]:
    """sacrebleu's abbreviations of the metric-specific signature keys of ``kind``, in order."""
    abbr = _signature(build_metric(kind))._abbr
    return MappingProxyType({k: v for k, v in abbr.items() if k not in _SHARED_KEYS})


class SacrebleuMetric(Metric):
    """Shared plumbing of the thin sacrebleu wrappers (BLEU, chrF, TER).

    A subclass sets ``kind`` (``"bleu"``, ``"chrf"`` or ``"ter"``) and its config class; it
    implements only :meth:`score_from_stats`. Statistics, signature fields, the version and
    bootstrap scoring all come from sacrebleu.
    """

    kind: str = ""

    def _setup(self, references: RefStreams | None = None, *, engine: str = "fast") -> None:
        """After sacrebleu's arguments (positional in sacrebleu's order): ``references`` kept for
        calls that pass none, and ``engine``, who extracts the statistics."""
        from dataclasses import asdict

        self._set_engine(engine)
        self._keep_references(references)
        self._impl = build_metric(self.kind, **asdict(self.config))
        self._fields = signature_fields(self._impl)  # fixed by the frozen config

    #: Who extracts the statistics: ``"sacrebleu"``, or ``"numba"`` / ``"numpy"`` for metrics with an
    #: engine (:meth:`_compiled_stats`, ``_numpy_stats``); the counts are identical, so it is not in the signature.
    engine: str = "sacrebleu"
    #: The ``engine`` option as given (``"fast"`` runs NumPy for small calls).
    _requested_engine: str = "sacrebleu"
    _caches = ("_encoded_key", "_encoded_value")

    def __getstate__(self) -> dict[str, Any]:
        """A copy without caches, sacrebleu's reference cache too (built again when needed)."""
        state = super().__getstate__()
        if hasattr(self._impl, "_simpeval_ref_key"):
            state["_impl"] = copy.copy(self._impl)
            del state["_impl"]._simpeval_ref_key
            state["_impl"]._ref_cache = None
        return state

    def _set_engine(self, engine: str) -> None:
        """Resolve ``engine`` (``"fast"``: compiled when Numba is installed, else NumPy)."""
        self.engine = resolve_engine(self.name, engine, "numpy", "sacrebleu")
        self._requested_engine = engine

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        texts = sum(len(refs) + 1 for refs in references)
        engine = run_engine(self.engine, self._requested_engine, "numpy", texts, whole_job=False)
        if engine != "sacrebleu":
            check_has_references(references, self.name)
            stats = (self._compiled_stats if engine == "numba" else self._numpy_stats)(hypotheses, references)
            if stats is not None:
                return stats
        return corpus_statistics(self._impl, hypotheses, references, self.name)

    def warn_about(self, hypotheses: list[str]) -> None:
        """sacrebleu's warning about tokenized text, once per call whichever engine and however many
        worker processes extract the rows (:func:`simpeval.metrics.extraction.extract_rows`)."""
        warn_if_tokenized(self._impl, hypotheses)

    def _compiled_stats(self, hypotheses: list[str], references: list[list[str]]) -> StatsArray | None:
        """sacrebleu's statistics by a compiled kernel, or ``None`` to let sacrebleu extract them."""
        return None

    _numpy_stats = _compiled_stats  # the same by NumPy (:mod:`simpeval.engines.ngram_numpy`), or None

    def _encoded_references(self, references: list[list[str]], encode: Callable[[list[str]], Any]) -> Any:
        """``encode(all references)``, kept for the next call with the same references (a comparison's systems)."""
        key = (getattr(encode, "__name__", ""), tuple(map(tuple, references)))  # one engine's encoding at a time
        if getattr(self, "_encoded_key", None) != key:
            self._encoded_value = encode([ref for refs in references for ref in refs])
            self._encoded_key = key
        return self._encoded_value

    def resampling_scorer(self) -> tuple[Any, Any]:
        """sacrebleu's bootstrap scoring (float32 sums), so resampled figures equal sacrebleu's."""
        return resampling_scorer(self._impl)

    def signature_fields(self) -> list[tuple[str, Any]]:
        """sacrebleu's signature fields of the configuration, in sacrebleu's order."""
        return list(self._fields)

    def versions(self) -> list[tuple[str, str]]:
        """sacrebleu's version (whose definitions these are), then simpeval's (whose kernels count)."""
        return [("version", SACREBLEU_VERSION), ("simpeval", __version__)]


def sacrebleu_class(name: str) -> Any:
    """sacrebleu's own metric class ``name`` (``"BLEU"``, ``"CHRF"``, ``"TER"``), whose class
    constants (``BLEU.TOKENIZERS``, ``CHRF.BETA``, ...) the compat classes repeat."""
    return {"BLEU": _SacrebleuBLEU, "CHRF": _SacrebleuCHRF, "TER": _SacrebleuTER}[name]
