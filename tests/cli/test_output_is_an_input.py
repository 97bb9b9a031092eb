"""An output file that is one of the command's inputs is refused before any work, the file untouched.

``report -o`` and ``--plot`` (``compare``, ``meta-eval``) would replace an input with the page or
the figure: the same file by name, through a symbolic link or a hard link, is one usage error
(exit 2) naming both options, given before any input is opened (a missing file among the inputs
is not reported) and before the metrics are built.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from simpeval.cli import main
from simpeval.inputs import check_outputs

PAGE = "<html>the previous report</html>\n"


def _files(tmp_path: Path) -> None:
    for name in ("sys.txt", "ref.txt", "src.txt"):
        (tmp_path / name).write_text("a b c\nd e f\n", encoding="utf-8")
    (tmp_path / "out.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "ratings.csv").write_text("sent_id,sys_name,simp_sent,rating\n1,a,a b,50\n", encoding="utf-8")
    (tmp_path / "link.html").symlink_to(tmp_path / "out.html")
    os.link(tmp_path / "out.html", tmp_path / "hard.html")
    (tmp_path / "fig.png").symlink_to(tmp_path / "ratings.csv")
    (tmp_path / "sys.png").symlink_to(tmp_path / "sys.txt")


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (
            ["report", "-i", "out.html", "-r", "no-such.txt", "-o", "out.html"],
            "--output out.html is also an input (--input out.html)",
        ),
        (["report", "-i", "sys.txt", "-r", "link.html", "-o", "out.html"], "(--references link.html)"),
        (["report", "-i", "sys.txt", "-r", "ref.txt", "-s", "hard.html", "-o", "out.html"], "(--sources hard.html)"),
        (
            ["report", "link.html", "-i", "sys.txt", "-o", "hard.html"],
            "--output hard.html is also an input (--references link.html)",
        ),
        (["report", "-i", "sys.txt", "out.html", "-r", "ref.txt", "-o", "link.html"], "(--input out.html)"),
        (
            ["compare", "-i", "sys.txt", "-r", "no-such.txt", "--plot", "sys.png"],
            "--plot sys.png is also an input (--input sys.txt)",
        ),
        (
            ["meta-eval", "--ratings", "ratings.csv", "--refs", "ref.txt", "--plot", "fig.png"],
            "--plot fig.png is also an input (--ratings ratings.csv)",
        ),
    ],
    ids=[
        "input",
        "symlinked-reference",
        "hard-linked-source",
        "positional-reference",
        "second-input",
        "compare-plot",
        "meta-eval-plot",
    ],
)
def test_an_output_that_is_an_input_is_refused_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], error: str
) -> None:
    _files(tmp_path)
    monkeypatch.chdir(tmp_path)
    before = {p.name: (p.lstat().st_mtime_ns, p.read_bytes()) for p in tmp_path.iterdir()}
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    last = result.stderr.splitlines()[-1]
    assert (
        last.startswith("Error: ")
        and error in last
        and last.endswith("it would be overwritten; write to another file.")
    )
    assert "no-such" not in result.stderr  # refused before any input was opened
    assert {p.name: (p.lstat().st_mtime_ns, p.read_bytes()) for p in tmp_path.iterdir()} == before


def test_a_different_file_of_the_same_name_and_standard_input_are_not_inputs(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "out.html").write_text(PAGE, encoding="utf-8")
    check_outputs({"-o": str(tmp_path / "out.html")}, {"--input": [str(tmp_path / "a" / "out.html"), "-", None]})
    check_outputs({"--plot": None}, {"--input": [str(tmp_path / "a" / "out.html")]})
