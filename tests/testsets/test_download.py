"""The downloader against a loopback server: download, cache hit, corruption, interruption, offline."""

from __future__ import annotations

import hashlib
import importlib
import io
import os
import time
from pathlib import Path

import pytest

from simpeval.exceptions import SimpevalError
from simpeval.testsets import (
    ChecksumMismatchError,
    DownloadError,
    download,
    get_testset,
    is_cached,
    load_testset,
    resolve_cache_dir,
    testset_dir,
)

dl = importlib.import_module("simpeval.testsets.download")  # the module (the package exports the function)

NAME = "asset-test"


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_download_from_empty_cache(upstream, cache: Path, shared_files) -> None:
    folder = download(NAME)
    assert folder == cache / "testsets" / NAME
    spec = get_testset(NAME)
    assert _listing(folder) == sorted(f.name for f in spec.all_files)  # no temporary files left
    for remote in spec.all_files:
        assert (folder / remote.name).read_bytes() == shared_files[remote.url][0].read_bytes()
    assert len(upstream.requests) == len(spec.all_files)
    assert all(
        path.startswith("/facebookresearch/asset/9d659040d0d8942dbc4cd65cf357563b43fd9ab4/dataset/")
        for path in upstream.requests
    )


def test_cache_hit_makes_no_request(upstream, cache: Path) -> None:
    download(NAME)
    first = len(upstream.requests)
    dl._verified.clear()  # as in a new process: cached files are hashed again, not fetched
    test_set = load_testset(NAME)
    assert len(upstream.requests) == first
    assert len(test_set) == 359 and is_cached(NAME)


def test_cached_set_works_offline(upstream, cache: Path, dead_mirror: str, monkeypatch) -> None:
    download(NAME)
    monkeypatch.setenv("SIMPEVAL_MIRROR", dead_mirror)
    assert len(load_testset(NAME).references) == 10


def test_environment_is_read_at_call_time(upstream, tmp_path: Path, monkeypatch) -> None:
    other = tmp_path / "elsewhere"
    monkeypatch.setenv("SIMPEVAL_CACHE", str(other))
    assert download(NAME) == other / "testsets" / NAME
    assert resolve_cache_dir() == other


def test_arguments_override_the_environment(upstream, tmp_path: Path, dead_mirror: str, monkeypatch) -> None:
    monkeypatch.setenv("SIMPEVAL_MIRROR", dead_mirror)
    folder = download(NAME, cache_dir=tmp_path / "arg", mirror=upstream.url + "/")
    assert folder == tmp_path / "arg" / "testsets" / NAME
    assert upstream.requests


def test_default_cache_dir_follows_xdg(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SIMPEVAL_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    if os.name != "nt":
        assert resolve_cache_dir() == tmp_path / "simpeval"
    monkeypatch.setenv("SIMPEVAL_CACHE", "~/x")
    assert resolve_cache_dir() == Path.home() / "x"


def test_checksum_mismatch_is_an_error_and_leaves_no_file(upstream, cache: Path, shared_files) -> None:
    upstream.mode = "corrupt"
    with pytest.raises(ChecksumMismatchError) as info:
        download(NAME)
    remote = get_testset(NAME).all_files[0]
    body = shared_files[remote.url][0].read_bytes()
    actual = hashlib.sha256(body[:10] + bytes([body[10] ^ 0xFF]) + body[11:]).hexdigest()
    message = str(info.value)
    assert (
        f"{upstream.url}/facebookresearch/asset/9d659040d0d8942dbc4cd65cf357563b43fd9ab4/dataset/asset.test.orig"
        in message
    )
    assert f"expects {remote.sha256}" in message and f"has sha256 {actual}" in message
    assert isinstance(info.value, ValueError) and isinstance(info.value, SimpevalError)
    assert _listing(testset_dir(NAME)) == []


def test_interrupted_download_leaves_nothing_and_a_retry_succeeds(upstream, cache: Path) -> None:
    upstream.mode = "truncate"
    with pytest.raises(DownloadError) as info:
        download(NAME)
    assert "connection closed after" in str(info.value)
    assert isinstance(info.value, OSError)
    assert _listing(testset_dir(NAME)) == []  # neither a complete-looking file nor a temporary one
    upstream.mode = "ok"
    assert is_cached(NAME) is False
    download(NAME)
    assert is_cached(NAME)


def test_short_body_without_length_is_caught_by_the_checksum(upstream, cache: Path) -> None:
    upstream.mode = "short"
    with pytest.raises(ChecksumMismatchError):
        download(NAME)
    assert _listing(testset_dir(NAME)) == []


def test_http_error_names_the_url(upstream, cache: Path) -> None:
    upstream.mode = "missing"
    with pytest.raises(DownloadError, match=r"HTTP 404 .*asset\.test\.orig"):
        download(NAME)


def test_offline_error_names_the_url_and_manual_placement(cache: Path, dead_mirror: str, monkeypatch) -> None:
    monkeypatch.setenv("SIMPEVAL_MIRROR", dead_mirror)
    with pytest.raises(DownloadError) as info:
        load_testset(NAME)
    message = str(info.value)
    remote = get_testset(NAME).all_files[0]
    folder = cache / "testsets" / NAME
    assert (
        f"{dead_mirror}/facebookresearch/asset/9d659040d0d8942dbc4cd65cf357563b43fd9ab4/dataset/asset.test.orig"
        in message
    )
    assert "by hand" in message and str(folder) in message and str(folder / remote.name) in message
    assert remote.sha256 in message and "simpeval testsets download asset-test" in message
    assert _listing(folder) == []


def test_files_placed_by_hand_are_used(cache: Path, dead_mirror: str, monkeypatch, shared_files) -> None:
    monkeypatch.setenv("SIMPEVAL_MIRROR", dead_mirror)
    folder = testset_dir(NAME)
    folder.mkdir(parents=True)
    for remote in get_testset(NAME).all_files:
        (folder / remote.name).write_bytes(shared_files[remote.url][0].read_bytes())
    assert load_testset(NAME).sources[0].startswith("One side of the armed conflicts")


def test_a_corrupted_cached_file_is_fetched_again(upstream, cache: Path) -> None:
    folder = download(NAME)
    victim = folder / get_testset(NAME).all_files[3].name
    victim.write_bytes(b"tampered\n")
    before = len(upstream.requests)
    assert not is_cached(NAME)
    download(NAME)
    assert len(upstream.requests) == before + 1 and is_cached(NAME)


def test_progress_goes_to_the_callback_and_the_library_never_prints(upstream, cache: Path, capsys, monkeypatch) -> None:
    calls: list[tuple[str, int, object]] = []
    download(NAME, progress=lambda name, done, total: calls.append((name, done, total)))
    assert calls and calls[-1][1] == calls[-1][2]

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    download("turkcorpus-test")  # no callback: nothing drawn, even on a terminal
    assert terminal.getvalue() == "" and capsys.readouterr().err == ""


def test_mirror_url_keeps_paths() -> None:
    url = get_testset(NAME).all_files[0].url
    assert dl.mirror_url(url, "https://mirror.example.org/raw/") == (
        "https://mirror.example.org/raw/facebookresearch/asset/9d659040d0d8942dbc4cd65cf357563b43fd9ab4/dataset/asset.test.orig"
    )
    assert dl.mirror_url(url, "") == url


# ---------------------------------------------------------------- bad caches and mirrors
@pytest.mark.parametrize(
    "value",
    [
        "not-a-url",
        "mirror.example.org/gh",
        "http://",
        "http://[bad",
        "http://[::1",
        "http://h:99999/x",
        "http://h:abc/",
    ],
)
def test_mirror_that_is_not_a_url_is_one_clear_error(cache: Path, monkeypatch, value: str) -> None:
    monkeypatch.setenv("SIMPEVAL_MIRROR", value)
    with pytest.raises(DownloadError, match=r"SIMPEVAL_MIRROR is .* not a URL: it needs a scheme and a host"):
        download(NAME)
    with pytest.raises(DownloadError, match="the mirror argument"):
        download(NAME, mirror=value)


def test_cache_path_that_is_a_file_is_one_clear_error(upstream, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(DownloadError, match=r"cannot write test set 'asset-test' to the cache folder .*a-file"):
        download(NAME, cache_dir=blocker)
    assert is_cached(NAME, cache_dir=blocker) is False
    assert blocker.read_text() == "not a folder"


def test_read_only_cache_is_one_clear_error(upstream, cache: Path, monkeypatch) -> None:
    import tempfile

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(cache))

    monkeypatch.setattr(tempfile, "mkstemp", denied)  # as root, chmod would not stop the write
    with pytest.raises(DownloadError, match=r"cache folder .*Permission denied.*SIMPEVAL_CACHE"):
        download(NAME)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions, not root")
def test_read_only_cache_folder_for_real(upstream, cache: Path) -> None:
    folder = testset_dir(NAME)
    folder.mkdir(parents=True)
    folder.chmod(0o555)
    try:
        with pytest.raises(DownloadError, match="Permission denied"):
            download(NAME)
    finally:
        folder.chmod(0o755)


def test_slow_mirror_hits_the_deadline_and_leaves_no_part_file(upstream, cache: Path) -> None:
    upstream.mode = "slow"
    with pytest.raises(DownloadError, match=r"the deadline for one file"):
        download(NAME, deadline=0.1)
    assert _listing(testset_dir(NAME)) == []  # no .part file survives


def test_a_download_removes_the_part_files_a_killed_process_left(upstream, cache: Path) -> None:
    folder = testset_dir(NAME)
    folder.mkdir(parents=True)
    name = get_testset(NAME).all_files[0].name
    orphan, live, other = folder / f".{name}.killed.part", folder / f".{name}.live.part", folder / ".x.old.part"
    for path in (orphan, live, other):
        path.write_bytes(b"half")
    old = time.time() - dl.ORPHAN_AGE - 60
    for path in (orphan, other):
        os.utime(path, (old, old))
    download(NAME)
    assert not orphan.exists()
    assert live.exists() and other.exists()  # a concurrent transfer's file; not one of this set's files


def test_interrupted_download_leaves_no_part_file(upstream, cache: Path, monkeypatch) -> None:
    def interrupt(name, done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        download(NAME, progress=interrupt)
    assert _listing(testset_dir(NAME)) == []


@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
def test_cached_files_follow_the_umask(upstream, cache: Path) -> None:
    old = os.umask(0o022)
    try:
        folder = download(NAME)
    finally:
        os.umask(old)
    modes = {(p.stat().st_mode & 0o777) for p in folder.iterdir()}
    assert modes == {0o644}
