"""Shared fixtures and the rules every test runs under.

* The engine policy: the suite runs what users run, the default policy (``engine="fast"`` is compiled
  from :data:`simpeval.engines.jit.COMPILED_MIN_TEXTS` texts on); every engine of every metric is
  compared explicitly in ``tests/engines/test_matrix.py``, and the policy itself is tested in
  ``tests/engines/test_engine_policy.py``. A ``SIMPEVAL_COMPILED_MIN_TEXTS`` in the environment is
  dropped for the session (``SIMPEVAL_TEST_COMPILED_MIN_TEXTS`` sets one on purpose, e.g. 0 to run
  every ``"fast"`` test compiled).
* ``shared`` and ``wordnet`` (and the ``wordnet`` marker): what a test needs from outside the
  repository, skipped when missing and failed when ``CI`` is set (the rule of ``tests/needs.py``).
* ``runner`` and ``tmp_corpus``: a click ``CliRunner`` and a factory of tiny aligned corpora on disk.
* ``learned_defaults`` (autouse): in a ``learned`` test, a learned metric's default model is a tiny BERT.
* The markers of a long test: ``browser``, ``cluster``, ``install``, ``notebook`` and ``learned`` say what
  makes it long, and each implies ``slow`` (:func:`long_tests_are_slow`), so ``pytest -m "not slow"``
  (the loop to run while working) leaves all of them out; plain ``pytest`` (CI) runs everything.
* The order of the run: the files holding a ``slow`` test first (see :func:`slow_files_first`).
* Hypothesis: under ``CI``, the ``ci`` profile (derandomized, no deadline): the same examples on
  every run of the same code, so a red run is one to reproduce, never a draw of bad luck on a
  busy machine; elsewhere each run draws new examples.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

from .needs import require_learned, require_wordnet, shared_path, under_ci, wordnet_missing

#: Markers saying why a test is long (registered in ``pyproject.toml``); each one implies ``slow``.
LONG_MARKERS = ("browser", "cluster", "install", "notebook", "learned", "wordnet")
#: The doctests (under ``simpeval/``) that read WordNet; marked ``wordnet`` at collection.
WORDNET_DOCTESTS = frozenset(
    {"simpeval.metrics.teaching.meteor.METEOR", "simpeval.metrics.teaching.wordnet.ensure_wordnet"}
)


settings.register_profile("ci", derandomize=True, deadline=None)
if under_ci():
    settings.load_profile("ci")


@pytest.fixture(scope="session", autouse=True)
def default_engine_policy() -> Iterator[None]:
    """The engine policy users get, whatever the shell running the suite has set: no
    ``SIMPEVAL_COMPILED_MIN_TEXTS`` (a test of the policy sets its own), unless
    ``SIMPEVAL_TEST_COMPILED_MIN_TEXTS`` asks for a threshold on purpose."""
    with pytest.MonkeyPatch.context() as patch:
        wanted = os.environ.get("SIMPEVAL_TEST_COMPILED_MIN_TEXTS")
        if wanted is None:
            patch.delenv("SIMPEVAL_COMPILED_MIN_TEXTS", raising=False)
        else:
            patch.setenv("SIMPEVAL_COMPILED_MIN_TEXTS", wanted)
        yield


@pytest.fixture(scope="session")
def shared() -> Path:
    """``../shared`` beside the repository: the golden figures, corpora, human ratings and peer suites.

    Missing, it skips the test with a message, or fails it when ``CI`` is set. Helpers that need
    one file call :func:`tests.needs.shared_path` (``shared_path("golden", "corpora.json")``),
    which checks that file the same way.
    """
    return shared_path()


@pytest.fixture(scope="session")
def wordnet() -> object:
    """NLTK's WordNet reader, found offline as METEOR finds it; skipped (failed under ``CI``) with
    the install hint when WordNet is not installed."""
    require_wordnet()
    from simpeval.metrics.teaching.wordnet import load_wordnet

    return load_wordnet()


@pytest.fixture(scope="session")
def tiny_bert_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny random BERT saved in a folder (:mod:`tests.learned_models`), built once per session."""
    require_learned()
    from .learned_models import tiny_model

    return tiny_model("bert", tmp_path_factory.mktemp("tiny-bert"))


@pytest.fixture(autouse=True)
def learned_defaults(request: pytest.FixtureRequest) -> Iterator[None]:
    """In a ``learned`` test, a learned metric made with its default options runs the tiny BERT
    (layer 2) instead of downloading roberta-large: the registry-wide tests run it offline, in seconds."""
    if request.node.get_closest_marker("learned") is None:
        yield
        return
    folder = request.getfixturevalue("tiny_bert_folder")
    from simpeval.metrics.learned.bertscore import BERTScoreConfig

    defaults = BERTScoreConfig.__init__.__defaults__
    assert defaults is not None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(BERTScoreConfig.__init__, "__defaults__", (str(folder), 2, *defaults[2:]))
        yield


def pytest_configure(config: pytest.Config) -> None:
    """Keep the collection order for pytest-xdist (see :func:`slow_files_first`).

    pytest-xdist hands out the files of ``--dist loadfile`` by their number of tests unless told
    not to (``--no-loadscope-reorder``, from 3.8 on: older versions keep that order), so a file of
    a few long tests (the benchmark scripts) started last and kept one core busy alone at the end.
    """
    if getattr(config.option, "loadscopereorder", None) is not None:
        config.option.loadscopereorder = False


def long_tests_are_slow(items: list[pytest.Item]) -> None:
    """Mark ``slow`` every test marked ``browser``, ``cluster``, ``install``, ``notebook``, ``learned`` or
    ``wordnet`` (:data:`LONG_MARKERS`): one marker to leave out, ``-m "not slow"``, and one to order by."""
    for item in items:
        if item.get_closest_marker("slow") is None and any(item.get_closest_marker(m) for m in LONG_MARKERS):
            item.add_marker(pytest.mark.slow)


def slow_files_first(items: list[pytest.Item]) -> None:
    """Sort ``items`` (stably, in place) to run the files holding a ``slow`` test first.

    The whole files move, each kept in one piece and in its own order, so ``--dist loadfile``
    starts the longest files first and ends on the many short ones that fill both cores.
    """
    slow = {item.path for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: item.path not in slow)


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects the tests by their markers
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``wordnet`` the WordNet doctests and the tests of the ``wordnet`` fixture (loading WordNet
    takes seconds); mark ``slow`` the tests of :data:`LONG_MARKERS`; without WordNet, skip every
    ``wordnet`` test (unless ``CI`` is set); put the files holding a ``slow`` test first."""
    for item in items:
        if item.name in WORDNET_DOCTESTS or "wordnet" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.wordnet)
    long_tests_are_slow(items)
    slow_files_first(items)
    needing = [item for item in items if item.get_closest_marker("wordnet") is not None]
    message = wordnet_missing() if needing and not under_ci() else None
    for item in needing if message is not None else ():
        item.add_marker(pytest.mark.skip(reason=message))


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Under ``CI``, a ``wordnet`` test without WordNet fails here, with the install hint; a
    ``learned`` test without PyTorch is skipped here (failed under ``CI``)."""
    if item.get_closest_marker("wordnet") is not None:
        require_wordnet()
    if item.get_closest_marker("learned") is not None:
        require_learned()


FileContent = str | bytes | Sequence[str]

#: A small aligned corpus (written for these tests): sources, three references, two systems.
SMALL_CORPUS: dict[str, list[str]] = {
    "src.txt": [
        "The committee postponed the decision because several members were absent .",
        "Heavy rainfall caused the river to overflow its banks overnight .",
        "The museum , which opened in 1990 , attracts many visitors every summer .",
    ],
    "ref0.txt": [
        "The committee delayed the decision because some members were missing .",
        "Heavy rain made the river flood overnight .",
        "The museum opened in 1990 . Many people visit it every summer .",
    ],
    "ref1.txt": [
        "Some members were absent , so the committee waited to decide .",
        "The river flooded in the night after a lot of rain .",
        "The museum opened in 1990 and many people visit it in summer .",
    ],
    "ref2.txt": [
        "The committee put off the decision because members were away .",
        "The river overflowed overnight because of heavy rain .",
        "Many visitors come to the museum every summer .",
    ],
    "sys1.txt": [
        "The committee delayed the decision because some members were absent .",
        "Heavy rain made the river overflow overnight .",
        "The museum opened in 1990 . It attracts many visitors every summer .",
    ],
    "sys2.txt": [
        "The committee postponed the decision because several members were absent .",
        "Heavy rainfall caused the river to overflow its banks .",
        "The museum , which opened in 1990 , attracts many visitors .",
    ],
}


@pytest.fixture
def runner() -> CliRunner:
    """A click test runner (stderr kept apart from stdout)."""
    return CliRunner()


@pytest.fixture
def tmp_corpus(tmp_path: Path) -> Callable[..., dict[str, str]]:
    """Write files under ``tmp_path`` and return ``{name: path}``.

    Called without arguments it writes :data:`SMALL_CORPUS` plus ``refs.tsv`` (its three
    references tab-separated). A value may be a list of lines (written with a final newline),
    a ``str`` (written as is) or ``bytes`` (written raw).
    """

    def make(files: Mapping[str, FileContent] | None = None) -> dict[str, str]:
        if files is None:
            refs = zip(*(SMALL_CORPUS[f"ref{j}.txt"] for j in range(3)))
            files = {**SMALL_CORPUS, "refs.tsv": ["\t".join(r) for r in refs]}
        paths = {}
        for name, content in files.items():
            path = tmp_path / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            elif isinstance(content, str):
                path.write_bytes(content.encode("utf-8"))
            else:
                path.write_bytes("".join(line + "\n" for line in content).encode("utf-8"))
            paths[name] = str(path)
        return paths

    return make
