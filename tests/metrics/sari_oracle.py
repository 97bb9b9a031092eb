"""SARI.py's sentence SARI written out again, plainly, as the oracle of the tests of its descendants.

``SARI.py`` (Xu et al. 2016), cocoxu's ``modified-sari.py`` (2023), ``D_SARI.py`` (Sun et al.
2021) and Hugging Face ``evaluate``'s ``sari`` share one n-gram part: tokens of ``split(" ")``,
n-grams as strings, source and output counts times the number of references, keep F1, deletion
precision and addition F1 per order. ``evaluate``'s differs in two places (``hf=True``): the keep
recall is pooled (the summed counts, cocoxu/simplification#6), and a ratio with nothing to count is
1, not 0. None of the scripts is on PyPI (``evaluate`` loads its script from the Hub) and CI has no
network, so the tests compare simpeval with this re-statement (and with figures the scripts
printed, where noted). Every sum runs left to right, as the scripts' loops and Python 3.11's
``sum()`` add.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence


def grams(tokens: list[str], n: int) -> list[str]:
    return [" ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]


def _subsequence(words: list[str], within: list[str]) -> bool:
    j = 0
    for word in within:
        if j < len(words) and words[j] == word:
            j += 1
    return j == len(words)


def _f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p > 0 or r > 0 else 0.0


def _add(values: Iterable[float]) -> float:
    total = 0.0
    for value in values:
        total += value
    return total


def order_scores(
    src: list[str], hyp: list[str], refs: list[list[str]], given: str | None = None, hf: bool = False
) -> tuple[float, float, float]:
    """(keep F1, deletion precision, addition F1) of one order; ``given``: the source as given, to
    drop the additions that only deleting its words makes (modified-sari.py), else ``None``;
    ``hf``: ``evaluate``'s pooled keep recall and empty ratios of 1."""
    k = len(refs)
    empty = 1.0 if hf else 0.0
    s = Counter({g: c * k for g, c in Counter(src).items()})
    h = Counter({g: c * k for g, c in Counter(hyp).items()})
    r: Counter[str] = Counter(g for ref in refs for g in ref)
    keep, keep_all = s & h, s & r
    keep_good = keep & r
    kp = _add(keep_good[g] / keep[g] for g in keep_good) / len(keep) if keep else empty
    if hf:
        kr = _add(keep_good.values()) / sum(keep_all.values()) if keep_all else empty
    else:
        kr = _add(keep_good[g] / keep_all[g] for g in keep_good) / len(keep_all) if keep_all else empty
    delete = s - h
    del_good = delete - r
    dp = _add(del_good[g] / delete[g] for g in del_good) / len(delete) if delete else empty
    added = set(h) - set(s)
    added_all = set(r) - set(s)
    good = added & set(r)
    if given is not None:
        source_words = {w for g in s for w in g.split()}
        good = {
            g
            for g in good
            if any(w not in source_words for w in g.split()) or not _subsequence(g.split(), given.split())
        }
    ap = len(good) / len(added) if added else empty
    ar = len(good) / len(added_all) if added_all else empty
    return _f1(kp, kr), dp, _f1(ap, ar)


def operation_means(
    source: str, output: str, references: Sequence[str], filtered: bool = False, hf: bool = False
) -> tuple[float, float, float]:
    """(keep, deletion, addition): each the mean over orders 1-4 (SARI.py lowercases here; ``hf``:
    the texts come normalized, as evaluate's ``normalize`` leaves them)."""
    case: Callable[[str], str] = (lambda text: text) if hf else str.lower
    src, hyp = case(source).split(" "), case(output).split(" ")
    refs = [case(ref).split(" ") for ref in references]
    given = source if filtered else None
    orders = [order_scores(grams(src, n), grams(hyp, n), [grams(t, n) for t in refs], given, hf) for n in range(1, 5)]
    keep, dele, add = (_add(order[i] for order in orders) / 4 for i in range(3))
    return keep, dele, add
