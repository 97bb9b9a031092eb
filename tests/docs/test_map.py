"""The maps say what the code is: ARCHITECTURE.md, CONTRIBUTING.md and the catalogue, read back.

As ``tests/metrics/test_extending_walkthrough.py`` does for the extending guide, each check parses
a document and compares what it lists with the code it describes:

* ARCHITECTURE.md's module list names every module and subpackage of ``simpeval`` once and none
  that does not exist, in the order of the layers contract of ``pyproject.toml`` (its claim:
  imports point one way, down the list); every module its descriptions name exists there;
* its engine table names the engines each metric accepts, the one that runs without Numba, and
  thresholds equal to the constants of the code (``jit.COMPILED_MIN_TEXTS``,
  ``ngram_numpy.MIN_TEXTS``); a constant quoted with its value in either file has that value;
* every ``.py`` file either file names exists;
* CONTRIBUTING.md's markers are ``pyproject.toml``'s, those it says imply ``slow`` are
  ``tests/conftest.py``'s, and its folder table names every folder of tests;
* the extras table of ``docs/getting-started.md`` lists every extra a user installs (those of the
  development, ``test``, ``lint``, ``docs``, aside);
* each section of the bad-input catalogue (``docs/catalogue.md``) names the module of
  ``tests/catalogue/`` whose cases are its rows and their id range; CONTRIBUTING.md names the
  same modules and ranges, and the next free id.

Fast and without a subprocess: the documents are read as text, the code as modules or syntax trees.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from simpeval import get_metric
from simpeval.engines import jit, ngram_numpy, pool
from simpeval.exceptions import InvalidOptionError

from ..conftest import LONG_MARKERS
from ..needs import ROOT

PACKAGE = ROOT / "simpeval"
ARCHITECTURE = ROOT / "ARCHITECTURE.md"
CONTRIBUTING = ROOT / "CONTRIBUTING.md"
CATALOGUE = ROOT / "docs" / "catalogue.md"
CATALOGUE_TESTS = ROOT / "tests" / "catalogue"
GETTING_STARTED = ROOT / "docs" / "getting-started.md"
#: The extras of development, not features: ``test`` (and ``test-...``), ``lint``, ``docs``.
DEVELOPMENT_EXTRAS = re.compile(r"test(-.+)?|lint|docs")
#: A line of the module list that starts an entry: two spaces, the name, then its description.
ENTRY = re.compile(r"^  (\S+)(?:\s{2,}(.*))?$")
#: A ``.py`` file a description names: ``pool.py``, ``engines/ranges.py``.
MODULE = re.compile(r"(?<![\w/.-])((?:\w+/)*\w+\.py)\b")
#: The constants the maps quote, by the name they quote them with.
CONSTANTS = {
    "COMPILED_MIN_TEXTS": jit.COMPILED_MIN_TEXTS,
    "MIN_TEXTS": ngram_numpy.MIN_TEXTS,
    "MIN_SEGMENTS_PER_WORKER": pool.MIN_SEGMENTS_PER_WORKER,
}
#: Files the maps name that belong to the peers (cocoxu/simplification's ``SARI.py``), not to this repository.
PEER_FILES = frozenset({"SARI.py"})
#: The engine table's metrics, by the name it gives them: their registry names.
TABLE_METRICS = {"SARI": "sari", "BLEU": "bleu", "chrF": "chrf", "TER": "ter"}


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def _section(text: str, heading: str) -> str:
    """The part of ``text`` under ``## heading``, up to the next ``## `` heading."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : None if end < 0 else end]


def _table(section: str, header: str) -> list[list[str]]:
    """The rows (cells stripped) of the Markdown table in ``section`` whose first cell is ``header``."""
    lines = section.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {header} |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split(" | ")])
    return rows


# ---------------------------------------------------------------- ARCHITECTURE.md: the module list
def module_list() -> list[tuple[str, str]]:
    """The module list's entries (``hf/``, ``io.py``...), each with its description, in the page's order."""
    lines = _text(ARCHITECTURE).split("\n")
    entries: list[list[str]] = []
    for line in lines[lines.index("simpeval/") + 1 :]:
        if line.startswith("```"):
            break
        found = ENTRY.match(line)
        if found:
            entries.append([found.group(1), found.group(2) or ""])
        elif entries and line.strip():
            entries[-1][1] += " " + line.strip()
    return [(name, description) for name, description in entries]


def package_rooms() -> set[str]:
    """Every module (``io.py``) and subpackage (``hf/``) at the top of ``simpeval``."""
    rooms = set()
    for path in PACKAGE.iterdir():
        if path.is_dir() and (path / "__init__.py").is_file():
            rooms.add(f"{path.name}/")
        elif path.suffix == ".py" and path.name != "__init__.py":
            rooms.add(path.name)
    return rooms


def layers() -> list[set[str]]:
    """The layers of the import-linter contract, top first, as sets of room names (``hf/``, ``io.py``)."""
    contracts = tomllib.loads(_text(ROOT / "pyproject.toml"))["tool"]["importlinter"]["contracts"]
    (contract,) = [c for c in contracts if c["type"] == "layers"]
    found = []
    for layer in contract["layers"]:
        modules = [name.strip().removeprefix("simpeval.") for name in layer.split("|")]
        found.append({f"{m}/" if (PACKAGE / m).is_dir() else f"{m}.py" for m in modules})
    return found


def test_the_module_list_names_every_room_once() -> None:
    names = [name for name, _ in module_list()]
    assert len(names) >= 20, "ARCHITECTURE.md: the module list after the line 'simpeval/' was not found"
    assert len(names) == len(set(names)), f"listed twice: {sorted({n for n in names if names.count(n) > 1})}"
    missing = sorted(package_rooms() - set(names))
    assert not missing, f"ARCHITECTURE.md's module list lacks {missing}: add a line for each"
    absent = sorted(name for name in names if not (PACKAGE / name.rstrip("/")).exists())
    assert not absent, f"ARCHITECTURE.md lists {absent}, which simpeval does not have"


def test_the_module_list_goes_down_the_layers() -> None:
    """ "Imports point one way, down the list": the list follows the layers of pyproject.toml."""
    ranks = {name: rank for rank, layer in enumerate(layers()) for name in layer}
    listed = [(name, ranks[name]) for name, _ in module_list() if name in ranks]
    assert {name for name, _ in listed} == set(ranks), "every layer's module is on the list"
    for (above, high), (below, low) in zip(listed, listed[1:]):
        assert high <= low, f"ARCHITECTURE.md lists {below} (layer {low}) after {above} (layer {high})"


def test_the_module_list_names_only_modules_that_exist() -> None:
    for name, description in module_list():
        room = PACKAGE / name.rstrip("/")
        for module in MODULE.findall(description):
            if "/" in module:
                exists = (PACKAGE / module).is_file() or (room / module).is_file()
            else:
                exists = any((room if room.is_dir() else PACKAGE).rglob(module))
            assert exists, f"ARCHITECTURE.md's entry {name} names {module}, which does not exist there"


def test_every_python_file_the_maps_name_exists() -> None:
    where = [ROOT, PACKAGE]
    names = {path.name for top in ("simpeval", "tests", "benchmarks", ".ci") for path in (ROOT / top).rglob("*.py")}
    for document in (ARCHITECTURE, CONTRIBUTING):
        for quoted in re.findall(r"`([^`\s]+\.py)`", _text(document)):
            exists = any((top / quoted).is_file() for top in where) or ("/" not in quoted and quoted in names)
            exists = exists or quoted in PEER_FILES
            assert exists, f"{document.name} names `{quoted}`, which does not exist"


# ---------------------------------------------------------------- ARCHITECTURE.md: engines and thresholds
def engine_rows() -> dict[str, list[list[str]]]:
    """The engine table's rows, by registry name of the metric."""
    rows: dict[str, list[list[str]]] = {}
    for row in _table(_section(_text(ARCHITECTURE), "Engine choice"), "metric"):
        rows.setdefault(TABLE_METRICS[row[0]], []).append(row)
    return rows


def accepted_engines(name: str) -> set[str]:
    """The ``engine`` values metric ``name`` accepts, read from the error naming them."""
    with pytest.raises(InvalidOptionError) as error:
        get_metric(name, engine="no-such-engine")
    message = str(error.value).partition("(got")[0]
    return set(re.findall(r"'([\w-]+)'", message))


def _quoted(cell: str) -> set[str]:
    return set(re.findall(r'"([\w-]+)"', cell))


def test_the_engine_table_has_every_engine_of_each_metric() -> None:
    rows = engine_rows()
    assert set(rows) == set(TABLE_METRICS.values())
    for name, metric_rows in rows.items():
        listed = set().union(*(_quoted(row[1]) for row in metric_rows))
        assert listed == accepted_engines(name) - {"fast"}, f"ARCHITECTURE.md's engine table, {name}"


def test_the_engine_table_says_which_engine_runs_without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jit, "NUMBA_AVAILABLE", False)
    for name, metric_rows in engine_rows().items():
        fallback = get_metric(name).engine  # engine="fast" without Numba
        said = [engine for row in metric_rows if "without Numba" in row[3] for engine in _quoted(row[1])]
        assert said == [fallback], f"ARCHITECTURE.md: without Numba {name} runs {fallback!r}, the table says {said}"
        compiled = [row for row in metric_rows if _quoted(row[1]) == {"numba"}]
        assert len(compiled) == 1 and "with Numba" in compiled[0][3], f"{name}: the compiled engine needs Numba"


def test_the_engine_table_thresholds_are_the_constants() -> None:
    compiled, small = CONSTANTS["COMPILED_MIN_TEXTS"], CONSTANTS["MIN_TEXTS"]
    checked = 0
    for metric_rows in engine_rows().values():
        for row in metric_rows:
            when = row[3]
            for number in re.findall(r">= ([\d,]+) texts", when):
                assert _number(number) == compiled, when
                checked += 1
            for number in re.findall(r"< ([\d,]+) texts", when):
                assert _number(number) in (compiled, small), when
                checked += 1
            for low, high in re.findall(r"([\d,]+) to ([\d,]+) texts", when):
                assert (_number(low), _number(high)) == (small, compiled - 1), when
                checked += 1
            for number in re.findall(r"from ([\d,]+) texts", when):
                assert _number(number) == small, when
                checked += 1
    assert checked >= 10, "the engine table's 'runs under \"fast\"' column gives the thresholds"


@pytest.mark.parametrize("document", [ARCHITECTURE, CONTRIBUTING], ids=lambda path: path.name)
def test_a_constant_quoted_with_its_value_has_that_value(document: Path) -> None:
    text = _text(document)
    quoted = re.findall(r"`(?:\w+\.)?([A-Z][A-Z_]+)`\s+\(([\d,]+)\)", text)  # `MIN_SEGMENTS_PER_WORKER` (5,000)
    quoted += [(name, number) for number, name in re.findall(r"([\d,]+) texts\s+\(`(?:\w+\.)?([A-Z][A-Z_]+)`", text)]
    for name, number in quoted:
        assert name in CONSTANTS and _number(number) == CONSTANTS[name], f"{document.name}: {name} is not {number}"
    for number in re.findall(r"SIMPEVAL_COMPILED_MIN_TEXTS=(\d+)", text):
        assert int(number) in (0, CONSTANTS["COMPILED_MIN_TEXTS"]), (
            f"{document.name}: the default policy is not {number}"
        )
    if document == ARCHITECTURE:
        assert len(quoted) >= 3, quoted


# ---------------------------------------------------------------- CONTRIBUTING.md: markers and folders
def test_the_markers_are_those_registered() -> None:
    registered = {
        line.split(":")[0].strip()
        for line in tomllib.loads(_text(ROOT / "pyproject.toml"))["tool"]["pytest"]["ini_options"]["markers"]
    }
    section = _section(_text(CONTRIBUTING), "Tests")
    listed = {row[0].strip("`") for row in _table(section, "Marker")}
    assert listed == registered, f"CONTRIBUTING.md's marker table: {sorted(listed ^ registered)}"
    implying = re.search(r"((?:`\w+`,?\s)+and `\w+`) say why a test is long and each implies\s+`slow`", section)
    assert implying is not None
    assert set(re.findall(r"`(\w+)`", implying.group(1))) == set(LONG_MARKERS)


def test_the_folder_table_names_every_folder_of_tests() -> None:
    folders = {
        f"tests/{path.name}/" for path in (ROOT / "tests").iterdir() if path.is_dir() and any(path.rglob("test_*.py"))
    }
    table = _table(_section(_text(CONTRIBUTING), "Tests"), "Folder")
    listed = {folder for row in table for folder in re.findall(r"`(tests/\w+/)`", row[0])}
    assert listed == folders, f"CONTRIBUTING.md's folder table: {sorted(listed ^ folders)}"
    beside = re.search(r"mirroring the package, plus ((?:`\w+/`,?\s)+and `\w+/`)", _text(ARCHITECTURE))
    assert beside is not None
    own = {f"tests/{name}" for name in re.findall(r"`(\w+/)`", beside.group(1))}
    assert own == {folder for folder in folders if not (PACKAGE / folder.split("/")[1]).is_dir()}


# ---------------------------------------------------------------- the extras users install
def test_getting_started_lists_every_extra() -> None:
    declared = tomllib.loads(_text(ROOT / "pyproject.toml"))["project"]["optional-dependencies"]
    features = {name for name in declared if not DEVELOPMENT_EXTRAS.fullmatch(name)}
    table = _table(_text(GETTING_STARTED), "extra")
    listed = {name for row in table for name in re.findall(r"`([\w-]+)`", row[0])}
    assert listed == features, f"docs/getting-started.md's extras table: {sorted(listed ^ features)}"


# ---------------------------------------------------------------- the bad-input catalogue's ids
def case_ids(module: Path) -> list[int]:
    """The ids of the cases ``module`` lists in ``CASES`` (``Case("C146", ...)`` -> 146), in order."""
    for node in ast.parse(_text(module)).body:
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        if isinstance(target, ast.Name) and target.id == "CASES":
            assert isinstance(node.value, ast.List)  # type: ignore[attr-defined]
            firsts = [call.args[0] for call in node.value.elts if isinstance(call, ast.Call) and call.args]  # type: ignore[attr-defined]
            return [int(arg.value[1:]) for arg in firsts if isinstance(arg, ast.Constant)]
    return []


def catalogue_modules() -> dict[str, list[int]]:
    """The modules of ``tests/catalogue`` that hold cases, and their ids."""
    found = {path.name: case_ids(path) for path in sorted(CATALOGUE_TESTS.glob("test_*.py"))}
    return {name: ids for name, ids in found.items() if ids}


def _range(ids: list[int]) -> tuple[int, int]:
    assert ids == list(range(ids[0], ids[-1] + 1)), f"not consecutive: {ids}"
    return ids[0], ids[-1]


def test_each_catalogue_section_names_its_module_and_range() -> None:
    modules = catalogue_modules()
    sections = re.split(r"\n## ", _text(CATALOGUE))[1:]
    named = []
    for section in sections:
        heading = re.match(r".*\(C(\d+)-C(\d+)\)$", section.split("\n", 1)[0])
        if heading is None:
            continue
        rows = [int(found) for found in re.findall(r"^\| C(\d+) \|", section, re.M)]
        module = re.search(r"Each row is a case of `tests/catalogue/(\w+\.py)`", section)
        assert module is not None, f"catalogue section {section[:60]!r} names no module"
        assert (int(heading[1]), int(heading[2])) == _range(rows) == _range(modules[module[1]]), section[:80]
        named.append(module[1])
    assert sorted(named) == sorted(modules), "each module of tests/catalogue has its section"


def test_contributing_names_every_catalogue_module_its_range_and_the_next_id() -> None:
    modules = catalogue_modules()
    bullet = _text(CONTRIBUTING).split("- **Bad input.**", 1)[1].split("\n- **", 1)[0]
    said = {name: (int(low), int(high)) for name, low, high in re.findall(r"`(\w+\.py)`\s+\(C(\d+)-C(\d+)\)", bullet)}
    assert said == {name: _range(ids) for name, ids in modules.items()}, "CONTRIBUTING.md's catalogue ranges"
    highest = max(max(ids) for ids in modules.values())
    last = max(modules, key=lambda name: max(modules[name]))
    next_id = re.search(r"the next id \(C(\d+)\) in the last\s+module", bullet)
    assert next_id is not None and int(next_id[1]) == highest + 1, f"CONTRIBUTING.md: the next id is C{highest + 1}"
    assert list(said)[-1] == last, f"CONTRIBUTING.md: the last module is {last}"
