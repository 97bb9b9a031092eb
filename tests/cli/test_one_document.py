"""A command that prints two results prints one document: JSON holds both by name, text both tables."""

from __future__ import annotations

import json

import pytest

from simpeval import Agreement, compare
from simpeval.cli import main
from simpeval.report import agreement_document, render, table_document


def _args(files: dict[str, str]) -> list[str]:
    systems = [files["sys1.txt"], files["sys2.txt"], files["ref2.txt"]]
    return ["compare", "-s", files["src.txt"], "-r", files["ref0.txt"], files["ref1.txt"], "-i", *systems]


def test_compare_agreement_is_one_json_document(runner, tmp_corpus) -> None:  # type: ignore[no-untyped-def]
    files = tmp_corpus()
    args = [*_args(files), "-m", "bleu", "chrf", "--agreement", "--names", "a", "b", "c"]
    result = runner.invoke(main, [*args, "-f", "json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert sorted(document) == ["agreement", "scores"]
    assert {r["system"] for r in document["scores"]} == {"a", "b", "c"}
    assert {(r["metric_a"], r["metric_b"]) for r in document["agreement"]} == {("BLEU", "chrF2")}
    lines = runner.invoke(main, [*args, "-f", "jsonl"], catch_exceptions=False).stdout.splitlines()
    assert len(lines) == len(document["scores"]) + len(document["agreement"])


@pytest.mark.slow
def test_compare_agreement_text_is_the_sum_of_the_documents(runner, tmp_corpus) -> None:  # type: ignore[no-untyped-def]
    files = tmp_corpus()
    args = [*_args(files), "-m", "bleu", "chrf", "--agreement", "--names", "a", "b", "c"]
    printed = runner.invoke(main, args, catch_exceptions=False).stdout
    lines = {name: [line.rstrip("\n") for line in open(files[name], encoding="utf-8")] for name in files}
    table = compare(
        {"a": lines["sys1.txt"], "b": lines["sys2.txt"], "c": lines["ref2.txt"]},
        [lines["ref0.txt"], lines["ref1.txt"]],
        sources=lines["src.txt"],
        metrics=["bleu", "chrf"],
        agreement=Agreement(),
    )
    expected = render(table_document(table) + agreement_document(table.correlations), "text")
    assert printed == expected + "\n"
    assert expected.startswith(render(table, "text") + "\n\n")
