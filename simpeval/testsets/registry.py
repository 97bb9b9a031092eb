"""The registry of standard test sets and human-judgment sets: frozen specs, no I/O.

Every file is pinned to an upstream commit on ``https://raw.githubusercontent.com`` and to
its sha256, so its content can never change under a signature that names the test set.

Three kinds of sets are registered:

* ``"corpus"``: sources (role ``src``) and reference streams (role ``ref``), scored with
  ``simpeval score -t NAME``;
* ``"ratings"``: human judgments in one CSV file (role ``ratings``), read as typed rows by
  :mod:`simpeval.testsets.ratings` (LENS's SimpEval sets: :mod:`simpeval.testsets.lens_rows`);
* ``"outputs"``: the published outputs of systems on a corpus's sources (role ``outputs``,
  one file per system), declared in :mod:`simpeval.testsets.easse_outputs` and loaded with
  :func:`simpeval.testsets.load_system_outputs`.

Examples:
    >>> spec = get_testset("asset-test")
    >>> spec.n_segments, spec.n_references, spec.kind
    (359, 10, 'corpus')
    >>> spec.files["src"][0].name
    'asset.test.orig'
    >>> "turkcorpus-test-legacy" in available_testsets()
    True
    >>> available_testsets(kind="ratings")  # doctest: +NORMALIZE_WHITESPACE
    ('asset-human-ratings', 'simpda-2022', 'simpeval-2022', 'simpeval-past', 'simplicity-da',
     'simplicity-da-metrics', 'simplikert-2022')
    >>> available_testsets(kind="outputs")[-2:]
    ('easse-outputs-turkcorpus-test-tok-low', 'turkcorpus-test-outputs')
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from types import MappingProxyType

from .._citations import ALVA_MANCHEGO_2020, ALVA_MANCHEGO_2021, XU_2016
from .easse_data import EASSE_SETS
from .easse_outputs import OUTPUT_SPECS
from .errors import UnknownTestSetError
from .lens_data import LENS_SETS
from .spec import UPSTREAM_HOST, RemoteFile, TestSetSpec

__all__ = ["RemoteFile", "TestSetSpec", "UPSTREAM_HOST", "available_testsets", "get_testset"]

_ASSET = f"{UPSTREAM_HOST}/facebookresearch/asset/9d659040d0d8942dbc4cd65cf357563b43fd9ab4"
_TURK = (
    f"{UPSTREAM_HOST}/feralvam/easse/6a4352ec299ed03fda8ee45445ca43d9c7673e89/easse/resources/data/test_sets/turkcorpus"
)
_METAEVAL = f"{UPSTREAM_HOST}/feralvam/metaeval-simplification/7703c461858cb2557ff1d8ce0a20c63d8a3d280f/data"


def _file(base: str, path: str, sha256: str) -> RemoteFile:
    return RemoteFile(f"{base}/{path}", sha256, path.rsplit("/", 1)[-1])


_asset, _turk, _metaeval = (partial(_file, base) for base in (_ASSET, _TURK, _METAEVAL))


_TURK_CITATION = XU_2016

_ASSET_LICENCE = "CC BY-NC 4.0 (facebookresearch/asset)"
_TURK_LICENCE = (
    "no licence stated by the authors (cocoxu/simplification); files as redistributed by EASSE (feralvam/easse)"
)
_METAEVAL_LICENCE = "CC BY-NC-SA 4.0 (feralvam/metaeval-simplification)"

_SPECS: tuple[TestSetSpec, ...] = (
    TestSetSpec(
        name="asset-test",
        description="ASSET test set: 359 Wikipedia sentences, 10 crowdsourced simplifications each",
        files={
            "src": (
                _asset("dataset/asset.test.orig", "673ceb2672a37168a52040d75e16f9ffd1e3777b9f68e19207f2adf6542723f1"),
            ),
            "ref": tuple(
                _asset(f"dataset/asset.test.simp.{i}", sha256)
                for i, sha256 in enumerate(
                    (
                        "66f36029d0c732eb92886021faefe531c6cfd0a32bdbe7ae4aa97fd45bd1b046",
                        "d323ceb364abbe84c79b14b028aa1ff563cd94955fbab19049612548dbb0f83f",
                        "786b55f8425ce4a993e98be5e2bea9ef87bf536b96dc13f7a57c4733fdb63e06",
                        "e211c9e2ede1dfe315097132dbe4feda76b309bdc636a5394cb5d2664ba5bf52",
                        "37be9cf0592c0f68d87848dc9c442fe62f344518c1993896c00788bf943b755d",
                        "8485210573a3bd76116de8e978b227677c6c207111a4938729397c4e603dfa46",
                        "f0cb3ab823d23203ea044f81bd7e67cc823db0632095e43b78a54a9891a0b0a8",
                        "35cbb8b9964252a1470607634f19ad946c6bc2951b3e500eedd826baf12bd3c8",
                        "047b6419590b88f93b435d3177bba1883dc9c0dc178676e48470b408236446f4",
                        "3f5745e4f2743563b88ea4284ec35fa4ddb68d62de80b63ffb87751b998fe6b8",
                    )
                )
            ),
        },
        n_segments=359,
        n_references=10,
        citation=ALVA_MANCHEGO_2020,
        licence=_ASSET_LICENCE,
        notes="Detokenized, truecased. Same 359 sources as turkcorpus-test.",
    ),
    TestSetSpec(
        name="asset-valid",
        description="ASSET validation set: 2000 Wikipedia sentences, 10 crowdsourced simplifications each",
        files={
            "src": (
                _asset("dataset/asset.valid.orig", "83dca90b5c53365a9c4a70222aed129c6df3c3f6b5da82ee94312e179b93fff1"),
            ),
            "ref": tuple(
                _asset(f"dataset/asset.valid.simp.{i}", sha256)
                for i, sha256 in enumerate(
                    (
                        "27b0c4a40c91b875c82a8ed76ff7cf0476b03a3a6998a2e3ef6e18000efda624",
                        "5043e9db5934c3d538b91f56d23466177813896da10f153d2b16c0c415ac5e84",
                        "578dd487cf03f6f66bb4acd2c44b464c3ac9fb42dc64b8e6afd391778ebc7ea7",
                        "4ab95ba6f7a60adde2f57201c0b749384ce64c97f8378fb0ab185367709a8386",
                        "f6f1d4bf9f87b532b37d7f5700ec384f817dba10247c91df629e1f6eee6c3aa9",
                        "182114cfbb2960358b0e2d71737ead9a2abb0c27d3f65281335f079ae4447e3b",
                        "aba27b505dad048982e902a04c4ffc5ab9e926b38d2383920aea798fd42de376",
                        "73d7983107eca6b98a9aec62ea75ea8d5adf313755b7e105608f212dead124cd",
                        "58f8e1109d87a4e3c5403705b8782750bb849cb8389a698156e00ca6512dd5c4",
                        "35a861e174ce5458fdcd1866e49aa84297fcb6b51fd98d6633b71932a646832e",
                    )
                )
            ),
        },
        n_segments=2000,
        n_references=10,
        citation=ALVA_MANCHEGO_2020,
        licence=_ASSET_LICENCE,
        notes="Detokenized, truecased. The sources of turkcorpus-valid (68 differ in detokenization).",
    ),
    TestSetSpec(
        name="turkcorpus-test",
        description="TurkCorpus test set (truecased, detokenized): 359 sentences, 8 Turker simplifications each",
        files={
            "src": (
                _turk("test.truecase.detok.orig", "b5a794c4099ee24c8412d30bd2336fe8d587e571b0f38c0c923ddf8641ae6c2e"),
            ),
            "ref": (
                _turk("test.truecase.detok.simp.0", "2e8f64bf4f5a58c5d7a473bbc1b36ae2771598acff767e7d6815391a1608382e"),
                _turk("test.truecase.detok.simp.1", "c683727c987fc48955d81f207837772b913cd487c17cb9337ccb181454cb543f"),
                _turk("test.truecase.detok.simp.2", "7490b54a5736d8a742c873019f7c36b5425bc74b36fc2545fdea3ead49dfd3fd"),
                _turk("test.truecase.detok.simp.3", "cd7ff9305517282f0555abc722bacbb85c6b0c5bf87a2adb0b1a79af79fd86c3"),
                _turk("test.truecase.detok.simp.4", "b57581698db1982d8014bcda2a27e60ac06260384f531dfc91541d0ee01b7279"),
                _turk("test.truecase.detok.simp.5", "35bb41fb38ffc3cd155050e63557b55b580e59b5492bd1fcd319ade3b57b5854"),
                _turk("test.truecase.detok.simp.6", "4b786e3df6f062af311f2b935311f5d083010d878285688072999ec90c1144db"),
                _turk("test.truecase.detok.simp.7", "7e110fc10f9aee696fea42c091840561d2b147dd18056ee826363d661befe1d8"),
            ),
        },
        n_segments=359,
        n_references=8,
        citation=_TURK_CITATION,
        licence=_TURK_LICENCE,
        notes="The EASSE truecased, detokenized release of Xu et al.'s test split.",
    ),
    TestSetSpec(
        name="turkcorpus-valid",
        description="TurkCorpus validation ('tune') set (truecased, detokenized): 2000 sentences, 8 references",
        files={
            "src": (
                _turk("tune.truecase.detok.orig", "51da01391e402cac65656d4e09961e681e74c6090ca1ffbbb8b5b44f80cd45d5"),
            ),
            "ref": (
                _turk("tune.truecase.detok.simp.0", "09e6f72b9383ed8691126f521598b390d7933d5692ebe2ca4489b1aa6cc1bfbe"),
                _turk("tune.truecase.detok.simp.1", "b1dc8cde1d0cc7a929b6f23258459836da78efe649abd8417dcdf13dac7ed865"),
                _turk("tune.truecase.detok.simp.2", "f26c894636a70a886f847388989d12afa5e58bf32da20f44fb216a9808976bd7"),
                _turk("tune.truecase.detok.simp.3", "53ee129a77056026741438265f7964e797f28ed894a5e4930901cc71c682fdce"),
                _turk("tune.truecase.detok.simp.4", "74460d79323af3bf037b8cda7e535ef67b3a909a772ce85ab5158e5cd9131eaa"),
                _turk("tune.truecase.detok.simp.5", "e9125867a9b27eb620cb801ec7b14646f0105ed57462455ae0af8ed0e4107445"),
                _turk("tune.truecase.detok.simp.6", "c7f1338863e0a2bc838473ebe70ad12951b34546d518cc01afec3c840d71f63e"),
                _turk("tune.truecase.detok.simp.7", "e02d706d0adbe124dd71deb2326e4acc6f70a8a771df8b6732c35e7b13d47b6d"),
            ),
        },
        n_segments=2000,
        n_references=8,
        citation=_TURK_CITATION,
        licence=_TURK_LICENCE,
        notes="Xu et al. call this split 'tune'.",
    ),
    TestSetSpec(
        name="turkcorpus-test-legacy",
        description="TurkCorpus test set, original tokenized lowercased files (for pre-2019 numbers)",
        files={
            "src": (
                _turk(
                    "legacy/test.8turkers.tok.norm", "5a45e4deb23524dbd06fae0bbaf4a547df8c5d982bf4c9867c0f1462ed99ac46"
                ),
            ),
            "ref": (
                _turk(
                    "legacy/test.8turkers.tok.turk.0",
                    "33399612ddb7ec4f0cd798508ea2928a3ab9b2ec3a9e524a4d5a0da44bf1425a",
                ),
                _turk(
                    "legacy/test.8turkers.tok.turk.1",
                    "6ea0d23083ce25c7cceb19f4e454ddde7d8b4010243d7af2ab0a96884587e79b",
                ),
                _turk(
                    "legacy/test.8turkers.tok.turk.2",
                    "abe871f586783f6e2273557fbc1ed203b06e5a5c2a52da260113c939ce1e79e3",
                ),
                _turk(
                    "legacy/test.8turkers.tok.turk.3",
                    "b4387233b14c123c7cef8d15c2ee7c68244fedb10e6e37008c0eed782b98897e",
                ),
                _turk(
                    "legacy/test.8turkers.tok.turk.4",
                    "1abf53f4dc075660322be772b40cdd26545902d5a7fa8746a460ea55301dd847",
                ),
                _turk(
                    "legacy/test.8turkers.tok.turk.5",
                    "3bbb08c71bbf692a2b7f2b6421a833397f96574fb9d7ff1dfd2c0f52ea0c52d6",
                ),
                _turk(
                    "legacy/test.8turkers.tok.turk.6",
                    "d100c0a63c9a01cde27694f18275e760d3f77bcd8b46ab9f6f832e8bc37c4857",
                ),
                _turk(
                    "legacy/test.8turkers.tok.turk.7",
                    "e1956804ef69855a83a6c214acd07373533dad31615de0254ec60e3d0dbbedac",
                ),
            ),
            "wiki": (
                _turk(
                    "legacy/test.8turkers.tok.simp", "b99c0e5f9a00d5c7b28ca0eb91f362ce7be9de9b020f53b350321da4c3466f0a"
                ),
            ),
        },
        n_segments=359,
        n_references=8,
        citation=_TURK_CITATION,
        licence=_TURK_LICENCE,
        notes=(
            "PTB-tokenized and lowercased: score tokenized, lowercased system outputs against it "
            "(e.g. SARI with the 'legacy' preset). The 'wiki' file is the aligned Simple Wikipedia "
            "sentence, not one of the 8 references."
        ),
    ),
    TestSetSpec(
        name="turkcorpus-valid-legacy",
        description="TurkCorpus validation ('tune') set, original tokenized lowercased files",
        files={
            "src": (
                _turk(
                    "legacy/tune.8turkers.tok.norm", "645c2069a203bb09e604a4cb7e6ff36f077e6c5675d5f36a56c7f7edacb61e23"
                ),
            ),
            "ref": (
                _turk(
                    "legacy/tune.8turkers.tok.turk.0",
                    "fb7c373e88dd188e234c688e6c7ed22012658e06c5c127d4be5f19f0e66a6542",
                ),
                _turk(
                    "legacy/tune.8turkers.tok.turk.1",
                    "308fab45b60d36bbd0ff651245cc0ceed82654658679c27ce575c4b487827394",
                ),
                _turk(
                    "legacy/tune.8turkers.tok.turk.2",
                    "f428363b156759352c4240a218f5485909961c84554fd20dbcf076a4518c1f13",
                ),
                _turk(
                    "legacy/tune.8turkers.tok.turk.3",
                    "22a430a69b348643e4e86e33724ef8a0dc690e948827af9667d21536f7f19981",
                ),
                _turk(
                    "legacy/tune.8turkers.tok.turk.4",
                    "a07211cb2a493f8a6c00f3f437c826eb10d01abb354f910d278d74752c306c24",
                ),
                _turk(
                    "legacy/tune.8turkers.tok.turk.5",
                    "951a03c67fd726a946a7d303af6edc64b4c3aa351721c7e921bd83c5f8a7e1c6",
                ),
                _turk(
                    "legacy/tune.8turkers.tok.turk.6",
                    "2983e016b4a7edff749106865251653d93def0c8f4f6f30ef6800b83cc3becbb",
                ),
                _turk(
                    "legacy/tune.8turkers.tok.turk.7",
                    "f427962c2fa8aee00911c74b3c2c093e5b50acc70928a619d3f3225ba29f38eb",
                ),
            ),
            "wiki": (
                _turk(
                    "legacy/tune.8turkers.tok.simp", "db6195f79b2be28dd164b2367e2063e37accebb257d873128d4da4a827a4424b"
                ),
            ),
        },
        n_segments=2000,
        n_references=8,
        citation=_TURK_CITATION,
        licence=_TURK_LICENCE,
        notes="PTB-tokenized and lowercased, as turkcorpus-test-legacy.",
    ),
    TestSetSpec(
        name="simplicity-da",
        description="Simplicity-DA human judgments: 6 systems x 100 test sources, fluency/meaning/simplicity (0-100)",
        files={
            "ratings": (
                _metaeval("simplicity_DA.csv", "a2685421198193a11570aac07434ed25499f5120ba60d2329133ae8b489e57e9"),
            ),
        },
        n_segments=600,
        n_references=0,
        citation=ALVA_MANCHEGO_2021,
        licence=_METAEVAL_LICENCE,
        kind="ratings",
        notes=(
            "sent_id is the 1-based line of asset-test / turkcorpus-test. Scores are means of 15 "
            "raters (0-100) with their z-scores. simpeval meta-eval scores the outputs with the authors' "
            "settings by default (simpeval.metaeval.presets: Moses tokens, case kept, SARI easse-delp, "
            "BLEU floor 0.0 + effective order)."
        ),
    ),
    TestSetSpec(
        name="simplicity-da-metrics",
        description="Per-sentence metric values the Simplicity-DA authors computed (4 reference sets x 600 outputs)",
        files={
            "ratings": (
                _metaeval(
                    "metrics_per_sentence/metrics_simplicity_DA.csv",
                    "db38a547d53391ba3c72ddf6666671c911acdc026501b9d5a972dbf70253af26",
                ),
            ),
        },
        n_segments=2400,
        n_references=0,
        citation=ALVA_MANCHEGO_2021,
        licence=_METAEVAL_LICENCE,
        kind="ratings",
        notes="test_set is asset, turk, hsplit or all; rows align with simplicity-da by (sent_id, sys_name).",
    ),
    TestSetSpec(
        name="asset-human-ratings",
        description="ASSET human evaluation: 100 test sources x 3 aspects x 15 raters (0-100)",
        files={
            "ratings": (
                _asset(
                    "human_ratings/human_ratings.csv",
                    "09ea6ee887af56be380334677ca2f3ba561f67abbb64ef1e6382fadf440d5593",
                ),
            ),
        },
        n_segments=4500,
        n_references=0,
        citation=ALVA_MANCHEGO_2020,
        licence=_ASSET_LICENCE,
        kind="ratings",
        notes=(
            "original_sentence_id is the 0-based line of asset-test; the 'original' text may differ "
            "from that line in casing and spacing."
        ),
    ),
)

_SPECS += tuple(  # EASSE's other test sets and its system outputs (easse_data.py), LENS's SimpEval (lens_data.py)
    TestSetSpec(**{**kw, "files": {r: tuple(RemoteFile(*f) for f in fs) for r, fs in kw["files"].items()}})
    for kw in EASSE_SETS + LENS_SETS
)
_REGISTRY: Mapping[str, TestSetSpec] = MappingProxyType({spec.name: spec for spec in _SPECS + OUTPUT_SPECS})


def available_testsets(kind: str | None = None) -> tuple[str, ...]:
    """Names of the registered test sets, sorted.

    Args:
        kind: only sets of this kind (``"corpus"``, ``"ratings"`` or ``"outputs"``); all when ``None``.

    Examples:
        >>> available_testsets(kind="corpus")[:2]
        ('asset-test', 'asset-valid')
    """
    return tuple(sorted(name for name, spec in _REGISTRY.items() if kind is None or spec.kind == kind))


def get_testset(name: str) -> TestSetSpec:
    """The spec of a registered test set.

    Args:
        name: a registry key such as ``"asset-test"`` (case-insensitive; EASSE's spelling with
            underscores, ``"asset_test"``, is accepted too).

    Raises:
        UnknownTestSetError: no such set; the message lists the valid names.

    Examples:
        >>> get_testset("TurkCorpus-Test").n_references, get_testset("asset_test").name
        (8, 'asset-test')
    """
    key = name.lower().replace("_", "-") if isinstance(name, str) else name
    try:
        return _REGISTRY[key]
    except (KeyError, TypeError):
        raise UnknownTestSetError(
            f"get_testset: name must be a registered test set (got {name!r}). "
            f"Choose one of: {', '.join(available_testsets())}."
        ) from None
