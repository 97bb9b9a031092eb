"""Compatibility modules: the public interfaces of simpeval's peers, computed by simpeval.

Switching is one import line; the names, arguments, defaults and result shapes are the peer's:

* :mod:`simpeval.compat.sacrebleu`: ``import simpeval.compat.sacrebleu as sacrebleu`` for
  ``sacrebleu`` (``corpus_bleu`` ... ``sentence_ter``, ``metrics.BLEU/CHRF/TER``,
  ``significance.PairedTest``, ``tokenizers.tokenizer_ter.TercomTokenizer``).

sacrebleu's own test files for these pass through it (``tests/compat``). Where simpeval keeps a
deliberate difference, the module's documentation and the migration guides say so.
"""
