"""Drop-in modules for code written against other toolkits, with their names and signatures.

* :mod:`simpeval.compat.easse`: EASSE's ``easse.sari``, ``easse.bleu``, ``easse.fkgl``,
  ``easse.compression``, ``easse.quality_estimation`` and ``easse.utils``; replace ``easse`` with
  ``simpeval.compat.easse`` in the imports and the numbers stay the same.

Nothing in simpeval imports this package; it sits on top, beside :mod:`simpeval.api`.
"""
