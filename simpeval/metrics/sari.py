"""SARI (Xu et al., 2016), native, with every public implementation reproduced as a preset.

SARI compares a system output (hypothesis) with the source and the references and averages
three operation scores over n-gram orders 1..4: *add* (n-grams the output adds that the
references add), *keep* (source n-grams kept that the references keep) and *delete* (source
n-grams deleted that the references delete).

The public implementations disagree on almost every detail; each detail is an orthogonal
option of :class:`SARIConfig`, and the presets in :data:`VARIANTS` pin them:

============== ======================================================================
preset          reproduces
============== ======================================================================
easse           EASSE ``corpus_sari()`` defaults (the default preset)
easse-paper     EASSE ``use_paper_version=True`` (mean P and R over orders, then F1)
easse-legacy    EASSE ``legacy=True`` (no lowercasing; source used as given)
easse-delp      EASSE ``use_f1_for_deletion=False`` (deletion precision)
easse-paper-delp both of the above flags
hf              Hugging Face ``evaluate`` ``sari`` metric
xu2016          the original ``SARI.py`` of Xu et al. (2016), mean of sentence scores
t2t             tensor2tensor ``get_sari_score`` on whitespace tokens, mean of sentence scores
============== ======================================================================

Statistics are additive. With ``aggregate="corpus"`` every segment contributes 12 counts
per n-gram order (numerator and denominator of the precision and recall of each operation)
and the corpus score is computed from their sums. With ``aggregate="sentence"`` every
segment contributes its finished sentence score, operation scores and per-order P/R/F1 plus
a count of 1, and the corpus score is their mean.

References: ``None`` in a reference stream is a *missing* reference (the segment simply has
fewer references). ``""`` is an *empty* reference: it counts as a reference (it weighs the
source and output counts under ``ref_weight="all"``) but contributes no n-grams, except
that ``split="space"`` turns it into one empty-string token, as ``SARI.py`` and Hugging Face
do. A segment with no reference at all is scored by the same formulas (see the README).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, ClassVar, Mapping, Optional, Sequence, Union

import numpy as np

from .._types import StatsArray
from ..exceptions import (
    InvalidInputError,
    InvalidOptionError,
    MissingSourceError,
    UnknownTokenizerError,
    UnknownVariantError,
)
from .._jit import resolve_engine
from ..tokenizers import available_tokenizers, get_tokenizer
from ._sari_fast import ReferenceCache, fast_sari_counts
from .base import Metric
from .score import Score, Signature

__all__ = ["SARI", "SARIConfig", "VARIANTS", "DEFAULT_VARIANT", "sari_segment_counts"]

#: The choices of every string option (value in the config -> value in the signature).
_CHOICES: dict[str, dict[Any, str]] = {
    "split": {"whitespace": "ws", "space": "space"},
    "aggregate": {"corpus": "corpus", "sentence": "sent"},
    "deletion": {"f1": "f1", "precision": "prec"},
    "average": {"f1": "f1", "pr": "pr"},
    "zero_division": {0: "0", 1: "1"},
    "precision": {"pooled": "pooled", "per-ngram": "ngram"},
    "keep_recall": {"pooled": "pooled", "per-ngram": "ngram"},
    "del_match": {"min": "min", "subtract": "sub"},
    "ngrams": {"counts": "count", "binary": "binary"},
    "ref_weight": {"all": "all", "nonempty": "nonempty"},
}


@dataclass(frozen=True)
class SARIConfig:
    """Every setting that changes a SARI score. All of them are written into the signature.

    Attributes:
        tokenize: tokenizer registry name applied after lowercasing (``"13a"``, ``"none"``, ...).
        lowercase: lowercase before tokenizing.
        normalize_source: lowercase and tokenize the source like the output and references;
            ``False`` uses the source as given (EASSE ``legacy``).
        split: ``"whitespace"`` (``str.split()``) or ``"space"`` (``str.split(" ")``, which keeps
            empty-string tokens, as ``SARI.py`` and Hugging Face do).
        aggregate: ``"corpus"`` (pooled n-gram statistics, EASSE) or ``"sentence"`` (mean of
            sentence scores: ``SARI.py``, Hugging Face, tensor2tensor).
        deletion: deletion score is ``"f1"`` (EASSE) or ``"precision"`` (the paper).
        average: ``"f1"``: F1 per n-gram order, then mean over orders; ``"pr"``: mean precision
            and mean recall over orders, then F1 (EASSE ``use_paper_version``).
        zero_division: value of a precision or recall whose denominator is 0 (0 or 1).
        precision: keep and deletion precision as ``"pooled"`` sums (Σ correct / Σ selected) or
            as the ``"per-ngram"`` mean of per-n-gram ratios (``SARI.py``, Hugging Face).
        keep_recall: keep recall (and deletion recall) as ``"pooled"`` sums, or ``"per-ngram"``:
            ``SARI.py``'s mean of per-n-gram ratios (cocoxu/simplification#6).
        del_match: correct deletions per n-gram: ``"min"`` of output-deleted and
            reference-deleted counts (EASSE, tensor2tensor) or output-deleted minus the
            reference count, ``"subtract"`` (``SARI.py``, Hugging Face).
        ngrams: ``"counts"`` (multisets) or ``"binary"`` (sets, tensor2tensor).
        ref_weight: ``"all"``: source and output counts are multiplied by the number of
            references; ``"nonempty"``: reference counts are divided by the number of references
            that have n-grams of that order (tensor2tensor).
        max_order: highest n-gram order.
    """

    tokenize: str = "13a"
    lowercase: bool = True
    normalize_source: bool = True
    split: str = "whitespace"
    aggregate: str = "corpus"
    deletion: str = "f1"
    average: str = "f1"
    zero_division: int = 0
    precision: str = "pooled"
    keep_recall: str = "pooled"
    del_match: str = "min"
    ngrams: str = "counts"
    ref_weight: str = "all"
    max_order: int = 4

    def __post_init__(self) -> None:
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if isinstance(value, bool) or value not in choices:
                raise InvalidOptionError(
                    f"SARI: {name} must be one of {', '.join(map(repr, choices))} (got {value!r})."
                )
        for name in ("lowercase", "normalize_source"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidOptionError(
                    f"SARI: {name} must be True or False (got {getattr(self, name)!r})."
                )
        if isinstance(self.max_order, bool) or not isinstance(self.max_order, int) or self.max_order < 1:
            raise InvalidOptionError(
                f"SARI: max_order must be a positive integer (got {self.max_order!r})."
            )
        if self.tokenize not in available_tokenizers():
            raise UnknownTokenizerError(
                f"SARI: tokenize must be a registered tokenizer (got {self.tokenize!r}); "
                f"valid tokenizers: {', '.join(available_tokenizers())}."
            )


DEFAULT_VARIANT = "easse"

_EASSE = SARIConfig()
_EASSE_PAPER = replace(_EASSE, average="pr")

#: Named presets. Each reproduces one public implementation exactly.
VARIANTS: Mapping[str, SARIConfig] = {
    "easse": _EASSE,
    "easse-paper": _EASSE_PAPER,
    "easse-legacy": replace(_EASSE, lowercase=False, normalize_source=False),
    "easse-delp": replace(_EASSE, deletion="precision"),
    "easse-paper-delp": replace(_EASSE_PAPER, deletion="precision"),
    "hf": SARIConfig(
        tokenize="13a",
        lowercase=True,
        split="space",
        aggregate="sentence",
        deletion="precision",
        zero_division=1,
        precision="per-ngram",
        keep_recall="pooled",
        del_match="subtract",
    ),
    "xu2016": SARIConfig(
        tokenize="none",
        lowercase=True,
        split="space",
        aggregate="sentence",
        deletion="precision",
        zero_division=0,
        precision="per-ngram",
        keep_recall="per-ngram",
        del_match="subtract",
    ),
    "t2t": SARIConfig(
        tokenize="none",
        lowercase=False,
        split="whitespace",
        aggregate="sentence",
        deletion="precision",
        zero_division=1,
        ngrams="binary",
        ref_weight="nonempty",
    ),
}

_ALIASES = {"evaluate": "hf", "huggingface": "hf", "default": "easse"}

# Layout of the per-order raw statistics (corpus aggregation).
_RAW_FIELDS = (
    "keep_p_num", "keep_p_den", "keep_r_num", "keep_r_den",
    "del_p_num", "del_p_den", "del_r_num", "del_r_den",
    "add_p_num", "add_p_den", "add_r_num", "add_r_den",
)  # fmt: skip
_N_RAW = len(_RAW_FIELDS)
_OPERATIONS = ("add", "keep", "delete")


def _positive(counter: Mapping[Any, float]) -> Counter[Any]:
    return Counter({g: c for g, c in counter.items() if c > 0})


def sari_segment_counts(
    source: Sequence[str],
    hypothesis: Sequence[str],
    references: Sequence[Sequence[str]],
    config: SARIConfig,
) -> list[float]:
    """The 12 x ``max_order`` raw statistics of one tokenized segment (readable reference path).

    For each order n the values are, in order: keep precision numerator and denominator,
    keep recall numerator and denominator, then the same four for deletion and for addition.

    Args:
        source: source tokens.
        hypothesis: output tokens.
        references: the token lists of the segment's references.
        config: the SARI settings (only the counting options matter here).

    Examples:
        >>> counts = sari_segment_counts("a b".split(), "b".split(), [["a", "b"], ["a"]],
        ...                              VARIANTS["easse"])
        >>> counts[:4]  # unigram keep P = 1/2, keep R = 1/3 (source and output counts x 2 references)
        [1.0, 2.0, 1.0, 3.0]
    """
    out: list[float] = []
    for n in range(1, config.max_order + 1):
        src = _ngrams(source, n)
        hyp = _ngrams(hypothesis, n)
        refs = [_ngrams(ref, n) for ref in references]
        if config.ngrams == "binary":
            src, hyp = Counter(dict.fromkeys(src, 1)), Counter(dict.fromkeys(hyp, 1))
            refs = [Counter(dict.fromkeys(ref, 1)) for ref in refs]
        ref_total: Counter[Any] = Counter()
        for ref in refs:
            ref_total.update(ref)
        if config.ref_weight == "all":
            k = len(refs)
            s_w: Counter[Any] = _positive({g: c * k for g, c in src.items()})
            h_w: Counter[Any] = _positive({g: c * k for g, c in hyp.items()})
            r_w: Mapping[Any, float] = ref_total
        else:
            k = sum(1 for ref in refs if ref)
            s_w, h_w = src, hyp
            r_w = {g: c / k for g, c in ref_total.items()} if k else {}

        keep = s_w & h_w
        keep_good = _positive({g: min(c, r_w.get(g, 0)) for g, c in keep.items()})
        keep_all = _positive({g: min(c, r_w.get(g, 0)) for g, c in s_w.items()})
        delete = s_w - h_w
        del_all = _positive({g: c - r_w.get(g, 0) for g, c in s_w.items()})
        if config.del_match == "min":
            del_good = _positive({g: min(c, del_all.get(g, 0)) for g, c in delete.items()})
        else:
            del_good = _positive({g: c - r_w.get(g, 0) for g, c in delete.items()})
        add = set(hyp) - set(src)
        add_all = set(r_w) - set(src)
        add_good = add & set(r_w)

        per_ngram_p = config.precision == "per-ngram"
        per_ngram_r = config.keep_recall == "per-ngram"
        out.extend(
            (
                *_ratio_terms(keep_good, keep, per_ngram_p),
                *_ratio_terms(keep_good, keep_all, per_ngram_r),
                *_ratio_terms(del_good, delete, per_ngram_p),
                *_ratio_terms(del_good, del_all, per_ngram_r),
                float(len(add_good)),
                float(len(add)),
                float(len(add_good)),
                float(len(add_all)),
            )
        )
    return out


def _ngrams(tokens: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def _ratio_terms(good: Mapping[Any, float], selected: Mapping[Any, float], per_ngram: bool) -> tuple[float, float]:
    """(numerator, denominator) of a precision or recall: pooled sums or per-n-gram mean."""
    if per_ngram:
        # Summed in the selected counter's order (source first-occurrence order), as SARI.py does.
        return float(sum(good.get(g, 0) / c for g, c in selected.items())), float(len(selected))
    return float(sum(good.values())), float(sum(selected.values()))


class SARI(Metric):
    """SARI with selectable, exactly reproduced variants.

    Args:
        variant: a preset name from :data:`VARIANTS` (``"easse"`` by default; ``"hf"``,
            ``"xu2016"``, ``"t2t"``, ``"easse-paper"``, ``"easse-legacy"``, ``"easse-delp"``,
            ``"easse-paper-delp"``).
        engine: ``"fast"`` (default): the compiled engine when Numba is installed (the ``fast``
            extra), else the vectorized NumPy engine; ``"numba"`` or ``"numpy"`` to choose one;
            ``"reference"``: the readable one-segment-at-a-time implementation. All give
            bit-identical statistics.
        **options: any :class:`SARIConfig` field, overriding the preset's value, e.g.
            ``SARI(variant="easse", tokenize="moses", lowercase=False)``. ``None`` keeps the
            preset's value.

    Examples:
        >>> sari = SARI(variant="hf")
        >>> s = sari.sentence_score("About 95 you now get in.",
        ...     ["About 95 species are currently known.", "About 95 species are now accepted.",
        ...      "95 species are now accepted."], source="About 95 species are currently accepted.")
        >>> round(s.score, 10)
        26.9536019536
        >>> sorted(s.components)
        ['add', 'delete', 'keep']
        >>> SARI(variant="easse").get_signature(nrefs=3).format(short=True)[:40]
        'SARI|#:3|V:easse|c:lc|tok:13a|src:norm|s'
    """

    name: ClassVar[str] = "SARI"
    higher_is_better: ClassVar[bool] = True
    requires_source: ClassVar[bool] = True
    citation: ClassVar[str] = """@article{xu-etal-2016-optimizing,
    title = "Optimizing Statistical Machine Translation for Text Simplification",
    author = "Xu, Wei and Napoles, Courtney and Pavlick, Ellie and Chen, Quanze and Callison-Burch, Chris",
    journal = "Transactions of the Association for Computational Linguistics",
    volume = "4",
    year = "2016",
    url = "https://aclanthology.org/Q16-1029",
    pages = "401--415",
}"""
    signature_abbreviations: ClassVar[Mapping[str, str]] = {
        "variant": "V",
        "case": "c",
        "tok": "tok",
        "src": "src",
        "split": "sp",
        "agg": "a",
        "del": "d",
        "avg": "avg",
        "zero": "z",
        "prec": "p",
        "krec": "kr",
        "dmatch": "dm",
        "ngram": "ng",
        "rweight": "rw",
        "order": "n",
    }

    def __init__(self, variant: str = DEFAULT_VARIANT, *, engine: str = "fast", **options: Any) -> None:
        #: The engine that computes the statistics: ``"numba"``, ``"numpy"`` or ``"reference"``
        #: (``"fast"`` resolves to the first available of the first two). All give
        #: bit-identical statistics, so the engine is not part of the signature.
        self.engine = resolve_engine("SARI", engine, "numpy", "reference")
        key = _ALIASES.get(variant, variant) if isinstance(variant, str) else variant
        if key not in VARIANTS:
            raise UnknownVariantError(
                f"SARI: variant must be one of {', '.join(VARIANTS)} (got {variant!r})."
            )
        known = {f.name for f in fields(SARIConfig)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise InvalidOptionError(
                f"SARI: unknown option(s) {', '.join(unknown)}; valid options: {', '.join(sorted(known))}."
            )
        overrides = {k: v for k, v in options.items() if v is not None}
        self.config: SARIConfig = replace(VARIANTS[key], **overrides)
        #: The preset whose settings the configuration equals, or ``"custom"``.
        self.variant: str = next((n for n, c in VARIANTS.items() if c == self.config), "custom")
        self._tokenizer = get_tokenizer(self.config.tokenize)
        # Systems compared on the same sources and references reuse their encoding.
        self._reference_cache = ReferenceCache()

    # ------------------------------------------------------------ signature
    def _signature_fields(self) -> list[tuple[str, Any]]:
        c = self.config
        return [
            ("variant", self.variant),
            ("case", "lc" if c.lowercase else "mixed"),
            ("tok", c.tokenize),
            ("src", "norm" if c.normalize_source else "raw"),
            ("split", _CHOICES["split"][c.split]),
            ("agg", _CHOICES["aggregate"][c.aggregate]),
            ("del", _CHOICES["deletion"][c.deletion]),
            ("avg", _CHOICES["average"][c.average]),
            ("zero", _CHOICES["zero_division"][c.zero_division]),
            ("prec", _CHOICES["precision"][c.precision]),
            ("krec", _CHOICES["keep_recall"][c.keep_recall]),
            ("dmatch", _CHOICES["del_match"][c.del_match]),
            ("ngram", _CHOICES["ngrams"][c.ngrams]),
            ("rweight", _CHOICES["ref_weight"][c.ref_weight]),
            ("order", c.max_order),
        ]

    # ------------------------------------------------------------ statistics
    def _tokens(self, line: str, cache: dict[str, list[str]], normalize: bool = True) -> list[str]:
        key = line if normalize else "\x00raw\x00" + line
        tokens = cache.get(key)
        if tokens is None:
            text = line
            if normalize:
                text = self._tokenizer(line.lower() if self.config.lowercase else line)
            tokens = text.split(" ") if self.config.split == "space" else text.split()
            cache[key] = tokens
        return tokens

    def reference_counts(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str]
    ) -> StatsArray:
        """Raw per-segment counts by the readable reference path (one segment at a time).

        This is the specification the vectorized engine is tested against; both give
        bit-identical arrays.
        """
        cache: dict[str, list[str]] = {}
        normalize_source = self.config.normalize_source
        rows = [
            sari_segment_counts(
                self._tokens(src, cache, normalize_source),
                self._tokens(hyp, cache),
                [self._tokens(ref, cache) for ref in refs],
                self.config,
            )
            for hyp, refs, src in zip(hypotheses, references, sources)
        ]
        return np.asarray(rows, dtype=np.float64).reshape(len(hypotheses), _N_RAW * self.config.max_order)

    def _extract_stats(
        self,
        hypotheses: list[str],
        references: list[list[str]],
        sources: Optional[list[str]],
    ) -> StatsArray:
        if sources is None:  # the base class already refuses this; kept for type narrowing
            raise MissingSourceError("SARI: sources are required.")
        counts = None
        if self.engine != "reference":
            counts = fast_sari_counts(hypotheses, references, sources, self.config, self._reference_cache,
                                      compiled=self.engine == "numba")  # fmt: skip
        if counts is None:  # reference engine, or segments too long to pack into 64-bit keys
            counts = self.reference_counts(hypotheses, references, sources)
        if self.config.aggregate == "corpus":
            return counts
        return self._sentence_rows(counts)

    @property
    def n_stats(self) -> int:
        """Width of a statistics row."""
        n = self.config.max_order
        return _N_RAW * n if self.config.aggregate == "corpus" else 4 + 9 * n + 1

    def _sentence_rows(self, counts: np.ndarray) -> StatsArray:
        """Sentence-aggregation rows: [score, add, keep, delete, P/R/F1 per op and order..., 1]."""
        parts = self._score_parts(counts)
        columns = [parts["score"], parts["add"], parts["keep"], parts["delete"]]
        for op in _OPERATIONS:
            for kind in ("precision", "recall", "f1"):
                columns.extend(parts[f"{op}_{kind}"])
        columns.append(np.ones(counts.shape[0]))
        return np.column_stack(columns)

    def _score_parts(self, counts: np.ndarray) -> dict[str, Any]:
        """Operation scores (0-1) and per-order P/R/F1 of each row of raw counts.

        Vectorized over rows, with the operations of the original implementations in their
        order (``sum(list) / n``, then ``(add + keep + delete) / 3``), so one row and a batch
        of rows give the same bits.
        """
        c = self.config
        raw = counts.reshape(counts.shape[0], c.max_order, _N_RAW)
        zero = float(c.zero_division)

        def ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
            positive = den > 0
            return np.where(positive, num / np.where(positive, den, 1.0), zero)

        def in_order_mean(values: list[np.ndarray]) -> np.ndarray:
            total = values[0]
            for value in values[1:]:
                total = total + value  # left to right, as Python's sum()
            return total / c.max_order

        parts: dict[str, Any] = {}
        for op, base in (("keep", 0), ("delete", 4), ("add", 8)):
            p = [ratio(raw[:, k, base], raw[:, k, base + 1]) for k in range(c.max_order)]
            r = [ratio(raw[:, k, base + 2], raw[:, k, base + 3]) for k in range(c.max_order)]
            f = [_f1(pk, rk) for pk, rk in zip(p, r)]
            use_precision = op == "delete" and c.deletion == "precision"
            if c.average == "f1":
                value = in_order_mean(p if use_precision else f)
            else:
                mean_p, mean_r = in_order_mean(p), in_order_mean(r)
                value = mean_p if use_precision else _f1(mean_p, mean_r)
            parts[op] = value
            parts[f"{op}_precision"], parts[f"{op}_recall"], parts[f"{op}_f1"] = p, r, f
        parts["score"] = (parts["add"] + parts["keep"] + parts["delete"]) / 3
        return parts

    # ------------------------------------------------------------ scoring
    def score_from_stats(self, stats: StatsArray, signature: Optional[Signature] = None) -> Score:
        """The SARI score (0-100) of a statistics vector (a row or a sum of rows)."""
        stats = np.asarray(stats, dtype=np.float64)
        if stats.shape != (self.n_stats,):
            raise InvalidInputError(
                f"SARI: stats must be a vector of {self.n_stats} values for this configuration "
                f"(got shape {stats.shape})."
            )
        sig = signature if signature is not None else self.get_signature()
        n = self.config.max_order
        if self.config.aggregate == "corpus":
            parts = self._score_parts(stats[None, :])
            score = float(parts["score"][0])
            ops = {op: float(parts[op][0]) for op in _OPERATIONS}
            breakdown = {
                f"{op}_{kind}": [float(x[0]) for x in parts[f"{op}_{kind}"]]
                for op in _OPERATIONS
                for kind in ("precision", "recall", "f1")
            }
        else:
            count = stats[-1]
            if count <= 0:
                raise InvalidInputError("SARI: stats describe zero segments; nothing to score.")
            mean = stats[:-1] / count
            score = float(mean[0])
            ops = {"add": float(mean[1]), "keep": float(mean[2]), "delete": float(mean[3])}
            breakdown = {}
            pos = 4
            for op in _OPERATIONS:
                for kind in ("precision", "recall", "f1"):
                    breakdown[f"{op}_{kind}"] = [float(x) for x in mean[pos : pos + n]]
                    pos += n
        return Score(
            metric=self.name,
            score=100.0 * score,
            signature=sig,
            components={op: 100.0 * value for op, value in ops.items()},
            breakdown={k: tuple(v) for k, v in breakdown.items()},
        )

    def score_rows(self, stats: StatsArray) -> np.ndarray:
        """SARI (0-100) of every row of a statistics matrix, vectorized.

        Equal, bit for bit, to ``[score_from_stats(row).score for row in stats]``: sentence
        scores (:meth:`sentence_scores`) and bootstrap resamples are scored this way.
        """
        stats = np.asarray(stats, dtype=np.float64)
        if stats.ndim != 2 or stats.shape[1] != self.n_stats:
            raise InvalidInputError(
                f"SARI: stats must be a matrix with {self.n_stats} columns for this configuration "
                f"(got shape {stats.shape})."
            )
        if self.config.aggregate == "corpus":
            score: np.ndarray = self._score_parts(stats)["score"]
            return 100.0 * score
        return 100.0 * (stats[:, 0] / stats[:, -1])


def _f1(precision: np.ndarray, recall: np.ndarray) -> np.ndarray:
    total = precision + recall
    positive = total > 0
    return np.where(positive, 2 * precision * recall / np.where(positive, total, 1.0), 0.0)


def variant_settings(name: str) -> dict[str, Union[str, int, bool]]:
    """The settings of preset ``name`` as a plain dict (for documentation and the CLI)."""
    key = _ALIASES.get(name, name)
    if key not in VARIANTS:
        raise UnknownVariantError(f"SARI: variant must be one of {', '.join(VARIANTS)} (got {name!r}).")
    return asdict(VARIANTS[key])
