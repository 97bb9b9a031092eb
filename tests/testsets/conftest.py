"""A loopback HTTP server standing in for raw.githubusercontent.com, serving ``../shared``.

``../shared/UPSTREAM.md`` maps every shared file to its commit-pinned upstream URL; the
server answers ``GET <URL path>`` with that local file, so pointing ``SIMPEVAL_MIRROR`` at
``http://127.0.0.1:PORT`` makes the downloader fetch exactly what upstream serves. Nothing
here touches the network beyond 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import re
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from ..needs import SHARED, shared_path


def upstream_table() -> dict[str, tuple[Path, str]]:
    """Upstream URL -> (local shared file, sha256), parsed from ``UPSTREAM.md``."""
    table = {}
    for line in shared_path("UPSTREAM.md").read_text(encoding="utf-8").splitlines():
        match = re.match(r"\|\s*(\S+)\s*\|\s*(https://\S+)\s*\|\s*([0-9a-f]{64})\s*\|", line)
        if match:
            local, url, sha = match.groups()
            table[url] = (SHARED / local, sha)
    return table


@dataclass
class Upstream:
    """The running stand-in server and how it misbehaves.

    Attributes:
        url: ``http://127.0.0.1:PORT`` (what ``SIMPEVAL_MIRROR`` is set to).
        files: URL path -> local file served there.
        mode: ``ok``; ``corrupt`` (one byte flipped); ``truncate`` (announces the full
            ``Content-Length``, sends half, closes); ``short`` (half the body, no length);
            ``missing`` (404 for everything); ``slow`` (the body in 512-byte pieces, 20 ms apart).
        requests: the paths requested so far.
    """

    url: str
    files: dict[str, Path]
    mode: str = "ok"
    requests: list[str] = field(default_factory=list)


def _handler(state: Upstream) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"  # one request per connection, closed after the response

        def do_GET(self) -> None:
            state.requests.append(self.path)
            local = state.files.get(self.path)
            if local is None or state.mode == "missing":
                self.send_error(404, "Not Found")
                return
            body = local.read_bytes()
            if state.mode == "corrupt":
                body = body[:10] + bytes([body[10] ^ 0xFF]) + body[11:]
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            if state.mode != "short":
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if state.mode in ("truncate", "short"):
                body = body[: len(body) // 2]
            if state.mode == "slow":
                self._drip(body)
                return
            self.wfile.write(body)

        def _drip(self, body: bytes) -> None:
            try:
                for start in range(0, len(body), 512):
                    self.wfile.write(body[start : start + 512])
                    self.wfile.flush()
                    time.sleep(0.02)
            except OSError:  # the client gave up
                pass

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler


def _dead_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """Every test here: a fresh cache under ``tmp_path`` and a mirror where nothing listens.

    So no test can ever reach the real upstream host, even by mistake; tests that need a
    server use :func:`upstream`, which points the mirror at it.
    """
    cache = tmp_path / "cache"
    dead = _dead_url()
    monkeypatch.setenv("SIMPEVAL_CACHE", str(cache))
    monkeypatch.setenv("SIMPEVAL_MIRROR", dead)
    for var in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    yield cache, dead


@pytest.fixture
def cache(_offline: tuple[Path, str]) -> Path:
    """The (initially empty) cache directory in ``SIMPEVAL_CACHE``."""
    return _offline[0]


@pytest.fixture
def dead_mirror(_offline: tuple[Path, str]) -> str:
    """``http://127.0.0.1:PORT`` where nothing listens (connections are refused at once)."""
    return _offline[1]


@contextlib.contextmanager
def serve_upstream(
    monkeypatch: pytest.MonkeyPatch, mode: str = "ok", files: dict[str, Path] | None = None
) -> Iterator[Upstream]:
    """The server on an ephemeral loopback port, ``SIMPEVAL_MIRROR`` pointing at it (no proxy in the way):
    ``files`` (URL path -> local file), by default every file of ``../shared/UPSTREAM.md``."""
    if files is None:
        files = {urlsplit(url).path: local for url, (local, _) in upstream_table().items()}
    server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    state = Upstream(f"http://127.0.0.1:{server.server_address[1]}", files, mode=mode)
    server.RequestHandlerClass = _handler(state)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    for var in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    monkeypatch.setenv("SIMPEVAL_MIRROR", state.url)
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture
def upstream(monkeypatch: pytest.MonkeyPatch, cache: Path) -> Iterator[Upstream]:
    """Start the server on an ephemeral loopback port and point ``SIMPEVAL_MIRROR`` at it."""
    with serve_upstream(monkeypatch) as state:
        yield state


@pytest.fixture
def shared_files() -> dict[str, tuple[Path, str]]:
    """Upstream URL -> (local copy under ../shared, sha256 listed in UPSTREAM.md)."""
    return upstream_table()
