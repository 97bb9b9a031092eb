"""Learned metrics: scores computed by a neural model (BERTScore), and the runtime they share.

They need the ``learned`` extra (PyTorch, Transformers, safetensors, huggingface_hub:
``pip install "simplification-metrics[learned]"``), imported on first use only: ``import simpeval``
and every other metric run without them. What a learned metric reuses:

* :mod:`.runtime`: the lazy import with its one-line install hint (:func:`~.runtime.require`), a
  model given as a local folder (never the network) or a Hugging Face id (downloaded only when
  online: :func:`~.runtime.model_folder`), the device (:func:`~.runtime.resolve_device`), batches
  sorted by length under :func:`torch.inference_mode` (:func:`~.runtime.encode`) and the progress
  of encoding (:func:`~.runtime.reporting`, drawn by the command line);
* :mod:`.disk_cache`: the optional on-disk cache of encoded sentences, keyed by the model's hash and the text.

A learned metric encodes each distinct sentence once per call and keeps its references' encodings
on the metric object (``Metric._caches``), so a comparison of many systems encodes them once.
"""
