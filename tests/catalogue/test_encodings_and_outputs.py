"""More bad and unusual inputs, C53 onwards.

``tests/catalogue/test_files_and_options.py`` holds C01-C52, one per row of the bad-input catalogue (``docs/catalogue.md``). This
module adds the cases that table did not cover yet: a short stream of every kind (a second
system, a references TSV, sources), the same file faults in a references TSV, on standard
input and in sources, encodings that are not text codecs, pathological Unicode inside API
strings (every engine of every metric, and sacrebleu, must give the same bits), malformed
values and statistics, output files whose write fails mid-way, a test-set cache served by a
corrupting or truncating mirror, and the human-ratings CSV of ``meta-eval``.

Each :class:`Case` names how it is exercised (``cli``: ``simpeval`` through click's
``CliRunner`` on files written under ``tmp_path``; ``api``: a Python call) and the documented
behaviour, which the catalogue's row repeats. A case with ``bug`` set documents the behaviour the
library must have and does not have yet: it runs as ``xfail(strict=True)``, so the fix turns
it into a failure until the mark is removed.

``test_catalogue_lists_every_case`` checks that the catalogue lists the cases of both modules, and then
those of ``tests/catalogue/test_processes_and_reports.py`` (C100-C115) and ``tests/catalogue/test_clusters_and_shards.py``
(C116 on, :func:`later_cases`), in order.
"""

from __future__ import annotations

import csv
import errno
import io
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import sacrebleu
from click.testing import CliRunner, Result

from simpeval import BLEU, CHRF, SARI, TER, Bootstrap, compare, evaluate_streams, get_tokenizer, render
from simpeval.exceptions import (
    ChecksumMismatchError,
    DownloadError,
    InvalidInputError,
    InvalidOptionError,
    InvalidStatisticsError,
    InvalidValueError,
    ReferenceLayoutError,
    SimpevalError,
)
from simpeval.metrics.sari import VARIANTS
from simpeval.testsets import get_testset, load_testset, testset_dir

from ..needs import import_module
from ..testsets.conftest import serve_upstream, upstream_table
from .test_files_and_options import BASE, CATALOGUE, CATALOGUE_ROW, REF, SYS, Files, _text, cli, error, scores
from .test_files_and_options import CASES as FIRST_CASES

Check = Callable[[Path, pytest.MonkeyPatch], None]


@dataclass(frozen=True)
class Case:
    """One row of the catalogue.

    Attributes:
        id: ``C53``...; the catalogue's row has the same id.
        input: the bad or unusual input, in one line (the catalogue's "input").
        via: ``cli`` (the command line, through ``CliRunner``) or ``api`` (a Python call).
        behaviour: what simpeval does with it (the catalogue's "behaviour").
        check: runs the input and asserts the behaviour (``tmp_path``, ``monkeypatch``).
        bug: empty, or what the library does instead today (the case is a strict xfail).
    """

    id: str
    input: str
    via: str
    behaviour: str
    check: Check
    bug: str = ""


# ------------------------------------------------------------------ helpers
def _json_scores(tmp: Path, args: Sequence[str], files: Files, stdin: str | None = None) -> list[float]:
    values: list[float] = scores(cli(tmp, [*args, "-f", "json"], files, stdin=stdin))
    return values


def _bleu_of(hyps: list[str], refs: list[list[str]]) -> list[float]:
    return [BLEU().corpus_score(hyps, refs).score]


def _no_traceback(result: Result) -> None:
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


def _same_bits_everywhere(hyps: list[str], ref: list[str], srcs: list[str]) -> None:
    """Every engine of every metric gives the same bits; BLEU, chrF, chrF++ and TER equal sacrebleu's."""
    refs = [ref, [s[::-1] for s in ref]]  # two streams, the second reversed character by character
    for variant in sorted(VARIANTS):
        stats = [
            SARI(variant, engine=e).corpus_stats(hyps, refs, sources=srcs) for e in ("reference", "numpy", "numba")
        ]
        for other in stats[1:]:
            np.testing.assert_array_equal(other, stats[0], err_msg=variant)
    for tokenize in ("13a", "intl", "zh", "char", "none"):
        for lowercase in (False, True):
            ours = {
                BLEU(engine=e, tokenize=tokenize, lowercase=lowercase).corpus_score(hyps, refs).score
                for e in ("sacrebleu", "numba")
            }
            assert ours == {sacrebleu.BLEU(tokenize=tokenize, lowercase=lowercase).corpus_score(hyps, refs).score}
    for word_order in (0, 2):
        ours = {CHRF(engine=e, word_order=word_order).corpus_score(hyps, refs).score for e in ("sacrebleu", "numba")}
        assert ours == {sacrebleu.CHRF(word_order=word_order).corpus_score(hyps, refs).score}
    for asian in (False, True):
        ours = {
            TER(engine=e, asian_support=asian).corpus_score(hyps, refs).score for e in ("reference", "python", "numba")
        }
        assert ours == {sacrebleu.TER(asian_support=asian).corpus_score(hyps, refs).score}


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


# ------------------------------------------------------------------ short streams and file faults
def _second_system_short(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    result = cli(
        tmp, ["compare", "-r", "{ref.txt}", "-i", "{sys.txt}", "{s1.txt}", "-m", "bleu"], {**BASE, "s1.txt": "x\n"}
    )
    error(result, 1, "s1.txt: 1 line", "sys.txt: 2 lines", "ref.txt: 2 lines")


def _tsv_short(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    result = cli(
        tmp,
        ["score", "-r", "{refs.tsv}", "--num-refs", "2", "-i", "{sys.txt}", "-m", "bleu"],
        {**BASE, "refs.tsv": "a\tb\n"},
    )
    error(result, 1, "refs.tsv: 1 line", "sys.txt: 2 lines")


def _sources_short(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    result = cli(
        tmp, ["score", "-s", "{s1.txt}", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "sari"], {**BASE, "s1.txt": "x\n"}
    )
    error(result, 1, "s1.txt: 1 line", "sys.txt: 2 lines")


def _trailing_blank_line(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    result = cli(
        tmp, ["score", "-r", "{ref3.txt}", "-i", "{sys.txt}", "-m", "bleu"], {**BASE, "ref3.txt": _text(REF) + "\n"}
    )
    error(result, 1, "ref3.txt: 3 lines", "sys.txt: 2 lines")


def _empty_tsv_fields(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    got = _json_scores(
        tmp,
        ["score", "-r", "{refs.tsv}", "--num-refs", "2", "-i", "{sys.txt}", "-m", "bleu"],
        {**BASE, "refs.tsv": f"\t{REF[0]}\n{REF[1]}\t\n"},
    )
    assert got == _bleu_of(SYS, [["", REF[1]], [REF[0], ""]])


def _crlf_tsv(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    tsv = "".join(f"{r}\tx y\r\n" for r in REF)
    result = cli(
        tmp,
        ["score", "-r", "{refs.tsv}", "--num-refs", "2", "-i", "{sys.txt}", "-m", "bleu", "-f", "json"],
        {**BASE, "refs.tsv": tsv},
    )
    assert "Windows line endings" in result.stderr and "refs.tsv" in result.stderr
    assert scores(result) == _bleu_of(SYS, [REF, ["x y\r", "x y\r"]])


def _bom_tsv(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    tsv = "".join(f"{r}\tx y\n" for r in REF)
    args = ["score", "-r", "{refs.tsv}", "--num-refs", "2", "-i", "{sys.txt}", "-m", "bleu", "-f", "json"]
    with_bom = cli(tmp / "a", args, {**BASE, "refs.tsv": b"\xef\xbb\xbf" + tsv.encode()})
    assert "byte-order mark" in with_bom.stderr and "refs.tsv" in with_bom.stderr
    assert (
        scores(with_bom) == scores(cli(tmp / "b", args, {**BASE, "refs.tsv": tsv})) == _bleu_of(SYS, [REF, ["x y"] * 2])
    )


def _bom_stdin(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    args = ["score", "-r", "{ref.txt}", "-m", "bleu", "-f", "json"]
    result = CliRunner().invoke(
        main_command(),
        [a.replace("{ref.txt}", str(_put(tmp, "ref.txt", _text(REF)))) for a in args],
        input=b"\xef\xbb\xbf" + _text(SYS).encode(),
    )
    assert "<stdin>" in result.stderr and "byte-order mark" in result.stderr
    assert scores(result) == _bleu_of(SYS, [REF])


def _nul_in_sources(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    result = cli(
        tmp,
        ["score", "-s", "{nul.txt}", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "sari"],
        {**BASE, "nul.txt": b"a\nb\x00c\n"},
    )
    error(result, 1, "nul.txt", "NUL byte", "line 2")


def _bad_utf8_tsv(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    result = cli(
        tmp,
        ["score", "-r", "{refs.tsv}", "--num-refs", "2", "-i", "{sys.txt}", "-m", "bleu"],
        {**BASE, "refs.tsv": b"ok\tx\ncaf\xe9\ty\n"},
    )
    error(result, 1, "refs.tsv", "not valid UTF-8", "byte 0xe9 on line 2")


def _bad_bytes_for_encoding(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    result = cli(
        tmp, ["score", "-r", "{odd.txt}", "-i", "{odd.txt}", "-m", "bleu", "-e", "utf-16"], {"odd.txt": b"abc"}
    )
    error(result, 1, "odd.txt", "not valid utf-16")


def _not_a_text_codec(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    for codec in ("rot13", "base64", "zlib", "hex"):
        error(cli(tmp, ["score", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "bleu", "-e", codec]), 2, "--encoding")


def _undecodable_punycode(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    error(
        cli(tmp, ["score", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "bleu", "-e", "punycode"]),
        1,
        "sys.txt",
        "punycode",
    )


def _endless_reference(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    error(cli(tmp, ["score", "-r", "/dev/zero", "-i", "{sys.txt}", "-m", "bleu"]), 1, "/dev/zero, line 1: longer than")


def _no_line_limit(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    long = "x" * ((1 << 20) + 1)
    files: Files = {"ref.txt": f"{long}\nb\n", "sys.txt": f"{long}\nc\n"}
    error(
        cli(tmp / "a", ["score", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "bleu"], files), 1, "line 1: longer than"
    )
    got = _json_scores(
        tmp / "b", ["score", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "bleu", "--max-line-length", "0"], files
    )
    assert got == _bleu_of([long, "c"], [[long, "b"]])


# ------------------------------------------------------------------ Unicode inside strings
def _punctuation_everywhere(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    _same_bits_everywhere(
        ["!!! ... ??", "-- ; :", "«»“”„‚ 。、！"],
        ["... !!", "; -- :", "「」 、。"],
        ["!!! ... ?? ,", "-- ; : ,", "«» 。"],
    )


def _scripts_everywhere(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    _same_bits_everywhere(
        ["猫が座った。", "القط جلس على الحصيرة", "बिल्ली चटाई पर बैठी", "고양이가 앉았다", "Кошка сидела"],
        ["猫が座る。", "جلس القط", "बिल्ली बैठ गई", "고양이 앉음", "Кошка села"],
        ["大きな猫が座った。", "القط الكبير جلس", "बड़ी बिल्ली बैठी", "큰 고양이가 앉았다", "Большая кошка сидела"],
    )


def _emoji_and_combining(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    _same_bits_everywhere(
        ["👩‍👩‍👧 🐱 👍🏽", "e\u0301te\u0301 cafe\u0301", "ﬁne ß İstanbul ΣΑΣ"],
        ["👩‍👩‍👧 🐈 👍", "été café", "fine ss istanbul σας"],
        ["👩‍👩‍👧 a 🐱", "e\u0301te\u0301", "ﬁne"],
    )


def _bidi_controls(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    _same_bits_everywhere(
        ["\u202eabc\u202c def", "\u200fשלום\u200f עולם", "a\u061cb \u2066c\u2069"],
        ["abc def", "שלום עולם", "ab c"],
        ["\u202eabc", "שלום", "a b"],
    )


def _control_characters(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    _same_bits_everywhere(
        ["a\x0bb c", "d\x0ce\x1cf", "g\x85h\u2028i\u2029j"],
        ["a b c", "d e f", "g h i j"],
        ["a\x0bb", "d\x0ce", "g\x85h"],
    )


# ------------------------------------------------------------------ values and statistics
def _segment_without_reference(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    hyps, refs = ["a b", "c"], [["a b", None]]
    for metric in (BLEU(), CHRF(), TER()):
        with pytest.raises(ReferenceLayoutError, match="segment 1 has no reference"):
            metric.corpus_score(hyps, refs)
    assert (
        SARI().corpus_score(hyps, refs, sources=["a b c", "c"]).score
        == SARI().corpus_score(hyps, [["a b", None], [None, None]], sources=["a b c", "c"]).score
    )


def _not_strings(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    with pytest.raises(InvalidInputError, match=r"hypotheses\[1\] must be a string \(got NoneType"):
        BLEU().corpus_score(["a b", None], [["a b", "c"]])  # type: ignore[list-item]
    with pytest.raises(InvalidInputError, match=r"references\[0\]\[1\] must be a string or None \(got int"):
        SARI().corpus_score(["a b", "c"], [["a b", 3]], sources=["a", "c"])  # type: ignore[list-item]


def _bad_statistics(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    with pytest.raises(InvalidStatisticsError, match=r"stats\[0\] must be a finite number >= 0"):
        BLEU().score_from_stats(np.array([-1.0] + [1.0] * 9))
    with pytest.raises(InvalidValueError, match=r"1-D vector of 10 statistics \(got shape \(2, 10\)\)"):
        BLEU().score_from_stats(np.ones((2, 10)))


def _tabs_kept(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    tsv = [f"{r}\tsecond half" for r in REF]
    got = _json_scores(
        tmp,
        ["score", "-r", "{refs.tsv}", "--num-refs", "1", "-i", "{sys.txt}", "-m", "bleu"],
        {**BASE, "refs.tsv": _text(tsv)},
    )
    assert got == _bleu_of(SYS, [tsv])


def _reference_as_output(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    got = _json_scores(tmp, ["score", "-r", "{ref.txt}", "-i", "{ref.txt}", "-m", "bleu", "chrf", "ter"], BASE)
    assert got == [BLEU().corpus_score(REF, [REF]).score, 100.0, 0.0]


def _same_file_name_twice(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    (tmp / "d1").mkdir(parents=True)
    (tmp / "d2").mkdir()
    result = cli(
        tmp,
        ["compare", "-r", "{ref.txt}", "-i", "{d1/sys.txt}", "{d2/sys.txt}", "-m", "bleu", "-f", "json"],
        {**BASE, "d1/sys.txt": _text(SYS), "d2/sys.txt": _text(REF)},
    )
    assert result.exit_code == 0, result.output
    systems = [record["system"] for record in json.loads(result.stdout)]
    assert systems == [str(tmp / "d1" / "sys.txt"), str(tmp / "d2" / "sys.txt")]


def _out_of_range(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    for option, value, *extra in (
        ("--confidence-n", "100001", "--confidence"),
        ("--paired-n", "0", "--paired", "bs"),
        ("--width", "21"),
    ):
        args = [
            "compare",
            "-r",
            "{ref.txt}",
            "-i",
            "{sys.txt}",
            "{ref.txt}",
            "-n",
            "a",
            "b",
            "-m",
            "bleu",
            *extra,
            option,
            value,
        ]
        error(cli(tmp / option.strip("-"), args), 2, option, "range")


def _strict_json(text: str) -> Any:
    """``json.loads`` as RFC 8259 has it: NaN, Infinity and -Infinity are not JSON."""

    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


def _infinity_in_json(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    files: Files = {**BASE, "ref.txt": "\n\n"}
    for fmt in ("json", "jsonl"):
        result = cli(tmp / fmt, ["score", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "wer", "-f", fmt], files)
        assert result.exit_code == 0, result.output
        for chunk in [result.stdout] if fmt == "json" else result.stdout.splitlines():
            _strict_json(chunk)


def _agreement_in_jsonl(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    files: Files = {**BASE, "s3.txt": _text(["The cat .", "It rained ."])}
    for fmt in ("jsonl", "tsv"):
        result = cli(
            tmp / fmt,
            [
                "compare",
                "-s",
                "{src.txt}",
                "-r",
                "{ref.txt}",
                "-i",
                "{sys.txt}",
                "{ref.txt}",
                "{s3.txt}",
                "-m",
                "bleu",
                "chrf",
                "--agreement",
                "-f",
                fmt,
            ],
            files,
        )
        _no_traceback(result)
        if result.exit_code:
            error(result, 2, "--agreement")
        elif fmt == "jsonl":
            for line in result.stdout.splitlines():
                _strict_json(line)
        else:
            rows = list(csv.reader(io.StringIO(result.stdout), delimiter="\t"))
            assert all(len(row) == len(rows[0]) for row in rows), rows


def _features_in_json(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    import_module("Levenshtein")
    for fmt in ("json", "jsonl", "csv", "tsv"):
        result = cli(
            tmp / fmt, ["evaluate", "-s", "{src.txt}", "-r", "{ref.txt}", "-i", "{sys.txt}", "--features", "-f", fmt]
        )
        _no_traceback(result)
        if result.exit_code:
            error(result, 2, "--features")
        elif fmt == "json":
            _strict_json(result.stdout)
        elif fmt == "jsonl":
            for line in result.stdout.splitlines():
                _strict_json(line)
        else:
            rows = list(csv.reader(io.StringIO(result.stdout), delimiter="," if fmt == "csv" else "\t"))
            assert all(len(row) == len(rows[0]) for row in rows), rows


def _report_of_one_system(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    result = cli(
        tmp,
        ["report", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "bleu", "--paired-n", "10", "-o", str(tmp / "r.html")],
    )
    _no_traceback(result)
    if result.exit_code == 0:
        assert (tmp / "r.html").is_file()
    else:
        assert result.exit_code in (1, 2) and "--input" in result.output, result.output


# ------------------------------------------------------------------ significance
def _confidence_with_empty_resamples(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """A resample holding only empty segments: sacrebleu's chrF and TER score it as a Python
    float, every other resample as a NumPy float32, and statistics.mean() refuses the mix
    (sacrebleu 2.6.0 itself crashes the same way)."""
    hyps, refs = ["", "a b c"], [["", "a b c"]]
    for metric in ("chrf", "ter"):
        table = compare({"a": hyps, "b": ["x", "a b"]}, refs, metrics=[metric], interval=Bootstrap(n=200))
        interval = table.interval("a", table.metric_names[0])
        assert interval is not None and interval.low <= interval.mean <= interval.high
        result = cli(
            tmp / metric,
            ["score", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", metric, "--confidence"],
            {"ref.txt": "\na b c\n", "sys.txt": "\na b c\n"},
        )
        _no_traceback(result)
        assert result.exit_code == 0, result.output


# ------------------------------------------------------------------ output files
def _failing_report_write(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    paths = {name: _put(tmp, name, content) for name, content in BASE.items()}
    mp.setattr(os, "replace", full)
    result = CliRunner().invoke(
        main_command(),
        [
            "report",
            "-r",
            str(paths["ref.txt"]),
            "-i",
            str(paths["sys.txt"]),
            str(paths["ref.txt"]),
            "-m",
            "bleu",
            "--paired-n",
            "10",
            "-o",
            str(tmp / "r.html"),
        ],
    )
    _no_traceback(result)
    assert result.exit_code == 1 and "r.html" in result.output and "No space left" in result.output
    assert [name for name in os.listdir(tmp) if "r.html" in name] == []


def _failing_plot_write(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    import_module("matplotlib")

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    paths = {name: _put(tmp, name, content) for name, content in BASE.items()}
    mp.setattr(os, "replace", full)
    result = CliRunner().invoke(
        main_command(),
        [
            "compare",
            "-r",
            str(paths["ref.txt"]),
            "-i",
            str(paths["sys.txt"]),
            str(paths["ref.txt"]),
            "-n",
            "a",
            "b",
            "-m",
            "bleu",
            "--plot",
            str(tmp / "p.svg"),
        ],
    )
    error(result, 1, "could not write the plot", "p.svg", "No space left")
    assert "BLEU" in result.stdout  # the table came first
    assert [name for name in os.listdir(tmp) if "p.svg" in name] == []


def _interrupted_report(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    def interrupt(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    paths = {name: _put(tmp, name, content) for name, content in BASE.items()}
    mp.setattr(os, "replace", interrupt)
    result = CliRunner().invoke(
        main_command(),
        [
            "report",
            "-r",
            str(paths["ref.txt"]),
            "-i",
            str(paths["sys.txt"]),
            str(paths["ref.txt"]),
            "-m",
            "bleu",
            "--paired-n",
            "10",
            "-o",
            str(tmp / "r.html"),
        ],
    )
    error(result, 1, "Aborted")
    assert [name for name in os.listdir(tmp) if "r.html" in name] == []


# ------------------------------------------------------------------ the test-set cache
def _corrupted_cache_refetched(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    spec = get_testset("asset-test")
    with serve_upstream(mp) as upstream:
        load_testset("asset-test", cache_dir=tmp)
        folder = testset_dir("asset-test", cache_dir=tmp)
        victim = folder / spec.all_files[2].name
        victim.write_bytes(b"not the file\n")
        before = len(upstream.requests)
        data = load_testset("asset-test", cache_dir=tmp)
        assert len(upstream.requests) == before + 1
    table = upstream_table()
    for remote in spec.all_files:
        assert (folder / remote.name).read_bytes() == table[remote.url][0].read_bytes()
    assert list(data.references[1]) == table[spec.all_files[2].url][0].read_text(encoding="utf-8").splitlines()


def _corrupting_mirror(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    remote = get_testset("asset-test").all_files[0]
    with serve_upstream(mp, mode="corrupt") as upstream, pytest.raises(ChecksumMismatchError) as info:
        load_testset("asset-test", cache_dir=tmp)
    assert upstream.url in str(info.value) and f"expects {remote.sha256}" in str(info.value)
    assert _listing(testset_dir("asset-test", cache_dir=tmp)) == []


def _truncating_mirror(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    with serve_upstream(mp, mode="truncate"), pytest.raises(DownloadError, match="connection closed after"):
        load_testset("asset-test", cache_dir=tmp)
    assert _listing(testset_dir("asset-test", cache_dir=tmp)) == []


def _offline_echo(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    mp.setenv("SIMPEVAL_MIRROR", "http://127.0.0.1:9")
    result = cli(tmp, ["testsets", "echo", "asset-test", "src"])
    error(result, 1, "could not download http://127.0.0.1:9/", "asset.test.orig", "by hand")


# ------------------------------------------------------------------ human ratings (meta-eval)
RATINGS_HEADER = "sent_id,sys_name,simp_sent,rating\n"
RATINGS = "".join(
    f"{i},{s},{out},{r}\n"
    for i, s, out, r in [
        (1, "a", "The cat sat", 3),
        (2, "a", "It rained", 4),
        (1, "b", "x", 1),
        (2, "b", "y", 2),
        (1, "c", "The cat", 2),
        (2, "c", "It rained all", 5),
    ]
)


def _meta_eval(tmp: Path, ratings: Any) -> Result:
    result: Result = cli(
        tmp,
        [
            "meta-eval",
            "--ratings",
            "{r.csv}",
            "-s",
            "{src.txt}",
            "--refs",
            "{ref.txt}",
            "-m",
            "bleu",
            "--n-samples",
            "10",
            "-f",
            "json",
        ],
        {**BASE, "r.csv": ratings},
    )
    return result


def _ratings_bom(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    with_bom = _meta_eval(tmp / "a", b"\xef\xbb\xbf" + (RATINGS_HEADER + RATINGS).encode())
    assert with_bom.exit_code == 0, with_bom.output
    assert with_bom.stdout == _meta_eval(tmp / "b", RATINGS_HEADER + RATINGS).stdout.replace(
        str(tmp / "b"), str(tmp / "a")
    )


def _ratings_nan(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    for bad in ("nan", "inf"):
        rows = RATINGS.replace("It rained all,5", f"It rained all,{bad}")
        error(_meta_eval(tmp / bad, RATINGS_HEADER + rows), 1, "r.csv", "line 7", "rating")


def _ratings_twice(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    error(_meta_eval(tmp, RATINGS_HEADER + RATINGS + "1,a,The cat sat,3\n"), 1, "r.csv", "'a'", "segment 1")


def _ratings_out_of_range(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    error(
        _meta_eval(tmp, RATINGS_HEADER + RATINGS + "3,a,extra,3\n3,b,extra,3\n3,c,extra,3\n"),
        1,
        "segment 3",
        "r.csv",
        "references",
    )


def _ratings_missing_column(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    error(_meta_eval(tmp, RATINGS_HEADER.replace("rating", "score") + RATINGS), 1, "r.csv", "rating", "columns")


# ------------------------------------------------------------------ wrong option values in Python
def _chunk_size(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    for bad in (-1, 0, 1.5, "3"):
        with pytest.raises(InvalidOptionError, match="chunk_size"):
            evaluate_streams({"a": iter(SYS)}, [iter(REF)], metrics=["bleu"], chunk_size=bad)  # type: ignore[arg-type]


def _unhashable_option_values(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    table = compare({"a": SYS}, [REF], metrics=["bleu"])
    calls: list[tuple[str, Callable[[], Any]]] = [
        ("smooth_method", lambda: BLEU(smooth_method=["exp"])),  # type: ignore[arg-type]
        ("split", lambda: SARI(split=["space"])),  # type: ignore[arg-type]
        ("tokenize", lambda: SARI(tokenize=["13a"])),  # type: ignore[arg-type]
        ("tokenizer", lambda: get_tokenizer({"name": "13a"})),  # type: ignore[arg-type]
        ("fmt", lambda: render(table, ["json"])),  # type: ignore[arg-type]
    ]
    for argument, call in calls:
        with pytest.raises(SimpevalError, match=argument):
            call()


def _explain_empty(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    for metric in ("sari", "bleu"):
        result = cli(tmp, ["explain", "-m", metric, "-p", "", "-r", "", "-s", "", "-f", "json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["score"]["score"] == 0.0


def main_command() -> Any:
    from simpeval.cli import main

    return main


def _put(tmp: Path, name: str, content: Any) -> Path:
    tmp.mkdir(parents=True, exist_ok=True)
    path = tmp / name
    path.write_bytes(content if isinstance(content, bytes) else str(content).encode("utf-8"))
    return path


CLI, API = "cli", "api"
CASES: list[Case] = [
    Case(
        "C53",
        "one of several system outputs shorter than the others (compare)",
        CLI,
        "the line-count error (exit 1) listing every output and reference file with its count",
        _second_system_short,
    ),
    Case(
        "C54",
        "a references TSV (--num-refs) with fewer lines than the outputs",
        CLI,
        "the same error, naming the TSV file and its line count",
        _tsv_short,
    ),
    Case(
        "C55",
        "a sources file with fewer lines than the outputs",
        CLI,
        "the same error, naming the sources file and its line count",
        _sources_short,
    ),
    Case(
        "C56",
        "a references file ending in a blank line (one line too many)",
        CLI,
        "the line-count error (exit 1): a blank line is an (empty) segment, never dropped",
        _trailing_blank_line,
    ),
    Case(
        "C57",
        "empty fields in a references TSV (a line starting or ending with a tab)",
        CLI,
        "empty references, scored as the library scores the empty strings",
        _empty_tsv_fields,
    ),
    Case(
        "C58",
        "CRLF endings in a references TSV",
        CLI,
        "the `\\r` stays in the last field, with a `Warning:` naming the file; scored as given",
        _crlf_tsv,
    ),
    Case(
        "C59",
        "a UTF-8 byte-order mark at the start of a references TSV",
        CLI,
        "removed with a `Warning:` naming the file; the same scores as without it",
        _bom_tsv,
    ),
    Case(
        "C60",
        "a UTF-8 byte-order mark on standard input",
        CLI,
        "removed with a `Warning:` naming `<stdin>`; the same scores as without it",
        _bom_stdin,
    ),
    Case(
        "C61",
        "a NUL byte in the sources file",
        CLI,
        "error (exit 1) naming the sources file and the line",
        _nul_in_sources,
    ),
    Case(
        "C62",
        "bytes that are not UTF-8 in a references TSV",
        CLI,
        "error (exit 1) naming the TSV file, the byte and its line",
        _bad_utf8_tsv,
    ),
    Case(
        "C63",
        "bytes that are not valid in the --encoding given",
        CLI,
        "error (exit 1) naming the file and the encoding",
        _bad_bytes_for_encoding,
    ),
    Case(
        "C64",
        "an --encoding that is a codec but not a text encoding (rot13, base64, zlib, hex)",
        CLI,
        "usage error (exit 2) naming `--encoding`, as for an unknown encoding",
        _not_a_text_codec,
    ),
    Case(
        "C65",
        "a file that --encoding punycode cannot decode",
        CLI,
        "error (exit 1) naming the file and the encoding",
        _undecodable_punycode,
    ),
    Case(
        "C66",
        "an endless references file: -r /dev/zero",
        CLI,
        "the line-length error at once, naming /dev/zero (no exhausted memory)",
        _endless_reference,
    ),
    Case(
        "C67",
        "a line over the default 1 MiB limit with --max-line-length 0",
        CLI,
        "without the flag the line-length error; with it the line is read and scored as the library scores it",
        _no_line_limit,
    ),
    Case(
        "C68",
        "punctuation-only segments in every script (ASCII, CJK, guillemets)",
        API,
        "every engine of every SARI preset gives the same bits; BLEU (5 tokenizers, lowercase), chrF, chrF++ and TER "
        "engines equal sacrebleu",
        _punctuation_everywhere,
    ),
    Case(
        "C69",
        "CJK, Arabic, Devanagari, Hangul and Cyrillic segments",
        API,
        "the same: every engine and preset the same bits, equal to sacrebleu",
        _scripts_everywhere,
    ),
    Case(
        "C70",
        "emoji sequences (ZWJ, skin tones), combining accents, ligatures, ß/İ/final sigma",
        API,
        "the same: every engine and preset the same bits, equal to sacrebleu",
        _emoji_and_combining,
    ),
    Case(
        "C71",
        "bidirectional controls (RLO/PDF, RLM, ALM, isolates) inside segments",
        API,
        "the same: kept as characters; every engine and preset the same bits, equal to sacrebleu",
        _bidi_controls,
    ),
    Case(
        "C72",
        "control characters and Unicode line separators inside a string (VT, FF, FS, NEL, LS, PS)",
        API,
        "kept inside the segment (only files are split, on `\\n`); every engine the same bits, equal to sacrebleu",
        _control_characters,
    ),
    Case(
        "C73",
        "a segment whose every reference is None",
        API,
        "BLEU, chrF, TER: `ReferenceLayoutError` naming the segment; SARI scores it with no reference",
        _segment_without_reference,
    ),
    Case(
        "C74",
        "None or a number where a string is expected (a hypothesis, a reference)",
        API,
        "`InvalidInputError` naming `hypotheses[i]` or `references[j][i]` and the type received",
        _not_strings,
    ),
    Case(
        "C75",
        "statistics with a negative count, or of the wrong shape (a matrix), given to score_from_stats",
        API,
        "`InvalidStatisticsError` naming the position; `InvalidValueError` giving the expected length, the shape "
        "received and the fix (sum the rows)",
        _bad_statistics,
    ),
    Case(
        "C76",
        "a references file with tabs and --num-refs 1",
        CLI,
        "one reference per line, tabs kept inside it, scored as given",
        _tabs_kept,
    ),
    Case(
        "C77",
        "the references file also given as the system output",
        CLI,
        "the identity scores: BLEU and chrF 100, TER 0 (exit 0)",
        _reference_as_output,
    ),
    Case(
        "C78",
        "two outputs with the same file name in different folders",
        CLI,
        "both kept, each named by its path; no system dropped",
        _same_file_name_twice,
    ),
    Case(
        "C79",
        "a number out of its range: --confidence-n 100001, --paired-n 0, --width 21",
        CLI,
        "usage error (exit 2) naming the option and its range",
        _out_of_range,
    ),
    Case(
        "C80",
        "an infinite score (WER with no reference word) in -f json or jsonl",
        CLI,
        "valid JSON (RFC 8259; `null`, as meta-eval writes for NaN, or a string), never the bare `Infinity` that "
        "JSON.parse rejects and jq turns into 1.8e308",
        _infinity_in_json,
    ),
    Case(
        "C81",
        "report -i with a single system",
        CLI,
        "a report of that one system, or a usage error naming `--input` (a report compares two systems or more)",
        _report_of_one_system,
    ),
    Case(
        "C82",
        "compare --agreement with -f jsonl or tsv",
        CLI,
        "usage error (exit 2) as for json and csv, or output that is still valid JSON Lines / TSV",
        _agreement_in_jsonl,
    ),
    Case(
        "C83",
        "evaluate --features with -f json, jsonl, csv or tsv",
        CLI,
        "one valid document: JSON holds {scores, features}, JSON Lines one record a line; CSV and TSV a usage error",
        _features_in_json,
    ),
    Case(
        "C84",
        "--confidence with chrF or TER on a tiny corpus with empty segments",
        API,
        "a 95% interval (low <= mean <= high); exit 0 from the CLI",
        _confidence_with_empty_resamples,
    ),
    Case(
        "C85",
        "report -o whose write fails (disk full)",
        CLI,
        "error (exit 1) naming the output file and the OS error; no file and no temporary file left",
        _failing_report_write,
    ),
    Case(
        "C86",
        "compare --plot whose write fails (disk full)",
        CLI,
        "the table first, then error (exit 1) naming the plot file; no file and no temporary file left",
        _failing_plot_write,
    ),
    Case(
        "C87",
        "an interrupt (Ctrl-C) while report writes its file",
        CLI,
        "`Aborted!` (exit 1); no file and no temporary file left",
        _interrupted_report,
    ),
    Case(
        "C88",
        "a corrupted test-set file in the cache, the mirror up",
        API,
        "detected by its sha256 and fetched again (one request); the loaded data equals the upstream file",
        _corrupted_cache_refetched,
    ),
    Case(
        "C89",
        "a mirror serving a file with one byte changed",
        API,
        "`ChecksumMismatchError` naming the URL and both checksums; nothing left in the cache",
        _corrupting_mirror,
    ),
    Case(
        "C90",
        "a mirror that closes the connection half-way",
        API,
        "`DownloadError` (connection closed after N of M bytes); nothing left in the cache",
        _truncating_mirror,
    ),
    Case(
        "C91",
        "testsets echo offline, the set not cached",
        CLI,
        "error (exit 1) naming the URL, the folder and how to place the files by hand",
        _offline_echo,
    ),
    Case(
        "C92",
        "a ratings CSV (meta-eval --ratings) saved with a byte-order mark (Excel's CSV UTF-8)",
        CLI,
        "the mark removed as for every other file; the same results as without it",
        _ratings_bom,
    ),
    Case(
        "C93",
        "a NaN or infinite rating in a ratings CSV",
        CLI,
        "error (exit 1) naming the file, the line and the rating column",
        _ratings_nan,
    ),
    Case(
        "C94",
        "a system rated twice for one segment in a ratings CSV",
        CLI,
        "error (exit 1) naming the file, the system and the segment as numbered in the file (1-based)",
        _ratings_twice,
    ),
    Case(
        "C95",
        "a rating for a segment beyond the references",
        CLI,
        "error (exit 1) naming the file, the segment and the number of references",
        _ratings_out_of_range,
    ),
    Case(
        "C96",
        "a ratings CSV without the rating column",
        CLI,
        "error (exit 1) naming the file, the missing column and the columns found",
        _ratings_missing_column,
    ),
    Case(
        "C97",
        "evaluate_streams(chunk_size=) negative, zero, fractional or a string",
        API,
        "`InvalidOptionError` naming `chunk_size`",
        _chunk_size,
    ),
    Case(
        "C98",
        "a list or dict where an option name is expected (BLEU(smooth_method=[...]), SARI(split=[...]), "
        "get_tokenizer({...}), render(table, [...]))",
        API,
        "a `SimpevalError` naming the argument, as for any other unknown value",
        _unhashable_option_values,
    ),
    Case(
        "C99",
        "explain with an empty prediction, reference and source",
        CLI,
        "score 0 with its (empty) tables, exit 0",
        _explain_empty,
    ),
]


def _param(case: Case) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=f"BUG: {case.bug}")] if case.bug else []
    return pytest.param(case, id=case.id, marks=marks)


@pytest.mark.slow
@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_case(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIMPEVAL_CACHE", str(tmp_path / "default-cache"))
    monkeypatch.setenv("SIMPEVAL_MIRROR", "http://127.0.0.1:9")  # nothing listens: no case reaches the network
    case.check(tmp_path, monkeypatch)


def later_cases() -> list[Case]:
    """This module's cases, then those of ``tests/catalogue/test_processes_and_reports.py`` (C100-C115) and
    ``tests/catalogue/test_clusters_and_shards.py`` (C116-C135), ``tests/catalogue/test_bounded_options.py``
    (C136-C141), ``tests/catalogue/test_inputs_that_end.py`` (C142-C145) and
    ``tests/catalogue/test_compat_and_labels.py`` (C146 on): the one list of cases after C52 that the checks
    below hold against the catalogue. Imported here, not at the top: those modules import this one."""
    from .test_bounded_options import CASES as BOUNDED_CASES
    from .test_clusters_and_shards import CASES as DISTRIBUTED_CASES
    from .test_compat_and_labels import CASES as COMPAT_CASES
    from .test_inputs_that_end import CASES as ENDLESS_CASES
    from .test_processes_and_reports import CASES as RELIABILITY_CASES

    return [*CASES, *RELIABILITY_CASES, *DISTRIBUTED_CASES, *BOUNDED_CASES, *ENDLESS_CASES, *COMPAT_CASES]


def test_cases_are_well_formed() -> None:
    ids = [case.id for case in [*FIRST_CASES, *later_cases()]]
    assert ids == [f"C{i:02d}" for i in range(1, len(ids) + 1)]
    for case in later_cases():
        assert case.via in (CLI, API) and case.input and case.behaviour
        assert "|" not in case.input + case.behaviour and "\n" not in case.input + case.behaviour


def catalogue_rows() -> list[tuple[str, str, str]]:
    """The catalogue's rows (id, input, behaviour), in the order of the page."""
    return CATALOGUE_ROW.findall(CATALOGUE.read_text(encoding="utf-8"))


def markdown_table() -> str:
    """The table the catalogue should hold: C01-C52 as it has them, then the later cases (:func:`later_cases`)."""
    first = {row[0]: row for row in catalogue_rows()}
    lines = ["| id | input | behaviour |", "| --- | --- | --- |"]
    for case in FIRST_CASES:
        _, what, behaviour = first.get(
            case.id, (case.id, case.input, "(see tests/catalogue/test_files_and_options.py)")
        )
        lines.append(f"| {case.id} | {what} | {behaviour} |")
    for case in later_cases():
        lines.append(f"| {case.id} | {case.input.replace('|', chr(92) + '|')} | {case.behaviour} |")
    return "\n".join(lines) + "\n"


def test_catalogue_lists_every_case() -> None:
    """The catalogue lists C01-C52 (tests/catalogue/test_files_and_options.py), this module's cases, then
    tests/catalogue/test_processes_and_reports.py's (C100-C115), tests/catalogue/test_clusters_and_shards.py's
    (C116-C135), then those of the modules that ``later_cases`` names after it, in order."""
    rows = catalogue_rows()
    assert [row[0] for row in rows] == [case.id for case in [*FIRST_CASES, *later_cases()]]
    assert [row[1] for row in rows[len(FIRST_CASES) :]] == [case.input for case in later_cases()]
