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
xu2023           cocoxu's ``modified-sari.py`` (2023): ``xu2016`` without the additions deletions make
dsari            ``D_SARI.py`` of Sun et al. (2021): ``xu2016`` with D-SARI's document-level penalties
t2t              tensor2tensor ``get_sari_score`` on whitespace tokens, mean of sentence scores
================ ======================================================================

Examples:
    >>> resolve_variant("evaluate")
    'hf'
    >>> VARIANTS["hf"].aggregate, VARIANTS["easse"].deletion
    ('sentence', 'f1')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace

from ..._validate import check_int
from ...exceptions import InvalidOptionError, UnknownTokenizerError, UnknownVariantError
from ...tokenizers import available_tokenizers
from ..options import check_declared, option

__all__ = ["DEFAULT_VARIANT", "SARIConfig", "VARIANTS", "preset_name", "resolve_variant", "variant_settings"]

_POOLED = {"pooled": "pooled", "per-ngram": "ngram"}


@dataclass(frozen=True)
class SARIConfig:
    """Every setting that changes a SARI score. All of them are written into the signature.

    Each field declares its default (EASSE's), help, choices (with their spelling in the
    signature) and signature key (:func:`~simpeval.metrics.options.option`); the table in the
    docs' metric guide is generated from them. Notes beyond one line: ``split="space"`` keeps the
    empty-string tokens of ``str.split(" ")``, as ``SARI.py`` and Hugging Face do; ``keep_recall=
    "per-ngram"`` is ``SARI.py``'s formula (cocoxu/simplification#6); ``ref_weight="nonempty"``
    divides reference counts by the number of references that have n-grams of that order
    (tensor2tensor).
    """

    tokenize: str = option(
        "13a",
        help="Tokenizer registry name, applied after lowercasing (13a, none, moses, ...).",
        signature=("tok", "tok"),
    )
    lowercase: bool = option(
        True, help="Lowercase before tokenizing.", choices={True: "lc", False: "mixed"}, signature=("case", "c")
    )
    normalize_source: bool = option(
        True,
        help="Lowercase and tokenize the source like the output and references (off: as given, EASSE legacy).",
        choices={True: "norm", False: "raw"},
        signature=("src", "src"),
        negative="raw-source",
    )
    split: str = option(
        "whitespace",
        help="Split tokens with str.split() (whitespace) or str.split(' ') (space).",
        choices={"whitespace": "ws", "space": "space"},
        signature=("split", "sp"),
    )
    aggregate: str = option(
        "corpus",
        help="Pool n-gram counts (corpus, EASSE) or average sentence scores (sentence).",
        choices={"corpus": "corpus", "sentence": "sent"},
        signature=("agg", "a"),
    )
    deletion: str = option(
        "f1",
        help="Deletion score: F1 (EASSE) or precision (the paper).",
        choices={"f1": "f1", "precision": "prec"},
        signature=("del", "d"),
    )
    average: str = option(
        "f1",
        help="F1 per n-gram order then the mean (f1), or F1 of mean precision and recall (pr: EASSE's paper version).",
        choices={"f1": "f1", "pr": "pr"},
        signature=("avg", "avg"),
    )
    zero_division: int = option(
        0,
        help="Value of a precision or recall whose denominator is 0.",
        choices={0: "0", 1: "1"},
        signature=("zero", "z"),
    )
    precision: str = option(
        "pooled",
        help="Keep and deletion precision as pooled sums or the mean of per-n-gram ratios (SARI.py, Hugging Face).",
        choices=_POOLED,
        signature=("prec", "p"),
    )
    keep_recall: str = option(
        "pooled",
        help="Keep (and deletion) recall as pooled sums or the mean of per-n-gram ratios (SARI.py).",
        choices=_POOLED,
        signature=("krec", "kr"),
    )
    del_match: str = option(
        "min",
        help="Correct deletions per n-gram: min of output- and reference-deleted counts (EASSE), or subtract (SARI.py).",
        choices={"min": "min", "subtract": "sub"},
        signature=("dmatch", "dm"),
    )
    ngrams: str = option(
        "counts",
        help="N-grams as multisets (counts) or sets (binary, tensor2tensor).",
        choices={"counts": "count", "binary": "binary"},
        signature=("ngram", "ng"),
    )
    ref_weight: str = option(
        "all",
        help="Weigh source and output counts by all references, or reference counts by the non-empty ones (t2t).",
        choices={"all": "all", "nonempty": "nonempty"},
        signature=("rweight", "rw"),
    )
    add_filter: str = option(
        "none",
        help="Correct additions: every added n-gram a reference holds (none), or not those that only deleting "
        "source words makes (deleted: cocoxu's modified-sari.py of 2023).",
        choices={"none": "all", "deleted": "nodel"},
        signature=("addf", "af"),
    )
    penalty: str = option(
        "none",
        help="Document-level penalties: none, or D-SARI's length and sentence-count penalties (dsari: "
        "Sun et al. 2021's D_SARI.py; needs aggregate=sentence).",
        choices={"none": "none", "dsari": "dsari"},
        signature=("pen", "pen"),
    )
    sentence_split: str = option(
        "simpeval",
        help="How the dsari penalty counts sentences: simpeval's splitter, or NLTK's trained Punkt "
        "(punkt: nltk.sent_tokenize, as D_SARI.py; needs NLTK's punkt_tab data).",
        choices={"simpeval": "simpeval", "punkt": "punkt"},
        signature=("sents", "ss"),
    )
    # SARI uses order 4 (Xu et al. 2016); 10 leaves room, a billion would hang.
    max_order: int = option(
        4, help="Highest n-gram order (at most 10).", minimum=1, maximum=10, signature=("order", "n")
    )

    def __post_init__(self) -> None:
        check_declared("SARI", self, kinds=("bool",))
        check_int(self.max_order, "SARI: max_order", expected="a positive integer")
        if self.tokenize not in available_tokenizers():
            raise UnknownTokenizerError(
                f"SARI: tokenize must be a registered tokenizer (got {self.tokenize!r}); "
                f"valid tokenizers: {', '.join(available_tokenizers())}."
            )
        if self.penalty == "dsari" and self.aggregate != "sentence":
            raise InvalidOptionError(
                "SARI: penalty='dsari' scores each document and averages the scores: it needs "
                f"aggregate='sentence' (got {self.aggregate!r})."
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
_XU2016 = replace(_HF, tokenize="none", zero_division=0, keep_recall="per-ngram")

#: Named presets. Each reproduces one public implementation exactly.
VARIANTS: Mapping[str, SARIConfig] = {
    "easse": _EASSE,
    "easse-paper": _EASSE_PAPER,
    "easse-legacy": replace(_EASSE, lowercase=False, normalize_source=False),
    "easse-delp": replace(_EASSE, deletion="precision"),
    "easse-paper-delp": replace(_EASSE_PAPER, deletion="precision"),
    "hf": _HF,
    # SARI.py, which Hugging Face ported: no tokenizer, 0/0 = 0 and the original keep recall (#6)
    "xu2016": _XU2016,
    # modified-sari.py (cocoxu/simplification, 2023): SARI.py, but an added n-gram whose words are all source words,
    # in the source's order (tested against the original-case source), comes from deletions and is not counted
    "xu2023": replace(_XU2016, add_filter="deleted"),
    # D_SARI.py (Sun et al. 2021): SARI.py's n-gram part for documents, with length and sentence-count penalties
    "dsari": replace(_XU2016, penalty="dsari"),
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


def variant_settings(name: str) -> dict[str, str | int | bool]:
    """The settings of preset ``name`` as a plain dict (for documentation and the CLI)."""
    return asdict(VARIANTS[resolve_variant(name)])
