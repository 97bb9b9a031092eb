"""Learned metrics: scores computed by a neural model (BERTScore, LENS), and the runtime they share.

They need the ``learned`` extra (PyTorch, Transformers, safetensors, huggingface_hub:
``pip install "simplification-metrics[learned]"``), imported on first use only: ``import simpeval``
and every other metric run without them. What a learned metric reuses:

* :mod:`~simpeval.metrics.learned.runtime`: the lazy import with its one-line install hint (:func:`~simpeval.metrics.learned.runtime.require`), a
  model given as a local folder (never the network) or a Hugging Face id (downloaded only when
  online: :func:`~simpeval.metrics.learned.runtime.model_folder`; any Hub repository, a LENS checkpoint's
  say: :func:`~simpeval.metrics.learned.runtime.download`), the device (:func:`~simpeval.metrics.learned.runtime.resolve_device`), batches
  of one length (no padding), longest first, under ``torch.inference_mode`` (:func:`~simpeval.metrics.learned.runtime.encode`) and the progress
  of encoding (:func:`~simpeval.metrics.learned.runtime.reporting`, drawn by the command line);
* :mod:`~simpeval.metrics.learned.base`: :class:`~simpeval.metrics.learned.base.LearnedMetric`, their base class: one
  scoring call at a time per metric object (a lock), in this process (never on workers);
* :mod:`~simpeval.metrics.learned.disk_cache`: the optional on-disk cache of encoded sentences, keyed by the model's hash and the text.

A learned metric encodes each distinct sentence once per call and keeps its references' encodings
on the metric object (``Metric._caches``), so a comparison of many systems encodes them once.
"""
