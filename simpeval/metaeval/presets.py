"""The documented metric settings of each registered set of human ratings (its *preset*).

A meta-evaluation is only comparable with a published one when the metrics are computed as
its authors computed them. :data:`PRESETS` keeps, per ratings set, the options of each metric
(:func:`simpeval.metrics.get_metric` keyword arguments by registry name) and whether SARI's
components are correlated too; :func:`simpeval.metaeval.meta_evaluate` and ``simpeval
meta-eval`` use them unless told otherwise (per-metric options override single settings,
``--no-preset`` / ``settings={}`` drops them).

``simplicity-da`` carries the settings of Alva-Manchego, Scarton and Specia (2021), with which
simpeval's per-sentence values equal the authors' published ones (``metrics_simplicity_DA.csv``,
to 1e-6 for the ``asset`` and ``turk`` reference sets):

* every text Moses-tokenized (sacremoses, English, ``escape=False``), case kept;
* SARI: EASSE's corpus SARI with deletion scored by precision (the ``easse-delp`` preset);
* BLEU: sacrebleu 1.x's defaults of the time on the tokenized text: floor smoothing with
  value 0.0 (sacrebleu 2.x's default is 0.1), effective order, no further tokenization.

Other sets (``asset-human-ratings``, a CSV of one's own) have no published per-sentence values:
the metrics keep their own defaults.

Examples:
    >>> preset_for("simplicity-da").settings["sari"]["variant"]
    'easse-delp'
    >>> preset_for("my-ratings.csv").name
    'none'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .._types import FrozenDict

__all__ = ["NO_PRESET", "PAPER_SETTINGS", "PRESETS", "Preset", "preset_for"]


def _frozen(settings: Mapping[str, Mapping[str, Any]]) -> Mapping[str, Mapping[str, Any]]:
    return FrozenDict({name: FrozenDict(options) for name, options in settings.items()})


@dataclass(frozen=True)
class Preset:
    """The metric settings a ratings set is documented with.

    Attributes:
        name: the ratings set (``"simplicity-da"``), or ``"none"``.
        settings: metric registry name -> options of :func:`simpeval.metrics.get_metric`.
        components: whether the components of a metric (SARI's add, keep, delete) are
            correlated with the ratings too.
        description: what the settings reproduce, and where they come from.
    """

    name: str
    settings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    components: bool = False
    description: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "settings", _frozen(self.settings))


#: The settings of Alva-Manchego, Scarton and Specia (2021) for Simplicity-DA.
PAPER_SETTINGS: Mapping[str, Mapping[str, Any]] = _frozen(
    {
        "sari": {"variant": "easse-delp", "tokenize": "moses", "lowercase": False},
        "bleu": {
            "tokenize": "moses",
            "smooth_method": "floor",
            "smooth_value": 0.0,
            "effective_order": True,
            "force": True,
        },
    }
)

#: Each metric's own defaults (sets without documented settings).
NO_PRESET = Preset("none", {}, False, "each metric's own defaults")

#: Ratings set -> its documented settings.
PRESETS: Mapping[str, Preset] = MappingProxyType(
    {
        "simplicity-da": Preset(
            "simplicity-da",
            PAPER_SETTINGS,
            True,
            "Alva-Manchego, Scarton and Specia (2021): Moses-tokenized, case-sensitive text; EASSE's corpus SARI "
            "with deletion precision (easse-delp); sacrebleu 1.x BLEU (floor smoothing 0.0, effective order)",
        ),
    }
)


def preset_for(ratings: str) -> Preset:
    """The documented settings of the ratings set ``ratings`` (:data:`NO_PRESET` if it has none)."""
    return PRESETS.get(ratings, NO_PRESET)
