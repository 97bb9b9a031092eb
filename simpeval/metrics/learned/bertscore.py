"""BERTScore (Zhang et al., ICLR 2020), equal to ``bert_score.score`` with the same options.

Each output token is matched to its most similar reference token (cosine of contextual
embeddings) and each reference token to its most similar output token; precision and recall
average those similarities (weighted by idf when asked), F1 combines them, and with several
references each of the three is the maximum over the references, as bert_score takes it.

A segment's statistics are ``[P, R, F1, 1]`` on the 0-100 scale (100 x bert_score's values), so
the corpus score is the mean F1 over segments ("mean aggregation") and bootstrap intervals and
paired tests resample segments as for every metric. With ``idf=True`` the weights are the
document frequencies of the **call's** references, as bert_score computes them: a segment's row
depends on the whole call, so streamed or chunked scoring (``corpus_score_iter``, ``evaluate``
in chunks) computes idf per chunk; score a corpus in one call for bert_score's numbers.

bert_score pads the pairs of each batch of ``batch_size`` pairs, which gives 0 instead of a
negative best cosine where the other side was padded; that rule is reproduced (see
:func:`~simpeval.metrics.learned.greedy.padded_in_batch`), so a segment's row depends on
its neighbours and on ``batch_size`` as in bert_score, and ``batch_size=1`` (nothing padded)
gives the true maxima. The matching itself, shared with :meth:`BERTScore.explain`, is in
:mod:`~simpeval.metrics.learned.greedy`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from ... import _citations
from ..._types import StatsArray
from ...exceptions import InvalidOptionError, InvalidValueError
from ..options import check_declared, option
from ..references import count_references
from ..score import Score
from ..signature import Signature
from ..validation import check_stats_vector
from . import runtime
from .base import LearnedMetric
from .bertscore_explain import BERTScoreExplanation, explain_bertscore
from .bertscore_model import Encoder, bert_score_hash, read_baseline, shipped_baseline
from .disk_cache import EmbeddingCache, model_key
from .greedy import Alignment, match, padded_in_batch, scales_of, similarities, weights_of
from .layers import DEFAULT_LAYERS, DEFAULT_MODEL

__all__ = ["KEPT_OUTPUT_BYTES", "BERTScore", "BERTScoreConfig"]

#: Bytes of output embeddings kept between calls on the same references (256 MiB: the outputs of
#: 10 systems on ASSET test with MiniLM take half of it).
KEPT_OUTPUT_BYTES = 256 * 2**20


@dataclass(frozen=True)
class BERTScoreConfig:
    """Options of :class:`BERTScore`, named as ``bert_score.score`` names them."""

    model_type: str = option(
        DEFAULT_MODEL,
        help="A Hugging Face model id or a local model folder (bert_score's default for English: roberta-large).",
        signature=("model", "m"),
    )
    num_layers: int | None = option(
        None,
        help="The layer whose embeddings are compared (default: bert_score's table; required for other models).",
        minimum=0,
        signature=("layers", "L"),
    )
    idf: bool = option(
        False,
        help="Weight tokens by their inverse document frequency in the references.",
        choices={True: "yes", False: "no"},
        signature=("idf", "idf"),
    )
    rescale_with_baseline: bool = option(
        False,
        help="Rescale with bert_score's baseline for lang (or baseline_path): (x - b) / (1 - b).",
        signature=("rescale", "r"),
    )
    lang: str | None = option(None, help="Language of the baseline file (bert_score's rescale_baseline/<lang>/).")
    baseline_path: str | None = option(None, help="A baseline file in bert_score's format (LAYER,P,R,F rows).")
    batch_size: int = option(
        64,
        help="Sentences encoded per batch; pairs per batch of bert_score's padding rule (which changes the scores).",
        minimum=1,
        signature=("batch", "b"),
    )
    device: str | None = option(None, help="cpu, cuda, cuda:N (default: a CUDA GPU if there is one, else cpu).")
    cache_dir: str | None = option(None, help="A folder keeping encoded sentences between runs (off by default).")

    def __post_init__(self) -> None:
        check_declared("BERTScore", self)
        if not isinstance(self.model_type, str) or not self.model_type.strip():
            raise InvalidOptionError(f"BERTScore: model_type must be a model id or folder (got {self.model_type!r}).")
        if self.num_layers is None and self.model_type not in DEFAULT_LAYERS:
            raise InvalidOptionError(
                f"BERTScore: num_layers is required for {self.model_type!r}, which is not in bert_score's table of "
                "default layers (CLI: --bertscore-num-layers N)."
            )
        if self.rescale_with_baseline and self.lang is None and self.baseline_path is None:
            raise InvalidOptionError(
                "BERTScore: rescale_with_baseline needs lang (bert_score's baselines) or baseline_path."
            )


class BERTScore(LearnedMetric):
    """BERTScore's F1 (precision and recall as components), 100 x ``bert_score.score``'s values.

    The model is loaded on the first scoring call; the references' embeddings are kept between
    calls on the same references (a comparison of several systems encodes them once), and so are
    the outputs' (up to :data:`KEPT_OUTPUT_BYTES`: an output given by several systems is encoded once).

    Examples:
        >>> metric = BERTScore(model_type="bert-base-uncased", idf=True)
        >>> metric.layers
        9
        >>> print(metric.get_signature().format(short=True))  # doctest: +ELLIPSIS
        BERTScore|m:bert-base-uncased|L:9|idf:yes|r:no|b:64|trf:...|hash:bert-base-uncased_L9_idf_version=0.3.12(hug_trans=...)|v:...
    """

    name: ClassVar[str] = "BERTScore"
    higher_is_better: ClassVar[bool | None] = True
    requires_references: ClassVar[bool] = True
    citation: ClassVar[str] = _citations.BERTSCORE
    config_class: ClassVar[type[BERTScoreConfig]] = BERTScoreConfig
    signature_facts: ClassVar[dict[str, str]] = {"transformers": "trf", "hash": "hash"}
    _caches: ClassVar[tuple[str, ...]] = ("_loaded", "_references_encoded", "_outputs_encoded", "_disk")
    config: BERTScoreConfig

    def _setup(self) -> None:
        config = self.config
        self.layers: int = config.num_layers if config.num_layers is not None else DEFAULT_LAYERS[config.model_type]
        self.baseline: np.ndarray | None = None
        if config.rescale_with_baseline:
            path = config.baseline_path
            if path is None:
                found = shipped_baseline(str(config.lang), config.model_type)
                if found is None:
                    raise InvalidOptionError(
                        f"BERTScore: no baseline for lang {config.lang!r} and {config.model_type!r}: bert_score ships them "
                        "(pip install bert-score); or give baseline_path (a LAYER,P,R,F file)."
                    )
                path = str(found)
            self.baseline = read_baseline(path, self.layers, self.name)
        self.transformers = runtime.installed_version("transformers")
        self.hash = bert_score_hash(
            config.model_type,
            self.layers,
            config.idf,
            config.rescale_with_baseline,
            config.baseline_path is not None,
            self.transformers,
        )

    def signature_field(self, key: str) -> Any:
        """``layers`` as used (bert_score's default when not given), ``rescale`` as ``no``, the
        baseline's language, or ``custom`` (a baseline file); the other keys as declared."""
        if key == "layers":
            return self.layers
        if key == "rescale":
            if not self.config.rescale_with_baseline:
                return "no"
            return "custom" if self.config.baseline_path is not None else f"baseline-{self.config.lang}"
        return super().signature_field(key)

    # ------------------------------------------------------------------ the model
    def encoder(self) -> Encoder:
        """The encoder, loaded on first use (once per object; copies load their own)."""
        loaded: Encoder | None = self.__dict__.get("_loaded")
        if loaded is None:
            config = self.config
            loaded = Encoder.load(config.model_type, self.layers, config.device, self.name)
            self.__dict__["_loaded"] = loaded
            if config.cache_dir is not None:
                torch, _ = runtime.require(self.name)
                folder = runtime.model_folder(config.model_type, self.name)
                facts = (str(self.layers), torch.__version__, self.transformers, loaded.device.type)
                self.__dict__["_disk"] = EmbeddingCache(config.cache_dir, model_key(folder, *facts))
        return loaded

    def _encode(self, texts: list[str], encoder: Encoder) -> dict[str, tuple[list[int], Any]]:
        """``{text: (token ids, embeddings)}`` of distinct ``texts``, from the on-disk cache or encoded."""
        torch, _ = runtime.require(self.name)
        disk: EmbeddingCache | None = self.__dict__.get("_disk")
        found: dict[str, tuple[list[int], Any]] = {}
        if disk is not None:
            for text in texts:
                hit = disk.get(text)
                if hit is not None:
                    found[text] = (hit[0].tolist(), torch.from_numpy(hit[1]).to(encoder.device))
        todo = [text for text in texts if text not in found]
        ids = [encoder.token_ids(text) for text in todo]
        embeddings = encoder.embed(ids, self.config.batch_size) if todo else []
        for text, tokens, embedding in zip(todo, ids, embeddings):
            found[text] = (tokens, embedding)
            if disk is not None:
                disk.put(text, np.array(tokens), embedding.cpu().numpy())
        return found

    def _encoded(self, hypotheses: list[str], flat_references: list[str]) -> dict[str, tuple[list[int], Any]]:
        """Every distinct sentence of the call encoded once; the references' embeddings kept for the
        next call, and, while the references stay the same, the outputs' up to :data:`KEPT_OUTPUT_BYTES`
        (systems of a comparison often give the same sentence, a copied input above all)."""
        encoder = self.encoder()
        kept: dict[str, tuple[list[int], Any]] = self.__dict__.get("_references_encoded") or {}
        references = dict.fromkeys(flat_references)
        outputs, size = self.__dict__.get("_outputs_encoded") or ({}, 0)
        if kept.keys() != references.keys():  # other references: another comparison
            outputs, size = {}, 0
        known = {**outputs, **kept}
        texts = [t for t in dict.fromkeys([*flat_references, *hypotheses]) if t not in known]
        fresh = self._encode(texts, encoder)
        self.__dict__["_references_encoded"] = {t: known[t] if t in known else fresh[t] for t in references}
        outputs = dict(outputs)
        for text in dict.fromkeys(hypotheses):
            embedding = fresh[text][1] if text in fresh and text not in references else None
            if embedding is not None and size + embedding.nbytes <= KEPT_OUTPUT_BYTES:
                outputs[text], size = fresh[text], size + embedding.nbytes
        self.__dict__["_outputs_encoded"] = (outputs, size)
        return {**known, **fresh}

    def _weights(
        self, flat_references: list[str], encoded: dict[str, tuple[list[int], Any]]
    ) -> tuple[dict[int, float], float]:
        """``(weight by token id, weight of other tokens)``: idf from the references (bert_score's
        ``log((N + 1) / (df + 1))``, ``log(N + 1)`` for a token in none), else 1 and 0 for the special tokens."""
        if not self.config.idf:
            return dict.fromkeys(self.encoder().special_ids(), 0.0), 1.0
        counts: Counter[int] = Counter()
        for text in flat_references:
            counts.update(set(encoded[text][0]))
        total = len(flat_references)
        return {token: math.log((total + 1) / (count + 1)) for token, count in counts.items()}, math.log(total + 1)

    # ------------------------------------------------------------------ statistics
    def _alignments(
        self, hypotheses: list[str], references: list[list[str]], fresh: bool = False
    ) -> tuple[dict[str, tuple[list[int], Any]], tuple[dict[int, float], float], Iterator[Alignment]]:
        """``(encoded, (weights, other), each segment's greedy matching)``: every distinct sentence
        encoded once, idf from the call's references (:meth:`_weights`), all the cosines from
        batched products (:func:`~simpeval.metrics.learned.greedy.similarities`), bert_score's
        padding flags, and an iterator of each segment's :func:`~simpeval.metrics.learned.greedy.match`.
        ``fresh``: encoded as a first call encodes them (the kept references neither used nor
        replaced). Called under the metric's lock."""
        for i, refs in enumerate(references):
            if not refs:
                raise InvalidValueError(f"BERTScore: segment {i + 1} has no reference (BERTScore needs at least one).")
        flat = [text for refs in references for text in refs]
        if fresh:
            encoded = self._encode(list(dict.fromkeys([*flat, *hypotheses])), self.encoder())
        else:
            encoded = self._encoded(hypotheses, flat)
        weights, other = self._weights(flat, encoded)
        scales = scales_of(encoded, weights, other, dict.fromkeys([*hypotheses, *flat]))
        cosines = similarities(runtime.require(self.name)[0], encoded, hypotheses, references)
        pairs = [(len(scales[h]), len(scales[r])) for h, refs in zip(hypotheses, references) for r in refs]
        output_padded, reference_padded = padded_in_batch(pairs, self.config.batch_size)

        def each() -> Iterator[Alignment]:
            start = 0
            for i, (hypothesis, refs) in enumerate(zip(hypotheses, references)):
                end = start + len(refs)
                flags = (output_padded[start:end], reference_padded[start:end])
                yield match(cosines[i], scales[hypothesis], [scales[text] for text in refs], flags)
                start = end

        return encoded, (weights, other), each()

    def _stats(self, rows: np.ndarray) -> StatsArray:
        """``[P, R, F1, 1]`` on 0-100 of float32 ``[P, R, F1]`` rows (0-1), rescaled with the baseline if any."""
        if self.baseline is not None:  # in float32, as bert_score rescales its tensors
            rows = (rows - self.baseline) / (np.float32(1) - self.baseline)
        stats = np.ones((len(rows), 4), dtype=np.float64)
        stats[:, :3] = 100 * rows.astype(np.float64)
        return stats

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        """``[P, R, F1, 1]`` of every segment, on the 0-100 scale (each the maximum over its references)."""
        _, _, alignments = self._alignments(hypotheses, references)
        rows = np.empty((len(hypotheses), 3), dtype=np.float32)
        for i, alignment in enumerate(alignments):
            rows[i] = alignment.best()
        return self._stats(rows)

    def explain(self, hypothesis: str, references: Sequence[str]) -> BERTScoreExplanation:
        """BERTScore of one segment, token by token (see :mod:`simpeval.metrics.learned.bertscore_explain`).

        Each output token with the reference token it matched (its best cosine), each reference
        token with its best output token, their weights, the cosine matrix, precision, recall and
        F1 of each reference and which reference gave each maximum. The score is
        :meth:`sentence_score`'s on a metric that has not scored yet, bit for bit (the same
        statistics, computed by the same code): the segment's sentences are encoded together, as
        a first call encodes them, whatever this metric keeps (its references' encodings, which a
        later call reuses, are neither used nor replaced). ``str()`` gives text, Jupyter an HTML
        heat map, ``to_dict()``/``to_json()`` the data.
        """
        hypotheses, refs, _ = self._prepare_segment(hypothesis, references, None)  # as sentence_score validates
        with self._lock():
            encoded, (weights, other), alignments = self._alignments(hypotheses, refs, fresh=True)
            (alignment,) = alignments
        rows = np.empty((1, 3), dtype=np.float32)
        rows[0] = alignment.best()
        stats = self._stats(rows)
        score = self.score_from_stats(self.sum_rows(stats), self.get_signature(count_references(refs)))
        settings = (self.config.model_type, self.layers, self.config.idf, self.baseline)
        sentences = [(encoded[text][0], weights_of(encoded[text][0], weights, other)) for text in refs[0]]
        output = (encoded[hypotheses[0]][0], weights_of(encoded[hypotheses[0]][0], weights, other))
        return explain_bertscore(
            self.encoder(), settings, alignment, (output, sentences), (hypothesis, refs[0]), stats[0], score
        )

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """The mean F1 of a summed ``[P, R, F1, segments]``; precision, recall and F1 as components.

        The sums may be negative (a baseline rescales a segment below 0); the count may not.
        """
        raw = np.asarray(stats, dtype=np.float64)
        magnitudes = np.concatenate([np.abs(raw[:3]), raw[3:]]) if raw.shape == (4,) else raw  # NaN and inf stay
        count = check_stats_vector(magnitudes, 4, self.name)[3]
        precision, recall, f1 = (float(value) for value in raw[:3])
        mean = (lambda total: total / count) if count else (lambda total: 0.0)
        return Score(
            self.name,
            mean(f1),
            signature if signature is not None else self.get_signature(),
            components={"precision": mean(precision), "recall": mean(recall), "f1": mean(f1)},
            details={"segments": count},
        )

    def score_rows(self, stats: StatsArray) -> np.ndarray:
        """The mean F1 of every row (vectorized :meth:`score_from_stats`)."""
        stats = np.asarray(stats, dtype=np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(stats[:, 3] > 0, stats[:, 2] / stats[:, 3], 0.0)
