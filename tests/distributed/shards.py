"""Writing a frame as the tab-separated text shards ``simpeval score --shards`` reads."""

from __future__ import annotations

from pathlib import Path

import pandas as pd


def write_tsv_shards(frame: pd.DataFrame, folder: Path, rows_per_shard: int) -> None:
    """``part-00000.tsv``, ...: a header line, then one segment a line (a missing value: an empty field)."""
    folder.mkdir()
    for k, start in enumerate(range(0, len(frame), rows_per_shard)):
        part = frame.iloc[start : start + rows_per_shard].fillna("")
        lines = ["\t".join(part.columns), *("\t".join(map(str, row)) for row in part.itertuples(index=False))]
        (folder / f"part-{k:05d}.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
