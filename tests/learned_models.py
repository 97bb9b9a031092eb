"""Tiny random BERT and RoBERTa models, built offline and saved to a folder (tokenizer included).

Their weights are drawn from a fixed seed; their vocabularies are written here: a WordPiece
vocabulary of the characters and frequent words of the test sentences (BERT), and a byte-level
BPE of the 256 byte symbols with a few merges (RoBERTa), so that every sentence tokenizes.
"""

from __future__ import annotations

from pathlib import Path

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


def tiny_bert(folder: Path, layers: int = 3) -> Path:
    """A random 3-layer BERT (hidden size 32) with a WordPiece vocabulary, saved in ``folder``."""
    import torch
    from transformers import BertConfig, BertModel, BertTokenizer

    folder.mkdir(parents=True, exist_ok=True)
    chars = [chr(c) for c in range(33, 127)] + [chr(c) for c in range(0xC0, 0x180)]
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *chars, *(f"##{c}" for c in chars), *WORDS]
    ids = {token: i for i, token in enumerate(dict.fromkeys(vocab))}
    tokenizer = BertTokenizer(vocab=ids, do_lower_case=True, model_max_length=128)
    tokenizer.save_pretrained(folder)
    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=len(ids),
        hidden_size=32,
        num_hidden_layers=layers,
        num_attention_heads=2,
        intermediate_size=48,
        max_position_embeddings=160,
    )
    BertModel(config).eval().save_pretrained(folder)
    return folder


def tiny_roberta(folder: Path, layers: int = 3) -> Path:
    """A random 3-layer RoBERTa (hidden size 32) with a byte-level BPE vocabulary, saved in ``folder``."""
    import torch
    from transformers import RobertaConfig, RobertaModel, RobertaTokenizer

    folder.mkdir(parents=True, exist_ok=True)
    symbols = _byte_symbols()
    space = symbols[ord(" ")]
    merges = [("t", "h"), ("th", "e"), (space, "the"), ("i", "n"), (space, "a"), ("e", "r"), (space, "in")]
    vocab = ["<s>", "<pad>", "</s>", "<unk>", *symbols, *("".join(m) for m in merges), "<mask>"]
    vocab = list(dict.fromkeys(vocab))
    tokenizer = RobertaTokenizer(vocab={t: i for i, t in enumerate(vocab)}, merges=list(merges), model_max_length=256)
    tokenizer.save_pretrained(folder)
    torch.manual_seed(1)
    config = RobertaConfig(
        vocab_size=len(vocab),
        hidden_size=32,
        num_hidden_layers=layers,
        num_attention_heads=2,
        intermediate_size=48,
        max_position_embeddings=260,
        pad_token_id=1,
        bos_token_id=0,
        eos_token_id=2,
    )
    RobertaModel(config).eval().save_pretrained(folder)
    return folder
