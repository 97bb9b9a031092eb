"""Find WordNet 3.0 for METEOR, offline: NLTK's own data, else Debian's ``wordnet-base`` files.

NLTK's ``meteor_score`` matches synonyms with ``nltk.corpus.wordnet``, whose data is normally a
download (``python -m nltk.downloader wordnet``). Debian ships the same WordNet 3.0 database
(``apt-get install wordnet-base wordnet-sense-index``) under ``/usr/share/wordnet``, without the
``lexnames`` file NLTK's reader also needs. :func:`ensure_wordnet` looks for NLTK's data first;
failing that, it assembles an NLTK data directory from Debian's files in the cache
(``$SIMPEVAL_CACHE/nltk_data/corpora/wordnet``, else ``~/.cache/simpeval/...``), writes
``lexnames`` (the WordNet 3.0 lexicographer files of lexnames(5WN)) and adds the directory to
``nltk.data.path``. The files (36 MB) are copied: NLTK (3.10) refuses to read a symbolic link
that leads out of its data directory, and any hard-linked file.

English WordNet needs no Open Multilingual Wordnet (``omw-1.4`` / ``omw-2.0``): NLTK 3.8-3.10
load it only for other languages.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ...cache import PathArg, resolve_cache_dir
from ...exceptions import MissingDependencyError

__all__ = [
    "LEXNAMES",
    "LOADING",
    "SYSTEM_DIRS",
    "ensure_wordnet",
    "lexnames_text",
    "load_wordnet",
    "wordnet_cache_root",
]

#: WordNet 3.0's 45 lexicographer files, numbered 00-44 (lexnames(5WN)); a synset's
#: ``lex_filenum`` in the ``data.*`` files indexes this tuple.
LEXNAMES: tuple[str, ...] = (
    "adj.all",
    "adj.pert",
    "adv.all",
    "noun.Tops",
    "noun.act",
    "noun.animal",
    "noun.artifact",
    "noun.attribute",
    "noun.body",
    "noun.cognition",
    "noun.communication",
    "noun.event",
    "noun.feeling",
    "noun.food",
    "noun.group",
    "noun.location",
    "noun.motive",
    "noun.object",
    "noun.person",
    "noun.phenomenon",
    "noun.plant",
    "noun.possession",
    "noun.process",
    "noun.quantity",
    "noun.relation",
    "noun.shape",
    "noun.state",
    "noun.substance",
    "noun.time",
    "verb.body",
    "verb.change",
    "verb.cognition",
    "verb.communication",
    "verb.competition",
    "verb.consumption",
    "verb.contact",
    "verb.creation",
    "verb.emotion",
    "verb.motion",
    "verb.perception",
    "verb.possession",
    "verb.social",
    "verb.stative",
    "verb.weather",
    "adj.ppl",
)
# lexnames(5WN): the third field is the syntactic category, 1 noun, 2 verb, 3 adjective, 4 adverb.
_CATEGORY = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}

#: Where system packages put the WordNet database (Debian/Ubuntu's ``wordnet-base``).
SYSTEM_DIRS: tuple[str, ...] = ("/usr/share/wordnet",)
#: The files NLTK's ``WordNetCorpusReader`` opens (``lexnames`` is written, not copied);
#: ``index.sense`` comes from Debian's ``wordnet-sense-index``.
_REQUIRED = tuple(f"{kind}.{pos}" for kind in ("data", "index") for pos in ("adj", "adv", "noun", "verb"))
_REQUIRED += ("adj.exc", "adv.exc", "noun.exc", "verb.exc", "index.sense")
_OPTIONAL = ("cntlist.rev",)  # lemma counts, read only by Lemma.count()

_INSTALL = (
    "Install it with `apt-get install wordnet-base wordnet-sense-index` (Debian/Ubuntu, no download "
    "at run time) or `python -m nltk.downloader wordnet`."
)


def lexnames_text() -> str:
    """The ``lexnames`` file of WordNet 3.0: ``NN<TAB>name<TAB>category`` on 45 lines.

    Examples:
        >>> lexnames_text().splitlines()[0].split("\\t"), lexnames_text().splitlines()[44].split("\\t")
        (['00', 'adj.all', '3'], ['44', 'adj.ppl', '3'])
    """
    return "".join(f"{i:02d}\t{name}\t{_CATEGORY[name.split('.')[0]]}\n" for i, name in enumerate(LEXNAMES))


def wordnet_cache_root(cache_dir: PathArg | None = None) -> Path:
    """The NLTK data directory that :func:`ensure_wordnet` assembles: ``<cache>/nltk_data``.

    The cache is ``cache_dir``, else ``$SIMPEVAL_CACHE``, else the per-user cache
    (``$XDG_CACHE_HOME/simpeval`` or ``~/.cache/simpeval``), as for test sets.

    Examples:
        >>> wordnet_cache_root("/tmp/c").as_posix()
        '/tmp/c/nltk_data'
    """
    return resolve_cache_dir(cache_dir) / "nltk_data"


def _nltk_wordnet() -> str | None:
    import nltk.data

    try:
        return str(nltk.data.find("corpora/wordnet"))
    except LookupError:
        return None


def _missing(directory: Path) -> list[str]:
    return [name for name in _REQUIRED if not (directory / name).is_file()]


def _copy(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` (atomically) unless an equal-sized plain copy is there."""
    if not target.is_symlink() and target.is_file():
        info = target.stat()
        if info.st_size == source.stat().st_size and info.st_nlink == 1:
            return
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    os.close(fd)
    try:
        shutil.copyfile(source, tmp)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _assemble(source: Path, data_root: Path) -> Path:
    corpus = data_root / "corpora" / "wordnet"
    corpus.mkdir(parents=True, exist_ok=True)
    for name in _REQUIRED + _OPTIONAL:
        if (source / name).is_file():
            _copy(source / name, corpus / name)
    lexnames = corpus / "lexnames"
    if not lexnames.is_file() or lexnames.read_text(encoding="utf-8") != lexnames_text():
        lexnames.write_text(lexnames_text(), encoding="utf-8")
    return corpus


def _add_to_nltk_path(data_root: Path) -> None:
    import nltk.data

    if str(data_root) not in nltk.data.path:
        nltk.data.path.append(str(data_root))


def ensure_wordnet(*, system_dirs: Iterable[PathArg] | None = None, cache_dir: PathArg | None = None) -> str:
    """Make WordNet 3.0 loadable by ``nltk.corpus.wordnet`` and return where it is.

    In order: NLTK's own ``corpora/wordnet`` (``nltk.data.find``); else the first of
    ``system_dirs`` (default :data:`SYSTEM_DIRS`) holding the WordNet database, assembled into
    ``<cache>/nltk_data/corpora/wordnet`` with a generated ``lexnames``; else a complete
    assembled copy left in the cache earlier. The cache directory is added to
    ``nltk.data.path``.

    Args:
        system_dirs: directories to look for Debian-style WordNet files in.
        cache_dir: the cache root (see :func:`wordnet_cache_root`).

    Raises:
        MissingDependencyError: no WordNet anywhere; the message says how to install it.

    Examples:
        >>> Path(ensure_wordnet()).name
        'wordnet'
    """
    found = _nltk_wordnet()
    if found is not None:
        return found
    data_root = wordnet_cache_root(cache_dir)
    searched = [Path(os.fspath(d)) for d in (SYSTEM_DIRS if system_dirs is None else system_dirs)]
    partial: list[str] = []
    for directory in searched:
        missing = _missing(directory)
        if not missing:
            corpus = _assemble(directory, data_root)
            _add_to_nltk_path(data_root)
            return str(corpus)
        if len(missing) < len(_REQUIRED):
            partial.append(f"{directory} lacks {', '.join(missing)}")
    cached = data_root / "corpora" / "wordnet"
    if not _missing(cached) and (cached / "lexnames").is_file():
        _add_to_nltk_path(data_root)
        return str(cached)
    detail = f" ({'; '.join(partial)}: index.sense is in wordnet-sense-index)" if partial else ""
    raise MissingDependencyError(
        "METEOR needs the WordNet 3.0 database, which was not found: NLTK's data path has no "
        f"corpora/wordnet and none of {', '.join(map(str, searched)) or 'no directory'} holds the WordNet "
        f"files{detail}. {_INSTALL}"
    )


#: Said on stderr before the first load of a process: it reads the whole database (about 10 s).
LOADING = "simpeval: loading WordNet 3.0 for METEOR (once per process, a few seconds)"


def load_wordnet(**options: Any) -> Any:
    """``nltk.corpus.wordnet``, loaded, after :func:`ensure_wordnet` (``options`` go to it).

    The first load of a process reads the database (about 10 s); :data:`LOADING` says so on
    stderr first, once, so that the first METEOR score does not look hung.

    Raises:
        MissingDependencyError: no WordNet was found.
    """
    ensure_wordnet(**options)
    from nltk.corpus import wordnet
    from nltk.corpus.util import LazyCorpusLoader

    if isinstance(wordnet, LazyCorpusLoader):  # not loaded yet: loading turns it into the reader
        sys.stderr.write(LOADING + "\n")
        sys.stderr.flush()
        wordnet.ensure_loaded()
    return wordnet
