"""BERTScore's encoder as bert_score builds it: the tokenizer, the model cut after the chosen layer,
the token ids of a sentence, the baseline file and bert_score's hash string.

Each follows what ``bert_score.score`` (0.3.13) does, so that the embeddings, hence the scores,
are the same: a sentence is stripped and encoded with its special tokens, truncated to the
tokenizer's maximum length (GPT-2 and RoBERTa tokenizers with a space before the first word);
the model keeps its first ``num_layers`` layers and its last hidden state is the embedding.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import numpy as np

from ...exceptions import InvalidOptionError
from . import runtime

__all__ = ["BERT_SCORE_VERSION", "Encoder", "bert_score_hash", "read_baseline", "shipped_baseline"]

#: The version bert_score writes into its hash: bert_score 0.3.13 still calls itself 0.3.12
#: (``bert_score.__version__``), and simpeval computes what that release computes.
BERT_SCORE_VERSION = "0.3.12"


def bert_score_hash(
    model_type: str, num_layers: int, idf: bool, rescaled: bool, custom_baseline: bool, transformers: str
) -> str:
    """The string ``bert_score.utils.get_hash`` gives for these settings (the slow tokenizer: bert_score's default)."""
    text = f"{model_type}_L{num_layers}{'_idf' if idf else '_no-idf'}_version={BERT_SCORE_VERSION}(hug_trans={transformers})"
    if rescaled:
        text += "-custom-rescaled" if custom_baseline else "-rescaled"
    return text


def shipped_baseline(lang: str, model_type: str) -> Path | None:
    """The baseline file bert_score ships for ``lang`` and ``model_type``
    (``bert_score/rescale_baseline/<lang>/<model>.tsv``) when bert_score is installed; found without importing it."""
    spec = find_spec("bert_score")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "rescale_baseline" / lang / f"{model_type}.tsv"
    return path if path.is_file() else None


def read_baseline(path: str, num_layers: int, metric: str) -> np.ndarray:
    """The ``[P, R, F]`` baselines (float32) of layer row ``num_layers`` of a bert_score baseline
    file: comma-separated, a header line (``LAYER,P,R,F``), then one row per layer from 0.

    Raises:
        InvalidOptionError: the file cannot be read, or has no such row or no three numbers in it.
    """
    try:
        with open(path, newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle))
    except OSError as err:
        raise InvalidOptionError(f"{metric}: baseline_path {path!r} cannot be read ({err.strerror}).") from None
    data = [row for row in rows[1:] if row]
    if num_layers >= len(data):
        raise InvalidOptionError(
            f"{metric}: baseline file {path!r} has {len(data)} layer rows; layer {num_layers} is not among them."
        )
    try:
        values = [float(value) for value in data[num_layers][1:4]]
    except ValueError:
        values = []
    if len(values) != 3:
        raise InvalidOptionError(
            f"{metric}: baseline file {path!r}, layer row {num_layers}: expected LAYER,P,R,F numbers "
            f"(got {','.join(data[num_layers])!r})."
        )
    return np.array(values, dtype=np.float32)


def _cut(model: Any, num_layers: int, torch: Any, metric: str) -> None:
    """Keep the first ``num_layers`` layers of ``model`` (in place), wherever its architecture keeps them."""
    encoder = getattr(model, "encoder", None)
    keep: Callable[[], None]
    if hasattr(model, "n_layers"):  # XLM
        count, keep = model.n_layers, lambda: setattr(model, "n_layers", num_layers)
    elif hasattr(model, "layer"):  # XLNet
        count, keep = len(model.layer), lambda: setattr(model, "layer", torch.nn.ModuleList(model.layer[:num_layers]))
    elif encoder is not None and hasattr(encoder, "albert_layer_groups"):  # ALBERT
        count, keep = encoder.config.num_hidden_layers, lambda: setattr(encoder.config, "num_hidden_layers", num_layers)
    elif encoder is not None and hasattr(encoder, "block"):  # T5
        count, keep = (
            len(encoder.block),
            lambda: setattr(encoder, "block", torch.nn.ModuleList(encoder.block[:num_layers])),
        )
    elif encoder is not None:  # BERT, RoBERTa, ...
        count, keep = (
            len(encoder.layer),
            lambda: setattr(encoder, "layer", torch.nn.ModuleList(encoder.layer[:num_layers])),
        )
    elif hasattr(model, "transformer"):  # DistilBERT
        layers = model.transformer.layer
        count, keep = len(layers), lambda: setattr(model.transformer, "layer", torch.nn.ModuleList(layers[:num_layers]))
    elif hasattr(model, "layers"):  # BART's encoder
        count, keep = (
            len(model.layers),
            lambda: setattr(model, "layers", torch.nn.ModuleList(model.layers[:num_layers])),
        )
    else:
        raise InvalidOptionError(
            f"{metric}: the model's architecture ({type(model).__name__}) is not one BERTScore supports."
        )
    if not 0 <= num_layers <= count:
        raise InvalidOptionError(
            f"{metric}: num_layers must be between 0 and {count} for this model (got {num_layers})."
        )
    keep()


@dataclass
class Encoder:
    """A loaded BERTScore encoder: ``tokenizer``, ``model`` (cut, in evaluation mode, on ``device``)."""

    tokenizer: Any
    model: Any
    device: Any
    prefix_space: bool

    @classmethod
    def load(cls, model_type: str, num_layers: int, device: str | None, metric: str) -> Encoder:
        """Load ``model_type`` (a folder or a Hub id: :func:`~simpeval.metrics.learned.runtime.model_folder`) as bert_score does."""
        torch, transformers = runtime.require(metric)
        chosen = runtime.resolve_device(device, metric)
        folder = runtime.model_folder(model_type, metric)
        try:
            with runtime.quiet_loading(transformers):
                tokenizer = transformers.AutoTokenizer.from_pretrained(str(folder), use_fast=False)
                loader = transformers.T5EncoderModel if "t5" in model_type else transformers.AutoModel
                model = loader.from_pretrained(str(folder))
        except (OSError, ValueError, KeyError) as err:
            reason = runtime.first_line(err)
            raise InvalidOptionError(f"{metric}: cannot load the model in {str(folder)!r} ({reason}).") from None
        model.eval()
        if hasattr(model, "decoder") and hasattr(model, "encoder"):
            model = model.encoder
        _cut(model, num_layers, torch, metric)
        prefix = isinstance(tokenizer, (transformers.GPT2Tokenizer, transformers.RobertaTokenizer))
        return cls(tokenizer, model.to(chosen), chosen, prefix)

    def token_ids(self, text: str) -> list[int]:
        """The ids bert_score encodes ``text`` to: stripped, with special tokens, truncated."""
        text = text.strip()
        tokenizer = self.tokenizer
        if not text:  # Transformers 4's build_inputs_with_special_tokens([]), encode("") on 5
            build = getattr(tokenizer, "build_inputs_with_special_tokens", None)
            return list(build([]) if build is not None else tokenizer.encode(""))
        extra = {"add_prefix_space": True} if self.prefix_space else {}
        ids = tokenizer.encode(
            text, add_special_tokens=True, max_length=tokenizer.model_max_length, truncation=True, **extra
        )
        return list(ids)

    def special_ids(self) -> set[int]:
        """The ids whose weight is 0 without idf: the classifier and separator tokens."""
        return {i for i in (self.tokenizer.cls_token_id, self.tokenizer.sep_token_id) if i is not None}

    def embed(self, sequences: list[list[int]], batch_size: int) -> list[Any]:
        """The unit-length last-layer embedding of each token of each sequence (``[length, dim]`` tensors)."""

        def forward(ids: Any, mask: Any) -> Any:
            out = self.model(ids, attention_mask=mask)[0]
            return out / out.norm(dim=-1).unsqueeze(-1)

        return runtime.encode(sequences, forward, batch_size=batch_size, device=self.device, label="BERTScore")
