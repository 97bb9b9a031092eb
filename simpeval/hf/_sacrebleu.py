"""``evaluate.load("sacrebleu")``, ``"chrf"`` and ``"ter"``: sacrebleu's metrics, called as ``evaluate``'s
modules call them (through :mod:`simpeval.compat.sacrebleu`)."""

from __future__ import annotations

from typing import Any

from ..compat import sacrebleu
from ._module import EvaluationModule, _streams

__all__ = ["CHRF", "TER", "SacreBLEU"]


class SacreBLEU(EvaluationModule):
    """``evaluate.load("sacrebleu")``: ``compute(predictions=, references=, ...)`` -> sacrebleu's BLEU figures
    (``score``, ``counts``, ``totals``, ``precisions``, ``bp``, ``sys_len``, ``ref_len``)."""

    name = "SacreBLEU"

    def _compute(
        self,
        *,
        predictions: list[str],
        references: list[Any],
        smooth_method: str = "exp",
        smooth_value: float | None = None,
        force: bool = False,
        lowercase: bool = False,
        tokenize: str | None = None,
        use_effective_order: bool = False,
    ) -> dict[str, Any]:
        # evaluate's module calls sacrebleu.corpus_bleu with these arguments (tokenize only when given)
        options = (smooth_method, smooth_value, force, lowercase, tokenize or "13a", use_effective_order)
        score = sacrebleu.corpus_bleu(predictions, _streams(self.name, predictions, references), *options)
        return {
            key: getattr(score, key) for key in ("score", "counts", "totals", "precisions", "bp", "sys_len", "ref_len")
        }


class CHRF(EvaluationModule):
    """``evaluate.load("chrf")``: ``compute(predictions=, references=, ...)`` -> chrF and its settings
    (``score``, ``char_order``, ``word_order``, ``beta``)."""

    name = "CHRF"

    def _compute(
        self,
        *,
        predictions: list[str],
        references: list[Any],
        char_order: int = 6,
        word_order: int = 0,
        beta: int = 2,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
    ) -> dict[str, Any]:
        # evaluate's module scores with sacrebleu.CHRF(these options).corpus_score
        metric = sacrebleu.CHRF(char_order, word_order, beta, lowercase, whitespace, eps_smoothing)
        score = metric.corpus_score(predictions, _streams(self.name, predictions, references))
        return {"score": score.score, "char_order": char_order, "word_order": word_order, "beta": beta}


class TER(EvaluationModule):
    """``evaluate.load("ter")``: ``compute(predictions=, references=, ...)`` -> TER, edits, reference length
    (``score``, ``num_edits``, ``ref_length``)."""

    name = "TER"

    def _compute(
        self,
        *,
        predictions: list[str],
        references: list[Any],
        normalized: bool = False,
        ignore_punct: bool = False,
        support_zh_ja_chars: bool = False,
        case_sensitive: bool = False,
    ) -> dict[str, Any]:
        # evaluate's module scores with sacrebleu.TER(these options, renamed).corpus_score
        metric = sacrebleu.TER(normalized, ignore_punct, support_zh_ja_chars, case_sensitive)
        score = metric.corpus_score(predictions, _streams(self.name, predictions, references))
        return {"score": score.score, "num_edits": score.num_edits, "ref_length": score.ref_length}
