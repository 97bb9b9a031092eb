"""Meta-evaluation on the registry's data: ratings and references by name.

The reference sets of the meta-evaluation literature are registered corpora whose 0-based lines
the ratings' segment ids index: ``asset`` (``asset-test``, 10 references) and ``turk``
(``turkcorpus-test``, 8 references; the same 359 sources). :func:`meta_evaluate_registered`
loads a registered ratings set and a reference set (downloaded and checksummed on first use)
and runs :func:`~simpeval.metaeval.meta_evaluate`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..exceptions import InvalidOptionError
from ..report.metaeval import MetaEvaluation
from ..testsets import available_testsets, load_testset
from .ratings import HumanRatings, from_registry
from .run import meta_evaluate

__all__ = ["REFERENCE_SETS", "default_references", "load_references", "meta_evaluate_registered", "reference_corpus"]

#: Reference-set names of the meta-evaluation literature -> the registered corpus.
REFERENCE_SETS: Mapping[str, str] = MappingProxyType({"asset": "asset-test", "turk": "turkcorpus-test"})


def reference_corpus(name: str) -> str:
    """The registered corpus of a reference-set name (``"asset"`` -> ``"asset-test"``; corpus names pass).

    Raises:
        InvalidOptionError: neither a reference-set name nor a registered corpus.

    Examples:
        >>> reference_corpus("turk"), reference_corpus("asset_test")
        ('turkcorpus-test', 'asset-test')
    """
    if name in REFERENCE_SETS:
        return REFERENCE_SETS[name]
    corpora = available_testsets(kind="corpus")
    if isinstance(name, str) and name.lower().replace("_", "-") in corpora:
        return name.lower().replace("_", "-")
    raise InvalidOptionError(
        f"meta-evaluation: references must be one of {', '.join(REFERENCE_SETS)} or a registered corpus "
        f"({', '.join(corpora)}) (got {name!r})."
    )


def default_references(ratings: HumanRatings) -> str:
    """The reference set of ratings given none: the name in :data:`REFERENCE_SETS` of their corpus, else the
    corpus, else ``"asset"`` (``simplicity-da``, ``simpeval-past``: ``asset``; ``simpeval-2022``: ``simpeval-2022-refs``).

    Examples:
        >>> toy = HumanRatings("toy", "x", (0,), ("s",), ("o",), (1.0,), corpus="asset-test")
        >>> default_references(toy), default_references(HumanRatings("toy", "x", (0,), ("s",), ("o",), (1.0,)))
        ('asset', 'asset')
    """
    short = {corpus: name for name, corpus in REFERENCE_SETS.items()}
    return short.get(ratings.corpus or "", ratings.corpus or "asset")


def load_references(
    name: str, cache_dir: str | None = None, mirror: str | None = None
) -> tuple[list[str], list[list[str]]]:
    """The sources and reference streams of a reference set (:func:`reference_corpus`)."""
    corpus = load_testset(reference_corpus(name), cache_dir, mirror)
    return list(corpus.sources), [list(stream) for stream in corpus.references]


def meta_evaluate_registered(
    ratings: str = "simplicity-da",
    references: str | None = None,
    *,
    aspect: str | None = None,
    zscore: bool = True,
    cache_dir: str | None = None,
    mirror: str | None = None,
    **options: Any,
) -> MetaEvaluation:
    """:func:`~simpeval.metaeval.meta_evaluate` of a registered ratings set against a reference set.

    Args:
        ratings: a registered ratings set (:data:`~simpeval.metaeval.ASPECTS`): ``"simplicity-da"``,
            ``"asset-human-ratings"``, or LENS's ``"simpeval-2022"``, ``"simpeval-past"``,
            ``"simpda-2022"``, ``"simplikert-2022"``.
        references: ``"asset"``, ``"turk"`` or a registered corpus; default: the corpus whose lines
            the ratings' segments are (``simpeval-2022-refs`` for SimpEval_2022's sets), else ``"asset"``.
        aspect, zscore: which ratings (:func:`~simpeval.metaeval.from_registry`).
        cache_dir, mirror: where the data is cached and downloaded from (:func:`simpeval.testsets.download`).
        options: ``metrics``, ``settings``, ``components``, ``n_samples``, ``seed`` of
            :func:`~simpeval.metaeval.meta_evaluate`.

    Raises:
        InvalidOptionError: an unknown set, aspect or reference set.
        DownloadError, ChecksumMismatchError: the download failed.
    """
    rated = from_registry(ratings, aspect, zscore, cache_dir=cache_dir, mirror=mirror)
    references = references or default_references(rated)
    sources, streams = load_references(references, cache_dir, mirror)
    return meta_evaluate(rated, streams, sources=sources, reference_name=references, **options)
