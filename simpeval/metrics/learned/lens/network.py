"""The LENS network at inference: sentence embeddings, then a regressor over their comparisons.

What it computes (Maddela et al., 2023; the released checkpoints' settings in brackets):

1. **Encoder**: a RoBERTa encoder [roberta-large] runs over each lowercased text (at most
   ``max_position_embeddings - 4`` tokens) and returns every layer's states (the embeddings and
   each transformer layer).
2. **Scalar mix** [``layer: mix``]: the layers' weighted sum ``gamma * sum_k softmax(w)_k * L_k``,
   each layer first normalized per sentence [when ``layer_norm``] over its unpadded states
   (``(L - mean) / sqrt(variance + 1e-12)``); or one layer by number.
3. **Pooling** [``avg``]: the mean of the unpadded token states (``max``: their maximum, ``cls``:
   the first token's, ``default``: the last layer's first token).
4. **Features**: for source ``s``, output ``o`` and reference ``r``:
   ``[s, o, r, o*r, |o-r|, o*s, |o-s|]``, seven times the hidden size.
5. **Regressor**: linear layers with an activation [Tanh] after each hidden one, then a linear
   layer to one number (and a final activation, if the checkpoint names one).

:class:`LensNetwork` holds the weights of one checkpoint; :meth:`LensNetwork.embed` does 1–3 for
texts, :meth:`LensNetwork.regress` 4–5 for aligned embedding rows.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ....exceptions import InvalidOptionError
from .. import runtime
from .checkpoint import NAME, LensSettings

__all__ = ["LensNetwork"]

ENCODER_PREFIX = "encoder.model."
_LINEAR = re.compile(r"estimator\.ff\.(\d+)\.weight")


class LensNetwork:
    """One LENS checkpoint's network, in evaluation mode on ``device``.

    Args:
        settings: the checkpoint's ``hparams.yaml``, read by :func:`~.checkpoint.read_settings`.
        state: its state dict (:func:`~.checkpoint.load_weights`).
        encoder: the encoder's folder or Hugging Face id (tokenizer, configuration).
        local_only: never download the encoder (a local checkpoint's rule).
        device: a ``torch.device``.
        where: the checkpoint's folder, for error messages.

    Raises:
        InvalidOptionError: weights missing from the state dict or of the wrong shape.
    """

    def __init__(
        self, settings: LensSettings, state: dict[str, Any], encoder: str, local_only: bool, device: Any, where: Path
    ) -> None:
        torch, transformers = runtime.require(NAME)
        self.torch = torch
        self.settings, self.device, self._where = settings, device, where
        try:  # quietly: no "weights not initialized" chatter (the checkpoint sets them), no loading bars
            with runtime.quiet_loading(transformers):
                self.tokenizer = transformers.AutoTokenizer.from_pretrained(encoder, local_files_only=local_only)
                model = transformers.AutoModel.from_pretrained(
                    encoder, add_pooling_layer=False, local_files_only=local_only
                )
        except OSError as err:
            reason = runtime.first_line(err)
            hint = (
                "a local checkpoint never downloads: give encoder='FOLDER' (a local copy of it)"
                if local_only
                else "give encoder='FOLDER' (a local copy of it)"
            )
            raise InvalidOptionError(
                f"{NAME}: the encoder {encoder!r} named by {where / 'hparams.yaml'} cannot be loaded ({reason}); {hint}."
            ) from None
        tuned = {k[len(ENCODER_PREFIX) :]: v for k, v in state.items() if k.startswith(ENCODER_PREFIX)}
        try:  # the checkpoint's encoder weights replace the pretrained ones (those it lacks stay)
            model.load_state_dict(tuned, strict=False)
        except RuntimeError as err:
            raise self._bad(
                f"its encoder weights do not fit {encoder!r} ({str(err).splitlines()[-1].strip()})"
            ) from None
        self.model = model.to(device).eval()
        config = model.config
        self.max_length = config.max_position_embeddings - 4
        self.pad_id = self.tokenizer.pad_token_id
        n_layers = config.num_hidden_layers + 1
        self.mix: Any = None
        if settings.layer == "mix":
            names = [f"layerwise_attention.scalar_parameters.{i}" for i in range(n_layers)]
            weights = [self._weight(state, name, (1,)) for name in names]
            self.mix = torch.softmax(torch.cat(weights), dim=0).to(device)
            self.gamma = self._weight(state, "layerwise_attention.gamma", (1,)).to(device)
        elif not isinstance(settings.layer, int) or settings.layer >= n_layers:
            raise self._bad(f"layer {settings.layer} is not one of the encoder's {n_layers} layers")
        self.linears = self._regressor(state, config.hidden_size)
        self.activation = _activation(torch, settings.activation, where)
        self.final = None if settings.final_activation is None else _activation(torch, settings.final_activation, where)

    def _bad(self, problem: str) -> InvalidOptionError:
        return InvalidOptionError(f"{NAME}: checkpoint {self._where / 'checkpoints' / 'model.ckpt'}: {problem}.")

    def _weight(self, state: dict[str, Any], name: str, shape: tuple[int, ...]) -> Any:
        tensor = state.get(name)
        if tensor is None:
            raise self._bad(f"{name} is missing (not a LENS checkpoint, or not for this encoder)")
        if tuple(tensor.shape) != shape:
            raise self._bad(f"{name} has shape {tuple(tensor.shape)}, expected {shape}")
        return tensor.float()

    def _regressor(self, state: dict[str, Any], hidden: int) -> list[tuple[Any, Any]]:
        indices = sorted(int(m.group(1)) for m in map(_LINEAR.fullmatch, state) if m)
        sizes = [7 * hidden, *self.settings.hidden_sizes, 1]
        if len(indices) != len(sizes) - 1:
            raise self._bad(
                f"its regressor has {len(indices)} linear layers, hparams.yaml's hidden_sizes "
                f"{list(self.settings.hidden_sizes)} ask for {len(sizes) - 1}"
            )
        layers = []
        for index, fan_in, fan_out in zip(indices, sizes, sizes[1:]):
            weight = self._weight(state, f"estimator.ff.{index}.weight", (fan_out, fan_in))
            bias = self._weight(state, f"estimator.ff.{index}.bias", (fan_out,))
            layers.append((weight.to(self.device), bias.to(self.device)))
        return layers

    def token_ids(self, text: str) -> list[int]:
        """The ids the encoder reads for ``text`` (already lowercased): with its special tokens, truncated."""
        return list(self.tokenizer(text, truncation=True, max_length=self.max_length)["input_ids"])

    def embed(self, texts: list[str], batch_size: int) -> list[Any]:
        """The sentence embedding of each of ``texts`` (already lowercased), a ``(hidden,)`` tensor each,
        encoded in batches of one length (:func:`~simpeval.metrics.learned.runtime.encode`: no padding)."""
        ids = [self.token_ids(text) for text in texts]
        return runtime.encode(ids, self._pooled, batch_size=batch_size, device=self.device, label=NAME)

    def _pooled(self, ids: Any, mask: Any) -> Any:
        """Steps 1-3 for a batch of token ids: a ``(batch, hidden)`` tensor."""
        settings = self.settings
        layers = self.model(input_ids=ids, attention_mask=mask, output_hidden_states=True).hidden_states
        if settings.pool == "default":
            return layers[-1][:, 0, :]
        if self.mix is None:
            states = layers[settings.layer]
        else:
            if settings.layer_norm:
                layers = [_normalized(layer, mask) for layer in layers]
            states = self.gamma * sum(weight * layer for weight, layer in zip(self.mix, layers))
        padding = ids.eq(self.pad_id).unsqueeze(-1)
        if settings.pool == "avg":
            return states.masked_fill(padding, 0.0).sum(dim=1) / mask.sum(dim=1, keepdim=True).float()
        if settings.pool == "max":
            return states.masked_fill(padding, float("-inf")).max(dim=1).values
        return states[:, 0, :]  # cls

    def regress(self, source: Any, output: Any, reference: Any) -> list[float]:
        """The raw LENS score of each aligned row of the three embedding matrices."""
        torch = self.torch
        with torch.inference_mode():
            values = torch.cat(
                (
                    source,
                    output,
                    reference,
                    output * reference,
                    (output - reference).abs(),
                    output * source,
                    (output - source).abs(),
                ),
                dim=1,
            )
            for weight, bias in self.linears[:-1]:
                values = self.activation(torch.nn.functional.linear(values, weight, bias))
            values = torch.nn.functional.linear(values, *self.linears[-1])
            if self.final is not None:
                values = self.final(values)
            return [float(v) for v in values.view(-1).cpu().tolist()]


def _normalized(layer: Any, mask: Any) -> Any:
    """``layer`` (batch, tokens, hidden) less its mean over each sentence's unpadded states, over
    their standard deviation (``+ 1e-12`` under the root)."""
    keep = mask.float().unsqueeze(-1)
    count = (mask.float().sum(dim=1) * layer.shape[-1]).view(-1, 1, 1)
    kept = layer * keep
    mean = kept.flatten(1).sum(dim=1).view(-1, 1, 1) / count
    variance = ((kept - mean) * keep).pow(2).flatten(1).sum(dim=1).view(-1, 1, 1) / count
    return (layer - mean) / (variance + 1e-12).sqrt()


def _activation(torch: Any, name: str, where: Path) -> Any:
    """The ``torch.nn`` activation that ``name`` spells in hparams.yaml (``Tanh``, ``sigmoid``, ...)."""
    cls = getattr(torch.nn, name.title(), None)
    if not (isinstance(cls, type) and issubclass(cls, torch.nn.Module)):
        raise InvalidOptionError(f"{NAME}: {where / 'hparams.yaml'}: activation {name!r} is no torch.nn activation.")
    return cls()
