"""Finding WordNet offline: Debian's files assembled as NLTK data, lexnames, one clear error."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import nltk.data
import pytest

from simpeval.exceptions import MissingDependencyError
from simpeval.metrics.teaching import METEOR
from simpeval.metrics.teaching import wordnet as wordnet_module
from simpeval.metrics.teaching.wordnet import LEXNAMES, ensure_wordnet, lexnames_text

DEBIAN = Path("/usr/share/wordnet")


def test_lexnames_file() -> None:
    """45 lines 'NN<TAB>name<TAB>category' with lexnames(5WN)'s names and categories."""
    lines = [line.split("\t") for line in lexnames_text().splitlines()]
    assert len(lines) == 45 == len(LEXNAMES)
    assert lines[0] == ["00", "adj.all", "3"] and lines[2] == ["02", "adv.all", "4"]
    assert lines[3] == ["03", "noun.Tops", "1"] and lines[29] == ["29", "verb.body", "2"]
    assert lines[43] == ["43", "verb.weather", "2"] and lines[44] == ["44", "adj.ppl", "3"]
    assert [int(n) for n, _, _ in lines] == list(range(45))


def _lex_filenums(data_file: Path) -> set[tuple[int, str]]:
    """(lex_filenum, ss_type) of every synset line of a WordNet data file (wndb(5WN))."""
    found = set()
    with data_file.open(encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if not line.startswith("  "):
                fields = line.split(" ", 3)
                found.add((int(fields[1]), fields[2]))
    return found


@pytest.mark.skipif(not DEBIAN.is_dir(), reason="Debian's WordNet is not installed")
def test_lexnames_index_the_data_files() -> None:
    """Every synset's lex_filenum names a lexicographer file of its own part of speech."""
    prefix = {"n": "noun.", "v": "verb.", "a": "adj.", "s": "adj.", "r": "adv."}
    for pos in ("noun", "verb", "adj", "adv"):
        for number, ss_type in _lex_filenums(DEBIAN / f"data.{pos}"):
            assert LEXNAMES[number].startswith(prefix[ss_type]), (pos, number, ss_type)


def test_synsets_have_their_lexnames(wordnet: Any) -> None:
    assert wordnet.synset("dog.n.01").lexname() == "noun.animal"
    assert wordnet.synset("run.v.01").lexname() == "verb.motion"
    assert wordnet.synset("good.a.01").lexname() == "adj.all"
    assert wordnet.synset("quickly.r.01").lexname() == "adv.all"
    assert wordnet.get_version() == "3.0"


@pytest.mark.skipif(not DEBIAN.is_dir(), reason="Debian's WordNet is not installed")
def test_assembles_debian_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without NLTK data, the Debian files are copied (no links: NLTK refuses them) with lexnames."""
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path / "no_nltk_data")])
    corpus = Path(ensure_wordnet(system_dirs=[DEBIAN], cache_dir=tmp_path / "cache"))
    assert corpus == tmp_path / "cache" / "nltk_data" / "corpora" / "wordnet"
    assert (corpus / "lexnames").read_text(encoding="utf-8") == lexnames_text()
    for name in ("data.noun", "index.sense", "verb.exc"):
        info = (corpus / name).lstat()
        assert not (corpus / name).is_symlink() and info.st_nlink == 1
        assert info.st_size == (DEBIAN / name).stat().st_size
    assert str(tmp_path / "cache" / "nltk_data") in nltk.data.path
    assert nltk.data.find("corpora/wordnet") is not None
    # A second call reuses the copies; a cache left behind is used when the source is gone.
    before = (corpus / "data.noun").stat().st_mtime_ns
    assert ensure_wordnet(system_dirs=[DEBIAN], cache_dir=tmp_path / "cache") == str(corpus)
    assert (corpus / "data.noun").stat().st_mtime_ns == before
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path / "no_nltk_data")])
    assert ensure_wordnet(system_dirs=[tmp_path / "gone"], cache_dir=tmp_path / "cache") == str(corpus)


def test_missing_wordnet_is_one_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setattr(nltk.data, "path", [str(empty)])
    with pytest.raises(MissingDependencyError) as info:
        ensure_wordnet(system_dirs=[empty], cache_dir=tmp_path / "cache")
    message = str(info.value)
    assert "apt-get install wordnet-base wordnet-sense-index" in message
    assert "python -m nltk.downloader wordnet" in message
    assert isinstance(info.value, ImportError)


def test_partial_debian_install_names_the_missing_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    partial = tmp_path / "partial"
    partial.mkdir()
    for name in ("data.noun", "index.noun"):
        (partial / name).write_text("", encoding="utf-8")
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path / "none")])
    with pytest.raises(MissingDependencyError, match="index.sense is in wordnet-sense-index"):
        ensure_wordnet(system_dirs=[partial], cache_dir=tmp_path / "cache")


def test_meteor_raises_the_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """METEOR's first scoring call reports the missing WordNet (its signature does not need it)."""
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path)])
    monkeypatch.setattr(wordnet_module, "SYSTEM_DIRS", (str(tmp_path / "nothing"),))
    monkeypatch.setenv("SIMPEVAL_CACHE", os.fspath(tmp_path / "cache"))
    metric = METEOR()
    assert metric.get_signature().metric == "METEOR"
    with pytest.raises(MissingDependencyError, match="wordnet-base"):
        metric.sentence_score("a cat", ["a cat"])


@pytest.mark.slow  # a fresh process reads the whole database (about 10 s)
def test_the_first_load_says_what_it_does_once(wordnet: Any) -> None:
    """The first METEOR score of a process takes seconds: stderr says why, once, before the wait."""
    import subprocess
    import sys

    script = (
        "from simpeval.metrics.teaching import METEOR\n"
        "meteor = METEOR()\n"
        "print(meteor.sentence_score('the cat sat', ['a cat sat']).score)\n"
        "print(meteor.sentence_score('the dog ran', ['a dog ran']).score)\n"
    )
    root = Path(__file__).resolve().parents[3]
    env = {**os.environ, "PYTHONPATH": str(root)}
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert run.stderr.count(wordnet_module.LOADING) == 1 and run.stderr.startswith(wordnet_module.LOADING)
    assert len(run.stdout.split()) == 2
