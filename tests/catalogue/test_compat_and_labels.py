"""Compatibility fronts, labels and small wrong things, C146 on.

The cases of the catalogue (``docs/catalogue.md``) of that section, one per row: the
``compat.easse`` functions called as EASSE's code at the pinned commit calls them, environment
values that used to end in a traceback, and labels (plots, spreadsheets) that must show a system
name as written. Oracles are the peers' own code where it is installed (sacrebleu) and EASSE's
behaviour at feralvam/easse 6a4352ec (``effective_order``, ``strip()``, a loop over ``sentences``).

The cases have the shape of ``tests/catalogue/test_encodings_and_outputs.py``'s (:class:`Case`);
``test_catalogue_lists_every_case`` there checks that the catalogue lists them after the others, in order.
"""

from __future__ import annotations

import csv
import io
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from sacrebleu.metrics.bleu import BLEU as SacreBLEU

from simpeval import BLEU
from simpeval.compat.easse import bleu, fkgl
from simpeval.compat.easse.utils.helpers import read_lines
from simpeval.compat.easse.utils.preprocessing import normalize
from simpeval.exceptions import InvalidOptionError

from ..needs import import_module
from .test_encodings_and_outputs import API, CLI, Case, _param
from .test_files_and_options import REF, SRC, SYS, cli, error

TEXTS = ["The committee postponed the controversial decision indefinitely.", "Several members were absent today."]


# ------------------------------------------------------------------ compat.easse
def _easse_effective_order(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """EASSE's keyword ``effective_order`` (``use_effective_order`` was a TypeError); sacrebleu as the oracle."""
    hyp, refs = "It rains today in town .", ["It rains .", "Rain today ."]
    for flag in (True, False):
        oracle = SacreBLEU(tokenize="none", force=True, smooth_method="floor", effective_order=flag)
        expected = oracle.corpus_score([normalize(hyp)], [[normalize(ref)] for ref in refs]).score
        assert bleu.sentence_bleu(hyp, refs, effective_order=flag) == expected
        assert bleu.corpus_bleu([hyp], [[ref] for ref in refs], smooth_method="floor", effective_order=flag) == expected
        assert bleu.corpus_averaged_sentence_bleu([hyp], [[ref] for ref in refs], effective_order=flag) == expected
    with pytest.raises(TypeError):
        bleu.corpus_bleu([hyp], [refs[:1]], use_effective_order=True)  # type: ignore[call-arg]


def _easse_fkgl_iterables(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """EASSE loops over ``sentences``: an array, a Series, a generator score as the list; none gives 0."""
    expected = fkgl.corpus_fkgl(TEXTS)
    assert expected > 0
    for given in (np.array(TEXTS), pd.Series(TEXTS), (text for text in TEXTS), tuple(TEXTS)):
        assert fkgl.corpus_fkgl(given) == expected
    nothing: list[str] = []
    for empty in (nothing, np.array(nothing, dtype=str), pd.Series(nothing, dtype=str), iter(nothing)):
        assert fkgl.corpus_fkgl(empty) == 0


def _easse_read_lines(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """EASSE's ``read_lines`` strips both ends (``x.strip()``), CRLF endings and tabs included."""
    path = tmp / "lines.txt"
    path.write_bytes("  It rains .\t \r\n\tFine .\n\u3000Full-width space .\u3000\n".encode())
    assert read_lines(path) == ["It rains .", "Fine .", "Full-width space ."]


# ------------------------------------------------------------------ compat.sacrebleu
def _sacrebleu_no_bootstrap(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """sacrebleu resamples only when n_bootstrap > 1: 0 and -1 score plainly, as there."""
    import sacrebleu

    import simpeval.compat.sacrebleu as compat

    for name in ("BLEU", "CHRF", "TER"):
        for n in (0, -1, 1):
            ours, theirs = getattr(compat, name)(), getattr(sacrebleu, name)()
            mine, peer = ours.corpus_score(SYS, [REF], n_bootstrap=n), theirs.corpus_score(SYS, [REF], n_bootstrap=n)
            assert (str(mine), mine.score, mine.ci is None) == (str(peer), peer.score, True)
            assert str(ours.get_signature()) == str(theirs.get_signature())
    with pytest.raises(InvalidOptionError, match="n_bootstrap"):  # simpeval's own API keeps its check
        BLEU().corpus_score(SYS, [REF], n_bootstrap=0)


def _square_references_no_warning(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Square references (2 streams, 2 segments): the peers say nothing, so compat says nothing."""
    import sacrebleu

    import simpeval.compat.sacrebleu as compat
    from simpeval.compat.easse import sari
    from simpeval.compat.sacrebleu.significance import PairedTest
    from simpeval.exceptions import ReferenceLayoutWarning

    refs = [REF, [f"{ref} too" for ref in REF]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning fails the case
        for name in ("corpus_bleu", "corpus_chrf", "corpus_ter"):
            assert str(getattr(compat, name)(SYS, refs)) == str(getattr(sacrebleu, name)(SYS, refs))
        for front in (compat.BLEU().corpus_score(SYS, refs), compat.BLEU(references=refs).corpus_score(SYS)):
            assert str(front) == str(sacrebleu.BLEU().corpus_score(SYS, refs))
        PairedTest([("base", SYS), ("other", SRC)], {"BLEU": compat.BLEU()}, refs, "ar", 10)()
        bleu.corpus_bleu(SYS, refs)
        sari.corpus_sari(SRC, SYS, refs)
    with pytest.warns(ReferenceLayoutWarning):  # simpeval's own API still asks which layout was meant
        BLEU().corpus_score(SYS, refs)


def _score_only_keeps_interval(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``-b --confidence`` prints sacrebleu's line: the score, then (μ = mean ± half-width); sacrebleu's CLI as oracle."""
    words = "the cat sat on a mat dog ran far away quickly".split()
    hyps, refs = (
        [" ".join(words[(k * p + j * q) % len(words)] for j in range(8)) for k in range(40)]
        for p, q in ((1, 3), (2, 5))
    )
    files = {"h.txt": "\n".join(hyps) + "\n", "r.txt": "\n".join(refs) + "\n"}
    result = cli(
        tmp / "files", ["score", "-r", "{r.txt}", "-i", "{h.txt}", "-m", "bleu", "-b", "--confidence", "-w", "4"], files
    )
    assert result.exit_code == 0, result.output
    folder = tmp / "files"
    peer = subprocess.run(
        [
            sys.executable,
            "-m",
            "sacrebleu",
            str(folder / "r.txt"),
            "-i",
            str(folder / "h.txt"),
            "-b",
            "--confidence",
            "-w",
            "4",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "μ = " in result.stdout and result.stdout.strip() == peer.stdout.strip()


def _score_repr(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """repr() of a compat score is sacrebleu's line, as sacrebleu's Score.__repr__; pickling keeps it."""
    import pickle

    import sacrebleu

    import simpeval.compat.sacrebleu as compat

    for name in ("corpus_bleu", "corpus_chrf", "corpus_ter", "sentence_bleu"):
        hyps: Any = SYS if name.startswith("corpus") else SYS[0]
        refs: Any = [REF] if name.startswith("corpus") else [REF[0]]
        ours, theirs = getattr(compat, name)(hyps, refs), getattr(sacrebleu, name)(hyps, refs)
        assert repr(ours) == repr(theirs) == str(theirs)
        assert repr(pickle.loads(pickle.dumps(ours))) == repr(theirs)
    resampled = compat.BLEU().corpus_score(SYS * 5, [REF * 5], n_bootstrap=50)
    assert repr(resampled) == repr(sacrebleu.BLEU().corpus_score(SYS * 5, [REF * 5], n_bootstrap=50))


def _chrf_half_width(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """PairedTest bs on chrF: p-value and mean exact; the half-width within the last float32 bit (documented)."""
    import random

    import sacrebleu
    from sacrebleu.significance import PairedTest as TheirTest

    import simpeval.compat.sacrebleu as compat
    from simpeval.compat.sacrebleu.significance import PairedTest

    words = "the cat sat on a mat dog ran far away quickly xylophone zebra".split()
    differ = 0
    for seed in (384, 388, 390, 391, 392, 395):  # corpora where sacrebleu subtracts in float32 and it rounds
        draw = random.Random(seed)
        n = draw.randint(3, 8)
        refs = [" ".join(draw.choice(words) for _ in range(draw.randint(1, 6))) for _ in range(n)]
        base = [" ".join(draw.choice(words) for _ in range(draw.randint(1, 6))) for _ in range(n)]
        other = [ref if draw.random() < 0.3 else "qq" * draw.randint(1, 4) for ref in refs]
        systems = [("base", base), ("other", other)]
        theirs = TheirTest(systems, {"chrF2": sacrebleu.CHRF(references=[refs])}, None, "bs", 100)()[1]["chrF2"][1]
        ours = PairedTest(systems, {"chrF2": compat.CHRF(references=[refs])}, None, "bs", 100)()[1]["chrF2"][1]
        assert (ours.score, ours.p_value, ours.mean) == (theirs.score, theirs.p_value, float(theirs.mean))
        bound = 2 * float(np.spacing(np.float32(ours.mean + ours.ci)))  # the bounds' last float32 bit
        assert abs(ours.ci - float(theirs.ci)) <= bound
        differ += ours.ci != float(theirs.ci)
    assert differ  # the documented difference is real on these corpora (else the docs should say exactly)


def _error_classes(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """compat errors: instances of the built-in sacrebleu raises, repr naming simpeval's class (documented)."""
    import sacrebleu

    import simpeval.compat.sacrebleu as compat
    from simpeval.exceptions import InvalidInputError, UnknownTokenizerError

    calls: list[tuple[Any, type[BaseException], type[BaseException]]] = [
        (lambda m: m.corpus_bleu(SYS, [REF], tokenize="nope"), KeyError, UnknownTokenizerError),
        (lambda m: m.sentence_bleu(SYS[0], REF[0]), TypeError, InvalidInputError),
        (lambda m: m.BLEU().get_signature(), ValueError, ValueError),
    ]
    for call, builtin, ours in calls:
        with pytest.raises(builtin) as peer:
            call(sacrebleu)
        with pytest.raises(builtin) as mine:
            call(compat)
        assert type(mine.value) is ours and repr(mine.value).startswith(f"{ours.__name__}(")
        if ours is builtin:  # sacrebleu's own error: the same repr
            assert repr(mine.value) == repr(peer.value)


# ------------------------------------------------------------------ environment
def _cache_symlink_loop(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache path that loops: one line naming the path and SIMPEVAL_CACHE (it was an OSError traceback)."""
    loop = tmp / "loop"
    loop.symlink_to(loop)
    monkeypatch.setenv("SIMPEVAL_CACHE", str(loop))
    for args in (["testsets", "list"], ["testsets", "download", "asset-test"]):
        result = cli(tmp / "files", args)
        error(result, 1, "loop of symbolic links", "SIMPEVAL_CACHE", str(loop))
        assert len(result.output.strip().splitlines()) == 1, result.output
    with pytest.raises(OSError, match="symbolic links"):  # compat.easse: EASSE's own open() error, as EASSE
        read_lines(loop / "easse" / "data" / "test_sets" / "turkcorpus" / "test.8turkers.tok.norm")


def _mirror_malformed_host(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A mirror whose host or port does not parse: the one "not a URL" line (it was a ValueError traceback)."""
    monkeypatch.setenv("SIMPEVAL_CACHE", str(tmp / "cache"))
    for value in ("http://[bad", "http://h:99999/x"):
        monkeypatch.setenv("SIMPEVAL_MIRROR", value)
        result = cli(tmp / "files", ["testsets", "download", "asset-test"])
        error(result, 1, "SIMPEVAL_MIRROR is", value, "which is not a URL")
        assert len(result.output.strip().splitlines()) == 1, result.output


def _crlf_shard_header(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A CRLF shard's header ends in source\\r: the error shows the \\r and says why (no cluster starts)."""
    import_module("dask")
    folder = tmp / "shards"
    folder.mkdir()
    (folder / "a.tsv").write_bytes(b"hypothesis\tref0\tsource\r\nThe cat .\tThe cat .\tThe big cat .\r\n")
    result = cli(tmp / "files", ["score", "--shards", str(folder), "-m", "sari", "--engine", "dask"])
    error(result, 1, "has no source column", "(columns: hypothesis, ref0, source\\r)", "CRLF", "dos2unix")


def _shard_warning_once(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The client's column check warns of CRLF once; the rows, read on a worker or here, do not repeat it."""
    from simpeval.distributed.shards import check_shard_columns, iter_shard_rows

    crlf, mixed = tmp / "crlf.tsv", tmp / "mixed.tsv"
    rows = b"The cat .\tThe cat .\tThe big cat .\r\nIt rains .\tIt rains .\tIt rains hard .\r\n"
    crlf.write_bytes(b"hypothesis\tref0\tsource\r\n" + rows)  # the last column: source\r, not needed by BLEU
    mixed.write_bytes(b"hypothesis\tref0\tsource\n" + rows)
    for path, expected in ((crlf, ["hypothesis", "ref0", "source\r"]), (mixed, ["hypothesis", "ref0", "source"])):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            columns = check_shard_columns([str(path)], "tsv", needs_source=False)
            read = list(iter_shard_rows(str(path), "tsv", columns))
        assert columns == expected and read[0] == (
            "The cat .",
            "The cat .",
            "The big cat .\r",
        )  # the \r kept, as in a local file
        assert ["Windows line endings" in str(w.message) for w in caught] == [True], [str(w.message) for w in caught]


# ------------------------------------------------------------------ labels
PLOT_NAMES = ["$5 vs $10", "a$\\frac{$b"]  # two dollars: math text; the second is invalid math


def _plot_names_as_written(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A system name with ``$`` is drawn as written, not as math text (nor a ParseSyntaxException)."""
    import_module("matplotlib")
    import matplotlib.pyplot as plt
    from matplotlib.cbook import is_math_text

    from simpeval import compare
    from simpeval.report.plots import plot_metric_pair, plot_scores

    files = {"src.txt": "\n".join(SRC) + "\n", "ref.txt": "\n".join(REF) + "\n"}
    files |= {f"{name}.txt": "\n".join(SYS) + "\n" for name in PLOT_NAMES}
    args = ["compare", "-s", "{src.txt}", "-r", "{ref.txt}", "-m", "bleu", "sari", "--plot", str(tmp / "p.png"), "-i"]
    result = cli(tmp / "files", [*args, *(f"{{{name}.txt}}" for name in PLOT_NAMES)], files)
    assert result.exit_code == 0 and (tmp / "p.png").stat().st_size > 0, result.output
    table = compare(dict.fromkeys(PLOT_NAMES, SYS), [REF], sources=SRC, metrics=["bleu", "sari"])
    fig, (bars, points) = plt.subplots(1, 2)
    try:
        plot_scores(table, "bleu", ax=bars)
        plot_metric_pair(table, "bleu", "sari", ax=points)
        fig.canvas.draw()
        labels = [text.get_text() for text in [*bars.get_xticklabels(), *points.texts]]
        assert labels == [name.replace("$", "\\$") for name in PLOT_NAMES * 2]
        assert not any(is_math_text(label) for label in labels)
    finally:
        plt.close(fig)


FORMULAS = ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "\tx"]


def _spreadsheet_formulas(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """OWASP: a text cell starting with = + - @ tab CR gets a leading ', in CSV and TSV; numbers never."""
    from simpeval import compare
    from simpeval.report.document import Document, Records, Section
    from simpeval.report.formats import render

    hyps = ["The cat sat on the mat .", "It rained ."]
    table = compare({name: hyps for name in [*FORMULAS, "fine"]}, [REF], metrics=["bleu"])
    for fmt, delimiter in (("csv", ","), ("tsv", "\t")):
        rows = list(csv.reader(io.StringIO(render(table, fmt), newline=""), delimiter=delimiter))
        assert [row[0] for row in rows[1:]] == [*("'" + name for name in FORMULAS), "fine"]
        assert len({tuple(row[1:]) for row in rows[1:]}) == 1  # every other cell as for a plain name
    records: tuple[dict[str, Any], ...] = ({"system": "-x", "delta": -1.5}, {"system": "\rx", "delta": 2})
    numbers = Document((Section("t", records=Records(("system", "delta"), records)),))
    assert render(numbers, "csv") == "system,delta\n'-x,-1.5\n\"'\rx\",2"  # a CR is quoted
    result = cli(
        tmp / "files",
        ["compare", "-r", "{ref.txt}", "-m", "bleu", "-f", "csv", "-i", "{=cmd.txt}"],
        {"ref.txt": "\n".join(REF) + "\n", "=cmd.txt": "\n".join(SYS) + "\n"},
    )
    assert result.exit_code == 0 and result.stdout.splitlines()[1].startswith("'=cmd.txt,BLEU,"), result.output


# fmt: off
CASES: list[Case] = [
    Case("C146", "compat.easse.bleu.corpus_bleu / sentence_bleu / corpus_averaged_sentence_bleu(..., effective_order=True)",
         API, "scored as EASSE scores it (its keyword at the pinned commit; it was a TypeError)", _easse_effective_order),
    Case("C147", "compat.easse.fkgl.corpus_fkgl on a NumPy array, a pandas Series, a generator; an empty generator",
         API, "the list's grade (it was a ValueError: truth value of an array); empty: 0, as an empty list",
         _easse_fkgl_iterables),
    Case("C148", "compat.easse.utils.helpers.read_lines on lines with leading spaces or tabs", API,
         "each line stripped at both ends, as EASSE's `read_lines` (it kept the leading whitespace)", _easse_read_lines),
    Case("C149", "SIMPEVAL_CACHE pointing at a loop of symbolic links (testsets list / download, compat.easse data)",
         CLI, "error (exit 1), one line naming the path and SIMPEVAL_CACHE; compat.easse: the OSError of EASSE's open()",
         _cache_symlink_loop),
    Case("C150", "SIMPEVAL_MIRROR with a malformed host or port (http://[bad, http://h:99999/x)", CLI,
         "error (exit 1), the one line of a mirror that is not a URL (it was a ValueError traceback)",
         _mirror_malformed_host),
    Case("C151", "a system named $5 vs $10 or a$\\frac{$b (invalid math text) under compare --plot", CLI,
         "drawn as written (every `$` escaped for matplotlib's mathtext); it was math text, or a ParseSyntaxException",
         _plot_names_as_written),
    Case("C152", "a system named =HYPERLINK(...) (or starting with +, -, @, a tab, a CR) in --format csv or tsv",
         CLI, "the cell prefixed with ' (OWASP's rule against CSV injection); text cells only, never a number",
         _spreadsheet_formulas),
    Case("C153", "compat.sacrebleu BLEU / CHRF / TER corpus_score(..., n_bootstrap=0) or -1", API,
         "scored without resampling, as sacrebleu (it resamples only past 1); simpeval's own API still refuses it",
         _sacrebleu_no_bootstrap),
    Case("C154", "square references (as many streams as segments) to compat.sacrebleu or compat.easse", API,
         "no `ReferenceLayoutWarning` (the peers read streams and do not warn); simpeval's own API still warns",
         _square_references_no_warning),
    Case("C155", "score -b --confidence (sacrebleu's --score-only with an interval)", CLI,
         "sacrebleu's line: `1.5801 (μ = 1.5695 ± 0.2024)`, the score, the bootstrap mean and half-width (it dropped them)",
         _score_only_keeps_interval),
    Case("C156", "a TSV shard with CRLF line endings (its header: hypothesis, ref0, source\\r) and -m sari", CLI,
         "error (exit 1): no source column, the columns shown with the \\r, and the cause: CRLF endings (dos2unix)",
         _crlf_shard_header),
    Case("C157", "a TSV shard with CRLF line endings scored on a cluster (the header checked here, the rows read on a worker)",
         API, "one warning of the Windows line endings, not one per read (it was printed up to three times)",
         _shard_warning_once),
    Case("C158", "repr() of a compat.sacrebleu score (corpus_bleu, corpus_chrf, corpus_ter, sentence_bleu, with n_bootstrap)",
         API, "sacrebleu's line, as sacrebleu's `Score.__repr__` (it was the dataclass's field list)", _score_repr),
    Case("C159", "compat PairedTest('bs') on chrF (or TER) where the interval's high bound is over twice its low", API,
         "p-value and mean exact; the ± half-width within the last float32 bit of sacrebleu's (~2e-6 at 30), "
         "a documented difference (float64 subtraction)", _chrf_half_width),
    Case("C160", "repr() of a compat.sacrebleu error (unknown tokenizer, a bare string as references, get_signature first)",
         API, "simpeval's class, a subclass of sacrebleu's built-in (except KeyError still works); sacrebleu's own "
         "errors as sacrebleu's, repr included: a documented difference", _error_classes),
]
# fmt: on


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_case(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIMPEVAL_CACHE", str(tmp_path / "default-cache"))
    monkeypatch.setenv("SIMPEVAL_MIRROR", "http://127.0.0.1:9")  # nothing listens: no case reaches the network
    case.check(tmp_path, monkeypatch)
