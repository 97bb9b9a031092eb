"""BERTScore in simpeval: options, signature, errors (one line each), the reference cache, the on-disk
cache, compare with intervals and paired tests, the command line and ``simpeval.hf`` (bert_score's
numbers themselves: ``test_bertscore_parity.py``). Tests that run a model are marked ``learned``
and run the session's tiny BERT."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

import simpeval
from simpeval import hf
from simpeval.cli import main
from simpeval.exceptions import DownloadError, InvalidOptionError, InvalidStatisticsError, MissingDependencyError
from simpeval.metrics import Signature
from simpeval.metrics.learned import runtime
from simpeval.metrics.learned.bertscore import BERTScore

from ...needs import import_module

HYPS = ["The cat sat on the mat .", "It rained all day .", "People live in the city ."]
REFS = [
    ["A cat sat on the mat .", "It rained the whole day .", "The city has many people ."],
    ["The cat was on a mat .", "All day it rained .", "People in the city ."],
]


def test_options_signature_and_hash() -> None:
    metric = BERTScore(model_type="roberta-base", idf=True)
    assert metric.layers == 10  # bert_score's table
    signature = metric.get_signature(nrefs=2)
    assert Signature.parse(signature.format()) == signature
    assert dict(signature.fields)["hash"] == f"roberta-base_L10_idf_version=0.3.12(hug_trans={metric.transformers})"
    assert dict(signature.fields)["rescale"] == "no"
    assert dict(signature.fields)["batch"] == "64"  # bert_score's padding rule: the batch size changes the scores
    assert BERTScore(model_type="roberta-base", idf=True, batch_size=8).get_signature(nrefs=2) != signature


def test_unknown_model_needs_its_layer_and_rescaling_needs_a_baseline() -> None:
    with pytest.raises(InvalidOptionError, match="num_layers is required for '/some/folder'"):
        BERTScore(model_type="/some/folder")
    with pytest.raises(InvalidOptionError, match="rescale_with_baseline needs lang"):
        BERTScore(model_type="roberta-base", rescale_with_baseline=True)
    with pytest.raises(InvalidOptionError, match="cannot be read"):
        BERTScore(model_type="roberta-base", rescale_with_baseline=True, baseline_path="/no/such/file.tsv")


def test_custom_baseline_file_is_read_at_its_layer(tmp_path: Path) -> None:
    path = tmp_path / "b.tsv"
    path.write_text("LAYER,P,R,F\n0,0.1,0.2,0.3\n1,0.4,0.5,0.6\n", encoding="utf-8")
    metric = BERTScore(model_type="x/y", num_layers=1, rescale_with_baseline=True, baseline_path=str(path))
    assert metric.baseline.tolist() == pytest.approx([0.4, 0.5, 0.6])
    assert metric.hash.endswith("-custom-rescaled") and metric.signature_field("rescale") == "custom"
    with pytest.raises(InvalidOptionError, match="has 2 layer rows; layer 4"):
        BERTScore(model_type="x/y", num_layers=4, rescale_with_baseline=True, baseline_path=str(path))


def test_the_learned_extra_missing_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)
    with pytest.raises(MissingDependencyError) as error:
        BERTScore(model_type="roberta-base").corpus_score(["a"], [["a"]])
    message = str(error.value)
    assert '"simplification-metrics[learned]"' in message and "\n" not in message


def test_a_model_id_offline_is_one_line_naming_a_local_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import_module("huggingface_hub")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    with pytest.raises(DownloadError) as error:
        runtime.model_folder("nobody-here/no-such-model", "BERTScore")
    message = str(error.value)
    assert "offline" in message and "local model folder" in message and "\n" not in message
    with pytest.raises(InvalidOptionError, match="is not a folder"):
        runtime.model_folder(str(tmp_path / "missing" / "model"), "BERTScore")


def test_negative_sums_score_but_a_negative_count_does_not() -> None:
    metric = BERTScore(model_type="roberta-base")
    score = metric.score_from_stats(np.array([-10.0, -20.0, -15.0, 2.0]))
    assert score.score == -7.5 and score.components == {"precision": -5.0, "recall": -10.0, "f1": -7.5}
    with pytest.raises(InvalidStatisticsError, match=r"stats\[3\]"):
        metric.score_from_stats(np.array([1.0, 1.0, 1.0, -1.0]))
    with pytest.raises(InvalidStatisticsError, match=r"stats\[0\]"):
        metric.score_from_stats(np.array([np.nan, 1.0, 1.0, 1.0]))


def test_cli_flags_come_from_the_declarations(runner) -> None:
    text = runner.invoke(main, ["score", "--help"]).output
    for flag in ("--bertscore-model-type", "--bertscore-num-layers", "--bertscore-idf", "--bertscore-baseline-path"):
        assert flag in text


@pytest.mark.learned
def test_cuda_absent_is_one_line(tiny_bert_folder: Path) -> None:
    torch = import_module("torch")
    if torch.cuda.is_available():
        pytest.skip("a CUDA GPU is present")
    with pytest.raises(InvalidOptionError) as error:
        BERTScore(model_type=str(tiny_bert_folder), num_layers=2, device="cuda").corpus_score(HYPS, REFS)
    assert "sees no CUDA GPU" in str(error.value) and "\n" not in str(error.value)


@pytest.mark.learned
def test_sentence_is_a_corpus_of_one_and_corpus_is_the_mean(tiny_bert_folder: Path) -> None:
    metric = BERTScore(model_type=str(tiny_bert_folder), num_layers=2)
    rows = metric.corpus_stats(HYPS, REFS)
    assert rows[:, 3].tolist() == [1.0, 1.0, 1.0]
    score = metric.corpus_score(HYPS, REFS)
    assert score.score == pytest.approx(rows[:, 2].mean())
    one = metric.sentence_score(HYPS[1], [refs[1] for refs in REFS])
    assert one.score == pytest.approx(rows[1, 2], abs=1e-4)


def count_encodes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of sentences of each call of the encoder from now on (the encoder still runs)."""
    from simpeval.metrics.learned.bertscore_model import Encoder

    encoded: list[int] = []
    embed = Encoder.embed
    monkeypatch.setattr(Encoder, "embed", lambda self, seqs, size: encoded.append(len(seqs)) or embed(self, seqs, size))
    return encoded


@pytest.mark.learned
def test_compare_encodes_references_once_and_gives_intervals_and_p_values(
    tiny_bert_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    encoded = count_encodes(monkeypatch)
    metric = BERTScore(model_type=str(tiny_bert_folder), num_layers=2)
    systems = {f"s{k}": [f"{h} {k}" for h in HYPS] for k in range(4)}
    table = simpeval.compare(
        systems, REFS, metrics=[metric], interval=simpeval.Bootstrap(100), test=simpeval.PairedBootstrap(100)
    )
    assert sum(encoded) == 6 + 4 * 3  # six references once, then each system's outputs
    paired = table.paired_result("s1", "BERTScore")
    assert table.interval("s1", "BERTScore") is not None and paired is not None and 0 <= paired.p_value <= 1


@pytest.mark.learned
def test_disk_cache_gives_the_same_bits_and_encodes_nothing_again(tiny_bert_folder: Path, tmp_path: Path) -> None:
    first = BERTScore(model_type=str(tiny_bert_folder), num_layers=2, cache_dir=str(tmp_path))
    rows = first.corpus_stats(HYPS, REFS)
    again = BERTScore(model_type=str(tiny_bert_folder), num_layers=2, cache_dir=str(tmp_path))
    again.encoder().embed = None  # encoding anything would fail: everything comes from the cache
    np.testing.assert_array_equal(again.corpus_stats(HYPS, REFS), rows)


@pytest.mark.learned
def test_hf_compute_returns_bert_scores_lists(tiny_bert_folder: Path) -> None:
    module = hf.BERTScore()
    per_prediction = [list(refs) for refs in zip(*REFS)]
    out = module.compute(predictions=HYPS, references=per_prediction, model_type=str(tiny_bert_folder), num_layers=2)
    rows = BERTScore(model_type=str(tiny_bert_folder), num_layers=2).corpus_stats(HYPS, REFS)
    assert list(out) == ["precision", "recall", "f1", "hashcode"]  # evaluate's bertscore: its keys, in its order
    for column, key in enumerate(("precision", "recall", "f1")):  # lists of floats on 0-1, one per prediction
        assert type(out[key]) is list and all(type(value) is float for value in out[key])
        assert out[key] == (rows[:, column] / 100).tolist()
        assert all(float(np.float32(value)) == value for value in out[key])  # bert_score's float32 values, exactly
    one_each = module.compute(
        predictions=HYPS, references=list(REFS[0]), model_type=str(tiny_bert_folder), num_layers=2
    )
    assert (
        one_each["f1"]
        == (BERTScore(model_type=str(tiny_bert_folder), num_layers=2).corpus_stats(HYPS, REFS[:1])[:, 2] / 100).tolist()
    )
    assert (
        out["hashcode"]
        == f"{tiny_bert_folder}_L2_no-idf_version=0.3.12(hug_trans={runtime.installed_version('transformers')})"
    )
    with pytest.raises(simpeval.exceptions.InvalidValueError, match="either 'lang'"):
        module.compute(predictions=HYPS[:1], references=["a"])


@pytest.mark.learned
def test_cli_compare_with_intervals_and_paired_tests(tiny_bert_folder: Path, runner, tmp_corpus) -> None:
    files = tmp_corpus()
    args = ["compare", "-r", files["ref0.txt"], files["ref1.txt"], "-i", files["sys1.txt"], files["sys2.txt"]]
    args += ["-m", "bleu", "bertscore", "--bertscore-model-type", str(tiny_bert_folder), "--bertscore-num-layers", "2"]
    result = runner.invoke(
        main, [*args, "--confidence", "--confidence-n", "50", "--paired", "bs", "--paired-n", "50", "-f", "json", "-q"]
    )
    assert result.exit_code == 0, result.output
    assert "BERTScore" in json.dumps(json.loads(result.stdout))


@pytest.mark.learned
def test_encoding_reports_its_progress(tiny_bert_folder: Path) -> None:
    steps: list[tuple[str, int, int]] = []
    with runtime.reporting(lambda label, done, total: steps.append((label, done, total))):
        BERTScore(model_type=str(tiny_bert_folder), num_layers=2).corpus_stats(HYPS, REFS)
    assert steps[0] == ("BERTScore", 0, 9) and steps[-1] == ("BERTScore", 9, 9)
    assert [done for _, done, _ in steps] == sorted(done for _, done, _ in steps)


@pytest.mark.learned
def test_threads_scoring_one_object_at_once_get_the_serial_numbers(
    tiny_bert_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ...learned_threads import rows_in_threads

    systems = [[f"{h} {k}" for h in HYPS] for k in range(4)]
    serial = BERTScore(model_type=str(tiny_bert_folder), num_layers=2, idf=True)
    expected = [serial.corpus_stats(system, REFS) for system in systems]
    shared = BERTScore(model_type=str(tiny_bert_folder), num_layers=2, idf=True)
    calls = [lambda metric, system=system: metric.corpus_stats(system, REFS, n_jobs=2) for system in systems]
    rows, most = rows_in_threads(shared, calls, monkeypatch)
    assert most == 1  # one call at a time (LearnedMetric's lock), in this process (no workers)
    for got, want in zip(rows, expected):
        np.testing.assert_array_equal(got, want)


@pytest.mark.learned
def test_the_command_line_draws_encoding_progress_on_a_terminal_only(
    tiny_bert_folder: Path, runner, tmp_corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from simpeval.cli import progress

    files = tmp_corpus()
    args = ["score", "-r", files["ref0.txt"], files["ref1.txt"], "-i", files["sys1.txt"], "-m", "bertscore"]
    args += ["--bertscore-model-type", str(tiny_bert_folder), "--bertscore-num-layers", "2"]
    piped = runner.invoke(main, args)  # the runner's standard error is no terminal: no bar, nor Transformers'
    assert piped.exit_code == 0 and "BERTScore" in piped.stdout and piped.stderr == "", piped.output

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal, drawn = Terminal(), progress.Progress.__init__
    monkeypatch.setattr(
        progress.Progress, "__init__", lambda self, enabled=True, stream=None: drawn(self, enabled, terminal)
    )
    assert runner.invoke(main, args).exit_code == 0
    assert "BERTScore: 100%" in terminal.getvalue() and "9/9 [" in terminal.getvalue()  # 3 outputs, 6 references
    quiet = Terminal()
    monkeypatch.setattr(
        progress.Progress, "__init__", lambda self, enabled=True, stream=None: drawn(self, enabled, quiet)
    )
    assert runner.invoke(main, [*args, "-q"]).exit_code == 0 and quiet.getvalue() == ""  # --quiet: none


@pytest.mark.learned
def test_an_output_repeated_by_another_system_is_encoded_once_with_the_same_row(
    tiny_bert_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from simpeval.metrics.learned import bertscore

    encoded = count_encodes(monkeypatch)
    metric = BERTScore(model_type=str(tiny_bert_folder), num_layers=2)
    first = metric.corpus_stats(HYPS, REFS)
    copied = [HYPS[0], "Something else .", HYPS[2]]
    np.testing.assert_array_equal(metric.corpus_stats(copied, REFS)[[0, 2]], first[[0, 2]])
    assert sum(encoded) == 6 + 3 + 1  # the references and outputs, then the one new output
    metric.corpus_stats(HYPS, [REFS[0]])  # other references: the outputs are encoded again
    assert sum(encoded) == 6 + 3 + 1 + 3
    monkeypatch.setattr(bertscore, "KEPT_OUTPUT_BYTES", 0)  # nothing kept beyond the budget
    fresh = BERTScore(model_type=str(tiny_bert_folder), num_layers=2)
    fresh.corpus_stats(HYPS, REFS), fresh.corpus_stats(HYPS, REFS)
    assert sum(encoded) == 6 + 3 + 1 + 3 + 9 + 3
