"""The command lines of README.md and docs/getting-started.md run as written, on files a command writes.

Every line of a ```bash block that runs simpeval (``simpeval ...`` or ``cat FILE | simpeval ...``)
runs in one empty folder, in the order of the page, after the page's own ``simpeval demo --write
.`` has written the demo data as the files the examples name (``src.txt``, ``ref0.txt``...,
``sysA.txt``, ``sysB.txt``). A line that names a registered test set (``-t NAME``: a download)
is left out. So the README's first example needs no file from elsewhere.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", ROOT / "docs" / "getting-started.md"]
BASH = re.compile(r"^```bash\n(.*?)^```", re.S | re.M)
SIMPEVAL = re.compile(r"(^|\|\s*)simpeval\b")


def _commands(page: Path) -> list[str]:
    """The page's simpeval lines, continuation lines joined, comments and test-set lines dropped."""
    found = []
    for block in BASH.findall(page.read_text(encoding="utf-8")):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            command = shlex.join(words)
            if SIMPEVAL.search(command.replace("'|'", "|")) and not {"-t", "--test-set"} & set(words):
                found.append(" ".join(words))
    return found


def test_the_readme_writes_the_files_it_names_before_it_names_them() -> None:
    commands = _commands(PAGES[0])
    first = next(k for k, c in enumerate(commands) if "src.txt" in c)
    assert commands[first - 1] == "simpeval demo --write .", commands


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_command_line_runs(page: Path, tmp_path: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "SIMPEVAL_CACHE": str(tmp_path / "cache"),
        "SIMPEVAL_MIRROR": "http://127.0.0.1:9",  # nothing may be downloaded
    }
    work = tmp_path / "work"
    work.mkdir()
    commands = _commands(page)
    assert any("demo" in c for c in commands), f"{page.name}: no simpeval command found"
    for command in commands:
        line = SIMPEVAL.sub(lambda m: f"{m.group(1)}{shlex.quote(sys.executable)} -m simpeval", command)
        result = subprocess.run(line, shell=True, cwd=work, env=env, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, f"{page.name}: `{command}` failed:\n{result.stderr[-2000:]}"
        assert (result.stdout + result.stderr).strip(), f"{page.name}: `{command}` printed nothing"
