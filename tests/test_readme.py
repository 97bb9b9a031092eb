"""The README's Python example runs and prints what it claims."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_blocks_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
    assert blocks, "the README has Python examples"
    for block in blocks:
        namespace: dict[str, object] = {}
        exec(compile(block, str(README), "exec"), namespace)


def test_readme_claimed_values() -> None:
    from simpeval import SARI

    sources = ["About 95 species are currently accepted."]
    hypotheses = ["About 95 you now get in."]
    references = [["About 95 species are currently known."], ["About 95 species are now accepted."],
                  ["95 species are now accepted."]]  # fmt: skip
    text = README.read_text(encoding="utf-8")
    easse = SARI().corpus_score(hypotheses, references, sources=sources)
    hf = SARI(variant="hf").sentence_score(hypotheses[0], [r[0] for r in references], source=sources[0])
    assert f"# {easse.score!r}" in text
    assert f"# {hf.score!r}" in text
    assert easse.signature.format().replace("nrefs:3", "nrefs:10") in text
