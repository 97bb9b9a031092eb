"""The catalogue of bad and unusual inputs, executable.

Every row of the bad-input catalogue (``docs/catalogue.md``) has an id (``C01``...); this module holds one case per
id and runs it: a correct, documented score, or one clear error (exit code 1 or 2 from the CLI,
a :class:`~simpeval.exceptions.SimpevalError` from the library) naming the argument, file or line
and what was expected; never a traceback and never a partial output file.
``test_catalogue_lists_exactly_these_cases`` keeps the table and this module in step.
"""

from __future__ import annotations

import json
import math
import os
import re
import warnings
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner, Result

from simpeval import (
    BLEU,
    CHRF,
    SARI,
    TER,
    PairedBootstrap,
    Randomization,
    References,
    compare,
    get_metric,
    load_testset,
)
from simpeval.cache import atomic_write
from simpeval.cli import main
from simpeval.exceptions import (
    DownloadError,
    InvalidInputError,
    InvalidOptionError,
    InvalidStatisticsError,
    InvalidTextError,
    InvalidValueError,
    ReferenceLayoutError,
    ReferenceLayoutWarning,
)

CATALOGUE = Path(__file__).resolve().parents[2] / "docs" / "catalogue.md"
#: A row of the catalogue's tables: id (``C01``, ..., ``C100``, ...), input, behaviour.
CATALOGUE_ROW = re.compile(r"^\| (C\d{2,}) \| (.+?) \| (.+) \|$", re.M)
Files = Mapping[str, str | bytes]
SRC = ["The big cat sat on the old mat .", "It rained hard all day long ."]
REF = ["The cat sat on the mat .", "It rained all day ."]
SYS = ["The cat sat on the old mat .", "It rained all day long ."]


def _write(tmp: Path, files: Files) -> dict[str, str]:
    paths = {}
    for name, content in files.items():
        path = tmp / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        paths[name] = str(path)
    return paths


def _text(lines: Sequence[str]) -> str:
    return "".join(line + "\n" for line in lines)


BASE: dict[str, str | bytes] = {"src.txt": _text(SRC), "ref.txt": _text(REF), "sys.txt": _text(SYS)}


def cli(tmp: Path, args: Sequence[str], files: Files = BASE, stdin: str | None = None) -> Result:
    """Run ``simpeval ARGS`` with ``{name}`` in ARGS replaced by the path of file ``name``."""
    tmp.mkdir(parents=True, exist_ok=True)
    paths = _write(tmp, files)
    argv = [re.sub(r"\{([^}]+)\}", lambda m: paths.get(m.group(1), m.group(0)), a) for a in args]
    return CliRunner().invoke(main, argv, input=stdin)


def error(result: Result, code: int, *fragments: str) -> None:
    """One clear error: the exit code, the fragments in the message, no traceback."""
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output and not isinstance(result.exception, (TypeError, KeyError, AttributeError))
    for fragment in fragments:
        assert fragment in result.output, (fragment, result.output)


def scores(result: Result) -> list[float]:
    """The unrounded scores of a ``-f json`` run (warnings on stderr are not part of stdout)."""
    assert result.exit_code == 0, result.output
    return [record["score"] for record in json.loads(result.stdout)]


def same_score_as_clean(tmp: Path, files: Files, *extra: str) -> None:
    """The unusual files score exactly as the clean ones (BASE)."""
    args = ["score", "-s", "{src.txt}", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "sari", "bleu", "-f", "json"]
    assert scores(cli(tmp / "a", [*args, *extra], files)) == scores(cli(tmp / "b", args))


def scored_as_given(tmp: Path, files: Files, hyps: list[str], refs: list[str]) -> None:
    """The files score exactly as the library scores the strings they hold."""
    result = cli(
        tmp,
        ["score", "-s", "{src.txt}", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "sari", "bleu", "-f", "json"],
        files,
    )
    expected = [
        SARI().corpus_score(hyps, [refs], sources=SRC[: len(hyps)] if len(hyps) == 2 else hyps).score,
        BLEU().corpus_score(hyps, [refs]).score,
    ]
    assert scores(result) == expected


def raises(error_type: type, match: str, call: Callable[[], Any]) -> None:
    with pytest.raises(error_type, match=match):
        call()


def engines_agree(hyps: list[str], refs: list[str], srcs: list[str]) -> None:
    """Every engine of SARI, BLEU, chrF and TER gives the same bits on these strings."""

    def same(values: list[float]) -> None:
        assert len(set(values)) == 1 and all(math.isfinite(v) for v in values), values

    same([SARI(engine=e).corpus_score(hyps, [refs], sources=srcs).score for e in ("reference", "numpy", "numba")])
    same([BLEU(engine=e).corpus_score(hyps, [refs]).score for e in ("sacrebleu", "numba")])
    same([CHRF(engine=e).corpus_score(hyps, [refs]).score for e in ("sacrebleu", "numba")])
    same([TER(engine=e).corpus_score(hyps, [refs]).score for e in ("reference", "python", "numba")])


def _interrupted_write(tmp: Path) -> None:
    target = tmp / "report.txt"
    with pytest.raises(KeyboardInterrupt):
        with atomic_write(target) as out:
            out.write(b"half of it")
            raise KeyboardInterrupt
    assert os.listdir(tmp) == []


def _corrupted_cache(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp / "testsets" / "asset-test"
    folder.mkdir(parents=True)
    (folder / "asset.test.orig").write_text("not the file\n", encoding="utf-8")
    monkeypatch.setenv("SIMPEVAL_MIRROR", "http://127.0.0.1:9")  # nothing listens there: refetching fails
    with pytest.raises(DownloadError, match="127.0.0.1:9"):
        load_testset("asset-test", cache_dir=tmp)
    assert not (folder / "asset.test.orig").exists()  # the corrupted file is never used, and is gone


@dataclass(frozen=True)
class Case:
    """One row of the catalogue: its id, the input, and the check of its documented behaviour."""

    id: str
    input: str
    check: Callable[[Path, pytest.MonkeyPatch], None]


def _c(id: str, what: str, check: Callable[[Path], None]) -> Case:
    return Case(id, what, lambda tmp, monkeypatch: check(tmp))


CASES: list[Case] = [
    _c(
        "C01",
        "a system output with fewer lines than the references",
        lambda t: error(
            cli(
                t, ["score", "-r", "{ref.txt}", "-i", "{short.txt}", "-m", "bleu"], {**BASE, "short.txt": "one line\n"}
            ),
            1,
            "ref.txt: 2 lines",
            "short.txt: 1 line",
        ),
    ),
    _c(
        "C02",
        "a references file with fewer lines than the outputs",
        lambda t: error(
            cli(
                t, ["score", "-r", "{ref.txt}", "{r2.txt}", "-i", "{sys.txt}", "-m", "bleu"], {**BASE, "r2.txt": "x\n"}
            ),
            1,
            "r2.txt: 1 line",
            "sys.txt: 2 lines",
        ),
    ),
    _c(
        "C03",
        "a sources file with more lines than the outputs",
        lambda t: error(
            cli(
                t,
                ["score", "-s", "{s3.txt}", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "sari"],
                {**BASE, "s3.txt": _text([*SRC, "extra"])},
            ),
            1,
            "s3.txt: 3 lines",
        ),
    ),
    _c(
        "C04",
        "a references TSV line with the wrong number of fields",
        lambda t: error(
            cli(
                t,
                ["score", "-r", "{refs.tsv}", "--num-refs", "2", "-i", "{sys.txt}", "-m", "bleu"],
                {**BASE, "refs.tsv": "a\tb\nc\n"},
            ),
            1,
            "refs.tsv, line 2",
            "expected 2",
        ),
    ),
    _c(
        "C05",
        "an empty file (0 bytes)",
        lambda t: error(
            cli(t, ["score", "-r", "{ref.txt}", "-i", "{empty.txt}", "-m", "bleu"], {**BASE, "empty.txt": ""}),
            1,
            "empty.txt is empty",
        ),
    ),
    _c("C06", "empty lines", lambda t: scored_as_given(t, {**BASE, "sys.txt": "\n\n"}, ["", ""], REF)),
    _c("C07", "whitespace-only lines", lambda t: scored_as_given(t, {**BASE, "sys.txt": " \n\t\n"}, [" ", "\t"], REF)),
    _c(
        "C08",
        "CRLF line endings (the \\r is kept, with a warning)",
        lambda t: scored_as_given(
            t, {**BASE, "sys.txt": "".join(s + "\r\n" for s in SYS)}, [s + "\r" for s in SYS], REF
        ),
    ),
    _c(
        "C09",
        "mixed CRLF and LF endings",
        lambda t: scored_as_given(
            t, {**BASE, "sys.txt": SYS[0] + "\r\n" + SYS[1] + "\n"}, [SYS[0] + "\r", SYS[1]], REF
        ),
    ),
    _c(
        "C10",
        "CR-only line endings (classic Mac)",
        lambda t: error(
            cli(t, ["score", "-r", "{ref.txt}", "-i", "{mac.txt}", "-m", "bleu"], {**BASE, "mac.txt": "a\rb\r"}),
            1,
            "classic Mac",
            "mac.txt: 1 line",
        ),
    ),
    _c("C11", "no final newline", lambda t: same_score_as_clean(t, {**BASE, "sys.txt": _text(SYS)[:-1]})),
    _c(
        "C12",
        "bytes that are not UTF-8",
        lambda t: error(
            cli(
                t, ["score", "-r", "{ref.txt}", "-i", "{bad.txt}", "-m", "bleu"], {**BASE, "bad.txt": b"ok\ncaf\xe9\n"}
            ),
            1,
            "not valid UTF-8",
            "byte 0xe9 on line 2",
        ),
    ),
    _c(
        "C13",
        "another encoding, given with --encoding",
        lambda t: same_score_as_clean(
            t, {k: v.encode("utf-16") for k, v in BASE.items() if isinstance(v, str)}, "-e", "utf-16"
        ),
    ),
    _c(
        "C14",
        "an unknown --encoding",
        lambda t: error(
            cli(t, ["score", "-r", "{ref.txt}", "-i", "{sys.txt}", "-e", "klingon", "-m", "bleu"]), 2, "--encoding"
        ),
    ),
    _c(
        "C15",
        "a line longer than --max-line-length",
        lambda t: error(
            cli(
                t,
                ["score", "-r", "{ref.txt}", "-i", "{long.txt}", "--max-line-length", "40", "-m", "bleu"],
                {**BASE, "long.txt": "short\n" + "x" * 41 + "\n"},
            ),
            1,
            "long.txt, line 2: longer than 40 bytes",
        ),
    ),
    _c(
        "C16",
        "an endless line: -i /dev/zero",
        lambda t: error(
            cli(t, ["score", "-r", "{ref.txt}", "-i", "/dev/zero", "-m", "bleu"]), 1, "/dev/zero, line 1: longer than"
        ),
    ),
    _c(
        "C17",
        "tokens that are all punctuation",
        lambda t: engines_agree(["!!! ... ??", "-- ; :"], ["... !!", "; -- :"], ["!!! ... ??", "-- ; : ,"]),
    ),
    _c(
        "C18",
        "non-Latin scripts (CJK, Arabic, Devanagari, emoji)",
        lambda t: engines_agree(
            ["猫が座った 。", "القط جلس", "बिल्ली बैठी", "🐱 sat 🐾"],
            ["猫が座る 。", "جلس القط", "बिल्ली बैठ गई", "🐱 sits"],
            ["大きな猫が座った 。", "القط الكبير جلس", "बड़ी बिल्ली बैठी", "the 🐱 sat 🐾 here"],
        ),
    ),
    _c(
        "C19",
        "no references at all (an empty list of streams)",
        lambda t: raises(
            ReferenceLayoutError, "non-empty list of reference streams", lambda: BLEU().corpus_score(SYS, [])
        ),
    ),
    _c(
        "C20",
        "None in references: a segment with fewer references",
        lambda t: (lambda s: assert_equal(s.signature["nrefs"], "var"))(
            BLEU().corpus_score(SYS, [REF, [None, "It rained ."]])
        ),
    ),
    _c(
        "C21",
        "NaN in statistics given to score_from_stats",
        lambda t: raises(InvalidStatisticsError, "finite", lambda: BLEU().score_from_stats(np.full(10, np.nan))),
    ),
    _c(
        "C22",
        "an infinity in statistics",
        lambda t: raises(InvalidStatisticsError, "finite", lambda: TER().score_from_stats(np.array([np.inf, 1.0]))),
    ),
    _c(
        "C23",
        "an unknown metric",
        lambda t: error(
            cli(t, ["score", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "rouge"]), 1, "unknown metric 'rouge'", "sari"
        ),
    ),
    _c(
        "C24",
        "an unknown option",
        lambda t: error(
            cli(t, ["score", "-r", "{ref.txt}", "-i", "{sys.txt}", "--bogus", "-m", "bleu"]),
            2,
            "No such option '--bogus'",
        ),
    ),
    _c(
        "C25",
        "an unknown tokenizer",
        lambda t: error(
            cli(t, ["score", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "bleu", "--bleu-tokenize", "nope"]),
            1,
            "nope",
            "13a",
        ),
    ),
    _c(
        "C26",
        "an unknown SARI variant",
        lambda t: error(
            cli(
                t,
                [
                    "score",
                    "-s",
                    "{src.txt}",
                    "-r",
                    "{ref.txt}",
                    "-i",
                    "{sys.txt}",
                    "-m",
                    "sari",
                    "--sari-variant",
                    "nope",
                ],
            ),
            1,
            "nope",
            "easse",
        ),
    ),
    _c(
        "C27",
        "--plot into a folder that does not exist",
        lambda t: error(
            cli(
                t,
                [
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
                    "--plot",
                    str(t / "missing" / "p.png"),
                ],
            ),
            2,
            "--plot",
        ),
    ),
    _c("C28", "an interrupted write of an output file", _interrupted_write),
    Case("C29", "a corrupted file in the test-set cache", _corrupted_cache),
    _c(
        "C30",
        "a UTF-8 byte-order mark at the start of a file",
        lambda t: same_score_as_clean(t, {**BASE, "sys.txt": b"\xef\xbb\xbf" + _text(SYS).encode()}),
    ),
    _c(
        "C31",
        "a NUL byte",
        lambda t: error(
            cli(t, ["score", "-r", "{ref.txt}", "-i", "{nul.txt}", "-m", "bleu"], {**BASE, "nul.txt": b"a\nb\x00c\n"}),
            1,
            "NUL byte",
            "line 2",
        ),
    ),
    _c(
        "C32",
        "a lone surrogate in a string",
        lambda t: raises(
            InvalidTextError,
            r"hypotheses\[1\] holds a lone surrogate",
            lambda: CHRF().corpus_score(["ok", "caf\udce9"], [REF]),
        ),
    ),
    _c(
        "C33",
        "the same system name twice (-n X X)",
        lambda t: error(
            cli(t, ["compare", "-r", "{ref.txt}", "-i", "{sys.txt}", "{ref.txt}", "-n", "x", "x", "-m", "bleu"]), 2, "x"
        ),
    ),
    _c(
        "C34",
        "the same references file twice",
        lambda t: assert_in(
            "reference streams 1 and 2 are identical",
            cli(t, ["score", "-r", "{ref.txt}", "{ref.txt}", "-i", "{sys.txt}", "-m", "bleu"]).output,
        ),
    ),
    _c(
        "C35",
        "a TSV of references without --num-refs",
        lambda t: error(
            cli(
                t, ["score", "-r", "{refs.tsv}", "-i", "{sys.txt}", "-m", "bleu"], {**BASE, "refs.tsv": "a\tb\nc\td\n"}
            ),
            1,
            "--num-refs 2",
        ),
    ),
    _c("C36", "square references (as many per segment as segments) in plain lists", lambda t: _square()),
    _c(
        "C37",
        "a huge --paired-n",
        lambda t: error(
            cli(
                t,
                [
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
                    "--paired",
                    "bs",
                    "--paired-n",
                    "100000000",
                ],
            ),
            2,
            "--paired-n",
        ),
    ),
    _c(
        "C38",
        "SARI without --sources",
        lambda t: error(cli(t, ["score", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "sari"]), 2, "--sources"),
    ),
    _c(
        "C39",
        "no segment at all (an empty list of hypotheses)",
        lambda t: raises(InvalidValueError, "at least one segment", lambda: BLEU().corpus_score([], [[]])),
    ),
    _c(
        "C40",
        "a bare string where a list of segments is expected",
        lambda t: raises(InvalidInputError, "hypotheses must be a sequence", lambda: BLEU().corpus_score("a b", [REF])),
    ),
    _c(
        "C41",
        "standard input for two files",
        lambda t: error(cli(t, ["score", "-r", "-", "-i", "-", "-m", "bleu"], stdin="a\n"), 2, "standard input"),
    ),
    _c("C42", "a SIMPEVAL_MIRROR that is not a URL", lambda t: _bad_mirror(t)),
    _c("C43", "a cache path that is a file", lambda t: _cache_is_a_file(t)),
    _c(
        "C44",
        "fewer than two systems for a paired test",
        lambda t: raises(
            InvalidValueError,
            "at least two systems",
            lambda: compare({"a": SYS}, [REF], metrics=["bleu"], test=PairedBootstrap()),
        ),
    ),
    _c("C45", "one metric object used from several threads", lambda t: _threads()),
    _c(
        "C46",
        "load_testset(cache_dir=123)",
        lambda t: raises(InvalidOptionError, "cache_dir", lambda: load_testset("asset-test", cache_dir=123)),
    ),  # type: ignore[arg-type]
    _c("C47", "a copy of the baseline in a paired test", lambda t: _copy_of_baseline()),
    _c(
        "C48",
        "--format json or csv with --width 1",
        lambda t: assert_equal(
            scores(cli(t, ["score", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "bleu", "-f", "json", "-w", "1"])),
            [BLEU().corpus_score(SYS, [REF]).score],
        ),
    ),
    _c(
        "C49",
        "generators, tuples and NumPy string arrays as inputs",
        lambda t: assert_equal(
            {BLEU().corpus_score(h, [REF]).score for h in (iter(SYS), tuple(SYS), np.array(SYS))},
            {BLEU().corpus_score(SYS, [REF]).score},
        ),
    ),
    _c(
        "C50",
        "CHRF(beta=3)'s signature",
        lambda t: assert_equal(CHRF(beta=3).corpus_score(SYS, [REF]).signature.metric, "chrF3"),
    ),
    _c(
        "C51",
        "a built-in tokenizer name replaced with register_tokenizer(..., overwrite=True)",
        lambda t: _replaced_13a(),
    ),
    _c(
        "C52",
        "sentence-averaged float sums (Python >= 3.12 compensates sum())",
        lambda t: assert_equal(
            len(
                {
                    SARI("hf", engine=e).corpus_score(SYS * 7, [REF * 7], sources=SRC * 7).score
                    for e in ("reference", "numpy", "numba")
                }
            ),
            1,
        ),
    ),
]


def _threads() -> None:
    metric = SARI()
    corpora = [([f"{h} {k}" for h in SYS], [[f"{r} {k}" for r in REF]], SRC) for k in range(16)]
    sequential = [metric.corpus_score(h, r, sources=s).score for h, r, s in corpora]
    with ThreadPoolExecutor(max_workers=8) as pool:
        threaded = list(pool.map(lambda c: metric.corpus_score(c[0], c[1], sources=c[2]).score, corpora))
    assert threaded == sequential


def _copy_of_baseline() -> None:
    table = compare({"base": SYS * 5, "copy": SYS * 5}, [REF * 5], metrics=["bleu"], test=Randomization(n=100))
    result = table.paired_result("copy", "BLEU")
    assert result is not None and result.p_value == 1.0


def _replaced_13a() -> None:
    from simpeval.tokenizers import _registry, register_tokenizer

    own = _registry._FACTORIES["13a"]
    register_tokenizer("13a", lambda: str.upper, overwrite=True)
    try:
        values = {SARI(engine=e).corpus_score(SYS, [REF], sources=SRC).score for e in ("reference", "numpy", "numba")}
        assert len(values) == 1
    finally:
        register_tokenizer("13a", own, overwrite=True)


def assert_equal(a: Any, b: Any) -> None:
    assert a == b


def assert_in(fragment: str, text: str) -> None:
    assert fragment in text, text


def _square() -> None:
    sari = get_metric("sari")
    refs = [["a b", "c d"], ["e f", "g h"]]
    with pytest.warns(ReferenceLayoutWarning, match="square"):
        plain = sari.corpus_score(["a b", "e f"], refs, sources=["a b c", "e f g"]).score
    with warnings.catch_warnings():
        warnings.simplefilter("error", ReferenceLayoutWarning)
        assert (
            plain == sari.corpus_score(["a b", "e f"], References.from_streams(refs), sources=["a b c", "e f g"]).score
        )


def _bad_mirror(tmp: Path) -> None:
    os.environ["SIMPEVAL_MIRROR"] = "not-a-url"
    try:
        error(cli(tmp, ["score", "-t", "asset-test", "-i", "{sys.txt}", "-m", "bleu"]), 1, "SIMPEVAL_MIRROR")
    finally:
        del os.environ["SIMPEVAL_MIRROR"]


def _cache_is_a_file(tmp: Path) -> None:
    blocker = tmp / "cache"
    blocker.write_text("a file\n", encoding="utf-8")
    with pytest.raises(DownloadError, match="cache"):
        load_testset("asset-test", cache_dir=blocker)


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_case(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIMPEVAL_CACHE", str(tmp_path / "default-cache"))
    case.check(tmp_path, monkeypatch)


def catalogue_section(heading: str) -> str:
    """The text of the catalogue page's section that starts with ``heading``, up to the next one."""
    text = CATALOGUE.read_text(encoding="utf-8")
    section = text[text.index(heading) :]
    end = section.find("\n## ", 4)
    return section if end < 0 else section[:end]


def test_catalogue_lists_exactly_these_cases() -> None:
    rows = CATALOGUE_ROW.findall(catalogue_section("## Files, options and the library"))
    assert [(id, what) for id, what, _ in rows] == [(case.id, case.input) for case in CASES]
    assert len(CASES) >= 40
