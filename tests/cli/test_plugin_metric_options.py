"""A metric defined here (one class, one registry line) gets CLI flags, a signature and every output format."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest
from click.testing import CliRunner

from simpeval import register_metric, unregister_metric
from simpeval.cli import main
from simpeval.metrics import Metric, Score, Signature
from simpeval.metrics.options import check_declared, option
from simpeval.report import available_formats


@dataclass(frozen=True)
class LengthConfig:
    lowercase: bool = option(
        False, help="Lowercase first.", choices={True: "lc", False: "mixed"}, signature=("case", "c")
    )
    max_len: int = option(3, help="Longest word counted.", minimum=1, signature=("maxlen", "ml"))

    def __post_init__(self) -> None:
        check_declared("Short-Words", self)


class ShortWords(Metric):
    """The share of output words no longer than ``max_len`` characters."""

    name: ClassVar[str] = "Short-Words"
    config_class: ClassVar[type[LengthConfig]] = LengthConfig
    requires_references: ClassVar[bool] = False
    config: LengthConfig  # the constructor and the signature come from the declarations

    def extract_stats(self, hypotheses: list[str], references: list[list[str]], sources: Any) -> Any:
        words = [(h.lower() if self.config.lowercase else h).split() for h in hypotheses]
        rows = [[sum(len(w) <= self.config.max_len for w in ws), len(ws)] for ws in words]
        return np.array(rows, dtype=np.float64).reshape(-1, 2)

    def score_from_stats(self, stats: Any, signature: Signature | None = None) -> Score:
        vector = self.validate_stats(stats, 2)
        value = 100.0 * vector[0] / vector[1] if vector[1] else 0.0
        return Score(self.name, value, signature if signature is not None else self.get_signature())


@pytest.fixture
def registered() -> Iterator[None]:
    register_metric("short-words", ShortWords)
    yield
    unregister_metric("short-words")


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    paths = {}
    for name, text in {"hyp": "a bb cccc ddddd\nthe cat sat\n", "ref": "a b\nthe cat\n"}.items():
        (tmp_path / f"{name}.txt").write_text(text, encoding="utf-8")
        paths[name] = str(tmp_path / f"{name}.txt")
    return paths


def _score(files: dict[str, str], *extra: str) -> Any:
    args = ["score", "-r", files["ref"], "-i", files["hyp"], "-m", "short-words", "-q", *extra]
    return CliRunner().invoke(main, args)


def test_the_cli_takes_the_declared_flags(registered: None, files: dict[str, str]) -> None:
    default = _score(files, "-f", "json")
    given = _score(files, "-f", "json", "--short-words-max-len", "4", "--short-words-lowercase")
    assert default.exit_code == 0 and given.exit_code == 0, (default.output, given.output)
    assert "ml:3" in _score(files, "--short-words-max-len", "3", "-sh").output
    assert "maxlen:4" in given.output and "case:lc" in given.output
    assert json.loads(default.output) != json.loads(given.output)
    assert _score(files, "--short-words-max-len", "0").exit_code == 2  # the declared minimum, a usage error
    assert "--short-words-max-len" in CliRunner().invoke(main, ["score", "--help"]).output


def test_a_flag_of_a_metric_not_asked_for_is_a_usage_error(registered: None, files: dict[str, str]) -> None:
    result = CliRunner().invoke(
        main, ["score", "-r", files["ref"], "-i", files["hyp"], "-m", "bleu", "--short-words-max-len", "2"]
    )
    assert result.exit_code == 2 and "short-words is not in --metrics" in result.output


def test_the_signature_carries_the_key_and_parses_back(registered: None) -> None:
    signature = ShortWords(max_len=5).get_signature(nrefs=1)
    assert signature.format(short=True).startswith("Short-Words|c:mixed|ml:5|v:")  # reference-free: no nrefs
    assert ShortWords(LengthConfig(max_len=5)).get_signature() == ShortWords(False, 5).get_signature() == signature
    assert Signature.parse(signature.format(short=True)) == signature
    assert Signature.parse(signature.format()).to_dict() == signature.to_dict()


@pytest.mark.parametrize("fmt", available_formats())
def test_every_output_format_renders_it(registered: None, files: dict[str, str], fmt: str) -> None:
    result = _score(files, "-f", fmt, "--short-words-max-len", "2")
    assert result.exit_code == 0, result.output
    assert "Short-Words" in result.output
