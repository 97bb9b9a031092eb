"""``simpeval demo --write DIR``: the demo data under the file names of the README's examples."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner

from simpeval.cli import main
from simpeval.cli.demo import EXAMPLE_NAMES

DEMO = resources.files("simpeval").joinpath("data", "demo")


def test_writes_the_demo_data_as_the_examples_name_it(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["demo", "--write", str(tmp_path / "data")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == sorted(
        ["src.txt", "ref0.txt", "ref1.txt", "ref2.txt", "sysA.txt", "sysB.txt"]
    )
    for packaged, name in EXAMPLE_NAMES.items():
        assert (tmp_path / "data" / name).read_bytes() == DEMO.joinpath(packaged).read_bytes()
    assert "src.txt, ref0.txt, ref1.txt, ref2.txt, sysA.txt, sysB.txt in" in result.stdout


def test_the_written_files_score_as_the_demo(runner: CliRunner, tmp_path: Path) -> None:
    assert runner.invoke(main, ["demo", "--write", str(tmp_path)], catch_exceptions=False).exit_code == 0
    files = [str(tmp_path / n) for n in ("src.txt", "ref0.txt", "ref1.txt", "ref2.txt", "sysA.txt", "sysB.txt")]
    args = ["score", "-q", "-s", files[0], "-r", *files[1:4], "-i", *files[4:], "-f", "json"]
    scored = runner.invoke(main, args, catch_exceptions=False).stdout
    demo = runner.invoke(main, ["demo", "-f", "json"], catch_exceptions=False).stdout
    assert scored.replace("sysA.txt", "system-a.txt").replace("sysB.txt", "system-b.txt") == demo


def test_never_overwrites(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "ref1.txt").write_text("mine\n", encoding="utf-8")
    result = runner.invoke(main, ["demo", "--write", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"Error: demo --write: {str(tmp_path)!r} already holds ref1.txt; it never overwrites a file. "
        "Name another folder, or remove them."
    ]
    assert [p.name for p in tmp_path.iterdir()] == ["ref1.txt"]


@pytest.mark.parametrize("where", ["a file", "inside a file"])
def test_a_bad_folder_is_one_error_line(runner: CliRunner, tmp_path: Path, where: str) -> None:
    file = tmp_path / "notes.txt"
    file.write_text("x\n", encoding="utf-8")
    target = file if where == "a file" else file / "data"
    result = runner.invoke(main, ["demo", "--write", str(target)], catch_exceptions=False)
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("Error: demo --write: ")
    assert ("is a file, not a folder" if where == "a file" else "cannot write into") in line
