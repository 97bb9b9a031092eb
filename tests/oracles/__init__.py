"""Peers' packages that need a venv of their own answer once; the suite compares with their frozen answers.

lens-metric pins pytorch-lightning 2.0.9 and pandas < 2; textstat's wheel ships a top-level ``tests``
package that would shadow this project's. Neither can live in the test environment, and building their
venvs (PyTorch again, minutes) on every run repeated the same answer. So each such oracle is declared
here (:data:`ORACLES`, one module each) and answers once:

* ``python -m tests.oracles regenerate NAME`` builds the oracle's pinned venv, makes its inputs (for LENS,
  tiny random checkpoints built from fixed seeds), runs the peer's own code on them (``runners/run_NAME.py``,
  which imports nothing from simpeval) and writes ``answers/NAME.json``: the answers, the inputs'
  digests, the versions the oracle ran with and the command;
* ``python -m tests.oracles regenerate NAME --check`` does the same and compares with the frozen file
  instead of writing it: exit 1, naming every difference. Run it whenever a metric with an oracle, or
  the oracle's pins, change (CONTRIBUTING.md); ``.ci/run`` runs it when ``SIMPEVAL_CI_FULL=1``.

The tests read the answers with :func:`frozen`; an input whose digest differs from the frozen one (a
checkpoint built otherwise by another PyTorch) fails with the command that makes new answers.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ANSWERS = HERE / "answers"


@dataclass(frozen=True)
class Oracle:
    """A peer's package answering in a venv of its own.

    Attributes:
        name: the oracle's name (``answers/<name>.json``, ``run_<name>.py``).
        requirements: what ``pip install`` puts in its venv, pinned.
        make: ``make(workdir) -> (request, inputs)``: the request the runner reads (with paths under
            ``workdir``) and the description of the inputs kept in the answers (their digests).
        project_requirements: names of the test environment's packages whose installed versions go
            into the oracle's venv too (both sides then split and look up alike).
    """

    name: str
    requirements: tuple[str, ...]
    make: Callable[[Path], tuple[dict[str, Any], dict[str, Any]]]
    project_requirements: tuple[str, ...] = ()

    @property
    def runner(self) -> Path:
        return HERE / "runners" / f"run_{self.name}.py"

    @property
    def answers(self) -> Path:
        return ANSWERS / f"{self.name}.json"

    def pins(self) -> list[str]:
        """:attr:`requirements` and the test environment's version of each :attr:`project_requirements`."""
        from importlib.metadata import version

        return [*self.requirements, *(f"{name}=={version(name)}" for name in self.project_requirements)]


def command(name: str) -> str:
    """The command that makes ``name``'s answers."""
    return f"python -m tests.oracles regenerate {name}"


@cache
def frozen(name: str) -> dict[str, Any]:
    """The frozen answers of oracle ``name`` (``answers/<name>.json``)."""
    path = ORACLES[name].answers
    if not path.is_file():
        raise AssertionError(f"{path} is missing: make it with `{command(name)}`")
    answers: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return answers


def digest_files(paths: Mapping[str, Path]) -> str:
    """sha256 of the named files' bytes (names sorted; each name and its bytes)."""
    sha = hashlib.sha256()
    for name in sorted(paths):
        sha.update(name.encode("utf-8") + b"\0" + paths[name].read_bytes() + b"\0")
    return sha.hexdigest()


def digest_tensors(tensors: Mapping[str, Any]) -> str:
    """sha256 of named tensors: each name, dtype, shape and little-endian bytes, names sorted."""
    import numpy as np

    sha = hashlib.sha256()
    for name in sorted(tensors):
        array = np.ascontiguousarray(tensors[name].detach().cpu().numpy())
        sha.update(f"{name}|{array.dtype.str}|{array.shape}|".encode())
        sha.update(array.astype(array.dtype.newbyteorder("<"), copy=False).tobytes())
    return sha.hexdigest()


def build_venv(oracle: Oracle, folder: Path) -> Path:
    """A venv in ``folder`` with the oracle's pins (kept if ``folder`` already has a python); its python."""
    python = folder / "bin" / "python"
    if not python.is_file():
        subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *oracle.pins()], check=True)
    return python


def ask(python: Path | str, oracle: Oracle, request: dict[str, Any]) -> dict[str, Any]:
    """Run the oracle's runner with ``python`` on ``request``; its answer (the last line of stdout)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "request.json"
        path.write_text(json.dumps(request), encoding="utf-8")
        done = subprocess.run(
            [str(python), "-W", "ignore", str(oracle.runner), str(path)],
            capture_output=True,
            text=True,
            check=False,
            # the oracle's venv must not see this checkout's packages (textstat's `tests` would shadow ours)
            cwd=tmp,
            env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        )
    if done.returncode != 0:
        raise RuntimeError(f"the oracle {oracle.runner.name} failed:\n{done.stderr[-3000:]}")
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def answer(oracle: Oracle, python: Path | str, workdir: Path) -> dict[str, Any]:
    """The answers file's content: the oracle run on freshly made inputs."""
    request, inputs = oracle.make(workdir)
    reply = ask(python, oracle, request)
    return {
        "oracle": oracle.name,
        "command": command(oracle.name),
        "requirements": oracle.pins(),
        "versions": reply.pop("versions"),
        "inputs": inputs,
        "answers": reply,
    }


def differences(expected: Any, found: Any, where: str = "") -> list[str]:
    """Every place where two JSON values differ (exactly: the oracle's own numbers), as readable lines."""
    if isinstance(expected, dict) and isinstance(found, dict):
        out = [f"{where}/{key}: only in the frozen answers" for key in expected.keys() - found.keys()]
        out += [f"{where}/{key}: only in the live answers" for key in found.keys() - expected.keys()]
        for key in sorted(expected.keys() & found.keys()):
            out += differences(expected[key], found[key], f"{where}/{key}")
        return out
    if isinstance(expected, list) and isinstance(found, list) and len(expected) == len(found):
        return [line for k, (a, b) in enumerate(zip(expected, found)) for line in differences(a, b, f"{where}[{k}]")]
    return [] if expected == found else [f"{where}: frozen {expected!r}, live {found!r}"]


def _oracles() -> dict[str, Oracle]:
    from . import lens, textstat

    return {oracle.name: oracle for oracle in (lens.ORACLE, textstat.ORACLE)}


#: Every oracle, by name.
ORACLES: Mapping[str, Oracle] = _oracles()
