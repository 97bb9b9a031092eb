"""Processes, values, reports and meta-evaluation, C100-C115.

The cases of the catalogue (``docs/catalogue.md``) of that section, one per row: worker
processes after the compiled kernels ran, pickled results, ``explain`` with a missing
reference, built-in metric names that plugins cannot take, a report on a pathological long
line, meta-evaluation on too few ratings or huge ones and a ratings CSV read strictly, and
command-line habits (``-m ''``, FKGL without references, ``-o`` onto a symbolic link,
sacrebleu's ``-tok`` and positional references), PEM's bits and the ``hf`` module's errors.
The dedicated tests named in each check's docstring go further; these stay small.

The cases have the shape of ``tests/catalogue/test_encodings_and_outputs.py``'s (:class:`Case`) and reuse its
helpers and those of ``tests/catalogue/test_files_and_options.py``; ``test_catalogue_lists_every_case`` there
checks that the catalogue lists these cases after the others, in order.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import pickle
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
from click.testing import Result

from simpeval import BLEU, SARI, Bootstrap, PairedBootstrap, compare, get_metric, hf, register_metric
from simpeval.api import explain
from simpeval.exceptions import InvalidOptionError
from simpeval.metaeval import HumanRatings, meta_evaluate
from simpeval.metrics import available_metrics
from simpeval.metrics.chrf import CHRF
from simpeval.metrics.teaching import PEM
from simpeval.report.html_report import DIFF_BUDGET

from .test_encodings_and_outputs import API, CLI, RATINGS_HEADER, Case, _meta_eval, _param
from .test_files_and_options import BASE, REF, SRC, SYS, _text, cli, error, scores

ROOT = Path(__file__).resolve().parents[2]


# ------------------------------------------------------------------ processes
FORK_SCRIPT = r"""
import multiprocessing
import sys

from simpeval import BLEU, SARI
from simpeval.engines.jit import COMPILED_MIN_TEXTS

words = "the cat sat on a mat . , it rained all day".split()
n = COMPILED_MIN_TEXTS // 3 + 1  # hypothesis, reference and source: 3 texts a segment
hyps, refs, srcs = ([" ".join(words[(k * p + j) % len(words)] for j in range(1 + k % 7)) for k in range(n)]
                    for p in (1, 3, 5))


def job(k):
    return SARI().corpus_score(hyps, [refs], sources=srcs).score if k == 0 else BLEU().corpus_score(hyps, [refs]).score


if __name__ == "__main__":
    parent = [job(0), job(1)]
    import numba

    layer = numba.threading_layer()  # raises if no parallel kernel ran
    with multiprocessing.get_context("fork").Pool(2) as pool:
        children = pool.map_async(job, [0, 1]).get(timeout=120)
    print(layer, children == parent)
"""


def _fork_after_kernels(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/metrics/test_processes.py (fork, forkserver and spawn; SARI, BLEU, chrF)."""
    from simpeval.engines.jit import NUMBA_AVAILABLE

    if not NUMBA_AVAILABLE or "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("needs Numba and the fork start method")
    script = tmp / "fork_after_kernels.py"
    script.write_text(FORK_SCRIPT, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("SIMPEVAL_COMPILED_MIN_TEXTS", "NUMBA_THREADING_LAYER")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    argv = [sys.executable, str(script)]
    result = subprocess.run(argv, capture_output=True, text=True, timeout=600, env=env, cwd=tmp)
    assert result.returncode == 0, result.stderr[-3000:]
    layer, same = result.stdout.split()
    assert same == "True", result.stdout
    assert "OpenMP" not in result.stderr, result.stderr[-3000:]


def _pickled_results(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/api/test_pickle.py."""
    systems = {"a": SYS, "b": SRC}
    table = compare(
        systems,
        [REF],
        sources=SRC,
        metrics=["sari", "bleu"],
        interval=Bootstrap(n=20),
        test=PairedBootstrap(n=20),
    )
    score = SARI().corpus_score(SYS, [REF], sources=SRC, n_bootstrap=20)
    values = {
        "score": score,
        "signature": score.signature,
        "interval": score.ci,
        "result table": table,
        "paired results": tuple(table.paired),
        "explanation": BLEU().explain(SYS[0], [REF[0]]),
        "SARI explanation": SARI().explain(SYS[0], [REF[0]], source=SRC[0]),
    }
    for kind, value in values.items():
        assert value is not None and value != (), kind
        again = pickle.loads(pickle.dumps(value))
        assert again == value and type(again) is type(value), kind


def _worker_returns_a_score(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/api/test_pickle.py::test_a_worker_process_returns_a_score."""
    metric = SARI()
    expected = metric.corpus_score(SYS, [REF], sources=SRC, n_bootstrap=20)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        pending = pool.apply_async(metric.corpus_score, (SYS, [REF]), {"sources": SRC, "n_bootstrap": 20})
        score = pending.get(timeout=120)
    assert score == expected and score.components == expected.components and score.ci == expected.ci


# ------------------------------------------------------------------ values and the registry
def _explain_missing_reference(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/metrics/test_explain.py::test_explain_treats_none_references_as_sentence_score_does."""
    for references in ([REF[0], None], [None, REF[0]]):
        sari = explain("sari", SYS[0], references, source=SRC[0])  # type: ignore[arg-type]
        assert sari.score == SARI().sentence_score(SYS[0], references, source=SRC[0])  # type: ignore[arg-type]
        bleu = explain("bleu", SYS[0], references)  # type: ignore[arg-type]
        assert bleu.score == BLEU().sentence_score(SYS[0], references)  # type: ignore[arg-type]
        assert str(sari) and str(bleu) and json.loads(sari.to_json()) and json.loads(bleu.to_json())


def _builtin_spellings(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/api/test_plugins.py::test_a_plugin_cannot_take_a_builtin_spelling."""
    import simpeval.metrics as registry

    mp.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))  # whatever happens, the real one is left alone
    before, names = dict(registry._REGISTRY), available_metrics()
    for name in ("chrf2", "chrf++", "sari"):
        for overwrite in (False, True):
            with pytest.raises(InvalidOptionError, match=rf"{name.replace('+', '[+]')}.*built-in metric"):
                register_metric(name, "simpeval.metrics.bleu:BLEU", overwrite=overwrite)
    assert registry._REGISTRY == before and available_metrics() == names
    assert isinstance(get_metric("chrF2"), CHRF) and get_metric("chrf++").config.word_order == 2
    assert isinstance(get_metric("sari"), SARI)


def _pem_bits(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/metrics/teaching/test_edit.py::test_pem_is_the_seed_formula_bit_for_bit."""
    pairs = [(n, d) for n in range(1, 61) for d in range(n + 1)] + [(10**6, d) for d in (1, 3, 7, 333_333, 999_999)]
    assert sum(100 * (n - d) / n != (n - d) / n * 100 for n, d in pairs) > 100  # the order of operations matters
    for length, distance in pairs:
        stats = np.array([length - distance, length, distance], dtype=np.float64)
        assert PEM().score_from_stats(stats).score == (length - distance) / length * 100, (length, distance)


def _hf_mismatch(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/compat/test_hf.py::test_module_errors_are_value_errors_as_in_evaluate."""
    with pytest.raises(ValueError, match=r"mismatch in the number of predictions \(2\) and references \(1\)"):
        hf.SacreBLEU().add_batch(predictions=["a", "b"], references=[["a"]])


# ------------------------------------------------------------------ reports
def _long_line_report(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/report/test_html_report.py (a 200,000-word line through word_diff, the page's note).

    A 100 KB line of two distinct words; the unbounded diff took 32 s on an 80 KB line. Every
    search SequenceMatcher makes is counted (not timed): past two diffs' budgets, a regression
    fails here at once instead of running for minutes."""
    import difflib

    steps = [0]
    search = difflib.SequenceMatcher.find_longest_match

    def counting(matcher, alo=0, ahi=None, blo=0, bhi=None):  # type: ignore[no-untyped-def]
        ahi = len(matcher.a) if ahi is None else ahi
        steps[0] += (ahi - alo) + sum(len(matcher.b2j.get(w, ())) for w in matcher.a[alo:ahi])
        assert steps[0] <= 2 * DIFF_BUDGET, "the word diffs went past their budget"
        return search(matcher, alo, ahi, blo, bhi)

    mp.setattr(difflib.SequenceMatcher, "find_longest_match", counting)
    words = 50_000
    files = {
        "src.txt": _text(["a b d", " ".join(["a"] * words)]),
        "ref.txt": _text(["a b c", "a a"]),
        "long.txt": _text(["a b c", "x " + " ".join(["a", "b"] * (words // 2)) + " a a"]),
        "short.txt": _text(["a b", "a"]),
    }
    out = tmp / "r.html"
    result = cli(
        tmp,
        [
            "report",
            "-s",
            "{src.txt}",
            "-r",
            "{ref.txt}",
            "-i",
            "{long.txt}",
            "{short.txt}",
            "-m",
            "bleu",
            "--paired-n",
            "10",
            "-o",
            str(out),
        ],
        files,
    )
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.count('id="cheap-diff"') == 1 and "1 output too long to compare word by word" in page
    assert 0 < steps[0] <= 2 * DIFF_BUDGET


def _report_onto_symlink(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/cli/test_report.py::test_a_report_onto_a_symlink_writes_through_it."""
    if not hasattr(os, "symlink"):
        pytest.skip("needs symbolic links")
    (tmp / "pages").mkdir(parents=True)
    real, link = tmp / "pages" / "real.html", tmp / "link.html"
    real.write_text("previous", encoding="utf-8")
    link.symlink_to(real)
    result = cli(
        tmp,
        [
            "report",
            "-s",
            "{src.txt}",
            "-r",
            "{ref.txt}",
            "-i",
            "{sys.txt}",
            "{src.txt}",
            "-m",
            "bleu",
            "--paired-n",
            "10",
            "-o",
            str(link),
        ],
    )
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert "<html" in real.read_text(encoding="utf-8")
    assert [p.name for p in (tmp / "pages").iterdir()] == ["real.html"]
    assert [p.name for p in tmp.iterdir() if p.name.startswith(".")] == []


# ------------------------------------------------------------------ meta-evaluation
def _chrf_meta_eval(tmp: Path, ratings: str, *extra: str) -> Result:
    """``meta-eval`` of chrF (BLEU is 0 on short outputs: no figure to check) on BASE's references."""
    args = ["meta-eval", "--ratings", "{r.csv}", "-s", "{src.txt}", "--refs", "{ref.txt}", "-m", "chrf"]
    result: Result = cli(tmp, [*args, "--n-samples", "10", *extra], {**BASE, "r.csv": ratings})
    return result


def _ratings_of_one_segment(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/metaeval/test_run.py::test_ratings_of_one_segment_get_no_interval."""
    one = RATINGS_HEADER + "1,a,The cat sat on the mat .,90\n1,b,x,10\n1,c,The cat,50\n1,d,The cat sat on,60\n"
    result = _chrf_meta_eval(tmp / "json", one, "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["n_samples"] == 0 and data["correlations"] and data["ranking"]
    assert all(c["low"] is None and c["high"] is None for c in data["correlations"] + data["ranking"])
    assert any(c["value"] is not None for c in data["correlations"])
    note = "no bootstrap intervals: the ratings cover 1 segment, and resampling segments needs 3 or more"
    assert note in data["notes"]
    text = _chrf_meta_eval(tmp / "text", one)
    assert text.exit_code == 0 and note in text.stdout and "95% bootstrap" not in text.stdout, text.output


def _two_rated_rows(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/metaeval/test_run.py::test_fewer_than_three_rated_outputs_are_noted."""
    result = _chrf_meta_eval(tmp, RATINGS_HEADER + "1,a,The cat sat,3\n2,a,It rained,4\n")
    assert result.exit_code == 0, result.output
    assert "segment-level figures need 3 rated outputs or more (got 2): left out" in result.stdout, result.output


def _huge_ratings(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/metaeval/test_run.py::test_huge_ratings_give_the_figures_of_scaled_ones_without_warnings.

    Correlations and rankings do not change under a positive factor: scaled by 2**-960, the
    same ratings give the same bits."""
    outputs = {"good": REF, "mid": SYS, "bad": ["cat", "rain"]}
    signs = [1.0, -1.0, 1.0, -1.0, -1.0, 1.0]
    huge = tuple(sign * 1e308 * (0.5 + k / 20) for k, sign in enumerate(signs))
    small = tuple(float(np.ldexp(x, -960)) for x in huge)
    segments, systems = (0, 1) * 3, tuple(s for s in outputs for _ in range(2))
    texts = tuple(o for s in outputs for o in outputs[s])

    def figures(ratings: tuple[float, ...]) -> list[tuple[object, ...]]:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            result = meta_evaluate(
                HumanRatings("h", "s", segments, systems, texts, ratings), [REF], metrics=["chrf"], n_samples=20
            )
        assert all(math.isfinite(c.value) for c in result.correlations if c.level == "segment"), result.correlations
        return [(c.metric, c.level, c.method, c.value, c.low, c.high) for c in result.correlations] + [
            (r.metric, r.accuracy, r.low, r.high) for r in result.ranking
        ]

    assert figures(huge) == figures(small)


def _strict_csv_numbers(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/metaeval/test_csv.py::test_numbers_are_read_strictly."""
    for k, (column, row) in enumerate(
        [
            ("rating", "1,a,x,1_0\n"),
            ("rating", "1,a,x,\u0661\n"),
            ("sent_id", "1_0,a,x,3\n"),
            ("sent_id", "\u0661,a,x,3\n"),
        ]
    ):
        error(_meta_eval(tmp / str(k), RATINGS_HEADER + row), 1, "r.csv", "line 2", f"column '{column}'")


# ------------------------------------------------------------------ the command line
def _metrics_naming_none(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/cli/test_commands.py::test_metrics_naming_no_metric_is_a_usage_error."""
    for command in ("score", "evaluate", "compare"):
        for value in ("", " "):
            args = [command, "-s", "{src.txt}", "-r", "{ref.txt}", "-i", "{sys.txt}", "{src.txt}", "-m", value]
            error(cli(tmp, args), 2, "--metrics needs metric names")


def _fkgl_without_references(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/cli/test_commands.py::test_fkgl_alone_needs_no_references."""
    without = cli(tmp, ["score", "-m", "fkgl", "-i", "{sys.txt}", "-f", "json"])
    with_refs = cli(tmp, ["score", "-m", "fkgl", "-r", "{ref.txt}", "-i", "{sys.txt}", "-f", "json"])
    assert scores(without) == scores(with_refs) == [get_metric("fkgl").corpus_score(SYS).score]
    assert without.stdout == with_refs.stdout


def _sacrebleu_flags(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/cli/test_sacrebleu_flags.py."""
    files = {**BASE, "ref2.txt": _text(SRC)}
    tok = cli(
        tmp,
        ["score", "-r", "{ref.txt}", "{ref2.txt}", "-i", "{sys.txt}", "-m", "bleu", "-tok", "intl", "-f", "json"],
        files,
    )
    assert scores(tok) == [sacrebleu.corpus_bleu(SYS, [REF, SRC], tokenize="intl").score]
    assert "tok:intl" in json.loads(tok.stdout)[0]["signature"]
    named = cli(tmp, ["score", "-r", "{ref.txt}", "{ref2.txt}", "-i", "{sys.txt}", "-m", "bleu", "-f", "json"], files)
    positional = cli(tmp, ["score", "{ref.txt}", "{ref2.txt}", "-i", "{sys.txt}", "-m", "bleu", "-f", "json"], files)
    assert positional.exit_code == 0 and positional.stdout == named.stdout, positional.output
    both = cli(tmp, ["score", "{ref.txt}", "-r", "{ref2.txt}", "-i", "{sys.txt}", "-m", "bleu"], files)
    error(both, 2, "both positionally")


# fmt: off
CASES: list[Case] = [
    Case("C100", "a multiprocessing pool (fork) started after a job above the compiled-engine threshold", API,
         "the children return the parent's numbers: no OpenMP abort, no hang (Numba's fork-safe threading layer)",
         _fork_after_kernels),
    Case("C101", "pickle of a Score, Signature, interval, ResultTable, paired results or an explanation", API,
         "equal after loading, of the same type (read-only mappings that pickle)", _pickled_results),
    Case("C102", "a worker process returning a Score (multiprocessing)", API,
         "works: the parent gets the same score, components and interval", _worker_returns_a_score),
    Case("C103", "explain(h, [r, None]) (a missing reference) for SARI and BLEU", API,
         "the same score as sentence_score, with its tables; no AttributeError", _explain_missing_reference),
    Case("C104", "register_metric('chrf2' / 'chrf++' / 'sari', ...), even with overwrite=True", API,
         "`InvalidOptionError` naming the built-in metric; the registry left as it was", _builtin_spellings),
    Case("C105", "report on a long line of few distinct words (a 100 KB line of two words; up to the 1 MiB limit)", CLI,
         "bounded work (`DIFF_BUDGET`): a cheap diff for that output and a note in the page saying which got it",
         _long_line_report),
    Case("C106", "meta-eval with every rating on one segment", CLI,
         "the figures with intervals n/a (`null` in JSON) and a note: no bootstrap intervals (resampling needs 3 segments)",
         _ratings_of_one_segment),
    Case("C107", "meta-eval with 2 rated rows", CLI,
         "a note that segment-level figures need 3 rated outputs or more (left out), exit 0", _two_rated_rows),
    Case("C108", "ratings of ±1e308 (meta_evaluate)", API,
         "finite figures, the bits of the same ratings scaled down; no NumPy warning", _huge_ratings),
    Case("C109", "a rating or segment id of 1_0 or ١ (Arabic-Indic digit) in a ratings CSV", CLI,
         "error (exit 1) naming the file, the line and the column (a CSV number is digits 0-9)", _strict_csv_numbers),
    Case("C110", "-m '' or -m ' ' (score, evaluate, compare)", CLI,
         "usage error (exit 2): `--metrics needs metric names`", _metrics_naming_none),
    Case("C111", "score -m fkgl -i sys.txt without -r", CLI,
         "scored (FKGL reads the outputs only), the same as with -r", _fkgl_without_references),
    Case("C112", "report -o link.html where the link points to another file", CLI,
         "the page written through the link to its target; the link stays, no temporary file left", _report_onto_symlink),
    Case("C113", "PEM of any (L, d): length L, edit distance d", API,
         "the bits of the seed's `(L - d) / L * 100` (not `100 * (L - d) / L`)", _pem_bits),
    Case("C114", "-tok intl on score; reference files given positionally (sacrebleu's habits)", CLI,
         "`-tok` sets BLEU's tokenizer (it was read as `-t ok`); positional references score as with -r; both: usage "
         "error (exit 2)", _sacrebleu_flags),
    Case("C115", "hf.SacreBLEU().add_batch(predictions=['a', 'b'], references=[['a']])", API,
         "`ValueError`: mismatch in the number of predictions (2) and references (1), as in evaluate", _hf_mismatch),
]
# fmt: on


@pytest.mark.slow
@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_case(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIMPEVAL_CACHE", str(tmp_path / "default-cache"))
    monkeypatch.setenv("SIMPEVAL_MIRROR", "http://127.0.0.1:9")  # nothing listens: no case reaches the network
    case.check(tmp_path, monkeypatch)
