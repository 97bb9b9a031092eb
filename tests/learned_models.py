"""Tiny random BERT and RoBERTa models, built offline and saved to a folder (tokenizer included).

Their weights are drawn from a fixed seed; their vocabularies are written here: a WordPiece
vocabulary of the characters and frequent words of the test sentences (BERT), and a byte-level
BPE of the 256 byte symbols with a few merges (RoBERTa), so that every sentence tokenizes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

WORDS = (
    "the a of and to in is was it for on as with by at from that are an be this his her they city river people".split()
)


def _byte_symbols() -> list[str]:
    """GPT-2's printable stand-ins for the 256 bytes (each byte its own symbol), built here."""
    printable = (
        list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    )
    symbols, extra = {}, 0
    for byte in range(256):
        if byte in printable:
            symbols[byte] = chr(byte)
        else:
            symbols[byte] = chr(256 + extra)
            extra += 1
    return [symbols[b] for b in range(256)]


def _wordpiece(transformers: Any) -> tuple[Any, dict[str, Any]]:
    """A lower-casing WordPiece tokenizer of the characters and :data:`WORDS`, and BERT's settings."""
    chars = [chr(c) for c in range(33, 127)] + [chr(c) for c in range(0xC0, 0x180)]
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *chars, *(f"##{c}" for c in chars), *WORDS]
    ids = {token: i for i, token in enumerate(dict.fromkeys(vocab))}
    tokenizer = transformers.BertTokenizer(vocab=ids, do_lower_case=True, model_max_length=128)
    return tokenizer, {"vocab_size": len(ids), "max_position_embeddings": 160}


def _byte_bpe(transformers: Any) -> tuple[Any, dict[str, Any]]:
    """A byte-level BPE tokenizer of the 256 byte symbols and a few merges, and RoBERTa's settings."""
    symbols = _byte_symbols()
    space = symbols[ord(" ")]
    merges = [("t", "h"), ("th", "e"), (space, "the"), ("i", "n"), (space, "a"), ("e", "r"), (space, "in")]
    vocab = ["<s>", "<pad>", "</s>", "<unk>", *symbols, *("".join(m) for m in merges), "<mask>"]
    vocab = list(dict.fromkeys(vocab))
    ids = {t: i for i, t in enumerate(vocab)}
    tokenizer = transformers.RobertaTokenizer(vocab=ids, merges=list(merges), model_max_length=256)
    settings = {"vocab_size": len(vocab), "max_position_embeddings": 260, "pad_token_id": 1}
    return tokenizer, {**settings, "bos_token_id": 0, "eos_token_id": 2}


#: The architectures: (tokenizer builder, configuration and model class names, weight seed).
KINDS: dict[str, tuple[Callable[[Any], tuple[Any, dict[str, Any]]], str, str, int]] = {
    "bert": (_wordpiece, "BertConfig", "BertModel", 0),
    "roberta": (_byte_bpe, "RobertaConfig", "RobertaModel", 1),
}


def tiny_model(kind: str, folder: Path, layers: int = 3) -> Path:
    """A random ``kind`` model (a key of :data:`KINDS`; hidden size 32, ``layers`` layers) with its
    tokenizer, saved in ``folder``."""
    import torch
    import transformers

    build_tokenizer, config_class, model_class, seed = KINDS[kind]
    folder.mkdir(parents=True, exist_ok=True)
    tokenizer, settings = build_tokenizer(transformers)
    tokenizer.save_pretrained(folder)
    torch.manual_seed(seed)
    config = getattr(transformers, config_class)(
        hidden_size=32, num_hidden_layers=layers, num_attention_heads=2, intermediate_size=48, **settings
    )
    getattr(transformers, model_class)(config).eval().save_pretrained(folder)
    return folder


def opposed_model(bert_folder: Path, folder: Path) -> Path:
    """The tiny BERT of ``bert_folder`` with no position or segment embeddings and ``[CLS]``, ``[SEP]``
    and "a" embedded opposite to "the", saved in ``folder``: at layer 0, "the" has cosine -1 with
    every token of "a", so bert_score's padding rule (a padded side's 0 beats a negative best) fires."""
    import torch
    from transformers import BertModel, BertTokenizer

    model, tokenizer = BertModel.from_pretrained(bert_folder), BertTokenizer.from_pretrained(bert_folder)
    embeddings = model.embeddings
    with torch.no_grad():
        embeddings.position_embeddings.weight.zero_()
        embeddings.token_type_embeddings.weight.zero_()
        words = embeddings.word_embeddings.weight
        the = words[tokenizer.convert_tokens_to_ids("the")].clone()
        for token in ("[CLS]", "[SEP]", "a"):
            words[tokenizer.convert_tokens_to_ids(token)] = -the
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder
