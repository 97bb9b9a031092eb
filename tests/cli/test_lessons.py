"""``simpeval lessons DIR``: the classroom notebooks, their solutions and README, written out.

The files written equal the packaged ones (in a checkout: ``notebooks/`` itself) byte for byte;
lesson files already in DIR are never overwritten without ``--force``; a DIR that cannot be a
folder is one error line. The wheel's copy is tested in ``tests/packaging/test_notebooks.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from simpeval.cli import main
from simpeval.exceptions import InvalidValueError, LessonsError
from simpeval.lessons import lesson_files, lesson_names, write_lessons

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_lessons_are_every_notebook_its_solutions_and_the_readme() -> None:
    expected = {"README.md"} | {p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.rglob("*.ipynb")}
    assert set(lesson_names()) == expected and "solutions/precision_recall_f_solutions.ipynb" in expected
    assert lesson_files() == {name: (NOTEBOOKS / name).read_bytes() for name in expected}


def test_writes_the_packaged_files(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "new" / "class"  # created, parents too
    result = runner.invoke(main, ["lessons", str(target)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert _tree(target) == lesson_files()
    lines = result.stdout.splitlines()
    assert sorted(lines[:-1]) == sorted(str(target / name) for name in lesson_files())
    assert lines[-1].startswith(f"{len(lesson_files())} files in {target}")


def test_lessons_is_in_the_command_list(runner: CliRunner) -> None:
    result = runner.invoke(main, ["--help"], catch_exceptions=False)
    assert "lessons" in result.stdout and "Write the classroom notebooks" in result.stdout
    help_text = runner.invoke(main, ["lessons", "--help"], catch_exceptions=False).stdout
    assert "DIR" in help_text and "--force" in help_text


def test_never_overwrites_without_force(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("my own notes\n", encoding="utf-8")
    (tmp_path / "mine.txt").write_text("kept\n", encoding="utf-8")
    result = runner.invoke(main, ["lessons", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"Error: lessons: {str(tmp_path)!r} already holds README.md. Pass --force (force=True in Python) to "
        "overwrite them, or name another folder."
    ]
    assert _tree(tmp_path) == {"README.md": b"my own notes\n", "mine.txt": b"kept\n"}  # nothing written at all
    result = runner.invoke(main, ["lessons", "--force", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert _tree(tmp_path) == lesson_files() | {"mine.txt": b"kept\n"}


def test_a_second_run_names_the_files_it_would_overwrite(tmp_path: Path) -> None:
    write_lessons(tmp_path)
    with pytest.raises(InvalidValueError, match=r"already holds README\.md, [^ ]+, [^ ]+ and \d+ more"):
        write_lessons(tmp_path)
    assert [p.relative_to(tmp_path).as_posix() for p in write_lessons(tmp_path, force=True)] == lesson_names()


@pytest.mark.parametrize("where", ["a file", "inside a file"])
def test_a_bad_folder_is_one_error_line(runner: CliRunner, tmp_path: Path, where: str) -> None:
    file = tmp_path / "notes.txt"
    file.write_text("x\n", encoding="utf-8")
    target = file if where == "a file" else file / "lessons"
    result = runner.invoke(main, ["lessons", str(target)], catch_exceptions=False)
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    expected = "is a file, not a folder" if where == "a file" else "cannot write into"
    assert line.startswith("Error: lessons: ") and expected in line and "Traceback" not in result.output
    assert file.read_text(encoding="utf-8") == "x\n"


def test_a_folder_that_cannot_be_written_is_a_lessons_error(tmp_path: Path) -> None:
    file = tmp_path / "notes.txt"
    file.write_text("x\n", encoding="utf-8")
    with pytest.raises(LessonsError, match="cannot write into") as caught:
        write_lessons(file / "deeper" / "lessons")
    assert isinstance(caught.value, OSError)
