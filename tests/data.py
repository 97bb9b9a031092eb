"""The shared test data: the folder the tests read it from, and the command that downloads it.

Real corpora, human ratings and reference figures are read from one folder outside the
repository (never copied into it): ``$SIMPEVAL_TEST_DATA`` when set, else ``../shared`` beside
the repository (:func:`data_folder`; ``tests/needs.py``'s ``SHARED``). ``tests/data_sources.tsv``
lists each file of it that has a public upstream: its path in the folder, its URL pinned to a
commit, and its sha256. From the repository's root::

    python -m tests.data download                # fetch what is missing or wrong; good files are kept
    python -m tests.data download --into DIR     # into DIR instead
    python -m tests.data download --check        # check the sha256 of what is there; fetch nothing

Each file goes through the test-set downloader's transfer (:mod:`simpeval.testsets.download`):
written to a temporary file, checked against its sha256, and only then renamed into place. So
a failure leaves no file behind. Each failure is one line naming the file, its URL and the
sha256 expected, and the command exits 1. ``SIMPEVAL_MIRROR`` replaces the upstream host, as for
the test sets; ``--list FILE`` reads another list.

Some of the folder cannot be downloaded (:data:`NOT_DOWNLOADABLE`): ``golden/``, ``peer_suites/``
and ``UPSTREAM.md`` are not in the list, and the tests that read them stay skipped without them.
``hooks/`` holds a script of the development machines, not test data: no test reads it.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The environment variable that names the data folder.
ENV = "SIMPEVAL_TEST_DATA"
#: The list of downloadable files: ``path<TAB>url<TAB>sha256`` per line, ``#`` starts a comment.
SOURCES = Path(__file__).with_name("data_sources.tsv")
#: The command, as the skip messages and the docs name it.
COMMAND = "python -m tests.data download"
#: What the folder holds that the command cannot download, and why (top-level name -> reason).
NOT_DOWNLOADABLE = {
    "golden": (
        "golden/ cannot be downloaded: it holds reference figures computed for this project by running "
        "the peers' own implementations, published nowhere else; copy it from a machine that has the "
        "project's shared folder"
    ),
    "peer_suites": (
        "peer_suites/ cannot be downloaded by this command: it holds unchanged copies of the test files "
        "of sacrebleu (test/ at commit f615c7286d4d813370efb824d94fc2bfcd3a6b94) and EASSE (tests/ at "
        "commit 6a4352ec299ed03fda8ee45445ca43d9c7673e89), which tests/data_sources.tsv does not list; "
        "copy it from a machine that has the project's shared folder"
    ),
    "UPSTREAM.md": (
        "UPSTREAM.md cannot be downloaded: it is a note of the project's shared folder (the table "
        "tests/data_sources.tsv was made from), not an upstream file; copy it from a machine that has "
        "the project's shared folder"
    ),
}
_SHA256 = re.compile(r"[0-9a-f]{64}")
_WORKERS = 8


@dataclass(frozen=True, slots=True)
class Source:
    """One downloadable file: ``path`` in the data folder (POSIX, relative), ``url``, ``sha256``."""

    path: str
    url: str
    sha256: str


def data_folder() -> Path:
    """The folder of shared test data: ``$SIMPEVAL_TEST_DATA`` when set, else ``../shared`` beside
    the repository.

    Examples:
        >>> os.environ.get(ENV) is not None or data_folder() == ROOT.parent / "shared"
        True
    """
    value = os.environ.get(ENV)
    return Path(value).expanduser().absolute() if value else ROOT.parent / "shared"


@cache
def read_sources(path: Path = SOURCES) -> tuple[Source, ...]:
    """The rows of the list ``path``; a malformed row is a ``ValueError`` naming its line."""
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        local = fields[0]
        if (
            len(fields) != 3
            or not local
            or not fields[1].startswith(("https://", "http://"))
            or not _SHA256.fullmatch(fields[2])
            or local.startswith("/")
            or ".." in local.split("/")
        ):
            raise ValueError(
                f"{path}:{number}: a row must be a relative path, a URL and a sha256 (64 lowercase hex "
                f"digits), separated by tabs (got {line!r})"
            )
        rows.append(Source(*fields))
    return tuple(rows)


def how_to_get(path: Path, folder: Path) -> str:
    """How to get ``path``, missing from the data folder ``folder``: the download command, or why
    it cannot be downloaded.

    Examples:
        >>> how_to_get(Path("/d/golden/corpora.json"), Path("/d")).split(":")[0]
        'golden/ cannot be downloaded'
        >>> COMMAND in how_to_get(Path("/d/corpora/asset"), Path("/d"))
        True
    """
    where = f"into {folder} (${ENV} when set, else ../shared beside the repository)"
    fetch = f"run `{COMMAND}` from the repository's root: it fetches the files of tests/data_sources.tsv {where}"
    try:
        relative = path.relative_to(folder).as_posix()
    except ValueError:
        return fetch
    if relative == ".":
        return f"{fetch}; {NOT_DOWNLOADABLE['golden']}; {NOT_DOWNLOADABLE['peer_suites']}"
    top = relative.split("/")[0]
    if top in NOT_DOWNLOADABLE:
        return NOT_DOWNLOADABLE[top]
    if any(s.path == relative or s.path.startswith(relative + "/") for s in read_sources()):
        return fetch
    return f"{relative} is not in tests/data_sources.tsv, so `{COMMAND}` cannot fetch it"


def _sha256(path: Path) -> str:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def _state(path: Path, sha256: str) -> str | None:
    """``None`` when ``path`` is a file with ``sha256``; else what is wrong with it."""
    if not path.exists():
        return "missing"
    if not path.is_file():
        return "not a file"
    actual = _sha256(path)
    return None if actual == sha256 else f"sha256 {actual}"


def _fetch(source: Source, url: str, folder: Path, timeout: float, deadline: float) -> str | None:
    """Download ``source`` from ``url`` into ``folder`` atomically and check it: ``None``, or the error."""
    from simpeval.cache import atomic_write
    from simpeval.exceptions import ChecksumMismatchError, DownloadError
    from simpeval.testsets.download import _transfer

    dest = folder / source.path
    expected = f"expected sha256 {source.sha256}"
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        with atomic_write(dest) as out:  # a temporary file, renamed only once verified
            actual = _transfer(url, out, source.path, None, (timeout, deadline), "")
            if actual != source.sha256:
                raise ChecksumMismatchError(f"{url} sent a file with sha256 {actual}, {expected}; nothing was written")
    except ChecksumMismatchError as err:
        return f"{source.path}: {err}"
    except DownloadError as err:
        return f"{source.path}: {str(err).strip()} ({expected}; nothing was written)"
    except OSError as err:  # the folder: read-only, full, a file in the way
        return (
            f"{source.path}: cannot write {dest} ({err.strerror or err}); it comes from {url}, {expected}. "
            f"Make the folder writable, or choose another with --into or {ENV}"
        )
    return None


def check(folder: Path, sources: Sequence[Source]) -> list[str]:
    """One line per file of ``sources`` that is not in ``folder`` with its sha256 (no network)."""
    problems = []
    for source in sources:
        state = _state(folder / source.path, source.sha256)
        if state is not None:
            problems.append(f"{source.path}: {state} ({source.url}, expected sha256 {source.sha256})")
    return problems


def download(
    folder: Path, sources: Sequence[Source], *, timeout: float = 30.0, deadline: float = 600.0
) -> tuple[list[str], list[str]]:
    """Fetch each file of ``sources`` that ``folder`` lacks or holds with another sha256; keep the
    good ones. Returns the paths fetched and one error line per failure.

    Raises:
        DownloadError: ``$SIMPEVAL_MIRROR`` is not a URL (said once, before anything is fetched).
    """
    from simpeval.testsets.download import mirror_url

    wanted = [(s, mirror_url(s.url)) for s in sources if _state(folder / s.path, s.sha256) is not None]
    pool = ThreadPoolExecutor(max_workers=_WORKERS)
    try:
        results = list(pool.map(lambda job: _fetch(job[0], job[1], folder, timeout, deadline), wanted))
    finally:  # on Ctrl-C too: the files not started yet are not fetched
        pool.shutdown(cancel_futures=True)
    fetched = [s.path for (s, _), error in zip(wanted, results, strict=True) if error is None]
    return fetched, [error for error in results if error is not None]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tests.data download [--into DIR] [--check] [--list FILE]``: 0, or 1 on any failure."""
    parser = argparse.ArgumentParser(prog="python -m tests.data", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("download", help="download the shared test data (tests/data_sources.tsv)")
    command.add_argument(
        "--into", type=Path, help=f"the folder (default: ${ENV}, else ../shared beside the repository)"
    )
    command.add_argument("--check", action="store_true", help="check the sha256 of the files there; download nothing")
    command.add_argument("--list", type=Path, default=SOURCES, help="the list of files (default: %(default)s)")
    args = parser.parse_args(argv)

    folder = args.into.expanduser().absolute() if args.into else data_folder()
    try:
        sources = read_sources(args.list.absolute())
    except (OSError, ValueError) as err:
        print(f"cannot read the list of files: {err}", file=sys.stderr)
        return 1
    if args.check:
        problems = check(folder, sources)
        for line in problems:
            print(line, file=sys.stderr)
        summary = f"{len(sources) - len(problems)} of {len(sources)} files in {folder} have their sha256"
        print(f"{summary}; `{COMMAND}` fetches the others" if problems else summary)
        return 1 if problems else 0
    print(f"downloading what {folder} lacks of the {len(sources)} files of {args.list.name}")
    from simpeval.exceptions import DownloadError

    try:
        fetched, errors = download(folder, sources)
    except DownloadError as err:  # SIMPEVAL_MIRROR is not a URL
        print(err, file=sys.stderr)
        return 1
    for line in errors:
        print(line, file=sys.stderr)
    kept = len(sources) - len(fetched) - len(errors)
    print(f"{len(fetched)} downloaded, {kept} already there, {len(errors)} failed")
    absent = [reason for name, reason in NOT_DOWNLOADABLE.items() if not (folder / name).exists()]
    for reason in absent:
        print(f"not downloaded: {reason}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
