"""``python -m tests.data download``: the shared test data, fetched and checked file by file.

Tiny files written here are served from 127.0.0.1 by the stand-in for the upstream host of
``conftest.py`` (its handler, with its ways of misbehaving), never by the network: the autouse
``_offline`` fixture points ``SIMPEVAL_MIRROR`` where nothing listens. The last tests check the
repository's own list against ``../shared`` (skipped without it, failed under ``CI``).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from .. import needs
from ..data import COMMAND, ENV, NOT_DOWNLOADABLE, SOURCES, data_folder, how_to_get, main, read_sources
from ..needs import ROOT, SHARED, shared_path, shared_paths
from .conftest import Upstream, serve_upstream, upstream_table

UPSTREAM = "https://raw.githubusercontent.com/owner/repo/0123456789abcdef0123456789abcdef01234567"
#: Two tiny files written for these tests: their paths in the data folder and their bytes.
FILES = {
    "corpora/tiny/a.txt": b"The cat sat on the mat.\nA second line.\n",
    "human_ratings/b.csv": b"system,score\nsysA,90\nsysB,10\n",
}


def _sha256(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


def _files(folder: Path) -> list[str]:
    """Every file under ``folder`` (temporary ones included), relative, sorted."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


@pytest.fixture
def listed(tmp_path: Path) -> Path:
    """A list of the two tiny files (``path<TAB>url<TAB>sha256``), as ``tests/data_sources.tsv`` is."""
    rows = [f"{path}\t{UPSTREAM}/{path}\t{_sha256(body)}" for path, body in FILES.items()]
    listing = tmp_path / "sources.tsv"
    listing.write_text("# two tiny files\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return listing


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Upstream]:
    """The tiny files on a loopback server, ``SIMPEVAL_MIRROR`` pointing at it."""
    origin = tmp_path / "origin"
    files = {}
    for path, body in FILES.items():
        (origin / path).parent.mkdir(parents=True, exist_ok=True)
        (origin / path).write_bytes(body)
        files[urlsplit(f"{UPSTREAM}/{path}").path] = origin / path
    with serve_upstream(monkeypatch, files=files) as state:
        yield state


def test_downloads_every_listed_file(served: Upstream, listed: Path, tmp_path: Path, capsys) -> None:
    into = tmp_path / "data"
    assert main(["download", "--into", str(into), "--list", str(listed)]) == 0
    assert _files(into) == sorted(FILES)  # no temporary file left
    assert all((into / path).read_bytes() == body for path, body in FILES.items())
    assert "2 downloaded, 0 already there, 0 failed" in capsys.readouterr().out
    assert main(["download", "--check", "--into", str(into), "--list", str(listed)]) == 0


def test_a_checksum_mismatch_is_one_clear_error_and_leaves_no_file(
    served: Upstream, listed: Path, tmp_path: Path, capsys
) -> None:
    served.mode = "corrupt"
    into = tmp_path / "data"
    assert main(["download", "--into", str(into), "--list", str(listed)]) == 1
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == len(FILES)  # one line per file
    for path, body in FILES.items():
        (line,) = [e for e in errors if e.startswith(f"{path}: ")]
        assert f"{served.url}/owner/repo/" in line and line.count(path) == 2  # the file and its URL
        assert f"expected sha256 {_sha256(body)}" in line and "nothing was written" in line
    assert _files(into) == []  # neither the final name nor a temporary file


def test_a_good_file_is_kept_and_a_wrong_one_replaced(served: Upstream, listed: Path, tmp_path: Path) -> None:
    into = tmp_path / "data"
    good, wrong = FILES
    for path, body in ((good, FILES[good]), (wrong, b"edited by hand\n")):
        (into / path).parent.mkdir(parents=True, exist_ok=True)
        (into / path).write_bytes(body)
    os.utime(into / good, ns=(1_000_000_000, 1_000_000_000))
    assert main(["download", "--into", str(into), "--list", str(listed)]) == 0
    assert served.requests == [urlsplit(f"{UPSTREAM}/{wrong}").path]  # the good file is not fetched
    assert (into / good).stat().st_mtime_ns == 1_000_000_000  # nor rewritten
    assert (into / wrong).read_bytes() == FILES[wrong]


def test_a_failed_download_names_the_file_url_and_checksum(
    served: Upstream, listed: Path, tmp_path: Path, capsys
) -> None:
    served.mode = "missing"
    into = tmp_path / "data"
    assert main(["download", "--into", str(into), "--list", str(listed)]) == 1
    path = next(iter(FILES))
    (line,) = [e for e in capsys.readouterr().err.splitlines() if e.startswith(f"{path}: ")]
    assert "HTTP 404" in line and f"{served.url}/owner/repo/" in line
    assert f"expected sha256 {_sha256(FILES[path])}" in line
    assert _files(into) == []


def test_check_reads_no_network_and_names_each_bad_file(listed: Path, tmp_path: Path, capsys) -> None:
    into = tmp_path / "data"
    missing, wrong = FILES
    (into / wrong).parent.mkdir(parents=True)
    (into / wrong).write_bytes(b"edited by hand\n")
    assert main(["download", "--check", "--into", str(into), "--list", str(listed)]) == 1  # the mirror is dead
    captured = capsys.readouterr()
    assert f"{missing}: missing ({UPSTREAM}/{missing}, expected sha256 {_sha256(FILES[missing])})" in captured.err
    edited = _sha256(b"edited by hand\n")
    assert f"{wrong}: sha256 {edited} ({UPSTREAM}/{wrong}, expected sha256 {_sha256(FILES[wrong])})" in captured.err
    assert "0 of 2 files" in captured.out and COMMAND in captured.out
    assert (into / wrong).read_bytes() == b"edited by hand\n"  # --check changes nothing


def test_a_mirror_that_is_not_a_url_is_said_once(listed: Path, tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("SIMPEVAL_MIRROR", "not-a-url")
    assert main(["download", "--into", str(tmp_path / "data"), "--list", str(listed)]) == 1
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 1 and "SIMPEVAL_MIRROR is 'not-a-url', which is not a URL" in errors[0]


def test_a_malformed_list_is_one_error_naming_its_line(tmp_path: Path, capsys) -> None:
    listing = tmp_path / "sources.tsv"
    listing.write_text(f"# comment\n../escape.txt\t{UPSTREAM}/x\t{'0' * 64}\n", encoding="utf-8")
    assert main(["download", "--check", "--into", str(tmp_path), "--list", str(listing)]) == 1
    assert f"{listing}:2: a row must be a relative path" in capsys.readouterr().err


def test_the_folder_is_simpeval_test_data_else_shared_beside_the_repository(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv(ENV, raising=False)
    assert data_folder() == ROOT.parent / "shared"
    monkeypatch.setenv(ENV, str(tmp_path))
    assert data_folder() == tmp_path


def test_the_command_runs_from_the_repository_root(tmp_path: Path) -> None:
    env = {**os.environ, ENV: str(tmp_path / "data")}
    done = subprocess.run(
        [sys.executable, "-m", "tests.data", "download", "--check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1 and f"0 of {len(read_sources())} files in {tmp_path / 'data'}" in done.stdout


@pytest.mark.parametrize(
    ("parts", "says"),
    [
        (("corpora", "asset"), COMMAND),
        (("corpora", "asset", "asset.test.orig"), COMMAND),
        (("golden", "corpora.json"), NOT_DOWNLOADABLE["golden"]),
        (("peer_suites", "sacrebleu"), NOT_DOWNLOADABLE["peer_suites"]),
        (("UPSTREAM.md",), NOT_DOWNLOADABLE["UPSTREAM.md"]),
    ],
)
def test_a_missing_file_says_how_to_get_it(monkeypatch, tmp_path: Path, parts: tuple[str, ...], says: str) -> None:
    """The skip message of ``needs.shared_path`` and ``needs.shared_paths``: the download command,
    or why the file cannot be downloaded."""
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(needs, "SHARED", tmp_path)
    assert says in how_to_get(tmp_path.joinpath(*parts), tmp_path)
    with pytest.raises(pytest.skip.Exception, match="shared data missing") as info:
        shared_path(*parts)
    assert says in str(info.value)
    with pytest.raises(pytest.skip.Exception) as info:
        shared_paths([tmp_path.joinpath(*parts)])
    assert says in str(info.value)


# ------------------------------------------------------------------ the repository's own list
def test_the_list_is_upstream_md_and_every_checksum_holds() -> None:
    """``tests/data_sources.tsv`` against ``../shared``: every row of UPSTREAM.md's table is in it with
    the same URL and sha256, and every file it lists is there with that sha256."""
    table = {str(local.relative_to(SHARED)): (url, sha) for url, (local, sha) in upstream_table().items()}
    rows = {s.path: (s.url, s.sha256) for s in read_sources()}
    assert len(rows) == len(read_sources())  # no path twice
    assert {path: rows.get(path) for path in table} == table
    extra = set(rows) - set(table)  # byte-identical copies of listed files, at another path
    assert all(rows[path] in table.values() for path in extra), sorted(extra)
    present = shared_paths([SHARED / path for path in rows])
    assert [p for p, s in zip(present, read_sources(), strict=True) if _digest(p) != s.sha256] == []


@pytest.mark.slow
def test_the_whole_list_downloads_from_a_mirror_of_shared(upstream: Upstream, tmp_path: Path, capsys) -> None:
    """Every listed file is served where its URL points (the stand-in serves UPSTREAM.md's table)."""
    served = {urlsplit(url).path for url in upstream_table()}
    assert [s.path for s in read_sources() if urlsplit(s.url).path not in served] == []
    into = tmp_path / "data"
    assert main(["download", "--into", str(into), "--list", str(SOURCES)]) == 0
    assert _files(into) == sorted(s.path for s in read_sources())


def _digest(path: Path) -> str:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()
