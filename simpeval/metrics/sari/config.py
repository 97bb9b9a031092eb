"""SARI settings: :class:`SARIConfig` (every option that changes a score) and the presets.

Each preset in :data:`VARIANTS` reproduces one public implementation exactly:

================ ======================================================================
preset           reproduces
================ ======================================================================
easse            EASSE ``corpus_sari()`` defaults (the default preset)
easse-paper      EASSE ``use_paper_version=True`` (mean P and R over orders, then F1)
easse-legacy     EASSE ``legacy=True`` (no lowercasing; source used as given)
easse-delp       EASSE ``use_f1_for_deletion=False`` (deletion precision)
easse-paper-delp both of the above flags
hf               Hugging Face ``evaluate`` ``sari`` metric
xu2016           the original ``SARI.py`` of Xu et al. (2016), mean of sentence scores
t2t              tensor2tensor ``get_sari_score`` on whitespace tokens, mean of sentence scores
================ ======================================================================

Examples:
    >>> resolve_variant("evaluate")
    'hf'
    >>> VARIANTS["hf"].aggregate, VARIANTS["easse"].deletion
    ('sentence', 'f1')
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any, Union

from ..._validate import check_int
from ...exceptions import InvalidOptionError, UnknownTokenizerError, UnknownVariantError
from ...tokenizers import available_tokenizers

__all__ = ["DEFAULT_VARIANT", "SARIConfig", "VARIANTS", "resolve_variant", "signature_fields", "variant_settings"]

#: The choices of every string option (value in the config -> value in the signature).
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
            if isinstance(value, bool) or not isinstance(value, Hashable) or value not in choices:
                raise InvalidOptionError(
                    f"SARI: {name} must be one of {', '.join(map(repr, choices))} (got {value!r})."
                )
        for name in ("lowercase", "normalize_source"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidOptionError(f"SARI: {name} must be True or False (got {getattr(self, name)!r}).")
        check_int(self.max_order, "SARI: max_order", expected="a positive integer")
        if self.tokenize not in available_tokenizers():
            raise UnknownTokenizerError(
                f"SARI: tokenize must be a registered tokenizer (got {self.tokenize!r}); "
                f"valid tokenizers: {', '.join(available_tokenizers())}."
            )


DEFAULT_VARIANT = "easse"

_EASSE = SARIConfig()
_EASSE_PAPER = replace(_EASSE, average="pr")
_HF = SARIConfig(
    tokenize="13a",
    lowercase=True,
    split="space",
    aggregate="sentence",
    deletion="precision",
    zero_division=1,
    precision="per-ngram",
    keep_recall="pooled",
    del_match="subtract",
)

#: Named presets. Each reproduces one public implementation exactly.
VARIANTS: Mapping[str, SARIConfig] = {
    "easse": _EASSE,
    "easse-paper": _EASSE_PAPER,
    "easse-legacy": replace(_EASSE, lowercase=False, normalize_source=False),
    "easse-delp": replace(_EASSE, deletion="precision"),
    "easse-paper-delp": replace(_EASSE_PAPER, deletion="precision"),
    "hf": _HF,
    # SARI.py, which Hugging Face ported: no tokenizer, 0/0 = 0 and the original keep recall (#6)
    "xu2016": replace(_HF, tokenize="none", zero_division=0, keep_recall="per-ngram"),
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


def resolve_variant(name: str) -> str:
    """The preset key of ``name`` (aliases such as ``"evaluate"`` resolved).

    Raises:
        UnknownVariantError: no preset has that name.
    """
    key = _ALIASES.get(name, name) if isinstance(name, str) else None
    if key not in VARIANTS:
        raise UnknownVariantError(f"SARI: variant must be one of {', '.join(VARIANTS)} (got {name!r}).")
    return key


def preset_name(config: SARIConfig) -> str:
    """The preset whose settings ``config`` equals, or ``"custom"``."""
    return next((name for name, preset in VARIANTS.items() if preset == config), "custom")


def signature_fields(config: SARIConfig) -> list[tuple[str, Any]]:
    """The signature fields of a configuration, in print order."""
    c = config
    return [
        ("variant", preset_name(c)),
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


def variant_settings(name: str) -> dict[str, Union[str, int, bool]]:
    """The settings of preset ``name`` as a plain dict (for documentation and the CLI)."""
    return asdict(VARIANTS[resolve_variant(name)])
