"""EASSE's public functions under EASSE's module names, computed by simpeval.

Replace ``easse`` with ``simpeval.compat.easse`` in the imports::

    from simpeval.compat.easse import sari                      # from easse import sari
    from simpeval.compat.easse.fkgl import corpus_fkgl          # from easse.fkgl import corpus_fkgl
    from simpeval.compat.easse.utils.resources import get_orig_sents

The modules, as in EASSE (feralvam/easse, commit 6a4352e):

* :mod:`.sari`: ``corpus_sari``, ``sentence_sari``, ``get_corpus_sari_operation_scores``
  (EASSE's argument order and its flags ``legacy``, ``use_f1_for_deletion``, ``use_paper_version``);
* :mod:`.bleu`: ``corpus_bleu``, ``sentence_bleu``, ``corpus_averaged_sentence_bleu``;
* :mod:`.fkgl`: ``corpus_fkgl``;  :mod:`.compression`: ``corpus_f1_token``;
* :mod:`.quality_estimation`: ``corpus_quality_estimation``;
* :mod:`.bertscore`: ``corpus_bertscore``, ``get_bertscore_sentence_scores`` (simpeval's BERTScore;
  the ``learned`` extra);
* :mod:`.report`: ``write_html_report``, ``write_multiple_systems_html_report``, ``get_all_scores``
  and their ``get_*`` siblings, writing simpeval's HTML report;
* :mod:`.utils`: ``preprocessing.normalize``, ``helpers`` (reading files as EASSE reads them),
  ``resources`` (test sets by EASSE's names) and ``constants.DATA_DIR``: a cache folder laid out
  like EASSE's ``resources/data``, filled from simpeval's checksummed test-set registry on first use.

What differs from EASSE on purpose is listed in each module and in the migration guide: no
lexical complexity score among the quality-estimation features (it needs a word-frequency
download), EASSE's ``samsa`` is left out (it needs a UCCA parser), the report is simpeval's page,
and errors are typed (``SimpevalError``) where EASSE raises ``ZeroDivisionError``.
"""

__all__ = ["bertscore", "bleu", "compression", "fkgl", "quality_estimation", "report", "sari", "utils"]
