"""SARI.py's sentence SARI written out again, plainly, as the oracle of the tests of its descendants.

``SARI.py`` (Xu et al. 2016), cocoxu's ``modified-sari.py`` (2023) and ``D_SARI.py`` (Sun et al.
2021) share one n-gram part: tokens of ``lower().split(" ")``, n-grams as strings, source and
output counts times the number of references, keep F1, deletion precision and addition F1 per
order, each a per-n-gram mean. None of the scripts is on PyPI and CI has no network, so the tests
compare simpeval with this re-statement (and with figures the scripts printed, where noted).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence


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


def order_scores(
    src: list[str], hyp: list[str], refs: list[list[str]], given: str | None = None
) -> tuple[float, float, float]:
    """(keep F1, deletion precision, addition F1) of one order; ``given``: the source as given, to
    drop the additions that only deleting its words makes (modified-sari.py), else ``None``."""
    k = len(refs)
    s = Counter({g: c * k for g, c in Counter(src).items()})
    h = Counter({g: c * k for g, c in Counter(hyp).items()})
    r: Counter[str] = Counter(g for ref in refs for g in ref)
    keep, keep_all = s & h, s & r
    keep_good = keep & r
    kp = sum(keep_good[g] / keep[g] for g in keep_good) / len(keep) if keep else 0.0
    kr = sum(keep_good[g] / keep_all[g] for g in keep_good) / len(keep_all) if keep_all else 0.0
    delete = s - h
    del_good = delete - r
    dp = sum(del_good[g] / delete[g] for g in del_good) / len(delete) if delete else 0.0
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
    ap = len(good) / len(added) if added else 0.0
    ar = len(good) / len(added_all) if added_all else 0.0
    return _f1(kp, kr), dp, _f1(ap, ar)


def operation_means(
    source: str, output: str, references: Sequence[str], filtered: bool = False
) -> tuple[float, float, float]:
    """(keep, deletion, addition): each the mean over orders 1-4, summed left to right as Python 3.11's sum()."""
    src, hyp = source.lower().split(" "), output.lower().split(" ")
    refs = [ref.lower().split(" ") for ref in references]
    given = source if filtered else None
    orders = [order_scores(grams(src, n), grams(hyp, n), [grams(t, n) for t in refs], given) for n in range(1, 5)]
    means = []
    for i in range(3):
        total = 0.0
        for order in orders:
            total += order[i]
        means.append(total / 4)
    return means[0], means[1], means[2]
