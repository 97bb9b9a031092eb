"""``--device NAME``: every command that scores takes it, and it sets the device of every learned
metric of the run (a metric's own ``--<metric>-device`` wins; the other metrics ignore it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from simpeval.cli import main
from simpeval.cli.metric_group import MetricOptions
from simpeval.cli.metric_options import MetricFlags

from ..needs import import_module

COMMANDS = ("score", "compare", "report", "evaluate")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_scoring_command_takes_device(command: str) -> None:
    help_text = " ".join(CliRunner().invoke(main, [command, "--help"]).output.split())
    assert "--device NAME" in help_text and "a metric's own flag (--bertscore-device) wins" in help_text


def test_device_goes_to_every_metric_that_declares_one_and_a_metric_flag_wins() -> None:
    names = ("lens", "bertscore", "bleu")
    implied = MetricOptions(names, device="cuda:1")._with_device(names, {"bleu": {"lowercase": True}})
    assert implied == {"bleu": {"lowercase": True}, "lens": {"device": "cuda:1"}, "bertscore": {"device": "cuda:1"}}
    assert MetricOptions(names)._with_device(names, None) is None  # no --device: every default kept
    flags = MetricFlags({"bertscore": {"device": "cpu", "model_type": "x/y", "num_layers": 1}})
    bertscore, bleu = MetricOptions(("bertscore", "bleu"), flags, device="cuda").build()
    assert bertscore.config.device == "cpu"  # --bertscore-device cpu over --device cuda
    only_device = MetricOptions(("bertscore",), MetricFlags({"bertscore": {"model_type": "x/y", "num_layers": 1}}))
    assert MetricOptions(only_device.names, only_device.flags, device="mps").build()[0].config.device == "mps"


def _arguments(command: str, files: dict[str, str]) -> list[str]:
    data = ["-r", files["ref0.txt"], files["ref1.txt"], "-i", files["sys1.txt"]]
    if command == "evaluate":
        data = ["-s", files["src.txt"], *data]
    if command == "report":
        data += ["-o", str(Path(files["src.txt"]).parent / "report.html")]
    return [command, *data, "-q"]


@pytest.mark.learned
@pytest.mark.parametrize("command", COMMANDS)
def test_cuda_absent_is_one_line_in_every_command(command: str, tiny_bert_folder: Path, tmp_corpus) -> None:
    torch = import_module("torch")
    if torch.cuda.is_available():
        pytest.skip("a CUDA GPU is present")
    model = ["-m", "bertscore", "--bertscore-model-type", str(tiny_bert_folder), "--bertscore-num-layers", "2"]
    result = CliRunner().invoke(main, [*_arguments(command, tmp_corpus()), *model, "--device", "cuda"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines[-1].startswith("Error: BERTScore: device 'cuda' was asked for") and "sees no CUDA GPU" in lines[-1]


@pytest.mark.learned
def test_a_metric_device_flag_wins_and_other_metrics_ignore_device(tiny_bert_folder: Path, tmp_corpus) -> None:
    files = tmp_corpus()
    model = ["-m", "bleu", "bertscore", "--bertscore-model-type", str(tiny_bert_folder), "--bertscore-num-layers", "2"]
    plain = CliRunner().invoke(main, [*_arguments("score", files), *model, "-f", "json"])
    for device in (["--device", "no-such-device", "--bertscore-device", "cpu"], ["--device", "cpu"]):
        result = CliRunner().invoke(main, [*_arguments("score", files), *model, "-f", "json", *device])
        assert result.exit_code == 0, result.output
        assert result.stdout == plain.stdout
    bleu_only = CliRunner().invoke(main, [*_arguments("score", files), "-m", "bleu", "--device", "no-such-device"])
    assert bleu_only.exit_code == 0, bleu_only.output
    refused = CliRunner().invoke(main, [*_arguments("score", files), *model, "--device", "no-such-device"])
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert "BERTScore: device 'no-such-device' is not a PyTorch device" in refused.stderr
