"""Compatibility modules: the public interfaces of simpeval's peers, computed by simpeval.

Switching is one import line; the names, arguments, defaults and result shapes are the peer's:

* :mod:`simpeval.compat.sacrebleu`: ``import simpeval.compat.sacrebleu as sacrebleu`` for
  ``sacrebleu`` (``corpus_bleu`` ... ``sentence_ter``, ``metrics.BLEU/CHRF/TER``,
  ``significance.PairedTest``, ``tokenizers.tokenizer_ter.TercomTokenizer``);
* :mod:`simpeval.compat.easse`: EASSE's ``easse.sari``, ``easse.bleu``, ``easse.fkgl``,
  ``easse.compression``, ``easse.quality_estimation`` and ``easse.utils``; replace ``easse`` with
  ``simpeval.compat.easse`` in the imports and the numbers stay the same.

The peers' own test files pass through them (``tests/compat``). Where simpeval keeps a
deliberate difference, the module's documentation and the migration guides say so. It sits on
top, beside the command line: only :mod:`simpeval.hf` (whose fronts call sacrebleu's functions as
``evaluate``'s scripts do) and the sacrebleu-style functions that ``simpeval`` exports lazily
(``simpeval.corpus_bleu`` ...) import it.
"""
