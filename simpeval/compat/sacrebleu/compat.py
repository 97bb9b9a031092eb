"""sacrebleu's module-level functions, on simpeval's metrics: switch by changing an import.

``from simpeval import corpus_bleu`` instead of ``from sacrebleu import corpus_bleu``: the same
names, parameters and defaults (``sentence_bleu`` uses the effective order, ``corpus_chrf`` has
``remove_whitespace``), references in sacrebleu's stream layout, and a
:class:`~simpeval.compat.sacrebleu.score.SacrebleuScore` that reads and prints as sacrebleu's score objects do
(``score.bp``, ``score.counts``, ``str(score)``).

Examples:
    >>> hyps = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]
    >>> refs = [["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
    ...         ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."]]
    >>> print(corpus_bleu(hyps, refs))
    BLEU = 48.53 82.4/50.0/45.5/37.5 (BP = 0.943 ratio = 0.944 hyp_len = 17 ref_len = 18)
    >>> print(corpus_chrf(hyps, refs), corpus_ter(hyps, refs), sep="; ")
    chrF2 = 59.73; TER = 40.00
"""

from __future__ import annotations

from collections.abc import Sequence

from ...metrics.bleu import BLEU
from ...metrics.chrf import CHRF
from ...metrics.ter import TER
from .._layout import stated_streams
from .score import SacrebleuScore, sacrebleu_score

__all__ = [
    "corpus_bleu",
    "corpus_chrf",
    "corpus_ter",
    "raw_corpus_bleu",
    "sentence_bleu",
    "sentence_chrf",
    "sentence_ter",
]

Streams = Sequence[Sequence[str | None]]


def corpus_bleu(
    hypotheses: Sequence[str],
    references: Streams,
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    force: bool = False,
    lowercase: bool = False,
    tokenize: str = "13a",
    use_effective_order: bool = False,
) -> SacrebleuScore:
    """``sacrebleu.corpus_bleu``: corpus BLEU of ``hypotheses`` against reference streams."""
    metric = _bleu(smooth_method, smooth_value, force, lowercase, tokenize, use_effective_order)
    return sacrebleu_score(metric.corpus_score(hypotheses, stated_streams(references)))


def _bleu(
    smooth_method: str,
    smooth_value: float | None,
    force: bool,
    lowercase: bool,
    tokenize: str,
    use_effective_order: bool,
) -> BLEU:
    """sacrebleu's BLEU function options as :class:`BLEU` takes them (``effective_order`` is
    ``use_effective_order``)."""
    return BLEU(
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        force=force,
        lowercase=lowercase,
        tokenize=tokenize,
        effective_order=use_effective_order,
    )


def raw_corpus_bleu(
    hypotheses: Sequence[str],
    references: Streams,
    smooth_value: float | None = None,
) -> SacrebleuScore:
    """``sacrebleu.raw_corpus_bleu``: BLEU of text that is already tokenized.

    Floor smoothing (``smooth_value``, default 0.1), no tokenization, effective order, and no
    warning about tokenized input (``force=True``), as sacrebleu's function.

    Examples:
        >>> round(raw_corpus_bleu(["this is a fest"], [["this is a test"]], 0.01).score, 6)
        22.36068
    """
    return corpus_bleu(
        hypotheses,
        references,
        smooth_method="floor",
        smooth_value=smooth_value,
        force=True,
        tokenize="none",
        use_effective_order=True,
    )


def sentence_bleu(
    hypothesis: str,
    references: Sequence[str],
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    lowercase: bool = False,
    tokenize: str = "13a",
    use_effective_order: bool = True,
) -> SacrebleuScore:
    """``sacrebleu.sentence_bleu``: BLEU of one segment (effective order by default, as sacrebleu)."""
    metric = _bleu(smooth_method, smooth_value, False, lowercase, tokenize, use_effective_order)
    return sacrebleu_score(metric.sentence_score(hypothesis, references))


def _chrf(char_order: int, word_order: int, beta: int, remove_whitespace: bool, eps_smoothing: bool) -> CHRF:
    """sacrebleu's chrF options as :class:`CHRF` takes them (``whitespace`` is ``remove_whitespace`` negated)."""
    return CHRF(
        char_order=char_order,
        word_order=word_order,
        beta=beta,
        whitespace=not remove_whitespace,
        eps_smoothing=eps_smoothing,
    )


def corpus_chrf(
    hypotheses: Sequence[str],
    references: Streams,
    char_order: int = 6,
    word_order: int = 0,
    beta: int = 2,
    remove_whitespace: bool = True,
    eps_smoothing: bool = False,
) -> SacrebleuScore:
    """``sacrebleu.corpus_chrf`` (``remove_whitespace`` is ``CHRF``'s ``whitespace`` negated)."""
    metric = _chrf(char_order, word_order, beta, remove_whitespace, eps_smoothing)
    return sacrebleu_score(metric.corpus_score(hypotheses, stated_streams(references)))


def sentence_chrf(
    hypothesis: str,
    references: Sequence[str],
    char_order: int = 6,
    word_order: int = 0,
    beta: int = 2,
    remove_whitespace: bool = True,
    eps_smoothing: bool = False,
) -> SacrebleuScore:
    """``sacrebleu.sentence_chrf``: chrF of one segment."""
    metric = _chrf(char_order, word_order, beta, remove_whitespace, eps_smoothing)
    return sacrebleu_score(metric.sentence_score(hypothesis, references))


def corpus_ter(
    hypotheses: Sequence[str],
    references: Streams,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> SacrebleuScore:
    """``sacrebleu.corpus_ter``: corpus TER (lower is better)."""
    metric = TER(normalized=normalized, no_punct=no_punct, asian_support=asian_support, case_sensitive=case_sensitive)
    return sacrebleu_score(metric.corpus_score(hypotheses, stated_streams(references)))


def sentence_ter(
    hypothesis: str,
    references: Sequence[str],
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> SacrebleuScore:
    """``sacrebleu.sentence_ter``: TER of one segment."""
    metric = TER(normalized=normalized, no_punct=no_punct, asian_support=asian_support, case_sensitive=case_sensitive)
    return sacrebleu_score(metric.sentence_score(hypothesis, references))
