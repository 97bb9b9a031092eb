"""Published system outputs that EASSE collected, as registry entries (data only, no I/O).

EASSE (Alva-Manchego et al., 2019) keeps the outputs of published simplification systems,
obtained from their authors, under ``easse/resources/data/system_outputs/<corpus>/<split>/``
of its repository. Each set here is one such folder pinned to a commit: one file per system,
one line per segment of the corpus named by :attr:`TestSetSpec.corpus
<simpeval.testsets.TestSetSpec.corpus>`. :func:`simpeval.testsets.load_system_outputs` loads a
set as ``{system: lines}``.

A new set (PWKP, Newsela, ...) is one more :func:`easse_outputs` entry in :data:`OUTPUT_SPECS`:
the folder, the corpus, and each file's name and sha256.

Examples:
    >>> spec = OUTPUT_SPECS[0]
    >>> spec.name, spec.kind, spec.corpus, len(spec.files["outputs"])
    ('turkcorpus-test-outputs', 'outputs', 'turkcorpus-test', 11)
    >>> spec.files["outputs"][0].url.rsplit("/", 4)[1:]
    ['system_outputs', 'turkcorpus', 'test', 'ACCESS']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .._citations import ALVA_MANCHEGO_2019
from .easse_data import EASSE_SETS
from .spec import UPSTREAM_HOST, RemoteFile, TestSetSpec

__all__ = ["EASSE_CITATION", "EASSE_OUTPUTS_URL", "OUTPUT_SPECS", "easse_outputs"]

#: EASSE's folder of system outputs, pinned to a commit (``<corpus>/<split>/<file>`` follows).
EASSE_OUTPUTS_URL = (
    f"{UPSTREAM_HOST}/feralvam/easse/6a4352ec299ed03fda8ee45445ca43d9c7673e89/easse/resources/data/system_outputs"
)

EASSE_CITATION = ALVA_MANCHEGO_2019

_LICENCE = (
    "no licence stated for the outputs; each belongs to its system's authors, as collected and "
    "redistributed by EASSE (feralvam/easse)"
)


def easse_outputs(
    name: str,
    folder: str,
    corpus: str,
    n_segments: int,
    files: Mapping[str, str],
    description: str,
    notes: str = "",
) -> TestSetSpec:
    """A registry entry for one folder of EASSE's system outputs.

    Args:
        name: the registry key (``<corpus>-outputs`` by convention).
        folder: the path below EASSE's ``system_outputs/`` (e.g. ``"turkcorpus/test"``).
        corpus: the registered corpus whose sources the systems simplified.
        n_segments: lines per system (the corpus's segments).
        files: file path below ``folder`` -> its sha256, one per system; the system's name is
            the file name (its last path part).
        description: one line for ``simpeval testsets list``.
        notes: tokenization, casing and provenance facts.
    """
    remote = tuple(
        RemoteFile(f"{EASSE_OUTPUTS_URL}/{folder}/{path}", sha256, path.rsplit("/", 1)[-1])
        for path, sha256 in files.items()
    )
    return TestSetSpec(
        name=name,
        description=description,
        files={"outputs": remote},
        n_segments=n_segments,
        n_references=0,
        citation=EASSE_CITATION,
        licence=_LICENCE,
        kind="outputs",
        notes=notes,
        corpus=corpus,
    )


#: The 11 systems of the notebooks (and of Alva-Manchego et al., 2020's comparison on ASSET).
_COURSE_SYSTEMS = (
    "ACCESS",
    "BTRLTS",
    "BTTS",
    "BTTS10",
    "Dress",
    "Dress-Ls",
    "EditNTS",
    "PBMT-R",
    "RM+EX",
    "RM+EX+LS+RO",
    "UNTS",
)


def _sha256s(easse_set: str, systems: Sequence[str]) -> dict[str, str]:
    """File name -> sha256 of ``systems`` in one of :data:`~simpeval.testsets.easse_data.EASSE_SETS`
    (each file's checksum is written once, there)."""
    entry = next(entry for entry in EASSE_SETS if entry["name"] == easse_set)
    sha256 = {name: digest for _, digest, name in entry["files"]["outputs"]}
    return {system: sha256[system] for system in systems}


OUTPUT_SPECS: tuple[TestSetSpec, ...] = (
    easse_outputs(
        "turkcorpus-test-outputs",
        "turkcorpus/test",
        "turkcorpus-test",
        359,
        _sha256s("easse-outputs-turkcorpus-test", _COURSE_SYSTEMS),
        "Outputs of 11 published systems on the TurkCorpus/ASSET test sources (detokenized): "
        "the notebooks' selection, the same files as in easse-outputs-turkcorpus-test",
        notes=(
            "Detokenized, truecased, as EASSE scores them. The 359 sources are those of "
            "turkcorpus-test and of asset-test, so the outputs can be scored against either."
        ),
    ),
)
