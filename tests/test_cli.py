"""End-to-end tests of the ``simpeval`` command line through click's CliRunner."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

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
    assert lines[0].split() == ["System", "SARI", "Keep", "Delete", "Add", "BLEU", "chrF2", "TER"]
    assert lines[1].startswith("system-a.txt") and lines[2].startswith("system-b.txt")
    for prefix in ("SARI|nrefs:3|", "BLEU|nrefs:3|", "chrF|nrefs:3|", "TER|nrefs:3|"):
        assert any(line.startswith(prefix) for line in lines), prefix


def test_demo_json(runner):
    records = json.loads(ok(run(runner, "demo", "--format", "json")))
    assert len(records) == 8
    assert {r["system"] for r in records} == {"system-a.txt", "system-b.txt"}


def test_score_text(runner, corpus):
    out = ok(run(runner, *score_args(corpus, "-i", corpus["sys1.txt"])))
    lines = out.splitlines()
    assert lines[0].split() == ["System", "SARI", "Keep", "Delete", "Add", "BLEU", "chrF2", "TER"]
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
    sari = SARI().corpus_score(sys1, refs, sources)
    assert records["SARI"]["score"] == round(sari.score, 6)
    assert records["SARI"]["signature"] == sari.signature.format()
    assert records["SARI"]["components"] == {k: round(v, 6) for k, v in sari.components.items()}
    assert records["BLEU"]["score"] == round(BLEU().corpus_score(sys1, refs).score, 6)
    assert records["chrF2"]["score"] == round(CHRF().corpus_score(sys1, refs).score, 6)
    assert records["TER"]["score"] == round(TER().corpus_score(sys1, refs).score, 6)


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
    assert lines[2].split()[1].rstrip("*") == f"{SARI().corpus_score(sys2, refs, sources).score:.1f}"
    assert "* best system per metric" in out


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
        SARI().corpus_score(sys1, refs, sources).score,
        TER().corpus_score(sys1, refs).score,
        SARI().corpus_score(sys2, refs, sources).score,
        TER().corpus_score(sys2, refs).score,
    ]
    assert out.splitlines() == [f"{value:.4f}" for value in expected]


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
        SARI("easse-paper", deletion="precision").corpus_score(sys1, refs, sources),
        BLEU(lowercase=True, smooth_method="floor").corpus_score(sys1, refs),
        CHRF(word_order=2).corpus_score(sys1, refs),
        TER(case_sensitive=True).corpus_score(sys1, refs),
    ]
    assert sorted(records) == sorted(score.metric for score in expected)
    for score in expected:
        assert records[score.metric]["score"] == round(score.score, 6)
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
    expected = SARI().sentence_scores(sys1, refs, sources)
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
    one = SARI().sentence_score(sys1[1], [r[1] for r in refs], sources[1])
    assert records[1]["score"] == round(one.score, 6)
    assert set(records[1]["components"]) == {"add", "keep", "delete"}


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
        run(runner, *score_args(corpus, "-i", corpus["sys1.txt"], "-m", "bleu", "meteor")),
        1,
        "unknown metric 'meteor'",
        "bleu, chrf, sari, ter",
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
    fails(run(runner, *args), 2, "SARI needs the source sentences", "--sources", "--metrics")
    ok(run(runner, *args, "-m", "bleu"))


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
