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

from typing import Mapping

from .spec import UPSTREAM_HOST, RemoteFile, TestSetSpec

__all__ = ["EASSE_CITATION", "EASSE_OUTPUTS_URL", "OUTPUT_SPECS", "easse_outputs"]

#: EASSE's folder of system outputs, pinned to a commit (``<corpus>/<split>/<file>`` follows).
EASSE_OUTPUTS_URL = (
    f"{UPSTREAM_HOST}/feralvam/easse/6a4352ec299ed03fda8ee45445ca43d9c7673e89/easse/resources/data/system_outputs"
)

EASSE_CITATION = """\
@inproceedings{alva-manchego-etal-2019-easse,
    title = "{EASSE}: {E}asier Automatic Sentence Simplification Evaluation",
    author = "Alva-Manchego, Fernando and Martin, Louis and Scarton, Carolina and Specia, Lucia",
    booktitle = "Proceedings of the 2019 Conference on Empirical Methods in Natural Language Processing and the 9th International Joint Conference on Natural Language Processing (EMNLP-IJCNLP): System Demonstrations",
    year = "2019",
    address = "Hong Kong, China",
    publisher = "Association for Computational Linguistics",
    url = "https://aclanthology.org/D19-3009",
    doi = "10.18653/v1/D19-3009",
    pages = "49--54",
}"""

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


OUTPUT_SPECS: tuple[TestSetSpec, ...] = (
    easse_outputs(
        "turkcorpus-test-outputs",
        "turkcorpus/test",
        "turkcorpus-test",
        359,
        {
            "ACCESS": "df5c5cc11148cf51aa38631368ecba45610e31f9bdddd6423db78dbc4bc4b233",
            "BTRLTS": "0ed5408b0d88cc830ae2be496c8a02c6b7e34dbabc5193bbaf2b66583e9dbebe",
            "BTTS": "0bd5fb84dcd33717bc1895bd864c6cde3ff225a3df7716c48e7ce15262a647af",
            "BTTS10": "3e65d847dfdb18cf99cad74079fbae717bcfcea54c4cdd65e85b514fb80fa6f1",
            "Dress": "b03b5a72d22d399da67d35edf68de2bffa1264e2ad192baa0f453531d1580ea7",
            "Dress-Ls": "ebbf345153696c4e7cc067ef0a15271b87607c62d48d4a1e1a624721232daa23",
            "EditNTS": "086ce4942c7c34ddace803d8d8f42c850b3a89a95507a343c558f2ce519cec53",
            "PBMT-R": "4a54ff0c078301baae32ecd00c1608b111f11e8872457e08f94c6f409a4a9b54",
            "RM+EX": "c7c68989e64bf15b73c8a126402e902f763b52ce94f1013ed0e4a6807e77f216",
            "RM+EX+LS+RO": "36d258ac4c7d3110625a16fe755aa445a6c79f65e71c3f29ff8d8286d4e61780",
            "UNTS": "5a2047f1ba072108cb7bf33015d9455bef6bb6c654226269fdc2a9d573e04694",
        },
        "Outputs of 11 published systems on the TurkCorpus/ASSET test sources (detokenized)",
        notes=(
            "Detokenized, truecased, as EASSE scores them. The 359 sources are those of "
            "turkcorpus-test and of asset-test, so the outputs can be scored against either."
        ),
    ),
)
