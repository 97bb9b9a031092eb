"""The reference layout is explicit, so square input is never read both ways silently."""

from __future__ import annotations

import warnings

import pytest
from click.testing import CliRunner

import simpeval
from simpeval import SARI, References, compare, evaluate_systems, get_metric
from simpeval.cli import main
from simpeval.exceptions import ReferenceLayoutError, ReferenceLayoutWarning

from ..needs import assert_same_rows, metric_params
from ..registry import registered_metrics

# A 10 x 10 corpus: 10 segments with 10 references each, per segment (Hugging Face's layout).
WORDS = "the cat dog sat ran on a mat big small red old new fast slow".split()
SOURCES = [" ".join(WORDS[(i + k) % 15] for k in range(6)) for i in range(10)]
HYPOTHESES = [" ".join(WORDS[(i + k) % 15] for k in range(0, 6, 2)) for i in range(10)]
PER_SEGMENT = [[" ".join(WORDS[(i + 3 * j * k) % 15] for k in range(0, 5)) for j in range(10)] for i in range(10)]
STREAMS = [list(stream) for stream in zip(*PER_SEGMENT)]


def test_the_two_layouts_give_the_published_difference() -> None:
    sari = SARI()
    per_segment = sari.corpus_score(HYPOTHESES, References.from_segments(PER_SEGMENT), sources=SOURCES).score
    as_streams = sari.corpus_score(HYPOTHESES, References.from_streams(STREAMS), sources=SOURCES).score
    transposed = sari.corpus_score(HYPOTHESES, References.from_streams(PER_SEGMENT), sources=SOURCES).score
    assert per_segment == as_streams
    assert transposed != per_segment  # what a silent transposition would have reported


def test_plain_square_references_warn_and_are_read_as_streams() -> None:
    sari = SARI()
    with pytest.warns(ReferenceLayoutWarning, match=r"square \(10 lists of 10 strings for 10 segments\)"):
        plain = sari.corpus_score(HYPOTHESES, STREAMS, sources=SOURCES).score
    assert plain == sari.corpus_score(HYPOTHESES, References.from_streams(STREAMS), sources=SOURCES).score


def test_the_warning_points_at_the_caller() -> None:
    with pytest.warns(ReferenceLayoutWarning) as caught:
        SARI().corpus_score(HYPOTHESES, STREAMS, sources=SOURCES)
    assert caught[0].filename == __file__


@pytest.mark.parametrize("name", metric_params(registered_metrics()))
def test_every_metric_takes_references_without_warning(name: str) -> None:
    metric = get_metric(name)
    sources = SOURCES if metric.requires_source else None
    with warnings.catch_warnings():
        warnings.simplefilter("error", ReferenceLayoutWarning)
        explicit = metric.corpus_score(HYPOTHESES, References.from_segments(PER_SEGMENT), sources=sources)
        rows = metric.sentence_scores(HYPOTHESES, References.from_segments(PER_SEGMENT), sources=sources)
    with pytest.warns(ReferenceLayoutWarning):
        plain = metric.corpus_score(HYPOTHESES, STREAMS, sources=sources)
    assert_same_rows(name, explicit.score, plain.score)
    assert len(rows) == 10


def test_non_square_per_segment_lists_are_an_error_naming_the_fix() -> None:
    with pytest.raises(ReferenceLayoutError, match=r"References\.from_segments"):
        SARI().corpus_score(HYPOTHESES[:3], [r[:2] for r in PER_SEGMENT[:3]], sources=SOURCES[:3])


def test_a_large_corpus_in_the_wrong_layout_gets_a_short_error() -> None:
    hyps = [f"h{i}" for i in range(500)]
    with pytest.raises(ReferenceLayoutError) as caught:
        SARI().corpus_score(hyps, [[f"r{i}"] * 10 for i in range(500)], sources=hyps)
    message = str(caught.value)
    assert len(message) < 500
    assert "the 500 streams have lengths 10 (all 500); references[0] has 10 entries" in message
    assert "References.from_segments" in message


def test_ragged_segments_pad_with_none_and_sign_var() -> None:
    refs = References.from_segments([["a b", "a c"], ["d e"]])
    assert list(refs) == [["a b", "d e"], ["a c", None]]
    assert refs.segments() == [["a b", "a c"], ["d e"]]
    assert refs.n_segments == 2 and len(refs) == 2 and refs.layout == "segments"
    score = get_metric("bleu").corpus_score(["a b", "d e"], refs)
    assert score.signature["nrefs"] == "var"


def test_iterables_are_read_once() -> None:
    refs = References.from_streams(iter([iter(["x", "y"])]))
    assert list(refs) == [["x", "y"]] and refs.layout == "streams"
    assert References.from_segments([s] for s in ["x", "y"]) == refs


@pytest.mark.parametrize(
    ("build", "bad", "message"),
    [
        (References.from_streams, "abc", "streams must be a list of lists"),
        (References.from_streams, ["abc"], r"streams\[0\] must be a stream's list"),
        (References.from_segments, 3, "segments must be a list of lists"),
        (References.from_segments, [["a"], "b"], r"segments\[1\] must be a segment's list"),
    ],
)
def test_bad_shapes_are_layout_errors(build: object, bad: object, message: str) -> None:
    with pytest.raises(ReferenceLayoutError, match=message):
        build(bad)  # type: ignore[operator]


def test_api_functions_take_references() -> None:
    systems = {"one": HYPOTHESES, "two": list(reversed(HYPOTHESES))}
    refs = References.from_segments(PER_SEGMENT)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ReferenceLayoutWarning)
        table = evaluate_systems(systems, refs, sources=SOURCES, metrics=["sari", "bleu"])
        compared = compare(systems, refs, sources=SOURCES, metrics=["bleu"], test=simpeval.PairedBootstrap(n=20))
    assert table.scores[0][0].score == SARI().corpus_score(HYPOTHESES, STREAMS, sources=SOURCES).score
    assert compared.systems == ("one", "two")


def test_cli_files_are_streams_without_warning(tmp_path: pytest.TempPathFactory) -> None:
    folder = tmp_path
    for j in range(2):
        (folder / f"ref{j}.txt").write_text(f"{STREAMS[j][0]}\n{STREAMS[j][1]}\n", encoding="utf-8")  # type: ignore[operator]
    (folder / "sys.txt").write_text(f"{HYPOTHESES[0]}\n{HYPOTHESES[1]}\n", encoding="utf-8")  # type: ignore[operator]
    with warnings.catch_warnings():
        warnings.simplefilter("error", ReferenceLayoutWarning)
        result = CliRunner().invoke(
            main,
            [
                "score",
                "-r",
                str(folder / "ref0.txt"),
                str(folder / "ref1.txt"),  # type: ignore[operator]
                "-i",
                str(folder / "sys.txt"),
                "-m",
                "bleu",
                "-b",
            ],  # type: ignore[operator]
        )
    assert result.exit_code == 0, result.output
    assert "square" not in result.output


def test_exported_at_top_level() -> None:
    assert simpeval.References is References
    assert "References" in simpeval.__all__
