"""Everything compiled or vectorized, and the code that chooses and loads it.

Metric classes call engines; engines never import metrics (an import-linter contract). What an
engine needs of a metric's settings comes as plain values or as any object with the right
attributes (:class:`~simpeval.engines.sari_encode.SARICounting`).

* :mod:`.jit`: the optional Numba loader (``simplification-metrics[fast]``), engine choice, parallel launches;
* :mod:`.hashing`: the one hash-table scheme of the kernels (int64 keys and byte strings);
* :mod:`.tokenize13a`: sacrebleu's 13a on whole corpora with NumPy (and the 13a byte table);
* :mod:`.vocab`, :mod:`.token_scan`: compiled tokenization straight to integer ids;
* :mod:`.sari_encode`, :mod:`.sari_numpy`, :mod:`.sari_numba`: SARI statistics;
* :mod:`.text_encoding`, :mod:`.ngram`: BLEU and chrF statistics, compiled;
* :mod:`.word_ids`, :mod:`.ngram_numpy`: BLEU and chrF statistics with NumPy;
* :mod:`.ter`, :mod:`.ter_band`, :mod:`.ter_search`, :mod:`.ter_kernels`: TER's shift search (sacrebleu's, exactly), interpreted or compiled;
* :mod:`.resample`: the one resampler (draws, sums, the percentile rule), below the metrics so that
  ``corpus_score(..., n_bootstrap=N)`` uses it as the significance layer does;
* :mod:`.resample_numpy`: sacrebleu's float32 bootstrap scoring of BLEU and chrF, with NumPy;
* :mod:`.pool`, :mod:`.ranges`, :mod:`.linefiles`: worker processes (``n_jobs``, ``--jobs``), the
  byte ranges they read, files that count and lend their lines;
* :mod:`.sari_settings`: what SARI's engines read of its settings.

Every engine gives the same bits as the readable reference path; the tests compare them.
"""
