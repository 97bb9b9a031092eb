"""BibTeX of the papers behind the metrics and test sets, each written once (some are cited twice)."""

from __future__ import annotations

__all__ = [
    "ALVA_MANCHEGO_2019",
    "ALVA_MANCHEGO_2020",
    "ALVA_MANCHEGO_2021",
    "BANERJEE_LAVIE_2005",
    "BIRD_2009",
    "BOTHA_2018",
    "CHEN_CHERRY_2014",
    "DAMERAU_1964",
    "FILIPPOVA_ALTUN_2013",
    "FKGL",
    "LAVIE_AGARWAL_2007",
    "LEVENSHTEIN_1966",
    "MADDELA_2023",
    "MILLER_1995",
    "PAPINENI_2002",
    "POPOVIC_2015",
    "POPOVIC_2017",
    "SNOVER_2006",
    "STAJNER_2016",
    "SULEM_2018",
    "VAN_RIJSBERGEN_1979",
    "XU_2016",
    "ZHU_2010",
]

#: Alva-Manchego et al. (2019), EMNLP demos: EASSE, and the system outputs it collected.
ALVA_MANCHEGO_2019 = """\
@inproceedings{alva-manchego-etal-2019-easse,
    title = "{EASSE}: {E}asier Automatic Sentence Simplification Evaluation",
    author = "Alva-Manchego, Fernando and Martin, Louis and Scarton, Carolina and Specia, Lucia",
    booktitle = "Proceedings of the 2019 Conference on Empirical Methods in Natural Language Processing and the 9th International Joint Conference on Natural Language Processing (EMNLP-IJCNLP): System Demonstrations",
    year = "2019",
    address = "Hong Kong, China",
    publisher = "Association for Computational Linguistics",
    url = "https://aclanthology.org/D19-3009",
    doi = "10.18653/v1/D19-3009",
    pages = "49--54",
}"""

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

PAPINENI_2002 = """\
@inproceedings{papineni-etal-2002-bleu,
    title = "{B}leu: a Method for Automatic Evaluation of Machine Translation",
    author = "Papineni, Kishore and Roukos, Salim and Ward, Todd and Zhu, Wei-Jing",
    booktitle = "Proceedings of the 40th Annual Meeting of the Association for Computational Linguistics",
    month = jul,
    year = "2002",
    address = "Philadelphia, Pennsylvania, USA",
    publisher = "Association for Computational Linguistics",
    url = "https://aclanthology.org/P02-1040",
    doi = "10.3115/1073083.1073135",
    pages = "311--318",
}"""

CHEN_CHERRY_2014 = """\
@inproceedings{chen-cherry-2014-systematic,
    title = "A Systematic Comparison of Smoothing Techniques for Sentence-Level {BLEU}",
    author = "Chen, Boxing and Cherry, Colin",
    booktitle = "Proceedings of the Ninth Workshop on Statistical Machine Translation",
    month = jun,
    year = "2014",
    address = "Baltimore, Maryland, USA",
    publisher = "Association for Computational Linguistics",
    url = "https://aclanthology.org/W14-3346",
    doi = "10.3115/v1/W14-3346",
    pages = "362--367",
}"""

BANERJEE_LAVIE_2005 = """\
@inproceedings{banerjee-lavie-2005-meteor,
    title = "{METEOR}: An Automatic Metric for {MT} Evaluation with Improved Correlation with Human Judgments",
    author = "Banerjee, Satanjeev and Lavie, Alon",
    booktitle = "Proceedings of the {ACL} Workshop on Intrinsic and Extrinsic Evaluation Measures for Machine Translation and/or Summarization",
    month = jun,
    year = "2005",
    address = "Ann Arbor, Michigan",
    publisher = "Association for Computational Linguistics",
    url = "https://aclanthology.org/W05-0909",
    pages = "65--72",
}"""

LAVIE_AGARWAL_2007 = """\
@inproceedings{lavie-agarwal-2007-meteor,
    title = "{METEOR}: An Automatic Metric for {MT} Evaluation with High Levels of Correlation with Human Judgments",
    author = "Lavie, Alon and Agarwal, Abhaya",
    booktitle = "Proceedings of the Second Workshop on Statistical Machine Translation",
    month = jun,
    year = "2007",
    address = "Prague, Czech Republic",
    publisher = "Association for Computational Linguistics",
    url = "https://aclanthology.org/W07-0734",
    pages = "228--231",
}"""

MILLER_1995 = """\
@article{miller-1995-wordnet,
    title = "{WordNet}: A Lexical Database for {E}nglish",
    author = "Miller, George A.",
    journal = "Communications of the ACM",
    volume = "38",
    number = "11",
    year = "1995",
    pages = "39--41",
    doi = "10.1145/219717.219748",
}"""

POPOVIC_2015 = r"""@inproceedings{popovic-2015-chrf,
    title = "chr{F}: character n-gram {F}-score for automatic {MT} evaluation",
    author = "Popovi{\'c}, Maja",
    booktitle = "Proceedings of the Tenth Workshop on Statistical Machine Translation",
    month = sep,
    year = "2015",
    address = "Lisbon, Portugal",
    publisher = "Association for Computational Linguistics",
    url = "https://aclanthology.org/W15-3049",
    doi = "10.18653/v1/W15-3049",
    pages = "392--395",
}"""

#: Popović (2017), WMT: chrF++ (word n-grams added to chrF).
POPOVIC_2017 = r"""@inproceedings{popovic-2017-chrf,
    title = "chr{F}++: words helping character n-grams",
    author = "Popovi{\'c}, Maja",
    booktitle = "Proceedings of the Second Conference on Machine Translation",
    month = sep,
    year = "2017",
    address = "Copenhagen, Denmark",
    publisher = "Association for Computational Linguistics",
    url = "https://aclanthology.org/W17-4770",
    doi = "10.18653/v1/W17-4770",
    pages = "612--618",
}"""

#: Snover et al. (2006), AMTA: TER.
SNOVER_2006 = """\
@inproceedings{snover-etal-2006-study,
    title = "A Study of Translation Edit Rate with Targeted Human Annotation",
    author = "Snover, Matthew and Dorr, Bonnie and Schwartz, Rich and Micciulla, Linnea and Makhoul, John",
    booktitle = "Proceedings of the 7th Conference of the Association for Machine Translation in the Americas: Technical Papers",
    month = aug # " 8-12",
    year = "2006",
    address = "Cambridge, Massachusetts, USA",
    publisher = "Association for Machine Translation in the Americas",
    url = "https://aclanthology.org/2006.amta-papers.25",
    pages = "223--231",
}"""

LEVENSHTEIN_1966 = """\
@article{levenshtein-1966-binary,
    title = "Binary Codes Capable of Correcting Deletions, Insertions, and Reversals",
    author = "Levenshtein, Vladimir I.",
    journal = "Soviet Physics Doklady",
    volume = "10",
    number = "8",
    year = "1966",
    pages = "707--710",
}"""

DAMERAU_1964 = """\
@article{damerau-1964-technique,
    title = "A Technique for Computer Detection and Correction of Spelling Errors",
    author = "Damerau, Fred J.",
    journal = "Communications of the ACM",
    volume = "7",
    number = "3",
    year = "1964",
    pages = "171--176",
    doi = "10.1145/363958.363994",
}"""

VAN_RIJSBERGEN_1979 = """\
@book{van-rijsbergen-1979-information,
    title = "Information Retrieval",
    author = "van Rijsbergen, C. J.",
    edition = "2nd",
    publisher = "Butterworths",
    address = "London",
    year = "1979",
}"""

BIRD_2009 = """\
@book{bird-etal-2009-natural,
    title = "Natural Language Processing with {P}ython",
    author = "Bird, Steven and Klein, Ewan and Loper, Edward",
    publisher = "O'Reilly Media",
    address = "Sebastopol, CA",
    year = "2009",
}"""

#: Flesch-Kincaid grade level (Kincaid et al., 1975), as EASSE computes it (Alva-Manchego et al., 2019).
FKGL = """\
@techreport{kincaid-etal-1975-derivation,
    title = "Derivation of New Readability Formulas (Automated Readability Index, Fog Count and Flesch Reading Ease Formula) for Navy Enlisted Personnel",
    author = "Kincaid, J. Peter and Fishburne, Robert P. and Rogers, Richard L. and Chissom, Brad S.",
    institution = "Naval Technical Training Command, Millington, Tennessee",
    number = "Research Branch Report 8-75",
    year = "1975",
}"""

#: Zhang et al. (2020), ICLR: BERTScore.
BERTSCORE = """\
@inproceedings{zhang-etal-2020-bertscore,
    title = "{BERTScore}: Evaluating Text Generation with {BERT}",
    author = "Zhang, Tianyi and Kishore, Varsha and Wu, Felix and Weinberger, Kilian Q. and Artzi, Yoav",
    booktitle = "International Conference on Learning Representations (ICLR 2020)",
    year = "2020",
    url = "https://openreview.net/forum?id=SkeHuCVFDr",
}"""

#: Zhu et al. (2010), COLING: the PWKP test set.
ZHU_2010 = """\
@inproceedings{zhu-etal-2010-monolingual,
    title = "A Monolingual Tree-based Translation Model for Sentence Simplification",
    author = "Zhu, Zhemin and Bernhard, Delphine and Gurevych, Iryna",
    booktitle = "Proceedings of the 23rd International Conference on Computational Linguistics (Coling 2010)",
    year = "2010",
    url = "https://aclanthology.org/C10-1152",
    pages = "1353--1361",
}"""

#: Sulem et al. (2018), EMNLP: HSplit.
SULEM_2018 = """\
@inproceedings{sulem-etal-2018-bleu,
    title = "{BLEU} is Not Suitable for the Evaluation of Text Simplification",
    author = "Sulem, Elior and Abend, Omri and Rappoport, Ari",
    booktitle = "Proceedings of the 2018 Conference on Empirical Methods in Natural Language Processing",
    year = "2018",
    url = "https://aclanthology.org/D18-1081",
    doi = "10.18653/v1/D18-1081",
    pages = "738--744",
}"""

#: Botha et al. (2018), EMNLP: WikiSplit.
BOTHA_2018 = """\
@inproceedings{botha-etal-2018-learning,
    title = "Learning To Split and Rephrase From {W}ikipedia Edit History",
    author = "Botha, Jan A. and Faruqui, Manaal and Alex, John and Baldridge, Jason and Das, Dipanjan",
    booktitle = "Proceedings of the 2018 Conference on Empirical Methods in Natural Language Processing",
    year = "2018",
    url = "https://aclanthology.org/D18-1080",
    doi = "10.18653/v1/D18-1080",
    pages = "732--737",
}"""

#: Filippova and Altun (2013), EMNLP: the Google sentence-compression set.
FILIPPOVA_ALTUN_2013 = """\
@inproceedings{filippova-altun-2013-overcoming,
    title = "Overcoming the Lack of Parallel Data in Sentence Compression",
    author = "Filippova, Katja and Altun, Yasemin",
    booktitle = "Proceedings of the 2013 Conference on Empirical Methods in Natural Language Processing",
    year = "2013",
    url = "https://aclanthology.org/D13-1155",
    pages = "1481--1491",
}"""

#: Štajner et al. (2016), QATS workshop: the QATS shared-task data.
STAJNER_2016 = """\
@inproceedings{stajner-etal-2016-qats,
    title = "Shared Task on Quality Assessment for Text Simplification",
    author = "{\\v{S}}tajner, Sanja and Popovi{\\'c}, Maja and Saggion, Horacio and Specia, Lucia and Fishel, Mark",
    booktitle = "Proceedings of the Workshop on Quality Assessment for Text Simplification (QATS 2016)",
    year = "2016",
    pages = "22--31",
}"""

#: Alva-Manchego et al. (2020), ACL: ASSET.
ALVA_MANCHEGO_2020 = """\
@inproceedings{alva-manchego-etal-2020-asset,
    title = "{ASSET}: {A} Dataset for Tuning and Evaluation of Sentence Simplification Models with Multiple Rewriting Transformations",
    author = "Alva-Manchego, Fernando and Martin, Louis and Bordes, Antoine and Scarton, Carolina and Sagot, Beno{\\^\\i}t and Specia, Lucia",
    booktitle = "Proceedings of the 58th Annual Meeting of the Association for Computational Linguistics",
    year = "2020",
    address = "Online",
    publisher = "Association for Computational Linguistics",
    url = "https://aclanthology.org/2020.acl-main.424",
    doi = "10.18653/v1/2020.acl-main.424",
    pages = "4668--4679",
}"""

#: Alva-Manchego et al. (2021), Computational Linguistics: the human judgments of simplicity, fluency and meaning.
ALVA_MANCHEGO_2021 = """\
@article{alva-manchego-etal-2021-un,
    title = "The (Un)Suitability of Automatic Evaluation Metrics for Text Simplification",
    author = "Alva-Manchego, Fernando and Scarton, Carolina and Specia, Lucia",
    journal = "Computational Linguistics",
    volume = "47",
    number = "4",
    year = "2021",
    url = "https://aclanthology.org/2021.cl-4.28",
    doi = "10.1162/coli_a_00418",
    pages = "861--889",
}"""

#: Maddela et al. (2023), ACL: LENS, a learnable evaluation metric for text simplification.
MADDELA_2023 = """\
@inproceedings{maddela-etal-2023-lens,
    title = "{LENS}: A Learnable Evaluation Metric for Text Simplification",
    author = "Maddela, Mounica and Dou, Yao and Heineman, David and Xu, Wei",
    booktitle = "Proceedings of the 61st Annual Meeting of the Association for Computational Linguistics (Volume 1: Long Papers)",
    year = "2023",
    publisher = "Association for Computational Linguistics",
    url = "https://aclanthology.org/2023.acl-long.905",
    doi = "10.18653/v1/2023.acl-long.905",
    pages = "16383--16408",
}"""
