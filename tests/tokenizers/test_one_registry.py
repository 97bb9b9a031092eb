"""One tokenizer registry serves every metric (BLEU took only sacrebleu's names)."""

from __future__ import annotations

import importlib.util
import pickle
from collections.abc import Iterator

import pytest
import sacrebleu

from simpeval import BLEU, SARI, available_tokenizers, register_tokenizer
from simpeval.exceptions import MissingDependencyError, UnknownTokenizerError
from simpeval.tokenizers import get_tokenizer

HYPS = ["The cat's sat on the mat, didn't it?", "Prices rose 3.5% in 2020 -- a record.", ""]
REFS = [["The cat sat on the mat, didn't it?", "Prices rose by 3.5% in 2020: a record.", "Empty."]]
#: Registry names that need nothing beyond the test extra (no MeCab, no sentencepiece model).
OFFLINE = [
    name
    for name in available_tokenizers()
    if "mecab" not in name and name not in ("spm", "flores101", "flores200", "spBLEU-1K")
]


@pytest.mark.parametrize("name", OFFLINE)
def test_bleu_takes_every_registry_name_with_identical_engines(name: str) -> None:
    scores = {engine: BLEU(tokenize=name, engine=engine).corpus_score(HYPS, REFS) for engine in ("fast", "sacrebleu")}
    assert scores["fast"].score == scores["sacrebleu"].score
    assert scores["fast"].signature["tok"] == name
    if name in sacrebleu.BLEU.TOKENIZERS:  # sacrebleu's own tokenizer, as sacrebleu runs it
        theirs = sacrebleu.BLEU(tokenize=name).corpus_score(HYPS, REFS)
    else:  # sacrebleu's BLEU on the text as the registry tokenizer leaves it
        tokenize = get_tokenizer(name)
        theirs = sacrebleu.BLEU(tokenize="none").corpus_score(
            [tokenize(h.rstrip()) for h in HYPS], [[tokenize(r.rstrip()) for r in REFS[0]]]
        )
    assert scores["fast"].score == theirs.score


def test_moses_bleu_is_bleu_on_moses_tokens() -> None:
    moses = get_tokenizer("moses")
    ours = BLEU(tokenize="moses").corpus_score(HYPS, REFS).score
    theirs = sacrebleu.BLEU(tokenize="none").corpus_score([moses(h) for h in HYPS], [[moses(r) for r in REFS[0]]])
    assert ours == theirs.score


@pytest.fixture
def replaced_13a() -> Iterator[None]:
    from simpeval.tokenizers import _registry

    own = _registry._FACTORIES["13a"]
    register_tokenizer("13a", lambda: str.upper, overwrite=True)
    try:
        yield
    finally:
        register_tokenizer("13a", own, overwrite=True)  # the same factory: built-in again


@pytest.mark.usefixtures("replaced_13a")
def test_a_replaced_13a_runs_in_every_bleu_engine() -> None:
    hyps, refs = ["a b c d"], [["A B C D"]]
    scores = {
        engine: BLEU(tokenize="13a", engine=engine).corpus_score(hyps, refs).score for engine in ("fast", "sacrebleu")
    }
    assert scores == {"fast": pytest.approx(100.0), "sacrebleu": pytest.approx(100.0)}
    assert scores["fast"] == scores["sacrebleu"]


def test_the_registry_is_restored_after_replacement() -> None:
    assert BLEU(tokenize="13a").corpus_score(["a b c d"], [["A B C D"]]).score == 0.0


def test_unknown_names_list_the_registry() -> None:
    with pytest.raises(UnknownTokenizerError, match="moses"):
        BLEU(tokenize="no-such")


@pytest.mark.skipif(importlib.util.find_spec("sentencepiece") is not None, reason="sentencepiece is installed")
@pytest.mark.parametrize("build", [lambda: BLEU(tokenize="flores101"), lambda: SARI(tokenize="flores101")])
def test_sacrebleus_spm_names_are_known_everywhere(build: object) -> None:
    with pytest.raises(MissingDependencyError, match="sentencepiece"):
        metric = build()  # type: ignore[operator]
        metric.corpus_score(["a"], [["a"]], sources=["a"])


def test_a_bleu_with_a_registry_tokenizer_pickles() -> None:
    bleu = BLEU(tokenize="moses")
    again = pickle.loads(pickle.dumps(bleu))
    assert again.corpus_score(HYPS, REFS).score == bleu.corpus_score(HYPS, REFS).score


def test_tercom_is_in_the_registry() -> None:
    """sacrebleu's Tercom tokenizer (TER's normalization, case kept) for every metric."""
    from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer

    text = "Hello, world! It's 3.5 U.S. dollars."
    assert get_tokenizer("tercom")(text) == TercomTokenizer(normalized=True, case_sensitive=True)(text)
    assert BLEU(tokenize="tercom").corpus_score([text], [[text]]).signature["tok"] == "tercom"
    assert SARI(tokenize="tercom").corpus_score([text], [[text]], sources=[text]).signature["tok"] == "tercom"
