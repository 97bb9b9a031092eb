"""The data of the notebooks: ASSET test and the published system outputs on its sources.

Both notebooks score the outputs of 11 published simplification systems (collected by the
EASSE project, Alva-Manchego et al., 2019, from the systems' authors) on the 359 TurkCorpus
test sources, which are also the ASSET test sources, against ASSET's 10 references.

Where the files come from, first match wins:

1. ``$SIMPEVAL_SHARED``, a folder laid out like the project's ``../shared`` (``corpora/asset/``,
   ``corpora/system_outputs/turkcorpus_test/``); an error if it is set but has no ``corpora/``;
2. ``../../shared`` relative to this file (the development checkout);
3. otherwise they are downloaded once: ASSET through simpeval's test-set registry
   (``simpeval.load_testset("asset-test")``), the system outputs from EASSE's repository pinned
   to a commit, both checked against their sha256 and cached under ``$SIMPEVAL_CACHE`` (else
   ``~/.cache/simpeval``). ``$SIMPEVAL_MIRROR`` replaces ``https://raw.githubusercontent.com``
   for both, as for every simpeval download.

Nothing is read or fetched on import.
"""

from __future__ import annotations

import hashlib
import os
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Optional

import simpeval
from simpeval.io import read_lines
from simpeval.testsets import MIRROR_ENV, resolve_cache_dir

__all__ = [
    "OUTPUTS_URL",
    "SHARED_ENV",
    "SYSTEMS",
    "find_shared",
    "load_asset_test",
    "load_simplicity_da",
    "load_system_outputs",
]

#: The environment variable naming a ``shared`` folder to read instead of downloading.
SHARED_ENV = "SIMPEVAL_SHARED"

_UPSTREAM = "https://raw.githubusercontent.com"
#: Where EASSE keeps the system outputs, pinned to a commit (a file name is appended).
OUTPUTS_URL = (
    f"{_UPSTREAM}/feralvam/easse/6a4352ec299ed03fda8ee45445ca43d9c7673e89"
    "/easse/resources/data/system_outputs/turkcorpus/test/"
)

#: The published systems (detokenized outputs on the TurkCorpus/ASSET test sources) and their sha256.
SYSTEMS: dict[str, str] = {
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
}


def find_shared() -> Optional[Path]:
    """The ``shared`` folder to read, or ``None`` when the files must be downloaded.

    Raises:
        FileNotFoundError: ``$SIMPEVAL_SHARED`` is set but holds no ``corpora/`` folder.
    """
    explicit = os.environ.get(SHARED_ENV)
    if explicit:
        folder = Path(explicit).expanduser().resolve()
        if not (folder / "corpora").is_dir():
            raise FileNotFoundError(f"{SHARED_ENV}={explicit} must be a folder with a corpora/ subfolder.")
        return folder
    beside_checkout = Path(__file__).resolve().parent.parent.parent / "shared"
    return beside_checkout if (beside_checkout / "corpora").is_dir() else None


def load_asset_test() -> tuple[list[str], list[list[str]]]:
    """ASSET test: 359 sources and 10 reference streams (``references[j][i]``: reference ``j`` of segment ``i``)."""
    shared = find_shared()
    if shared is None:
        sources, references = simpeval.load_testset("asset-test")
        return list(sources), [list(stream) for stream in references]
    folder = shared / "corpora" / "asset"
    sources = read_lines(folder / "asset.test.orig")
    return sources, [read_lines(folder / f"asset.test.simp.{j}") for j in range(10)]


def load_system_outputs() -> dict[str, list[str]]:
    """System name -> its 359 outputs, for every system in :data:`SYSTEMS`."""
    shared = find_shared()
    if shared is not None:
        folder = shared / "corpora" / "system_outputs" / "turkcorpus_test"
        return {name: read_lines(folder / name) for name in SYSTEMS}
    folder = resolve_cache_dir() / "notebooks" / "turkcorpus_test"
    return {name: read_lines(_cached(name, folder)) for name in SYSTEMS}


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _cached(name: str, folder: Path) -> Path:
    """``folder / name``, downloaded and verified first unless it is already there with the right checksum."""
    path = folder / name
    if path.is_file() and _sha256(path) == SYSTEMS[name]:
        return path
    url = OUTPUTS_URL + urllib.parse.quote(name)
    mirror = os.environ.get(MIRROR_ENV)
    if mirror:
        url = mirror.rstrip("/") + url[len(_UPSTREAM) :]
    with urllib.request.urlopen(url, timeout=30) as response:
        data = response.read()
    actual = hashlib.sha256(data).hexdigest()
    if actual != SYSTEMS[name]:
        raise ValueError(f"{url}: sha256 must be {SYSTEMS[name]} (got {actual}); the download is corrupt.")
    folder.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{name}.part")
    partial.write_bytes(data)
    os.replace(partial, path)
    return path


def load_simplicity_da() -> "simpeval.metaeval.HumanRatings":
    """Simplicity-DA's ratings of simplicity (z-scores): from ``human_ratings/`` of the shared
    folder when there is one, else through simpeval's registry (downloaded once)."""
    from simpeval import metaeval

    folder = find_shared()
    if folder is not None and (folder / "human_ratings" / "simplicity_DA.csv").is_file():
        ratings = metaeval.from_csv(folder / "human_ratings" / "simplicity_DA.csv", rating="simplicity_zscore")
        return metaeval.HumanRatings("simplicity-da", "simplicity_zscore", ratings.segments, ratings.systems,
                                     ratings.outputs, ratings.scores, "asset-test")
    return metaeval.from_registry("simplicity-da")
