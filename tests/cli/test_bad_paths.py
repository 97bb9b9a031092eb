"""Bad output paths, interrupted writes and oversized requests."""

from __future__ import annotations

import os
import stat
import sys

import pytest

from simpeval.cache import atomic_write
from simpeval.cli import main

from ..needs import import_module


def run(runner, *args, input=None):
    return runner.invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)


def compare_args(corpus, *extra):
    refs = [corpus[f"ref{j}.txt"] for j in range(3)]
    return ["compare", "-q", "-s", corpus["src.txt"], "-r", *refs, "-i", corpus["sys1.txt"], corpus["sys2.txt"], *extra]


# ---------------------------------------------------------------- --plot
@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("missing-folder/plot.png", "does not exist"),
        ("plot.gif", "must end in .png, .svg, .pdf"),
        ("plot", "must end in"),
        ("a-folder.png", "is a folder"),
    ],
)
def test_bad_plot_path_is_a_usage_error_before_any_work(runner, tmp_corpus, tmp_path, monkeypatch, name, fragment):
    corpus = tmp_corpus()
    (tmp_path / "a-folder.png").mkdir()
    import simpeval.api

    def no_work(*args, **kwargs):
        raise AssertionError("the comparison ran before the output path was checked")

    monkeypatch.setattr(simpeval.api, "compare", no_work)
    result = run(runner, *compare_args(corpus, "--plot", tmp_path / name))
    assert result.exit_code == 2, result.output
    assert "--plot" in result.stderr and fragment in result.stderr, result.stderr
    assert "Traceback" not in result.output


PLOTS_MISSING = (
    "Error: plots need matplotlib, which is not installed. Install it with: pip install 'simplification-metrics[plots]'"
)


@pytest.mark.parametrize("command", ["compare", "meta-eval"])
def test_plot_without_matplotlib_is_one_error_before_any_work(runner, tmp_corpus, tmp_path, monkeypatch, command):
    """No scoring (minutes on a real test set) before the missing extra is found: one line naming it."""
    import simpeval.api
    import simpeval.metaeval

    def no_work(*args, **kwargs):
        raise AssertionError("the work ran before matplotlib was checked")

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed: find_spec and import fail
    monkeypatch.setattr(simpeval.api, "compare", no_work)
    monkeypatch.setattr(simpeval.metaeval, "meta_evaluate", no_work)
    monkeypatch.setattr(simpeval.metaeval, "from_registry", no_work)
    plot = tmp_path / "p.png"
    if command == "compare":
        result = run(runner, *compare_args(tmp_corpus(), "--plot", plot))
    else:
        result = run(runner, "meta-eval", "-q", "-t", "simplicity-da", "--plot", plot)
    assert result.exit_code == 1, result.output
    assert result.stderr.splitlines() == [PLOTS_MISSING] and result.stdout == ""
    assert not plot.exists()


def test_plot_in_a_file_parent_is_a_usage_error(runner, tmp_corpus):
    corpus = tmp_corpus()
    result = run(runner, *compare_args(corpus, "--plot", os.path.join(corpus["src.txt"], "plot.png")))
    assert result.exit_code == 2 and "--plot" in result.stderr and "does not exist" in result.stderr


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions, not root")
def test_plot_in_a_read_only_folder_is_a_usage_error(runner, tmp_corpus, tmp_path):
    corpus = tmp_corpus()
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        result = run(runner, *compare_args(corpus, "--plot", folder / "p.png"))
    finally:
        folder.chmod(stat.S_IRWXU)
    assert result.exit_code == 2 and "permission denied" in result.stderr, result.stderr


def test_table_is_printed_before_the_plot_and_a_failing_plot_is_one_error(runner, tmp_corpus, tmp_path, monkeypatch):
    import_module("matplotlib")
    corpus = tmp_corpus()
    import simpeval.report.plots as plots

    def broken(table, path, metrics=None):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(plots, "save_figure", broken)
    result = run(runner, *compare_args(corpus, "--plot", tmp_path / "p.png"))
    assert result.exit_code == 1
    assert "SARI" in result.stdout  # the table was printed
    assert "could not write the plot" in result.stderr and "No space left" in result.stderr


def test_plot_is_written_atomically(runner, tmp_corpus, tmp_path, monkeypatch):
    import_module("matplotlib")
    corpus = tmp_corpus()
    target = tmp_path / "p.png"
    target.write_bytes(b"old")
    from matplotlib.figure import Figure

    def interrupted(self, fname, **kwargs):
        fname.write(b"half a pn")
        raise KeyboardInterrupt

    monkeypatch.setattr(Figure, "savefig", interrupted)
    result = runner.invoke(main, [str(a) for a in compare_args(corpus, "--plot", target)])
    assert result.exit_code != 0 and "SARI" in result.stdout
    assert target.read_bytes() == b"old"
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".part")]


@pytest.mark.slow
def test_plot_is_written(runner, tmp_corpus, tmp_path):
    import_module("matplotlib")
    corpus = tmp_corpus()
    result = run(runner, *compare_args(corpus, "--plot", tmp_path / "p.svg"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "p.svg").read_bytes().lstrip().startswith(b"<?xml")
    assert [n for n in os.listdir(tmp_path) if n.startswith(".p.svg")] == []


# ---------------------------------------------------------------- atomic writes follow the umask
@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
def test_atomic_write_follows_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        with atomic_write(tmp_path / "f.txt") as out:
            out.write(b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "f.txt").stat().st_mode) == 0o644


def test_atomic_write_leaves_nothing_on_error(tmp_path):
    with pytest.raises(RuntimeError), atomic_write(tmp_path / "f.txt") as out:
        out.write(b"half")
        raise RuntimeError("interrupted")
    assert os.listdir(tmp_path) == []


# ---------------------------------------------------------------- huge resample counts
@pytest.mark.parametrize("option", ["--paired-n", "--confidence-n"])
def test_huge_resample_count_is_refused_before_any_work(runner, tmp_corpus, option):
    corpus = tmp_corpus()
    extra = ["--paired", "bs"] if option == "--paired-n" else ["--confidence"]
    result = run(runner, *compare_args(corpus, *extra, option, 10**9))
    assert result.exit_code == 2, result.output
    assert option in result.stderr and "100000" in result.stderr, result.stderr


@pytest.mark.parametrize("which", ["bootstrap", "paired_bs", "paired_ar"])
def test_huge_resample_count_is_refused_by_the_library(which):
    import numpy as np

    from simpeval.engines import resample
    from simpeval.exceptions import InvalidOptionError

    with pytest.raises(InvalidOptionError, match=r"n_samples must be at most 100,000 \(got 1,000,000,000\)"):
        resample.check_count(10**9, "n_samples", which)
    assert resample.check_count(np.int64(100_000), "n_samples", which) == 100_000
