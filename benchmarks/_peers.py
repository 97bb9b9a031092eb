"""SARI's peers as baselines: EASSE's ``corpus_sari`` and Hugging Face ``evaluate``'s SARI functions.

Neither is on a package registry that this project installs from: EASSE is not on PyPI, and
``evaluate`` downloads its metric scripts from the Hub. So the benchmark is given their public
code by path, and never copies it into the repository:

* ``--easse PATH``: a checkout of https://github.com/feralvam/easse (the folder holding
  ``easse/sari.py``). Only ``easse/sari.py`` and what it imports (``easse/utils/preprocessing.py``,
  which needs ``sacrebleu`` and ``sacremoses``) are imported; the checkout is put on ``sys.path``
  for that import only.
* ``--hf-sari PATH``: evaluate's ``metrics/sari/sari.py`` (https://github.com/huggingface/evaluate).
  It is executed as a module from that path. It imports ``datasets`` and ``evaluate`` at its top
  for the metric class only; where they are not installed, stand-in modules are put in
  ``sys.modules`` while the file runs (``Sari`` then derives from ``object``), and the functions
  timed (``SARIngram``, ``SARIsent``, ``normalize``, ``Sari._compute``) are the file's own.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

EASSE_HOW = (
    "pass --easse PATH, a checkout of https://github.com/feralvam/easse "
    "(git clone https://github.com/feralvam/easse; it needs sacremoses)"
)
HF_HOW = (
    "pass --hf-sari PATH, evaluate's metrics/sari/sari.py "
    "(curl -o /tmp/hf_sari.py https://raw.githubusercontent.com/huggingface/evaluate/main/metrics/sari/sari.py)"
)


def load_easse_corpus_sari(path: Path | None) -> tuple[Callable[..., float] | None, str]:
    """EASSE's ``corpus_sari`` from the checkout at ``path``, or ``None`` and why not."""
    if path is None:
        return None, "no --easse PATH given"
    root = path.resolve()
    if root.name == "easse" and (root / "sari.py").is_file():
        root = root.parent  # the package folder itself was given
    if not (root / "easse" / "sari.py").is_file():
        return None, f"{root / 'easse' / 'sari.py'} not found"
    saved_path, saved_modules = list(sys.path), set(sys.modules)
    sys.path.insert(0, str(root))
    try:
        module = importlib.import_module("easse.sari")
    except ImportError as err:
        return None, f"importing easse.sari from {root} failed ({err})"
    finally:
        sys.path[:] = saved_path
    origin = Path(module.__file__ or "").resolve()
    if root not in origin.parents:
        for name in set(sys.modules) - saved_modules:
            del sys.modules[name]
        return None, f"an installed easse ({origin}) shadows the checkout at {root}"
    corpus_sari: Callable[..., float] = module.corpus_sari
    return corpus_sari, f"EASSE's easse/sari.py from {root}"


def _stand_ins() -> dict[str, types.ModuleType]:
    """Modules standing for ``datasets`` and ``evaluate``: what sari.py touches when it is executed."""
    evaluate = types.ModuleType("evaluate")
    file_utils = types.SimpleNamespace(add_start_docstrings=lambda *docs: lambda cls: cls)
    evaluate.utils = types.SimpleNamespace(file_utils=file_utils)  # type: ignore[attr-defined]
    evaluate.Metric = object  # type: ignore[attr-defined]
    evaluate.MetricInfo = dict  # type: ignore[attr-defined]
    return {"datasets": types.ModuleType("datasets"), "evaluate": evaluate}


def load_hf_sari(path: Path | None) -> tuple[Any | None, str]:
    """evaluate's ``metrics/sari/sari.py`` executed from ``path``, or ``None`` and why not."""
    if path is None:
        return None, "no --hf-sari PATH given"
    if not path.is_file():
        return None, f"{path} not found"
    missing = [name for name in ("datasets", "evaluate") if importlib.util.find_spec(name) is None]
    stand_ins = {name: module for name, module in _stand_ins().items() if name in missing}
    spec = importlib.util.spec_from_file_location("hf_evaluate_sari", path)
    if spec is None or spec.loader is None:
        return None, f"{path} is not a Python file"
    module = importlib.util.module_from_spec(spec)
    saved = {name: sys.modules.get(name) for name in stand_ins}
    sys.modules.update(stand_ins)
    try:
        spec.loader.exec_module(module)
    except Exception as err:
        return None, f"executing {path} failed ({type(err).__name__}: {err})"
    finally:
        for name, old in saved.items():
            if old is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = old
    if not all(hasattr(module, name) for name in ("SARIsent", "normalize", "Sari")):
        return None, f"{path} has no SARIsent, normalize and Sari: not evaluate's SARI"
    note = f" ({' and '.join(missing)} not installed: stand-ins while it loaded)" if missing else ""
    return module, f"evaluate's metrics/sari/sari.py from {path}{note}"


def hf_sentence_scores(hf: Any, hyps: list[str], refs: list[list[str]], srcs: list[str]) -> list[float]:
    """HF's sentence SARI of every segment, 0-100, as ``Sari._compute`` adds them up:
    ``SARIsent(normalize(src), normalize(pred), [normalize(r) for r in refs])``, times 100."""
    sent, norm = hf.SARIsent, hf.normalize
    per_segment = list(zip(*refs))
    return [100 * sent(norm(s), norm(h), [norm(r) for r in rs]) for h, rs, s in zip(hyps, per_segment, srcs)]


def hf_corpus_score(hf: Any, hyps: list[str], refs: list[list[str]], srcs: list[str]) -> float:
    """HF's corpus SARI: ``Sari._compute`` itself (``self`` unused), references per segment."""
    result: dict[str, float] = hf.Sari._compute(None, srcs, hyps, [list(r) for r in zip(*refs)])
    return result["sari"]
