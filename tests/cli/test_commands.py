"""End-to-end tests of the ``simpeval`` command line through click's CliRunner."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

import simpeval
from simpeval import BLEU, CHRF, SARI, TER
from simpeval.cli import main


def run(runner, *args, input=None):
    """Invoke ``simpeval ARGS``; never let an exception escape as a traceback."""
    return runner.invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)


def ok(result):
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


def fails(result, code, *fragments):
    """The command failed with ``code``, a message containing every fragment, and no traceback."""
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr
    return result.stderr


@pytest.fixture
def corpus(tmp_corpus):
    return tmp_corpus()


@pytest.fixture
def data(corpus):
    """The corpus as lists: sources, reference streams and the two systems."""
    from simpeval.io import read_lines

    refs = [read_lines(corpus[f"ref{j}.txt"]) for j in range(3)]
    return read_lines(corpus["src.txt"]), refs, read_lines(corpus["sys1.txt"]), read_lines(corpus["sys2.txt"])


def score_args(corpus, *extra):
    return ["score", "-s", corpus["src.txt"], "-r", corpus["ref0.txt"], corpus["ref1.txt"], corpus["ref2.txt"], *extra]


# ---------------------------------------------------------------- happy paths
def test_demo(runner):
    out = ok(run(runner, "demo"))
    lines = out.splitlines()
    assert lines[0].split() == ["System", "SARI", "Add", "Keep", "Delete", "BLEU", "chrF2", "TER"]
    assert lines[1].startswith("system-a.txt") and lines[2].startswith("system-b.txt")
    for prefix in ("SARI|nrefs:3|", "BLEU|nrefs:3|", "chrF2|nrefs:3|", "TER|nrefs:3|"):
        assert any(line.startswith(prefix) for line in lines), prefix


def test_demo_json(runner):
    records = json.loads(ok(run(runner, "demo", "--format", "json")))
    assert len(records) == 8
    assert {r["system"] for r in records} == {"system-a.txt", "system-b.txt"}


def test_score_text(runner, corpus):
    out = ok(run(runner, *score_args(corpus, "-i", corpus["sys1.txt"])))
    lines = out.splitlines()
    assert lines[0].split() == ["System", "SARI", "Add", "Keep", "Delete", "BLEU", "chrF2", "TER"]
    assert lines[1].split()[0] == "sys1.txt"
    assert "best system" not in out  # one system: nothing to mark
    assert any(line.startswith("SARI|nrefs:3|variant:easse|") for line in lines)


def test_score_json_matches_library(runner, corpus, data):
    sources, refs, sys1, _ = data
    out = ok(run(runner, *score_args(corpus, "-i", corpus["sys1.txt"], "--format", "json", "--width", "6")))
    records = {r["metric"]: r for r in json.loads(out)}
    assert set(records) == {"SARI", "BLEU", "chrF2", "TER"}
    for record in records.values():
        assert {"system", "metric", "score", "signature", "components"} <= set(record)
        assert record["system"] == "sys1.txt"
    sari = SARI().corpus_score(sys1, refs, sources=sources)
    assert records["SARI"]["score"] == sari.score
    assert records["SARI"]["signature"] == sari.signature.format()
    assert records["SARI"]["components"] == dict(sari.components)
    assert records["BLEU"]["score"] == BLEU().corpus_score(sys1, refs).score
    assert records["chrF2"]["score"] == CHRF().corpus_score(sys1, refs).score
    assert records["TER"]["score"] == TER().corpus_score(sys1, refs).score


def test_references_space_separated_or_repeated(runner, corpus):
    spaced = ok(run(runner, *score_args(corpus, "-i", corpus["sys1.txt"])))
    repeated = ok(
        run(
            runner,
            "score",
            "-s",
            corpus["src.txt"],
            "-r",
            corpus["ref0.txt"],
            "--references",
            corpus["ref1.txt"],
            f"--references={corpus['ref2.txt']}",
            "-i",
            corpus["sys1.txt"],
        )
    )
    assert spaced == repeated


def test_tsv_references(runner, corpus):
    separate = ok(run(runner, *score_args(corpus, "-i", corpus["sys1.txt"])))
    tsv = ok(
        run(
            runner,
            "score",
            "-s",
            corpus["src.txt"],
            "-r",
            corpus["refs.tsv"],
            "--num-refs",
            3,
            "-i",
            corpus["sys1.txt"],
        )
    )
    assert tsv == separate


def test_stdin_input(runner, corpus):
    with open(corpus["sys1.txt"], encoding="utf-8") as handle:
        text = handle.read()
    piped = ok(run(runner, *score_args(corpus, "-m", "bleu", "ter", "-b"), input=text))
    from_file = ok(run(runner, *score_args(corpus, "-m", "bleu", "ter", "-b", "-i", corpus["sys1.txt"])))
    assert piped == from_file
    named = ok(run(runner, *score_args(corpus, "-m", "bleu", "-i", "-"), input=text))
    assert named.splitlines()[1].split()[0] == "stdin"


def test_outputs_alias(runner, corpus):
    a = ok(run(runner, *score_args(corpus, "--input", corpus["sys1.txt"], corpus["sys2.txt"])))
    b = ok(run(runner, *score_args(corpus, "--outputs", corpus["sys1.txt"], corpus["sys2.txt"])))
    assert a == b


def test_several_systems(runner, corpus, data):
    sources, refs, _, sys2 = data
    out = ok(run(runner, *score_args(corpus, "-i", corpus["sys1.txt"], corpus["sys2.txt"], "-m", "sari", "bleu")))
    lines = out.splitlines()
    assert [line.split()[0] for line in lines[1:3]] == ["sys1.txt", "sys2.txt"]
    assert lines[2].split()[1].rstrip("*") == f"{SARI().corpus_score(sys2, refs, sources=sources).score:.1f}"
    assert "† best system per metric" in out


def test_same_basename_in_two_folders(runner, tmp_corpus, corpus):
    with open(corpus["sys1.txt"], encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    paths = tmp_corpus({"a/out.txt": lines, "b/out.txt": lines})
    out = ok(run(runner, *score_args(corpus, "-m", "bleu", "-f", "json", "-i", paths["a/out.txt"], paths["b/out.txt"])))
    assert [r["system"] for r in json.loads(out)] == [paths["a/out.txt"], paths["b/out.txt"]]


def test_score_only(runner, corpus, data):
    sources, refs, sys1, sys2 = data
    out = ok(
        run(
            runner,
            *score_args(
                corpus, "-i", corpus["sys1.txt"], corpus["sys2.txt"], "-m", "sari", "ter", "--score-only", "-w", 4
            ),
        )
    )
    expected = [
        ("sys1.txt", "SARI", SARI().corpus_score(sys1, refs, sources=sources).score),
        ("sys1.txt", "TER", TER().corpus_score(sys1, refs).score),
        ("sys2.txt", "SARI", SARI().corpus_score(sys2, refs, sources=sources).score),
        ("sys2.txt", "TER", TER().corpus_score(sys2, refs).score),
    ]
    assert out.splitlines() == [f"{system}\t{metric}\t{value:.4f}" for system, metric, value in expected]


def test_score_only_labels_the_default_metrics(runner, corpus, data):
    """The default metrics of one system: each number after its metric's name, not four bare numbers."""
    sources, refs, sys1, _ = data
    out = ok(run(runner, *score_args(corpus, "-i", corpus["sys1.txt"], "-b")))
    expected = {
        "SARI": SARI().corpus_score(sys1, refs, sources=sources).score,
        "BLEU": BLEU().corpus_score(sys1, refs).score,
        "chrF2": CHRF().corpus_score(sys1, refs).score,
        "TER": TER().corpus_score(sys1, refs).score,
    }
    assert out.splitlines() == [f"{metric}\t{value:.1f}" for metric, value in expected.items()]


@pytest.mark.parametrize("width", [0, 1, 3])
def test_width(runner, corpus, width):
    out = ok(run(runner, *score_args(corpus, "-i", corpus["sys1.txt"], "-m", "bleu", "-b", "--width", width)))
    decimals = out.strip().partition(".")[2]
    assert len(decimals) == width


def test_metric_options_reach_the_metrics(runner, corpus, data):
    sources, refs, sys1, _ = data
    args = [
        "-i",
        corpus["sys1.txt"],
        "-f",
        "json",
        "-w",
        6,
        "-m",
        "sari",
        "bleu",
        "chrf",
        "ter",
        "--sari-variant",
        "easse-paper",
        "--sari-deletion",
        "precision",
        "--bleu-lowercase",
        "--bleu-smooth-method",
        "floor",
        "--chrf-word-order",
        2,
        "--ter-case-sensitive",
    ]
    records = {r["metric"]: r for r in json.loads(ok(run(runner, *score_args(corpus, *args))))}
    expected = [
        SARI("easse-paper", deletion="precision").corpus_score(sys1, refs, sources=sources),
        BLEU(lowercase=True, smooth_method="floor").corpus_score(sys1, refs),
        CHRF(word_order=2).corpus_score(sys1, refs),
        TER(case_sensitive=True).corpus_score(sys1, refs),
    ]
    assert sorted(records) == sorted(score.metric for score in expected)
    for score in expected:
        assert records[score.metric]["score"] == score.score
        assert records[score.metric]["signature"] == score.signature.format()


def test_sentence_level_text(runner, corpus, data):
    sources, refs, sys1, _ = data
    out = ok(
        run(
            runner,
            *score_args(
                corpus, "-i", corpus["sys1.txt"], corpus["sys2.txt"], "-m", "sari", "bleu", "--sentence-level", "-w", 3
            ),
        )
    )
    lines = out.splitlines()
    assert lines[0].split() == ["Line", "System", "Metric", "Score"]
    rows = [line.split() for line in lines[1:13]]
    assert [(r[0], r[1], r[2]) for r in rows[:4]] == [
        ("1", "sys1.txt", "SARI"),
        ("2", "sys1.txt", "SARI"),
        ("3", "sys1.txt", "SARI"),
        ("1", "sys1.txt", "BLEU"),
    ]
    expected = SARI().sentence_scores(sys1, refs, sources=sources)
    assert [r[3] for r in rows[:3]] == [f"{value:.3f}" for value in expected]
    assert lines[13] == ""
    assert lines[14].startswith("SARI|nrefs:3|")


def test_sentence_level_json(runner, corpus, data):
    sources, refs, sys1, _ = data
    out = ok(
        run(
            runner,
            *score_args(corpus, "-i", corpus["sys1.txt"], "-m", "sari", "--sentence-level", "-f", "json", "-w", 6),
        )
    )
    records = json.loads(out)
    assert [r["line"] for r in records] == [1, 2, 3]
    assert {"line", "system", "metric", "score", "signature", "components"} <= set(records[0])
    one = SARI().sentence_score(sys1[1], [r[1] for r in refs], source=sources[1])
    assert records[1]["score"] == one.score
    assert set(records[1]["components"]) == {"add", "keep", "delete"}


@pytest.mark.slow
def test_python_dash_m_help():
    result = subprocess.run([sys.executable, "-m", "simpeval", "--help"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "score" in result.stdout and "demo" in result.stdout


# ---------------------------------------------------------------- bad input
def test_line_count_mismatch(runner, corpus, tmp_corpus):
    short = tmp_corpus({"short.txt": ["only one line"]})["short.txt"]
    message = fails(
        run(runner, *score_args(corpus, "-i", corpus["sys1.txt"], short)),
        1,
        "short.txt: 1 line",
        "sys1.txt: 3 lines",
        "src.txt: 3 lines",
        "ref0.txt: 3 lines",
    )
    assert len(message.strip().splitlines()) == 1


def test_empty_file(runner, corpus, tmp_corpus):
    empty = tmp_corpus({"empty.txt": b""})["empty.txt"]
    fails(run(runner, *score_args(corpus, "-i", empty)), 1, "empty.txt is empty")


def test_invalid_utf8(runner, corpus, tmp_corpus):
    bad = tmp_corpus({"bad.txt": b"fine\nalso fine\n\xff\xfe broken\n"})["bad.txt"]
    fails(run(runner, *score_args(corpus, "-i", bad)), 1, "bad.txt is not valid UTF-8", "line 3")


def test_missing_file(runner, corpus):
    fails(run(runner, *score_args(corpus, "-i", "does-not-exist.txt")), 1, "does-not-exist.txt does not exist")


def test_unknown_metric(runner, corpus):
    fails(
        run(runner, *score_args(corpus, "-i", corpus["sys1.txt"], "-m", "bleu", "rouge")),
        1,
        "unknown metric 'rouge'",
        ", ".join(simpeval.available_metrics()),
    )


@pytest.mark.parametrize(
    ("option", "fragments"),
    [
        pytest.param(["--sari-tokenize", "nope"], ["tokenize", "'nope'", "13a", "moses"], id="sari-tokenizer"),
        pytest.param(["--bleu-tokenize", "nope"], ["tokenize", "'nope'", "13a", "intl"], id="bleu-tokenizer"),
        pytest.param(
            ["--sari-variant", "nope"], ["variant", "'nope'", "easse", "hf", "xu2016", "t2t"], id="sari-variant"
        ),
    ],
)
def test_unknown_option_values(runner, corpus, option, fragments):
    fails(run(runner, *score_args(corpus, "-i", corpus["sys1.txt"], *option)), 1, *fragments)


def test_sari_without_sources(runner, corpus):
    args = ["score", "-r", corpus["ref0.txt"], "-i", corpus["sys1.txt"]]
    fails(run(runner, *args, "-m", "sari", "bleu"), 2, "SARI needs the source sentences", "--sources", "--metrics")
    ok(run(runner, *args, "-m", "bleu"))
    assert ok(run(runner, *args)).splitlines()[0].split() == [
        "System",
        "BLEU",
        "chrF2",
        "TER",
    ]  # the defaults that can run


def test_num_refs_wrong_field_count(runner, corpus, tmp_corpus):
    tsv = tmp_corpus({"two.tsv": ["a\tb", "c\td", "e\tf"]})["two.tsv"]
    fails(
        run(runner, "score", "-s", corpus["src.txt"], "-r", tsv, "--num-refs", 3, "-i", corpus["sys1.txt"]),
        1,
        "two.tsv, line 1",
        "expected 3",
        "found 2",
    )


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        pytest.param(
            ["--num-refs", 2, "-i", "SYS"],
            "--num-refs 2 reads all references from one",
            id="num-refs-with-several-files",
        ),
        pytest.param(
            ["-i", "SYS", "-m", "bleu", "--sari-deletion", "f1"],
            "--sari-deletion was given but sari is not in --metrics",
            id="option-of-unselected-metric",
        ),
        pytest.param(["-i", "SYS", "--score-only", "--format", "json"], "--score-only", id="score-only-json"),
        pytest.param(["-i", "-m", "bleu"], "'-i' requires at least one value", id="empty-multi-value"),
        pytest.param(["-i", "SYS", "SYS"], "same file more than once", id="same-system-twice"),
        pytest.param(["-i", "SYS", "--width", -1], "--width", id="negative-width"),
    ],
)
def test_usage_errors(runner, corpus, args, fragment):
    args = [corpus["sys1.txt"] if a == "SYS" else a for a in args]
    fails(run(runner, *score_args(corpus, *args)), 2, fragment)


def test_missing_references(runner, corpus):
    fails(run(runner, "score", "-s", corpus["src.txt"], "-i", corpus["sys1.txt"]), 2, "--references")


def test_reference_stream_too_short_in_tsv_layout(runner, corpus, tmp_corpus):
    tsv = tmp_corpus({"short.tsv": ["a\tb", "c\td"]})["short.tsv"]
    fails(
        run(runner, "score", "-s", corpus["src.txt"], "-r", tsv, "--num-refs", 2, "-i", corpus["sys1.txt"]),
        1,
        "short.tsv: 2 lines",
    )


def test_warnings_go_to_stderr(runner, corpus, tmp_corpus):
    with open(corpus["sys1.txt"], encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    crlf = tmp_corpus({"crlf.txt": "".join(line + "\r\n" for line in lines)})["crlf.txt"]
    result = run(runner, *score_args(corpus, "-m", "bleu", "-i", crlf))
    assert result.exit_code == 0
    assert "Warning: file" in result.stderr and "Windows line endings" in result.stderr
    assert "Warning" not in result.stdout


# ---------------------------------------------------------------- one length check, one message
def test_every_command_reports_a_line_count_mismatch_the_same_way(runner, corpus, tmp_corpus):
    short = tmp_corpus({"short.txt": ["only one line"]})["short.txt"]
    files = ["-r", corpus["ref0.txt"], corpus["ref1.txt"], "-i", corpus["sys1.txt"], short, "-m", "bleu"]
    expected = (
        "Error: input files must have the same number of lines, one per segment, but they differ: "
        f"{corpus['sys1.txt']}: 3 lines, {short}: 1 line, {corpus['ref0.txt']}: 3 lines, {corpus['ref1.txt']}: 3 lines.\n"
    )
    streaming = fails(run(runner, "score", *files), 1)
    sentence_level = fails(run(runner, "score", *files, "--sentence-level"), 1)
    compared = fails(run(runner, "compare", *files, "-q"), 1)
    assert streaming == sentence_level == compared == expected


def test_a_tsv_file_is_named_once_in_the_mismatch(runner, corpus, tmp_corpus):
    tsv = tmp_corpus({"short.tsv": ["a\tb", "c\td"]})["short.tsv"]
    args = ["-s", corpus["src.txt"], "-r", tsv, "--num-refs", 2, "-i", corpus["sys1.txt"], "-m", "bleu"]
    messages = {
        fails(run(runner, command, *args, *extra), 1)
        for command, extra in (("score", ()), ("score", ("--sentence-level",)), ("compare", ("-q",)))
    }
    assert messages == {
        "Error: input files must have the same number of lines, one per segment, but they differ: "
        f"{corpus['sys1.txt']}: 3 lines, {tsv}: 2 lines, {corpus['src.txt']}: 3 lines.\n"
    }


# ---------------------------------------------------------------- system names
def test_compare_rejects_duplicate_names(runner, corpus):
    args = [
        "compare",
        "-s",
        corpus["src.txt"],
        "-r",
        corpus["ref0.txt"],
        "-m",
        "bleu",
        "-q",
        "-i",
        corpus["sys1.txt"],
        corpus["sys2.txt"],
        corpus["src.txt"],
    ]
    message = fails(run(runner, *args, "-n", "X", "X", "Y"), 2, "--names gives the same name to several systems: X.")
    assert "Y" not in message.splitlines()[-1]
    ok(run(runner, *args, "-n", "X", "Z", "Y"))


@pytest.mark.parametrize("command", ["score", "compare"])
def test_the_same_input_file_twice_is_a_usage_error(runner, corpus, command):
    args = [command, "-s", corpus["src.txt"], "-r", corpus["ref0.txt"], "-m", "bleu"]
    fails(
        run(runner, *args, "-i", corpus["sys1.txt"], corpus["sys2.txt"], corpus["sys1.txt"]),
        2,
        f"--input lists the same file more than once: {corpus['sys1.txt']}.",
    )


def test_system_names():
    from simpeval.inputs import system_names

    assert system_names(["a/x.txt", "b/y.txt", "-"]) == ["x.txt", "y.txt", "stdin"]
    assert system_names(["a/x.txt", "b/x.txt"]) == ["a/x.txt", "b/x.txt"]
    assert system_names(["a/x.txt", "b/x.txt"], ["one", "two"]) == ["one", "two"]


# ---------------------------------------------------------------- metric names and options
def test_metric_options_follow_any_spelling_of_the_metric(runner, corpus, data):
    _, refs, sys1, _ = data
    out = ok(
        run(
            runner,
            *score_args(corpus, "-i", corpus["sys1.txt"], "-m", "chrF2++", "--chrf-beta", 1, "-f", "json", "-w", 6),
        )
    )
    [record] = json.loads(out)
    expected = CHRF(word_order=2, beta=1).corpus_score(sys1, refs)
    assert (record["metric"], record["score"]) == (expected.metric, expected.score)


def test_defaults_come_from_simpeval_defaults(runner):
    import re
    from pathlib import Path

    from simpeval.defaults import CONFIDENCE_SAMPLES, DEFAULT_SEED, PAIRED_SAMPLES

    text = " ".join(ok(run(runner, "compare", "--help")).split())
    assert f"default: {DEFAULT_SEED}" in text and f"default {CONFIDENCE_SAMPLES}" in text
    assert f"default {PAIRED_SAMPLES['bs']}" in text and f"default {PAIRED_SAMPLES['ar']}" in text
    for path in (Path(__file__).resolve().parents[2] / "simpeval" / "cli").glob("*.py"):
        assert not re.search(r"\b(12345|1000|10000)\b", path.read_text(encoding="utf-8")), path


# ---------------------------------------------------------------- the package
COMMANDS = {
    "score": "score",
    "compare": "compare",
    "demo": "demo",
    "evaluate": "evaluate",
    "explain": "explain",
    "lessons": "lessons",
    "metaeval": "meta_eval",
    "report": "report",
    "testsets": "testsets",
}  # module -> the command it defines


@pytest.mark.parametrize("module", sorted(COMMANDS))
@pytest.mark.slow
def test_each_command_module_is_importable_on_its_own(module):
    code = (
        "import importlib, click; "
        f"m = importlib.import_module('simpeval.cli.{module}'); "
        f"assert isinstance(m.{COMMANDS[module]}, click.Command)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("module", sorted(COMMANDS))
def test_command_modules_do_not_import_the_group(module):
    """A command module imports the shared modules (options, inputs, progress), never cli/__init__."""
    import ast
    import importlib

    source = importlib.import_module(f"simpeval.cli.{module}").__file__
    tree = ast.parse(open(source, encoding="utf-8").read())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert not (node.level == 1 and node.module is None), ast.dump(node)
            assert node.module != "simpeval.cli", ast.dump(node)


@pytest.mark.parametrize("module", sorted(COMMANDS))
def test_each_command_runs_standalone(runner, module):
    import importlib

    command = getattr(importlib.import_module(f"simpeval.cli.{module}"), COMMANDS[module])
    result = runner.invoke(command, ["--help"], catch_exceptions=False)
    assert result.exit_code == 0 and "Usage:" in result.stdout


def test_registered_commands():
    import importlib
    import inspect

    import click

    import simpeval.cli

    names = [getattr(importlib.import_module(f"simpeval.cli.{m}"), c).name for m, c in COMMANDS.items()]
    ctx = click.Context(main)
    assert main.list_commands(ctx) == sorted(names)
    assert [main.get_command(ctx, name).name for name in sorted(names)] == sorted(names)
    for module in COMMANDS:  # the package's attributes are the modules, not the commands they define
        assert inspect.ismodule(getattr(simpeval.cli, module))
    assert sorted(module for module, _ in simpeval.cli.COMMANDS.values()) == sorted(COMMANDS)


@pytest.mark.slow
def test_a_command_imports_only_its_own_modules():
    report = "print(sorted(m for m in sys.modules if m.startswith('simpeval.')), file=sys.stderr)"
    code = f"import atexit, sys; from simpeval.cli import main; atexit.register(lambda: {report}); main(['score', '--help'])"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0 and "Usage: " in result.stdout, result.stderr
    loaded = result.stderr.strip().splitlines()[-1]
    assert "'simpeval.cli.score'" in loaded
    for other in ("simpeval.cli.metaeval", "simpeval.cli.report", "simpeval.cli.testsets", "simpeval.metaeval'"):
        assert other not in loaded, loaded


def test_multi_value_options_from_the_options_module():
    import click

    from simpeval.cli.options import MultiValueOption, expand_multi_values

    params = [MultiValueOption(["-i", "--input"]), click.Option(["--width"])]
    assert expand_multi_values(params, ["-i", "-", "b", "--width", "-1"]) == ["-i", "-", "-i", "b", "--width", "-1"]


# ---------------------------------------------------------------- progress
def test_progress_draws_tqdm_bars_on_a_terminal():
    from simpeval.cli.progress import Progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    with Progress(stream=stream) as progress:
        progress("metrics", 2, 4)
        progress.download("asset.test.orig", 4096, 8192)
        progress.download("asset.test.simp.0", 2048, None)
        progress("segments", 20000, None)
    err = stream.getvalue()
    assert "metrics" in err and "2/4" in err and "50%" in err
    assert "4.10k/8.19k" in err and "asset.test.simp.0" in err and "2.05kB" in err
    assert "segments: 20000seg" in err and err.endswith("\r")  # the last bar is erased on close
    quiet_stream = Terminal()
    with Progress(enabled=False, stream=quiet_stream) as quiet:
        quiet("metrics", 1, 1)
    assert quiet_stream.getvalue() == ""


def test_progress_is_silent_off_a_terminal(capsys):
    from simpeval.cli.progress import Progress

    with Progress() as progress:  # pytest's captured stderr is not a terminal
        progress("metrics", 1, 2)
    assert capsys.readouterr().err == ""


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal")
def test_progress_draws_on_a_terminal_that_reports_no_size():
    import pty

    from simpeval.cli.progress import Progress

    leader, follower = pty.openpty()  # a bare pseudo-terminal: 0 columns, as some runners give
    try:
        with open(follower, "w") as stream, Progress(stream=stream) as progress:
            assert os.get_terminal_size(follower).columns == 0
            progress("metrics", 1, 4)
        # The follower is closed: read all that was drawn, to the end (the kernel hands a pty's
        # output over asynchronously, so one read could see only the first drawing on a busy machine).
        drawn = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # EIO: the other side is closed and everything has been read
                break
            if not chunk:
                break
            drawn += chunk
    finally:
        os.close(leader)
    assert "metrics:  25%" in drawn.decode() and "1/4" in drawn.decode()


def test_the_library_reports_progress_from_the_start_of_a_job():
    from simpeval import RunOptions, compare, evaluate_streams

    calls = []
    systems = {"a": ["x y", "y z", "z", "x", "y"], "b": ["x", "y", "z w", "w", "x y"]}
    refs = [["x y", "y z", "z w", "x w", "y"]]
    evaluate_streams(systems, refs, metrics=["bleu", "chrf"], chunk_size=3, progress=lambda *call: calls.append(call))
    assert [done for _, done, _ in calls] == [0, 0, 1, 2, 3, 3, 4, 4, 5]  # 2 systems x 2 metrics a chunk, pro rata
    assert {(label, total) for label, _, total in calls} == {("segments", None)}
    calls.clear()
    compare(systems, refs, metrics=["bleu", "chrf", "ter"], run=RunOptions(progress=lambda *call: calls.append(call)))
    assert calls == [("metrics", 0, 3), ("metrics", 1, 3), ("metrics", 2, 3), ("metrics", 3, 3)]


# ---------------------------------------------------------------- system names, sentence-level lines, every SARI option
def test_score_names_the_systems(runner, corpus):
    result = runner.invoke(
        main,
        [
            "score",
            "-s",
            corpus["src.txt"],
            "-r",
            corpus["ref0.txt"],
            "-i",
            corpus["sys1.txt"],
            corpus["sys2.txt"],
            "-n",
            "alpha",
            "beta",
            "-m",
            "bleu",
            "-f",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    assert [r["system"] for r in json.loads(result.output)] == ["alpha", "beta"]
    twice = runner.invoke(
        main,
        ["score", "-r", corpus["ref0.txt"], "-i", corpus["sys1.txt"], corpus["sys2.txt"], "-n", "x", "x", "-m", "bleu"],
    )
    assert twice.exit_code == 2 and "same name" in twice.output


@pytest.mark.parametrize("fmt", ["tsv", "jsonl"])
def test_sentence_level_lines_hold_every_metric(runner, corpus, fmt):
    args = [
        "score",
        "-s",
        corpus["src.txt"],
        "-r",
        corpus["ref0.txt"],
        corpus["ref1.txt"],
        "-i",
        corpus["sys1.txt"],
        corpus["sys2.txt"],
        "-n",
        "a",
        "b",
        "-m",
        "sari",
        "bleu",
        "--sentence-level",
        "-f",
        fmt,
    ]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    lines = result.output.rstrip("\n").split("\n")
    text = {
        name: open(corpus[name], encoding="utf-8").read().splitlines()
        for name in ("src.txt", "ref0.txt", "ref1.txt", "sys1.txt")
    }
    n = len(text["src.txt"])
    if fmt == "tsv":
        header = lines[0].split("\t")
        assert header == ["line", "system", "SARI", "SARI_add", "SARI_keep", "SARI_delete", "BLEU"]
        rows = [dict(zip(header, line.split("\t"))) for line in lines[1:]]
        scores = [(r["system"], int(r["line"]), float(r["SARI"]), float(r["BLEU"])) for r in rows]
    else:
        objects = [json.loads(line) for line in lines]
        scores = [(o["system"], o["line"], o["scores"]["SARI"], o["scores"]["BLEU"]) for o in objects]
        assert list(objects[0]["components"]["SARI"]) == ["add", "keep", "delete"]
    assert [(s, line) for s, line, _, _ in scores] == [(s, i + 1) for s in "ab" for i in range(n)]
    expected = SARI().sentence_scores(text["sys1.txt"], [text["ref0.txt"], text["ref1.txt"]], sources=text["src.txt"])
    assert [sari for _, _, sari, _ in scores[:n]] == list(expected)


def test_every_sari_option_is_reachable_from_the_cli(runner, corpus):
    """Each of SARI's 17 options has a --sari-* flag giving the Python signature."""
    import dataclasses

    from simpeval.metrics.sari.config import SARIConfig

    flags = {
        "tokenize": ["--sari-tokenize", "none"],
        "lowercase": ["--sari-no-lowercase"],
        "normalize_source": ["--sari-raw-source"],
        "split": ["--sari-split", "space"],
        "aggregate": ["--sari-aggregate", "sentence"],
        "deletion": ["--sari-deletion", "precision"],
        "average": ["--sari-average", "pr"],
        "zero_division": ["--sari-zero-division", "1"],
        "precision": ["--sari-precision", "per-ngram"],
        "keep_recall": ["--sari-keep-recall", "per-ngram"],
        "del_match": ["--sari-del-match", "subtract"],
        "ngrams": ["--sari-ngrams", "binary"],
        "ref_weight": ["--sari-ref-weight", "nonempty"],
        "add_filter": ["--sari-add-filter", "deleted"],
        "penalty": ["--sari-penalty", "dsari", "--sari-aggregate", "sentence"],  # D-SARI scores documents
        "sentence_split": ["--sari-sentence-split", "punkt"],
        "max_order": ["--sari-max-order", "3"],
    }
    assert set(flags) == {f.name for f in dataclasses.fields(SARIConfig)}
    values = {
        "tokenize": "none",
        "lowercase": False,
        "normalize_source": False,
        "split": "space",
        "aggregate": "sentence",
        "deletion": "precision",
        "average": "pr",
        "zero_division": 1,
        "precision": "per-ngram",
        "keep_recall": "per-ngram",
        "del_match": "subtract",
        "ngrams": "binary",
        "ref_weight": "nonempty",
        "add_filter": "deleted",
        "penalty": {"penalty": "dsari", "aggregate": "sentence"},
        "sentence_split": "punkt",
        "max_order": 3,
    }
    base = [
        "score",
        "-s",
        corpus["src.txt"],
        "-r",
        corpus["ref0.txt"],
        "-i",
        corpus["sys1.txt"],
        "-m",
        "sari",
        "-f",
        "json",
    ]
    for option, flag in flags.items():
        result = runner.invoke(main, base + flag)
        assert result.exit_code == 0, (option, result.output)
        given = values[option]
        expected = SARI(**(given if isinstance(given, dict) else {option: given})).get_signature(1).format()
        assert json.loads(result.output)[0]["signature"] == expected, option


# ---------------------------------------------------------------- sacrebleu's flags
def _json(runner, *args):
    result = runner.invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_lc_is_bleus_lowercase(runner, corpus):
    base = ["score", "-r", corpus["ref0.txt"], "-i", corpus["sys1.txt"], "-m", "bleu", "chrf", "-f", "json"]
    flagged, explicit = _json(runner, *base, "-lc"), _json(runner, *base, "--bleu-lowercase")
    assert flagged == explicit and "case:lc" in flagged[0]["signature"] and "case:mixed" in flagged[1]["signature"]


def test_short_signatures(runner, corpus):
    out = _json(runner, "score", "-r", corpus["ref0.txt"], "-i", corpus["sys1.txt"], "-m", "bleu", "-f", "json", "-sh")
    assert out[0]["signature"] == BLEU().get_signature(1).format(short=True)


def test_encoding_reads_every_file_in_it(runner, tmp_corpus):
    lines = {
        "ref.txt": ["Le café est prêt.", "Où est la gare ?"],
        "sys.txt": ["Le café est chaud.", "Où est la gare ?"],
    }
    utf8 = tmp_corpus({name: content for name, content in lines.items()})
    latin = tmp_corpus({f"l-{name}": ("\n".join(content) + "\n").encode("latin-1") for name, content in lines.items()})
    a = _json(runner, "score", "-r", utf8["ref.txt"], "-i", utf8["sys.txt"], "-m", "bleu", "chrf", "-f", "json")
    b = _json(
        runner,
        "score",
        "-r",
        latin["l-ref.txt"],
        "-i",
        latin["l-sys.txt"],
        "-m",
        "bleu",
        "chrf",
        "-f",
        "json",
        "-e",
        "latin-1",
    )
    assert [r["score"] for r in a] == [r["score"] for r in b]
    bad = runner.invoke(main, ["score", "-r", latin["l-ref.txt"], "-i", latin["l-sys.txt"], "-m", "bleu"])
    assert bad.exit_code == 1 and "not valid UTF-8" in bad.output


def test_confidence_on_score_is_compares_interval(runner, corpus):
    out = _json(
        runner,
        "score",
        "-s",
        corpus["src.txt"],
        "-r",
        corpus["ref0.txt"],
        "-i",
        corpus["sys1.txt"],
        "-m",
        "bleu",
        "-f",
        "json",
        "--confidence",
        "--confidence-n",
        "200",
        "--seed",
        "3",
    )
    refs = [open(corpus["ref0.txt"], encoding="utf-8").read().splitlines()]
    hyps = open(corpus["sys1.txt"], encoding="utf-8").read().splitlines()
    table = simpeval.compare({"sys1.txt": hyps}, refs, metrics=["bleu"], interval=simpeval.Bootstrap(n=200), seed=3)
    interval = table.interval("sys1.txt", "BLEU")
    assert out[0]["ci"]["low"] == interval.low and out[0]["ci"]["high"] == interval.high
    assert "bs:200" in out[0]["signature"] and "seed:3" in out[0]["signature"]
    both = runner.invoke(
        main, ["score", "-r", corpus["ref0.txt"], "-i", corpus["sys1.txt"], "--confidence", "--sentence-level"]
    )
    assert both.exit_code == 2


def test_language_pair(runner, corpus):
    out = _json(
        runner, "score", "-r", corpus["ref0.txt"], "-i", corpus["sys1.txt"], "-m", "bleu", "-f", "json", "-l", "en-zh"
    )
    assert "lang:en-zh" in out[0]["signature"] and "tok:zh" in out[0]["signature"]
    bad = runner.invoke(main, ["score", "-r", corpus["ref0.txt"], "-i", corpus["sys1.txt"], "-l", "english"])
    assert bad.exit_code == 2 and "SRC-TRG" in bad.output


def test_paired_jobs_do_not_change_results(runner, corpus):
    args = [
        "compare",
        "-s",
        corpus["src.txt"],
        "-r",
        corpus["ref0.txt"],
        "-i",
        corpus["sys1.txt"],
        corpus["sys2.txt"],
        "-m",
        "sari",
        "bleu",
        "chrf",
        "--paired",
        "bs",
        "--paired-n",
        "100",
        "-f",
        "json",
        "-q",
    ]
    assert (
        _json(runner, *args, "--paired-jobs", "2") == _json(runner, *args) == _json(runner, *args, "--paired-jobs", "0")
    )


# ---------------------------------------------------------------- metrics without references; no metric at all
@pytest.mark.parametrize(
    ("command", "value"),
    [(c, v) for c in ("score", "evaluate", "compare", "report", "meta-eval") for v in ("", " ")] + [("evaluate", ",")],
)  # evaluate splits -m on commas
def test_metrics_naming_no_metric_is_a_usage_error(runner, corpus, tmp_path, command, value):
    """``-m ''`` ran the default metrics (evaluate) or failed as an unknown metric (exit 1)."""
    data = ["-s", corpus["src.txt"], "-r", corpus["ref0.txt"], "-i", corpus["sys1.txt"], corpus["sys2.txt"]]
    extra = {"report": ["-o", str(tmp_path / "r.html")], "meta-eval": []}.get(command, [])
    ratings = ["--ratings", corpus["src.txt"], "--refs", corpus["ref0.txt"]]  # not read: -m is checked first
    args = ["meta-eval", *ratings, "-m", value] if command == "meta-eval" else [command, *data, "-m", value, *extra]
    fails(run(runner, *args), 2, "--metrics needs metric names")
    assert not (tmp_path / "r.html").exists()


@pytest.mark.parametrize(
    "how", [[], ["--sentence-level"], ["--confidence", "--confidence-n", "50"], ["--format", "json"]]
)
def test_fkgl_alone_needs_no_references(runner, corpus, how):
    """FKGL reads the outputs only: ``score -m fkgl -i sys.txt`` demanded -r."""
    without = ok(run(runner, "score", "-m", "fkgl", "-i", corpus["sys1.txt"], corpus["sys2.txt"], *how))
    with_refs = ok(
        run(runner, "score", "-m", "fkgl", "-r", corpus["ref0.txt"], "-i", corpus["sys1.txt"], corpus["sys2.txt"], *how)
    )
    assert without == with_refs


@pytest.mark.parametrize("command", ["evaluate", "compare"])
def test_fkgl_alone_needs_no_references_in_evaluate_and_compare(runner, corpus, command):
    args = [command, "-m", "fkgl", "-i", corpus["sys1.txt"], corpus["sys2.txt"]]
    assert ok(run(runner, *args)) == ok(run(runner, *args, "-r", corpus["ref0.txt"]))


def test_metrics_that_need_references_still_ask_for_them(runner, corpus, tmp_path):
    fails(run(runner, "score", "-m", "fkgl", "bleu", "-i", corpus["sys1.txt"]), 2, "Missing option '--references'")
    fails(
        run(runner, "report", "-m", "fkgl", "-i", corpus["sys1.txt"], "-o", tmp_path / "r.html"),
        2,
        "Missing option '--references'",
    )
