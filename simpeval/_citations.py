"""BibTeX entries cited in more than one place (a metric and the test set that comes with it)."""

from __future__ import annotations

__all__ = ["XU_2016"]

#: Xu et al. (2016), TACL: SARI and the TurkCorpus.
XU_2016 = """\
@article{xu-etal-2016-optimizing,
    title = "Optimizing Statistical Machine Translation for Text Simplification",
    author = "Xu, Wei and Napoles, Courtney and Pavlick, Ellie and Chen, Quanze and Callison-Burch, Chris",
    journal = "Transactions of the Association for Computational Linguistics",
    volume = "4",
    year = "2016",
    url = "https://aclanthology.org/Q16-1029",
    doi = "10.1162/tacl_a_00107",
    pages = "401--415",
}"""
