"""A randomly initialised tiny LENS checkpoint, built offline for the tests (nothing downloaded).

:func:`build` writes, under a folder:

* ``encoder/``: a tiny RoBERTa (2 layers, hidden size 24, random weights) and a byte-level BPE
  tokenizer trained here on :data:`CORPUS`, saved with ``save_pretrained``;
* ``lens/checkpoints/model.ckpt`` and ``lens/hparams.yaml``: a released LENS checkpoint's layout
  (``regression_metric_multi_ref``, the encoder named by its folder), whose state dict holds
  *other* random encoder weights than the folder's (so a loader that ignores the checkpoint's
  encoder weights fails the parity test), a scalar mix with random layer weights and gamma,
  and a random feed-forward regressor.

Both simpeval's LENS and ``lens-metric`` (the oracle, in its own venv) load the same folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: The tokenizer's training text (written for these tests).
CORPUS = [
    "the cat sat on the mat .",
    "a quick brown fox jumps over the lazy dog .",
    "scientists discovered a new species of frog in the rainforest .",
    "the committee postponed the decision because several members were absent .",
    "it rained heavily in the city yesterday , so we stayed home .",
    "children play in the garden while their parents talk about the weather .",
]
HIDDEN = 24
LAYERS = 2
HIDDEN_SIZES = (40, 12)


def _tokenizer(folder: Path) -> Any:
    from tokenizers import ByteLevelBPETokenizer
    from transformers import RobertaTokenizerFast  # Transformers 5: the one RoBERTa tokenizer

    bpe = ByteLevelBPETokenizer()
    bpe.train_from_iterator(
        CORPUS, vocab_size=300, min_frequency=1, special_tokens=["<s>", "<pad>", "</s>", "<unk>", "<mask>"]
    )
    bpe.save_model(str(folder))
    return RobertaTokenizerFast(vocab=str(folder / "vocab.json"), merges=str(folder / "merges.txt"))


def _roberta(vocab_size: int, seed: int) -> Any:
    import torch
    from transformers import RobertaConfig, RobertaModel

    torch.manual_seed(seed)
    config = RobertaConfig(
        vocab_size=vocab_size,
        hidden_size=HIDDEN,
        num_hidden_layers=LAYERS,
        num_attention_heads=2,
        intermediate_size=32,
        max_position_embeddings=40,  # LENS truncates at 40 - 4 = 36 tokens: the tests reach it
        hidden_dropout_prob=0.1,
        attention_probs_dropout_prob=0.1,
    )
    model = RobertaModel(config, add_pooling_layer=False)
    # Every weight set here from the seed, as Transformers' initializers set them (normal with
    # std 0.02, layer norms 1 and 0, biases 0) but not by them (a release may change them): the
    # checkpoint is then a function of PyTorch's generator alone, and the oracle's frozen answers
    # (tests/oracles/lens.py) hold its digest.
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, parameter in sorted(model.named_parameters()):
            if "LayerNorm" in name:
                parameter.fill_(1.0 if name.endswith("weight") else 0.0)
            elif name.endswith("bias"):
                parameter.zero_()
            else:
                parameter.copy_(torch.randn(parameter.shape, generator=generator) * 0.02)
    return model


def build(folder: Path, *, pool: str = "avg", layer: Any = "mix", layer_norm: bool = True, seed: int = 0) -> Path:
    """Write the tiny encoder and LENS checkpoint under ``folder``; return the checkpoint folder.

    ``layer_norm`` sets what ``lens-metric`` reads as the scalar mix's layer normalization:
    its multi-reference model passes ``train_data`` where the base class expects
    ``layer_norm``, so a released checkpoint (``train_data`` set) normalizes the layers.
    """
    import torch
    import yaml

    encoder = folder / "encoder"
    encoder.mkdir(parents=True)
    tokenizer = _tokenizer(encoder)
    _roberta(len(tokenizer), seed).save_pretrained(encoder)
    tokenizer.save_pretrained(encoder)
    tuned = _roberta(len(tokenizer), seed + 1)  # the "fine-tuned" encoder: other weights than the folder's

    generator = torch.Generator().manual_seed(seed + 2)
    state: dict[str, Any] = {f"encoder.model.{k}": v.clone() for k, v in tuned.state_dict().items()}
    n_layers = LAYERS + 1  # the embeddings and every layer
    if layer == "mix":
        for i in range(n_layers):
            state[f"layerwise_attention.scalar_parameters.{i}"] = torch.randn(1, generator=generator)
        state["layerwise_attention.gamma"] = 1 + torch.rand(1, generator=generator)
        state["layerwise_attention.dropout_mask"] = torch.zeros(n_layers)
        state["layerwise_attention.dropout_fill"] = torch.full((n_layers,), -1e20)
    sizes = [HIDDEN * 7, *HIDDEN_SIZES, 1]
    for index, (fan_in, fan_out) in enumerate(zip(sizes, sizes[1:])):
        state[f"estimator.ff.{3 * index}.weight"] = torch.randn(fan_out, fan_in, generator=generator) / fan_in
        state[f"estimator.ff.{3 * index}.bias"] = torch.randn(fan_out, generator=generator) * 0.1

    lens = folder / "lens"
    (lens / "checkpoints").mkdir(parents=True)
    torch.save(
        {"state_dict": state, "pytorch-lightning_version": "2.0.9", "epoch": 0}, lens / "checkpoints" / "model.ckpt"
    )
    hparams = {
        "activations": "Tanh",
        "batch_size": 4,
        "class_identifier": "regression_metric_multi_ref",
        "dropout": 0.1,
        "encoder_learning_rate": 1.0e-05,
        "encoder_model": "RoBERTa",
        "final_activation": None,
        "hidden_sizes": list(HIDDEN_SIZES),
        "keep_embeddings_frozen": True,
        "layer": layer,
        "layerwise_decay": 0.95,
        "learning_rate": 3.0e-05,
        "load_weights_from_checkpoint": None,
        "nr_frozen_epochs": 0.3,
        "optimizer": "AdamW",
        "pool": pool,
        "pretrained_model": str(encoder),
        "topk": 1,
        "train_data": ["data/train.csv"] if layer_norm else None,
        "validation_data": ["data/dev.csv"],
    }
    (lens / "hparams.yaml").write_text(yaml.safe_dump(hparams), encoding="utf-8")
    return lens
