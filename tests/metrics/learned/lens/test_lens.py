"""LENS without the oracle: loading, rescaling, the maximum over references, the signature, determinism,
errors, pickling and bootstrap intervals and paired tests through ``compare`` (tiny checkpoints)."""

from __future__ import annotations

import hashlib
import json
import math
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from simpeval import References, Signature, compare, get_metric
from simpeval.exceptions import (
    ChecksumMismatchError,
    DownloadError,
    InvalidOptionError,
    MissingDependencyError,
    MissingSourceError,
    SimpevalError,
)
from simpeval.metrics.learned import runtime
from simpeval.metrics.learned.lens import LENS, LENSConfig
from simpeval.significance.specs import Bootstrap, PairedBootstrap

from .conftest import OUTPUTS, REFERENCES, SOURCES

REFS = References.from_segments(REFERENCES)

#: Every test runs a tiny LENS (PyTorch, a checkpoint built for the session): seconds to start.
pytestmark = pytest.mark.learned


@pytest.fixture(scope="module")
def lens(checkpoint: Path) -> LENS:
    return LENS(checkpoint=str(checkpoint), device="cpu")


@pytest.fixture(scope="module")
def rows(lens: LENS) -> np.ndarray:
    return lens.corpus_stats(OUTPUTS, REFS, sources=SOURCES)


@pytest.mark.slow
def test_rows_are_score_and_count(lens: LENS, rows: np.ndarray) -> None:
    assert rows.shape == (len(OUTPUTS), 2) and (rows[:, 1] == 1).all()
    assert len(set(rows[:, 0])) == len(OUTPUTS)  # the tiny network tells the segments apart
    score = lens.corpus_score(OUTPUTS, REFS, sources=SOURCES)
    assert score.score == pytest.approx(rows[:, 0].mean(), abs=1e-12)
    one = lens.sentence_score(OUTPUTS[1], REFERENCES[1], source=SOURCES[1])
    assert one.score == pytest.approx(rows[1, 0], abs=1e-4)
    assert (
        get_metric("lens", checkpoint=str(lens.folder)).corpus_score(OUTPUTS, REFS, sources=SOURCES).score
        == score.score
    )


def test_the_model_ckpt_path_is_a_checkpoint_too(lens: LENS, rows: np.ndarray) -> None:
    by_file = LENS(checkpoint=str(lens.folder / "checkpoints" / "model.ckpt"), device="cpu")
    assert by_file.get_signature() == lens.get_signature()
    assert by_file.corpus_stats(OUTPUTS, REFS, sources=SOURCES).tolist() == rows.tolist()


def test_rescale_is_the_normal_cdf_of_the_raw_score(checkpoint: Path, rows: np.ndarray) -> None:
    rescaled = LENS(checkpoint=str(checkpoint), rescale=True, device="cpu").corpus_stats(OUTPUTS, REFS, sources=SOURCES)
    expected = [100 * 0.5 * (1 + math.erf(raw / 100 / math.sqrt(2))) for raw in rows[:, 0]]
    assert rescaled[:, 0] == pytest.approx(expected, abs=1e-9)
    assert (0 <= rescaled[:, 0]).all() and (rescaled[:, 0] <= 100).all()


def test_several_references_give_the_best_score(lens: LENS) -> None:
    [refs] = [r for r in REFERENCES if len(r) == 3]
    segment = REFERENCES.index(refs)
    alone = [lens.sentence_score(OUTPUTS[segment], [ref], source=SOURCES[segment]).score for ref in refs]
    together = lens.sentence_score(OUTPUTS[segment], refs, source=SOURCES[segment]).score
    assert len(set(alone)) == 3 and together == pytest.approx(max(alone), abs=1e-9)


def _count_encodes(metric: LENS, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts ``metric``'s network encodes from now on, in order."""
    network = metric.network()
    encoded: list[str] = []
    embed = network.embed

    def counted(texts: list[str], batch_size: int) -> Any:
        encoded.extend(texts)
        return embed(texts, batch_size)

    monkeypatch.setattr(network, "embed", counted)
    return encoded


def test_each_text_is_encoded_once(checkpoint: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    metric = LENS(checkpoint=str(checkpoint), device="cpu", batch_size=4)
    encoded = _count_encodes(metric, monkeypatch)
    first = metric.corpus_stats(OUTPUTS, REFS, sources=SOURCES)
    distinct = {text.lower() for text in [*SOURCES, *OUTPUTS, *(r for refs in REFERENCES for r in refs)]}
    assert sorted(encoded) == sorted(distinct)
    assert metric.corpus_stats(OUTPUTS, REFS, sources=SOURCES).tolist() == first.tolist()  # from the cache
    assert len(encoded) == len(distinct)


@pytest.mark.slow
def test_compare_encodes_sources_and_references_once(checkpoint: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    metric = LENS(checkpoint=str(checkpoint), device="cpu")
    encoded = _count_encodes(metric, monkeypatch)
    other = [f"{output} indeed ." for output in OUTPUTS]  # no text of the first system, source or reference
    table = compare({"a": OUTPUTS, "b": other}, REFS, sources=SOURCES, metrics=[metric])
    shared = {text.lower() for text in [*SOURCES, *(r for refs in REFERENCES for r in refs)]}
    assert len(encoded) == len(set(encoded))  # nothing twice, across the two systems
    assert set(encoded) == shared | {text.lower() for text in [*OUTPUTS, *other]}
    fresh = LENS(checkpoint=str(checkpoint), device="cpu").corpus_score(other, REFS, sources=SOURCES)
    assert table.cell("b", "LENS").score == pytest.approx(fresh.score, abs=1e-9)  # the cache changes no score


@pytest.mark.slow
def test_scores_do_not_depend_on_batching(checkpoint: Path, rows: np.ndarray) -> None:
    for batch_size in (1, 5):
        again = LENS(checkpoint=str(checkpoint), batch_size=batch_size, device="cpu")
        assert again.corpus_stats(OUTPUTS, REFS, sources=SOURCES)[:, 0] == pytest.approx(rows[:, 0], abs=1e-4)


def test_a_pickled_copy_reloads_and_scores_the_same(lens: LENS, rows: np.ndarray) -> None:
    copy = pickle.loads(pickle.dumps(lens))
    assert copy._network is None if hasattr(copy, "_network") else True
    assert copy.corpus_stats(OUTPUTS, REFS, sources=SOURCES)[:, 0] == pytest.approx(rows[:, 0], abs=1e-4)


def test_signature(lens: LENS, checkpoint: Path) -> None:
    digest = hashlib.sha256((checkpoint / "checkpoints" / "model.ckpt").read_bytes()).hexdigest()
    signature = lens.corpus_score(OUTPUTS, REFS, sources=SOURCES).signature
    fields = dict(signature.fields)
    assert (fields["ckpt"], fields["sha256"], fields["rescale"], fields["nrefs"]) == (
        checkpoint.name,
        digest,
        "no",
        "var",
    )
    assert Signature.parse(signature.format()).format() == signature.format()
    assert Signature.parse(signature.format(short=True)).format() == signature.format()
    assert dict(LENS(checkpoint=str(checkpoint), rescale=True).get_signature().fields)["rescale"] == "yes"


def test_compare_gives_intervals_and_paired_tests(lens: LENS, rows: np.ndarray) -> None:
    systems = {"lens-a": OUTPUTS, "lens-b": [*OUTPUTS[1:], OUTPUTS[0]]}
    table = compare(
        systems,
        REFS,
        sources=SOURCES,
        metrics=[lens],
        interval=Bootstrap(n=200),
        test=PairedBootstrap(n=200),
    )
    assert table.cell("lens-a", "LENS").score == pytest.approx(rows[:, 0].mean(), abs=1e-12)
    interval = table.interval("lens-a", "LENS")
    assert interval is not None and interval.low <= table.cell("lens-a", "LENS").score <= interval.high
    paired = table.paired_result("lens-b", "LENS")
    assert paired is not None and 0 <= paired.p_value <= 1


# ---------------------------------------------------------------- errors: one clear line each


@pytest.mark.parametrize("row", [[np.nan, 1.0], [np.inf, 1.0], [5.0, -1.0], [1.0, 2.0, 3.0]])
def test_invalid_statistics_raise(lens: LENS, row: list[float]) -> None:
    with pytest.raises(SimpevalError):
        lens.score_from_stats(np.array(row))


def test_a_negative_raw_score_is_a_score(lens: LENS) -> None:
    assert lens.score_from_stats(np.array([-30.0, 3.0])).score == -10.0


def test_a_checkpoint_must_be_given() -> None:
    with pytest.raises(InvalidOptionError, match="checkpoint must be given"):
        LENS()
    with pytest.raises(InvalidOptionError, match="sha256 must be 12 to 64 hex digits"):
        LENSConfig(checkpoint="x", sha256="not-hex")


def test_a_wrong_sha256_is_refused(checkpoint: Path) -> None:
    digest = hashlib.sha256((checkpoint / "checkpoints" / "model.ckpt").read_bytes()).hexdigest()
    assert LENS(checkpoint=str(checkpoint), sha256=digest[:12].upper()).sha256 == digest
    wrong = ("0" if digest[0] != "0" else "1") + digest[1:]
    with pytest.raises(ChecksumMismatchError, match=f"has sha256 {digest}, expected {wrong}"):
        LENS(checkpoint=str(checkpoint), sha256=wrong)


def _copy(checkpoint: Path, target: Path) -> Path:
    (target / "checkpoints").mkdir(parents=True)
    (target / "hparams.yaml").write_bytes((checkpoint / "hparams.yaml").read_bytes())
    (target / "checkpoints" / "model.ckpt").write_bytes((checkpoint / "checkpoints" / "model.ckpt").read_bytes())
    return target


def _hparams(folder: Path) -> dict[str, Any]:
    import yaml

    return dict(yaml.safe_load((folder / "hparams.yaml").read_text(encoding="utf-8")))


def _edit_hparams(folder: Path, **changes: Any) -> None:
    import yaml

    hparams = _hparams(folder)
    (folder / "hparams.yaml").write_text(yaml.safe_dump({**hparams, **changes}), encoding="utf-8")


def _save(folder: Path, content: Any) -> None:
    import torch

    torch.save(content, folder / "checkpoints" / "model.ckpt")


def _drop_regressor(folder: Path) -> None:
    import torch

    state = torch.load(folder / "checkpoints" / "model.ckpt", weights_only=True)["state_dict"]
    _save(folder, {"state_dict": {k: v for k, v in state.items() if not k.startswith("estimator.")}})


#: (what is wrong, how to make it so, the error's words); the first three fail on construction.
BROKEN: list[tuple[str, Callable[[Path], None], str]] = [
    ("no hparams.yaml", lambda f: (f / "hparams.yaml").unlink(), "hparams.yaml is missing"),
    ("LENS-SALSA", lambda f: _edit_hparams(f, class_identifier="unified_metric"), "LENS-SALSA and others"),
    ("bad pool", lambda f: _edit_hparams(f, pool="mean"), "pool must be one of"),
    ("not a torch file", lambda f: (f / "checkpoints" / "model.ckpt").write_bytes(b"not a checkpoint"), "not loadable"),
    ("code in the pickle", lambda f: _save(f, {"state_dict": {}, "path": Path("x")}), "not loadable as weights"),
    ("no state_dict", lambda f: _save(f, {"weights": {}}), "no 'state_dict' of tensors"),
    ("no regressor", _drop_regressor, "regressor has 0 linear layers"),
    ("other sizes", lambda f: _edit_hparams(f, hidden_sizes=[41, 12]), "has shape"),
    ("other layer", lambda f: _edit_hparams(f, layer=9), "is not one of the encoder's 3 layers"),
    ("no activation", lambda f: _edit_hparams(f, activations="swish"), "is no torch.nn activation"),
]


@pytest.mark.parametrize(("problem", "damage", "words"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_checkpoint_is_one_error(
    checkpoint: Path, tmp_path: Path, problem: str, damage: Callable[[Path], None], words: str
) -> None:
    folder = _copy(checkpoint, tmp_path / "broken")
    damage(folder)
    with pytest.raises(InvalidOptionError, match=words):
        LENS(checkpoint=str(folder), device="cpu").corpus_stats(OUTPUTS, REFS, sources=SOURCES)


def test_no_such_folder() -> None:
    with pytest.raises(InvalidOptionError, match="no such folder"):
        LENS(checkpoint="/no/such/lens-folder")


def test_an_id_offline_says_how_to_give_a_folder(
    learned: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path))
    with pytest.raises(DownloadError, match="give that FOLDER instead"):
        LENS(checkpoint="nobody/no-such-lens")


@pytest.mark.slow
def test_a_local_checkpoint_never_downloads_its_encoder(
    checkpoint: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    folder = _copy(checkpoint, tmp_path / "elsewhere")
    _edit_hparams(folder, pretrained_model="nobody/no-such-encoder")
    with pytest.raises(InvalidOptionError, match="a local checkpoint never downloads: give encoder="):
        LENS(checkpoint=str(folder), device="cpu").network()
    encoder = _hparams(checkpoint)["pretrained_model"]
    given = LENS(checkpoint=str(folder), encoder=encoder, device="cpu")
    reference = LENS(checkpoint=str(checkpoint), device="cpu")
    assert (
        given.corpus_stats(OUTPUTS, REFS, sources=SOURCES).tolist()
        == reference.corpus_stats(OUTPUTS, REFS, sources=SOURCES).tolist()
    )


def test_sources_are_required_and_aligned(lens: LENS) -> None:
    with pytest.raises(MissingSourceError):
        lens.corpus_score(OUTPUTS, REFS)
    with pytest.raises(SimpevalError):
        lens.corpus_score(OUTPUTS[:2], REFS, sources=SOURCES)


def test_cuda_asked_for_and_absent(checkpoint: Path) -> None:
    import torch

    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    with pytest.raises(InvalidOptionError, match="sees no CUDA GPU"):
        LENS(checkpoint=str(checkpoint), device="cuda").network()
    with pytest.raises(InvalidOptionError, match="is not a PyTorch device"):
        LENS(checkpoint=str(checkpoint), device="gpu-please").network()


def test_without_torch_one_line_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)
    with pytest.raises(MissingDependencyError, match=r'pip install "simplification-metrics\[learned\]"'):
        runtime.require("LENS")


def test_the_command_line_scores_and_refuses_in_one_line(lens: LENS, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from simpeval.cli import main

    files = {"out": OUTPUTS[:2], "src": SOURCES[:2], "ref": [refs[0] for refs in REFERENCES[:2]]}
    for name, lines in files.items():
        (tmp_path / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    common = [
        "score",
        "-i",
        str(tmp_path / "out.txt"),
        "-s",
        str(tmp_path / "src.txt"),
        "-r",
        str(tmp_path / "ref.txt"),
    ]
    result = CliRunner().invoke(main, [*common, "-m", "lens", "--lens-checkpoint", str(lens.folder), "-f", "json"])
    assert result.exit_code == 0, result.output
    [record] = json.loads(result.stdout)
    expected = lens.corpus_score(OUTPUTS[:2], [[refs[0] for refs in REFERENCES[:2]]], sources=SOURCES[:2])
    assert (
        record["score"] == pytest.approx(expected.score, abs=1e-4)
        and record["signature"] == expected.signature.format()
    )
    # a bad --lens-checkpoint is a usage error (exit 2, as every bad metric flag); none given is exit 1
    for bad, code in ((["--lens-checkpoint", str(tmp_path / "nowhere")], 2), ([], 1)):
        failed = CliRunner().invoke(main, [*common, "-m", "lens", *bad])
        assert failed.exit_code == code and "Traceback" not in failed.output, failed.output
        assert [line for line in failed.stderr.splitlines() if line.strip()][-1].startswith("Error: LENS: checkpoint")


@pytest.mark.slow
def test_threads_scoring_one_object_at_once_get_the_serial_numbers(
    checkpoint: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ....learned_threads import rows_in_threads

    systems = [OUTPUTS, *([f"{output} {k}" for output in OUTPUTS] for k in range(3))]
    serial = LENS(checkpoint=str(checkpoint), device="cpu")
    expected = [serial.corpus_stats(system, REFS, sources=SOURCES) for system in systems]
    shared = LENS(checkpoint=str(checkpoint), device="cpu")
    calls = [lambda metric, s=system: metric.corpus_stats(s, REFS, sources=SOURCES, n_jobs=2) for system in systems]
    got, most = rows_in_threads(shared, calls, monkeypatch)
    assert most == 1  # one call at a time (LearnedMetric's lock), in this process (no workers)
    for one, want in zip(got, expected):
        np.testing.assert_array_equal(one, want)
