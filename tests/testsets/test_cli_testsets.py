"""``simpeval testsets ...`` and ``-t/--test-set`` on score and compare, through CliRunner.

The end-to-end test is :func:`test_compare_the_11_published_systems_on_asset_test`:
with the loopback server standing in for upstream, ``simpeval compare -t asset-test`` on the
11 system outputs of ``../shared/corpora/system_outputs/turkcorpus_test/`` works from an
empty cache, and again with the mirror pointing at a dead port.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from simpeval.cli import main
from simpeval.testsets import available_testsets, get_testset, is_cached

SYSTEMS = (
    "ACCESS",
    "BTRLTS",
    "BTTS",
    "BTTS10",
    "Dress",
    "Dress-Ls",
    "EditNTS",
    "PBMT-R",
    "RM+EX",
    "RM+EX+LS+RO",
    "UNTS",
)


def run(runner, *args, input=None):
    return runner.invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)


def ok(result) -> str:
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


def fails(result, code: int, *fragments: str) -> str:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr
    return result.stderr


@pytest.fixture
def system_outputs(shared: Path) -> list[str]:
    folder = shared / "corpora" / "system_outputs" / "turkcorpus_test"
    return [str(folder / name) for name in SYSTEMS]


@pytest.fixture
def outputs(tmp_path: Path) -> dict[str, str]:
    """Two tiny system files with 359 lines (the size of asset-test) and one with 3."""
    paths = {}
    for name, lines in {
        "a.txt": ["A simple sentence ."] * 359,
        "b.txt": ["Another one ."] * 359,
        "short.txt": ["x", "y", "z"],
    }.items():
        path = tmp_path / name
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths[name] = str(path)
    return paths


# ------------------------------------------------------------ acceptance
@pytest.mark.slow
def test_compare_the_11_published_systems_on_asset_test(
    runner, upstream, cache: Path, dead_mirror: str, monkeypatch, system_outputs: list[str], shared: Path
) -> None:
    assert not cache.exists()
    online = ok(run(runner, "compare", "-t", "asset-test", "--input", *system_outputs, "-m", "sari", "bleu", "-q"))
    assert len(upstream.requests) == 11
    for name in SYSTEMS:
        assert name in online
    assert "SARI|nrefs:10|test:asset-test|" in online and "BLEU|nrefs:10|test:asset-test|" in online

    monkeypatch.setenv("SIMPEVAL_MIRROR", dead_mirror)  # offline now
    offline = ok(run(runner, "compare", "-t", "asset-test", "--input", *system_outputs, "-m", "sari", "bleu", "-q"))
    assert offline == online and len(upstream.requests) == 11

    # the same numbers as with the files given explicitly; only the test field differs
    asset = shared / "corpora" / "asset"
    explicit = ok(
        run(
            runner,
            "compare",
            "-s",
            asset / "asset.test.orig",
            "-r",
            *(asset / f"asset.test.simp.{j}" for j in range(10)),
            "--input",
            *system_outputs,
            "-m",
            "sari",
            "bleu",
            "-q",
        )
    )
    assert online.replace("|test:asset-test", "") == explicit


# ------------------------------------------------------------ score / compare -t
def test_score_with_a_test_set(runner, upstream, outputs) -> None:
    out = json.loads(
        ok(
            run(
                runner,
                "score",
                "-t",
                "asset-test",
                "-i",
                outputs["a.txt"],
                outputs["b.txt"],
                "-m",
                "sari",
                "bleu",
                "-f",
                "json",
            )
        )
    )
    assert {row["system"] for row in out} == {"a.txt", "b.txt"}
    assert all("|test:asset-test|" in row["signature"] for row in out)


def test_score_from_stdin_and_sentence_level(runner, upstream, outputs) -> None:
    text = Path(outputs["a.txt"]).read_text(encoding="utf-8")
    assert "test:turkcorpus-test" in ok(run(runner, "score", "--test-set", "turkcorpus-test", "-m", "bleu", input=text))
    rows = json.loads(
        ok(
            run(
                runner,
                "score",
                "-t",
                "asset-test",
                "-i",
                outputs["a.txt"],
                "-m",
                "bleu",
                "--sentence-level",
                "-f",
                "json",
            )
        )
    )
    assert len(rows) == 359 and all("test:asset-test" in row["signature"] for row in rows)


def test_line_count_must_match_the_test_set(runner, upstream, outputs) -> None:
    """score (streaming and --sentence-level) and compare say it in the words of every length check."""
    expected = (
        "Error: input files must have the same number of lines, one per segment, but they differ: "
        f"{outputs['short.txt']}: 3 lines, test set asset-test: 359 lines.\n"
    )
    args = ["-t", "asset-test", "-i", outputs["short.txt"], "-m", "bleu"]
    assert fails(run(runner, "score", *args), 1) == expected
    assert fails(run(runner, "score", *args, "--sentence-level"), 1) == expected
    assert fails(run(runner, "compare", *args, "-q"), 1) == expected
    fails(
        run(runner, "compare", "-t", "asset-test", "-i", outputs["a.txt"], outputs["short.txt"], "-m", "bleu"),
        1,
        f"{outputs['a.txt']}: 359 lines, {outputs['short.txt']}: 3 lines, test set asset-test: 359 lines.",
    )


def test_downloads_report_progress_through_the_cli_helper(runner, upstream, outputs, monkeypatch) -> None:
    """The library draws nothing: every command hands it the CLI's progress callback."""
    import simpeval.cli.testsets
    import simpeval.inputs
    from simpeval.cli.progress import Progress

    seen = []

    def spy(function):
        def wrapper(*args, progress=None, **kwargs):
            seen.append(progress)
            return function(*args, progress=progress, **kwargs)

        return wrapper

    monkeypatch.setattr(simpeval.cli.testsets, "download", spy(simpeval.cli.testsets.download))
    monkeypatch.setattr(simpeval.cli.testsets, "load_testset", spy(simpeval.cli.testsets.load_testset))
    monkeypatch.setattr(simpeval.inputs, "load_testset", spy(simpeval.inputs.load_testset))
    ok(run(runner, "testsets", "download", "asset-test"))
    ok(run(runner, "testsets", "echo", "asset-test", "src"))
    ok(run(runner, "score", "-t", "asset-test", "-i", outputs["a.txt"], "-m", "bleu"))
    ok(run(runner, "compare", "-t", "asset-test", "-i", outputs["a.txt"], outputs["b.txt"], "-m", "bleu"))
    assert len(seen) == 4
    assert all(getattr(callback, "__self__", None).__class__ is Progress for callback in seen)


@pytest.mark.parametrize("command", ["score", "compare"])
def test_test_set_replaces_sources_and_references(runner, command, outputs) -> None:
    a = outputs["a.txt"]
    fails(run(runner, command, "-t", "asset-test", "-r", a, "-i", a), 2, "--test-set asset-test", "--references")
    fails(run(runner, command, "-t", "asset-test", "-s", a, "-i", a), 2, "--sources")
    fails(run(runner, command, "-t", "asset-test", "--num-refs", "2", "-i", a), 2, "--num-refs")
    fails(run(runner, command, "-i", a, "-m", "bleu"), 2, "--references", "--test-set")
    fails(run(runner, command, "-t", "asset-tset", "-i", a), 2, "asset-tset", "asset-test")
    fails(run(runner, command, "-t", "simplicity-da", "-i", a), 2, "simplicity-da")


def test_offline_and_not_cached_is_a_one_line_error(runner, cache: Path, outputs) -> None:
    message = fails(
        run(runner, "score", "-t", "asset-test", "-i", outputs["a.txt"], "-m", "bleu"),
        1,
        "could not download http://127.0.0.1:",
        "asset.test.orig",
        "by hand",
    )
    assert message.count("\n") == 1 and str(cache / "testsets" / "asset-test") in message


def test_help_lists_the_test_sets(runner) -> None:
    text = ok(run(runner, "score", "--help"))
    assert "--test-set" in text and "-t" in text


# ------------------------------------------------------------ simpeval testsets ...
def test_testsets_list(runner, upstream) -> None:
    run(runner, "testsets", "download", "asset-test")
    text = ok(run(runner, "testsets", "list"))
    for name in available_testsets():
        assert name in text
    line = next(line for line in text.splitlines() if line.startswith("asset-test "))
    assert line.split()[1:5] == ["corpus", "359", "10", "yes"]
    assert "turkcorpus-valid " in text and "cache:" in text


@pytest.mark.slow
def test_input_takes_a_registered_set_of_system_outputs_by_name(
    runner, upstream, system_outputs: list[str], outputs: dict[str, str], tmp_path: Path
) -> None:
    """``-i turkcorpus-test-outputs`` is its 11 systems, named as their files: the table of the files."""
    args = ("-t", "asset-test", "-m", "sari", "-q")
    files = ok(run(runner, "compare", *args, "--input", *system_outputs))
    by_name = ok(run(runner, "compare", *args, "-i", "turkcorpus-test-outputs"))
    assert by_name == files and sum("system_outputs" in r for r in upstream.requests) == 11
    mixed = ok(run(runner, "compare", *args, "-i", "turkcorpus_test_outputs", outputs["a.txt"]))
    assert all(name in mixed for name in [*SYSTEMS, "a.txt"])
    page = tmp_path / "report.html"
    ok(run(runner, "report", "-t", "asset-test", "-m", "bleu", "-i", "turkcorpus-test-outputs", "-o", page, "-q"))
    assert all(name in page.read_text(encoding="utf-8") for name in SYSTEMS)


def test_system_outputs_are_listed_downloaded_and_cited_like_any_set(runner, upstream, cache: Path) -> None:
    out = ok(run(runner, "testsets", "download", "turkcorpus-test-outputs"))
    assert f"turkcorpus-test-outputs: {cache / 'testsets' / 'turkcorpus-test-outputs'}" in out
    line = next(
        line for line in ok(run(runner, "testsets", "list")).splitlines() if line.startswith("turkcorpus-test-outputs ")
    )
    assert line.split()[1:5] == ["outputs", "359", "0", "yes"]
    assert "alva-manchego-etal-2019-easse" in ok(run(runner, "testsets", "cite", "turkcorpus-test-outputs"))


def test_testsets_download(runner, upstream, cache: Path) -> None:
    out = ok(run(runner, "testsets", "download", "turkcorpus-test", "simplicity-da"))
    assert f"turkcorpus-test: {cache / 'testsets' / 'turkcorpus-test'}" in out
    assert is_cached("turkcorpus-test") and is_cached("simplicity-da")


def test_testsets_download_urls_lists_the_manifest(runner, cache: Path, dead_mirror: str) -> None:
    lines = ok(run(runner, "testsets", "download", "asset-test", "--urls")).splitlines()
    spec = get_testset("asset-test")
    assert len(lines) == len(spec.all_files)
    url, sha, path = lines[0].split("  ")
    assert url.startswith(dead_mirror + "/facebookresearch/asset/") and sha == spec.all_files[0].sha256
    assert path == str(cache / "testsets" / "asset-test" / "asset.test.orig")


def test_testsets_download_offline(runner, cache: Path) -> None:
    fails(run(runner, "testsets", "download", "asset-valid"), 1, "could not download", "asset.valid.orig")


def test_testsets_cite(runner) -> None:
    text = ok(run(runner, "testsets", "cite", "asset-test"))
    assert text.startswith("@inproceedings{alva-manchego-etal-2020-asset,") and "CC BY-NC 4.0" in text
    assert "Optimizing Statistical Machine Translation" in ok(run(runner, "testsets", "cite", "turkcorpus-test-legacy"))
    assert "Computational Linguistics" in ok(run(runner, "testsets", "cite", "simplicity-da"))
    fails(run(runner, "testsets", "cite", "nope"), 2, "nope")


def test_testsets_echo(runner, upstream, shared: Path) -> None:
    asset = shared / "corpora" / "asset"
    src = ok(run(runner, "testsets", "echo", "asset-test", "src"))
    assert src.splitlines() == asset.joinpath("asset.test.orig").read_text(encoding="utf-8").splitlines()
    ref3 = ok(run(runner, "testsets", "echo", "asset-test", "ref", "--ref-index", "3"))
    assert ref3.splitlines() == asset.joinpath("asset.test.simp.3").read_text(encoding="utf-8").splitlines()
    every = ok(run(runner, "testsets", "echo", "asset-test", "ref")).splitlines()
    assert len(every) == 359 and all(line.count("\t") == 9 for line in every)
    fails(run(runner, "testsets", "echo", "asset-test", "ref", "--ref-index", "10"), 2, "10 references")
    fails(run(runner, "testsets", "echo", "asset-test", "src", "--ref-index", "0"), 2, "--ref-index")
    fails(run(runner, "testsets", "echo", "asset-test", "hyp"), 2, "hyp")
