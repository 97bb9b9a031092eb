"""Bad or unusual input files on the command line.

Each case ends in one clear outcome: a correct score with a ``Warning:`` line on stderr, or one
error naming the file (and the line) with an exact exit code, and never a traceback.
"""

from __future__ import annotations

import json

import pytest

from simpeval.api import evaluate_systems
from simpeval.cli import main
from simpeval.io import read_lines

BOM = b"\xef\xbb\xbf"
COMMANDS = [("score",), ("score", "--sentence-level"), ("compare", "-q")]


def run(runner, *args, input=None):
    """Invoke ``simpeval ARGS``; an exception escaping click fails the test (no traceback)."""
    return runner.invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)


def ok(result):
    assert result.exit_code == 0, result.output + result.stderr
    assert "Traceback" not in result.output
    return result.stdout


def fails(result, code, *fragments):
    """The command failed with ``code``, one error line containing every fragment, nothing on stdout."""
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert result.stdout == ""
    errors = [line for line in result.stderr.splitlines() if not line.startswith("Warning: ")]
    assert len(errors) == 1 and errors[0].startswith("Error: "), result.stderr
    for fragment in fragments:
        assert fragment in errors[0], errors[0]
    return errors[0]


def scores(stdout):
    """System -> metric -> score, from ``--format json`` (run with ``-w 12``)."""
    table: dict[str, dict[str, float]] = {}
    for record in json.loads(stdout):
        table.setdefault(record["system"], {})[record["metric"]] = record["score"]
    return table


@pytest.fixture
def corpus(tmp_corpus):
    return tmp_corpus()


def lines_of(corpus, name):
    return read_lines(corpus[name])


# ---------------------------------------------------------------- a TSV given without --num-refs
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_tsv_references_without_num_refs_are_an_error(runner, corpus, command):
    tsv = corpus["refs.tsv"]
    message = fails(
        run(runner, *command, "-s", corpus["src.txt"], "-r", tsv, "-i", corpus["sys1.txt"]),
        1,
        f"references file {tsv}",
        "every line (3 lines) contains a tab",
        "--num-refs was not given",
        "--num-refs 3",
        "--num-refs 1",
    )
    assert "--num-refs N" not in message


def test_tsv_references_with_num_refs_give_the_separate_files_score(runner, corpus):
    """The ASSET case in small: the TSV read as 3 references is the 3-file score; read as 1, it is not."""
    separate = ["-r", corpus["ref0.txt"], corpus["ref1.txt"], corpus["ref2.txt"]]
    common = ["-s", corpus["src.txt"], "-i", corpus["sys1.txt"], "-f", "json", "-w", 12]
    expected = scores(ok(run(runner, "score", *common, *separate)))
    assert scores(ok(run(runner, "score", *common, "-r", corpus["refs.tsv"], "--num-refs", 3))) == expected
    one = scores(ok(run(runner, "score", *common, "-r", corpus["refs.tsv"], "--num-refs", 1)))
    assert one["sys1.txt"]["SARI"] != expected["sys1.txt"]["SARI"]


def test_num_refs_1_keeps_the_tabs_inside_one_reference(runner, corpus):
    """``--num-refs 1`` keeps today's behaviour: each line, tabs included, is one reference."""
    args = ["score", "-s", corpus["src.txt"], "-r", corpus["refs.tsv"], "--num-refs", 1, "-i", corpus["sys1.txt"]]
    result = run(runner, *args, "-f", "json", "-w", 12)
    table = evaluate_systems(
        {"sys1.txt": lines_of(corpus, "sys1.txt")}, [lines_of(corpus, "refs.tsv")], sources=lines_of(corpus, "src.txt")
    )
    expected = {
        column.name: pytest.approx(score.score, abs=1e-9) for column, score in zip(table.metrics, table.scores[0])
    }
    assert scores(ok(result))["sys1.txt"] == expected
    assert result.stderr == ""


def test_tsv_with_varying_field_counts_asks_for_n(runner, corpus, tmp_corpus):
    tsv = tmp_corpus({"ragged.tsv": ["a\tb", "c\td\te", "f\tg"]})["ragged.tsv"]
    fails(
        run(runner, "score", "-s", corpus["src.txt"], "-r", tsv, "-i", corpus["sys1.txt"]),
        1,
        f"references file {tsv}",
        "every line (3 lines) contains a tab",
        "--num-refs N",
        "between 2 and 3 tab-separated fields",
        "--num-refs 1",
    )


def test_tsv_from_stdin_without_num_refs(runner, corpus):
    tsv = open(corpus["refs.tsv"], "rb").read()
    fails(
        run(runner, "score", "-s", corpus["src.txt"], "-r", "-", "-i", corpus["sys1.txt"], input=tsv),
        1,
        "references file <stdin>",
        "--num-refs 3",
    )


def test_a_reference_file_with_some_tabs_is_scored(runner, corpus, tmp_corpus):
    lines = lines_of(corpus, "ref0.txt")
    ref = tmp_corpus({"some-tabs.txt": [lines[0].replace(" ", "\t", 1), *lines[1:]]})["some-tabs.txt"]
    result = run(runner, "score", "-s", corpus["src.txt"], "-r", ref, "-i", corpus["sys1.txt"])
    ok(result)
    assert result.stderr == ""


def test_several_reference_files_with_tabs_are_not_checked(runner, corpus):
    """Only one references file can be a TSV read by mistake: with several, each is one reference."""
    ok(run(runner, "score", "-m", "bleu", "-r", corpus["refs.tsv"], corpus["ref0.txt"], "-i", corpus["sys1.txt"]))


# ---------------------------------------------------------------- BOM and NUL
@pytest.mark.parametrize("role", ["sys1.txt", "src.txt", "ref0.txt", "refs.tsv"])
def test_a_leading_bom_is_removed_with_a_warning(runner, corpus, tmp_corpus, role):
    bom = tmp_corpus({f"bom-{role}": BOM + open(corpus[role], "rb").read()})[f"bom-{role}"]
    tsv = role == "refs.tsv"
    refs = ["-r", corpus["refs.tsv"], "--num-refs", 3] if tsv else ["-r", corpus["ref0.txt"], corpus["ref1.txt"]]
    args = ["score", "-f", "json", "-w", 12, "-s", corpus["src.txt"], *refs, "-i", corpus["sys1.txt"]]
    expected = scores(ok(run(runner, *args)))
    result = run(runner, *[bom if a == corpus[role] else a for a in args])
    assert list(scores(ok(result)).values()) == list(expected.values())
    assert f"Warning: file {bom} starts with a UTF-8 byte-order mark (BOM); it was removed" in result.stderr


def test_a_bom_on_stdin(runner, corpus):
    content = BOM + open(corpus["sys1.txt"], "rb").read()
    args = ["score", "-s", corpus["src.txt"], "-r", corpus["ref0.txt"], "-f", "json", "-w", 12]
    result = run(runner, *args, input=content)
    plain = run(runner, *args, "-i", corpus["sys1.txt"])
    assert list(scores(ok(result)).values()) == list(scores(ok(plain)).values())
    assert "Warning: file <stdin> starts with a UTF-8 byte-order mark" in result.stderr


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("role", ["-i", "-s", "-r"])
def test_a_nul_byte_is_an_error_naming_file_and_line(runner, corpus, tmp_corpus, command, role):
    nul = tmp_corpus({"nul.txt": b"first line\nsecond \x00 line\nthird line\n"})["nul.txt"]
    files = {"-i": corpus["sys1.txt"], "-s": corpus["src.txt"], "-r": corpus["ref0.txt"]}
    files[role] = nul
    fails(
        run(runner, *command, *(a for option, path in files.items() for a in (option, path))),
        1,
        f"file {nul} contains a NUL byte (0x00) on line 2",
        "UTF-8",
    )


def test_a_nul_byte_in_a_tsv_and_on_stdin(runner, corpus, tmp_corpus):
    tsv = tmp_corpus({"nul.tsv": b"a\tb\nc\td\ne\tf\x00\n"})["nul.tsv"]
    fails(
        run(runner, "score", "-s", corpus["src.txt"], "-r", tsv, "--num-refs", 2, "-i", corpus["sys1.txt"]),
        1,
        f"file {tsv} contains a NUL byte (0x00) on line 3",
    )
    fails(
        run(runner, "score", "-s", corpus["src.txt"], "-r", corpus["ref0.txt"], input=b"a\n\x00\nc\n"),
        1,
        "file <stdin> contains a NUL byte (0x00) on line 2",
    )


def test_a_utf16_file_is_an_error(runner, corpus, tmp_corpus):
    """UTF-16 without a BOM is valid UTF-8 full of NULs: it must not be scored."""
    utf16 = tmp_corpus({"utf16.txt": open(corpus["sys1.txt"], encoding="utf-8").read().encode("utf-16-le")})
    fails(
        run(runner, "score", "-s", corpus["src.txt"], "-r", corpus["ref0.txt"], "-i", utf16["utf16.txt"]),
        1,
        f"file {utf16['utf16.txt']} contains a NUL byte (0x00) on line 1",
    )


# ---------------------------------------------------------------- the same reference twice
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_the_same_reference_file_twice_warns_and_scores(runner, corpus, command):
    ref = corpus["ref0.txt"]
    result = run(
        runner, *command, "-s", corpus["src.txt"], "-r", ref, corpus["ref1.txt"], ref, "-i", corpus["sys1.txt"]
    )
    ok(result)
    warnings = [line for line in result.stderr.splitlines() if line.startswith("Warning: ")]
    assert warnings == [
        f"Warning: reference streams 1 and 3 are identical, line for line ({ref} and {ref}): each counts as a "
        "separate reference, which changes the scores. Give each reference once unless that is intended."
    ]
    assert "nrefs:3" in result.stdout


def test_identical_reference_files_are_named_both(runner, corpus, tmp_corpus):
    copy = tmp_corpus({"copy/ref0.txt": open(corpus["ref0.txt"], "rb").read()})["copy/ref0.txt"]
    args = ["score", "-f", "json", "-w", 12, "-s", corpus["src.txt"], "-i", corpus["sys1.txt"], "-r"]
    result = run(runner, *args, corpus["ref0.txt"], copy)
    twice = run(runner, *args, corpus["ref0.txt"], corpus["ref0.txt"])
    assert scores(ok(result)) == scores(ok(twice))  # kept and scored: it may be intended
    assert f"reference streams 1 and 2 are identical, line for line ({corpus['ref0.txt']} and {copy})" in result.stderr


def test_three_identical_streams_give_one_warning(runner, corpus):
    ref = corpus["ref2.txt"]
    result = run(runner, "score", "-m", "bleu", "-r", ref, ref, ref, "-i", corpus["sys1.txt"])
    ok(result)
    assert result.stderr.count("Warning: ") == 1
    assert f"reference streams 1, 2 and 3 are identical, line for line ({ref}, {ref} and {ref})" in result.stderr


def test_identical_tsv_columns_warn(runner, corpus, tmp_corpus):
    lines = lines_of(corpus, "ref0.txt")
    tsv = tmp_corpus({"dup.tsv": [f"{line}\t{line}" for line in lines]})["dup.tsv"]
    result = run(runner, "score", "-s", corpus["src.txt"], "-r", tsv, "--num-refs", 2, "-i", corpus["sys1.txt"])
    ok(result)
    assert f"reference streams 1 and 2 are identical, line for line ({tsv} and {tsv})" in result.stderr


def test_references_differing_in_one_line_do_not_warn(runner, corpus, tmp_corpus):
    lines = lines_of(corpus, "ref0.txt")
    near = tmp_corpus({"near.txt": [*lines[:-1], lines[-1] + " !"]})["near.txt"]
    result = run(runner, "score", "-s", corpus["src.txt"], "-r", corpus["ref0.txt"], near, "-i", corpus["sys1.txt"])
    ok(result)
    assert result.stderr == ""


# ---------------------------------------------------------------- CR-only line endings
def test_a_cr_only_file_is_explained_then_a_line_count_mismatch(runner, corpus, tmp_corpus):
    mac = tmp_corpus({"mac.txt": "".join(line + "\r" for line in lines_of(corpus, "sys1.txt"))})["mac.txt"]
    result = run(runner, "score", "-s", corpus["src.txt"], "-r", corpus["ref0.txt"], "-i", mac)
    fails(result, 1, f"{mac}: 1 line", f"{corpus['src.txt']}: 3 lines")
    assert (
        f"Warning: file {mac} has \\r line endings without \\n (classic Mac), first on line 1: simpeval splits "
        "lines on \\n only" in result.stderr
    )
    assert "Windows" not in result.stderr and "\\r\\n" not in result.stderr


def test_a_crlf_file_keeps_the_windows_warning(runner, corpus, tmp_corpus):
    crlf = tmp_corpus({"crlf.txt": "".join(line + "\r\n" for line in lines_of(corpus, "sys1.txt"))})["crlf.txt"]
    result = run(runner, "score", "-m", "bleu", "-r", corpus["ref0.txt"], "-i", crlf)
    ok(result)
    assert f"Warning: file {crlf} has Windows line endings (\\r\\n)" in result.stderr
    assert "classic Mac" not in result.stderr
