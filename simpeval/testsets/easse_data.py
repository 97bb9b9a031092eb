"""EASSE's other test sets and its published system outputs, registered with pinned URLs and sha256.

EASSE (feralvam/easse) ships, besides TurkCorpus and ASSET, the PWKP, HSplit, WikiSplit,
GoogleComp and QATS test sets, and the outputs of published simplification systems. Every file
here is pinned to EASSE's commit ``6a4352e`` and to its sha256. The registry
(:mod:`simpeval.testsets.registry`) builds a spec of each and merges them into its own.

System outputs are sets of kind ``"outputs"``: one role, ``outputs``, with one file per system
(the file names are EASSE's), ``n_segments`` lines each, no sources and no references.

Examples:
    >>> [entry["name"] for entry in EASSE_SETS if "kind" not in entry][:3]
    ['pwkp-test', 'pwkp-valid', 'hsplit-test']
    >>> from simpeval.testsets import get_testset
    >>> spec = get_testset("easse-outputs-turkcorpus-test")
    >>> spec.kind, spec.files["outputs"][0].name, spec.n_segments
    ('outputs', 'ACCESS', 359)
"""

from __future__ import annotations

from typing import Any

from .._citations import ALVA_MANCHEGO_2019, BOTHA_2018, FILIPPOVA_ALTUN_2013, STAJNER_2016, SULEM_2018, ZHU_2010

__all__ = ["EASSE_DATA_PREFIX", "EASSE_SETS"]

#: Every URL below starts with this: EASSE's data folder at the pinned commit.
EASSE_DATA_PREFIX = (
    "https://raw.githubusercontent.com/feralvam/easse/6a4352ec299ed03fda8ee45445ca43d9c7673e89/easse/resources/data/"
)


def _easse_files(sums: str) -> tuple[tuple[str, str, str], ...]:
    """``(url, sha256, file name)`` of each file (the fields of a :class:`~simpeval.testsets.RemoteFile`),
    from lines in ``sha256sum``'s format: ``<sha256>  <path under EASSE_DATA_PREFIX>``."""
    files = []
    for line in sums.strip().splitlines():
        sha256, path = line.split()
        files.append((EASSE_DATA_PREFIX + path, sha256, path.rsplit("/", 1)[-1]))
    return tuple(files)


_EASSE_LICENCE = "as redistributed by EASSE (feralvam/easse, GPL-3.0 code); the set's own terms apply"
_WIKISPLIT_LICENCE = "CC BY-SA 4.0 (google-research-datasets/wiki-split), as redistributed by EASSE"
_OUTPUTS_LICENCE = "system outputs collected and redistributed by EASSE (feralvam/easse) from the systems' authors"

#: The keyword arguments of each :class:`~simpeval.testsets.TestSetSpec` (files as RemoteFile fields);
#: plain data, so that the registry, which builds the specs, is this module's only importer.
EASSE_SETS: tuple[dict[str, Any], ...] = (
    dict(
        name="pwkp-test",
        description="PWKP test set (Zhu et al. 2010): 100 tokenized Wikipedia sentences, 1 Simple Wikipedia reference",
        files={
            "src": _easse_files(
                "1328b9654d46c816b930da0d34a013e24ec701b388d3448993412b1540c713ec  test_sets/pwkp/pwkp.test.orig"
            ),
            "ref": _easse_files(
                "13aad7d77ae7444f22a6c201688731e9f20c7e9a689387d17e3608b24c588eb9  test_sets/pwkp/pwkp.test.simp"
            ),
        },
        n_segments=100,
        n_references=1,
        citation=ZHU_2010,
        licence=_EASSE_LICENCE,
        notes="Tokenized, truecased; EASSE's pwkp_test.",
    ),
    dict(
        name="pwkp-valid",
        description="PWKP validation set: 205 tokenized Wikipedia sentences, 1 Simple Wikipedia reference",
        files={
            "src": _easse_files(
                "9f099a27d6f2ffd5a90986a11f3afb572e802fb0424bde5796802e4fc34144fe  test_sets/pwkp/pwkp.valid.orig"
            ),
            "ref": _easse_files(
                "d154d557a4389bd2b6eb3db621a2231e164b16978384710c7c7bec12538558ae  test_sets/pwkp/pwkp.valid.simp"
            ),
        },
        n_segments=205,
        n_references=1,
        citation=ZHU_2010,
        licence=_EASSE_LICENCE,
        notes="Tokenized, truecased; EASSE's pwkp_valid.",
    ),
    dict(
        name="hsplit-test",
        description="HSplit (Sulem et al. 2018): the 359 TurkCorpus test sources, 4 manual sentence splits each",
        files={
            "src": _easse_files(
                "a61bdc1779e4b63fede9edb6cf7325631d2676340835ea807a25b60b5a71c9d6  test_sets/hsplit/hsplit.tok.src"
            ),
            "ref": _easse_files(
                """
                f9f7305f93d384580e39661d776e1cc2a57ab696583ab1a6c00185cdf12c4de2  test_sets/hsplit/hsplit.tok.1
                43ce59aa9fd732abd8b7daafd3228c4562bab276bee269a29441a55604e3cc0c  test_sets/hsplit/hsplit.tok.2
                a475e7c82c5e38e0db9a7e817a428c2b7c7bb73d0bcabe7cae31c0c7a87b246f  test_sets/hsplit/hsplit.tok.3
                41f6d294a8cca8421f09d791ad202c9e71c0fdf2b67b7c2aa1312ca3b44db17b  test_sets/hsplit/hsplit.tok.4
                """
            ),
        },
        n_segments=359,
        n_references=4,
        citation=SULEM_2018,
        licence=_EASSE_LICENCE,
        notes="Tokenized; the sources are turkcorpus-test's. EASSE's hsplit_test.",
    ),
    dict(
        name="wikisplit-test",
        description="WikiSplit test set (Botha et al. 2018): 5000 sentences, 1 split rewrite each",
        files={
            "src": _easse_files(
                "4754308f6387fc4f6ad2a39a5031ed46e84c4f316a9506b69f26808a85b61513  test_sets/wikisplit/wikisplit.test.untok.orig"
            ),
            "ref": _easse_files(
                "b3cdf1474ed8780a1f363e665c4c2ae0a6149196b42626cc83b972736f790b7f  test_sets/wikisplit/wikisplit.test.untok.split"
            ),
        },
        n_segments=5000,
        n_references=1,
        citation=BOTHA_2018,
        licence=_WIKISPLIT_LICENCE,
        notes="Untokenized. The sentences of a split reference are separated by ' <::::> ' (EASSE's read_split_lines).",
    ),
    dict(
        name="wikisplit-valid",
        description="WikiSplit validation set: 5000 sentences, 1 split rewrite each",
        files={
            "src": _easse_files(
                "9dca3172573f53476b81c5158c76492670e638d1246e08aff973d90b9ba84b41  test_sets/wikisplit/wikisplit.valid.untok.orig"
            ),
            "ref": _easse_files(
                "842713aa4413eeaa8e505f6b7d5bd0994dba170ddee98a015eaade0a0fdf44c2  test_sets/wikisplit/wikisplit.valid.untok.split"
            ),
        },
        n_segments=5000,
        n_references=1,
        citation=BOTHA_2018,
        licence=_WIKISPLIT_LICENCE,
        notes="Untokenized; split sentences separated by ' <::::> '.",
    ),
    dict(
        name="googlecomp-test",
        description="Google sentence compression test set (Filippova and Altun 2013): 1000 sentences, 1 compression",
        files={
            "src": _easse_files(
                "eb88e81459c2336eba137e706a8584aaa0cbd75b83a1a8d6815cab3bbf747e0c  test_sets/googlecomp/googlecomp.test.orig"
            ),
            "ref": _easse_files(
                "f7f36a7210703c2379012fc9d671b6d8ff4c229234a56ccd2aec1619a0400884  test_sets/googlecomp/googlecomp.test.comp"
            ),
        },
        n_segments=1000,
        n_references=1,
        citation=FILIPPOVA_ALTUN_2013,
        licence=_EASSE_LICENCE,
        notes="EASSE's googlecomp_test (sentence compression by deletion).",
    ),
    dict(
        name="googlecomp-valid",
        description="Google sentence compression validation set: 1000 sentences, 1 compression",
        files={
            "src": _easse_files(
                "bb139305ed13a0913eaaee23be6518e3f1f1831bd998fccdcddef784d1d2a3cb  test_sets/googlecomp/googlecomp.valid.orig"
            ),
            "ref": _easse_files(
                "6f87da7905556939ebdbec791e12d97fb747138875698b5fa2bc5a3c95ab7588  test_sets/googlecomp/googlecomp.valid.comp"
            ),
        },
        n_segments=1000,
        n_references=1,
        citation=FILIPPOVA_ALTUN_2013,
        licence=_EASSE_LICENCE,
        notes="EASSE's googlecomp_valid.",
    ),
    dict(
        name="qats-test",
        description="QATS shared task test set (Stajner et al. 2016): 126 source-simplification pairs",
        files={
            "src": _easse_files(
                "fbe7bb7c8201cc6dc4fa4a239549b94c944a976277e74a558864d65d4d5abcad  test_sets/qats/qats.test.orig"
            ),
            "ref": _easse_files(
                "e47dc93f0796ada3dc6adfbae996c5a619ba945744e5c769a5acde929c016d69  test_sets/qats/qats.test.simp"
            ),
        },
        n_segments=126,
        n_references=1,
        citation=STAJNER_2016,
        licence=_EASSE_LICENCE,
        notes="The 'reference' is the rated simplification of each pair (EASSE's qats_test refs).",
    ),
    dict(
        name="easse-outputs-turkcorpus-test",
        description=(
            "All 21 published system outputs on the TurkCorpus/ASSET test sources (detokenized), as EASSE "
            "ships them; turkcorpus-test-outputs is the notebooks' 11 of them"
        ),
        files={
            "outputs": _easse_files(
                """
                df5c5cc11148cf51aa38631368ecba45610e31f9bdddd6423db78dbc4bc4b233  system_outputs/turkcorpus/test/ACCESS
                0ed5408b0d88cc830ae2be496c8a02c6b7e34dbabc5193bbaf2b66583e9dbebe  system_outputs/turkcorpus/test/BTRLTS
                e139cf7edecd7192f7af039f7ae4b4c321b30d9f2528695d930c1709646fda99  system_outputs/turkcorpus/test/BTRLTS10
                0bd5fb84dcd33717bc1895bd864c6cde3ff225a3df7716c48e7ce15262a647af  system_outputs/turkcorpus/test/BTTS
                3e65d847dfdb18cf99cad74079fbae717bcfcea54c4cdd65e85b514fb80fa6f1  system_outputs/turkcorpus/test/BTTS10
                90e645f5eee2446a86caa5ed85548fe0f208ddf3f027b55e7a26aef5f23c0f3e  system_outputs/turkcorpus/test/BTTS100
                a373e8f335ecce2e3dfcaa4a0118578489ec093e841357d346dbf6d581a38d5a  system_outputs/turkcorpus/test/DMASS-DCSS
                b03b5a72d22d399da67d35edf68de2bffa1264e2ad192baa0f453531d1580ea7  system_outputs/turkcorpus/test/Dress
                ebbf345153696c4e7cc067ef0a15271b87607c62d48d4a1e1a624721232daa23  system_outputs/turkcorpus/test/Dress-Ls
                086ce4942c7c34ddace803d8d8f42c850b3a89a95507a343c558f2ce519cec53  system_outputs/turkcorpus/test/EditNTS
                9dd4d83f653cd427edc2de37fa872d3f60edc955d9369a3cac780fe2496025c5  system_outputs/turkcorpus/test/Hybrid
                148beccb540aa69484b4833ab926e76eedbf0b239ac67e7270f7d803ec612d7a  system_outputs/turkcorpus/test/NTS-SARI
                4a54ff0c078301baae32ecd00c1608b111f11e8872457e08f94c6f409a4a9b54  system_outputs/turkcorpus/test/PBMT-R
                c7c68989e64bf15b73c8a126402e902f763b52ce94f1013ed0e4a6807e77f216  system_outputs/turkcorpus/test/RM+EX
                31ee3e15217d0e137619aed83bfe64cc55a782e98cc6ca3c5143fd5a6e506353  system_outputs/turkcorpus/test/RM+EX+LS
                36d258ac4c7d3110625a16fe755aa445a6c79f65e71c3f29ff8d8286d4e61780  system_outputs/turkcorpus/test/RM+EX+LS+RO
                a592b99b470b15286f3784fa67194ed2f9116e4038c26f3569fbe2de571f6302  system_outputs/turkcorpus/test/RM+EX+RO
                b55f9070e7caea3f20ee310387cbd64bab60bf79d05f6290c6306d1fea20c666  system_outputs/turkcorpus/test/SBMT-SARI
                fa80a0812f3ba7f6da430777f55e407999c4926f223a9e2fa197d6d1a5d58fbb  system_outputs/turkcorpus/test/UNMT
                5a2047f1ba072108cb7bf33015d9455bef6bb6c654226269fdc2a9d573e04694  system_outputs/turkcorpus/test/UNTS
                e3e9890529fe3aa5e3daba6c34fb26d4c7ad19a19489405a7d9ab97db77a48b3  system_outputs/turkcorpus/test/UNTS_10K
                """
            ),
        },
        n_segments=359,
        n_references=0,
        citation=ALVA_MANCHEGO_2019,
        licence=_OUTPUTS_LICENCE,
        kind="outputs",
        notes="EASSE's system_outputs/turkcorpus/test/*: score against turkcorpus-test or asset-test.",
    ),
    dict(
        name="easse-outputs-turkcorpus-test-tok",
        description="Published system outputs on the TurkCorpus test sources, tokenized",
        files={
            "outputs": _easse_files(
                """
                41e2be505522c298477897e0b13f6e150fb7ca287e347b378a0994c7ab41725a  system_outputs/turkcorpus/test/tok/ACCESS.tok
                f3dcef041987941be33625b6f084557bfc47fa273b06996d7b9419d518f01a93  system_outputs/turkcorpus/test/tok/Dress-Ls.tok
                a93d74c3b7ccee5e532a3496c10c5ad53ca6b25a70cf9f8e18490d1f391fc59e  system_outputs/turkcorpus/test/tok/Dress.tok
                6b8394aba433db64343e2c4ae423d9d1982204323b8fb200cdf26c6f4552a772  system_outputs/turkcorpus/test/tok/EncDecA.tok
                05f587903052ec7226fbabf9a67f2c47736f09f6fb20caeff62b2d8cf53e1f17  system_outputs/turkcorpus/test/tok/Hybrid.tok.low
                7ef68f038272b8fe622ada110fdc67a8b11800ddb8bd3c05875bc2a5e3e4b36c  system_outputs/turkcorpus/test/tok/PBMT-R.tok
                02e5146acb2f12ec0efd96f2d30e297125a3defd54df2990f069c5e864ffe1de  system_outputs/turkcorpus/test/tok/RM+EX+LS+RO.tok.low
                5d7baddfa174a81b7a24ec5410061da1e9dca49d652bbbc5a4cae5935ba1997d  system_outputs/turkcorpus/test/tok/RM+EX+LS.tok.low
                60c21ce8212c89ce29be280ad37aaa64f447ad59c129ab3ebcddf8d7484176ad  system_outputs/turkcorpus/test/tok/RM+EX+RO.tok.low
                d2d59de8718cd70ff1b176160a5487d49b4e4d82a503c7bcf34c4dc1924081e8  system_outputs/turkcorpus/test/tok/RM+EX.tok.low
                57a71aeb66d861bebf370c10f31671f4dc62bc229da9bd9336b9963a4b9c00e8  system_outputs/turkcorpus/test/tok/SBMT-SARI.tok.low
                """
            ),
        },
        n_segments=359,
        n_references=0,
        citation=ALVA_MANCHEGO_2019,
        licence=_OUTPUTS_LICENCE,
        kind="outputs",
        notes="EASSE's system_outputs/turkcorpus/test/tok/*.",
    ),
    dict(
        name="easse-outputs-turkcorpus-test-tok-low",
        description="Published system outputs on the TurkCorpus test sources, tokenized and lowercased",
        files={
            "outputs": _easse_files(
                """
                3e8a14de82f8312fc6f9d65c8c33d05997b4b15fbd795696466999945558d9da  system_outputs/turkcorpus/test/tok.low/ACCESS.tok.low
                419b81391e958a2bca7394e0023bf49e671e8d6a1e4fc691beb467676bee55a7  system_outputs/turkcorpus/test/tok.low/BTRLTS.tok.low
                ddcd75d510d6f898bcf2f69c851801f6d063f16e727444de47142caa1bfcf1af  system_outputs/turkcorpus/test/tok.low/BTRLTS10.tok.low
                8c2f95284fe9c2a8e9f161baea327fd7d37919cee11aa993e32d235fb5dab9c9  system_outputs/turkcorpus/test/tok.low/BTTS.tok.low
                68f30db2b331f660ab286555615262888dc94b2a0e5fe7fda3b3541c669157ee  system_outputs/turkcorpus/test/tok.low/BTTS10.tok.low
                6026c984f77bb8c29e7347369addb4aa175ee60a011b77d4b264d8a7e9d17985  system_outputs/turkcorpus/test/tok.low/BTTS100.tok.low
                2dcecfc51ab437cc3d0bcd5b3089036215e75df4b952eb0c6f6aa784b7d917ca  system_outputs/turkcorpus/test/tok.low/DCSS.tok.low
                e435211adc3cc634d8b2c99d7451acf4a9897c3a928ee420fc4b2758d1d4ea02  system_outputs/turkcorpus/test/tok.low/DMASS-DCSS.tok.low
                cd62c9d71d5cd62308573945dc5eb9d2ca5395e77ca84c23b0ea41be626a6292  system_outputs/turkcorpus/test/tok.low/DMASS.tok.low
                6dee0cfdac93d291842d253b9f526f9a4624b4891dc5e6b228d4ec64837567ae  system_outputs/turkcorpus/test/tok.low/Dress-Ls.tok.low
                0522c9e2fe9e211cf75ceb9b9d1d2a2160788b1f171e73fd4cb4bc47a27ba2a0  system_outputs/turkcorpus/test/tok.low/Dress.tok.low
                ba64a049701e34cd01978ba2269c8d7ca1fbb6772531ddda35666e89cbc94268  system_outputs/turkcorpus/test/tok.low/EditNTS.tok.low
                2fd5a600eeec8ed78c42ea44a2a753b306b64ec7fcba9999fa6e380819abfa67  system_outputs/turkcorpus/test/tok.low/EncDecA.tok.low
                05f587903052ec7226fbabf9a67f2c47736f09f6fb20caeff62b2d8cf53e1f17  system_outputs/turkcorpus/test/tok.low/Hybrid.tok.low
                feefbb1792afd476ddbec2dfb85b33809c1591ffc5ae49823ac80e37607d9566  system_outputs/turkcorpus/test/tok.low/NTS-SARI.tok.low
                b8924bf63a425406fbf6eb6693777fdf15a30423354961b32e43d59b9baf8ff3  system_outputs/turkcorpus/test/tok.low/PBMT-R.tok.low
                57a71aeb66d861bebf370c10f31671f4dc62bc229da9bd9336b9963a4b9c00e8  system_outputs/turkcorpus/test/tok.low/SBMT-SARI.tok.low
                56d8c249e79ae8cf0f629a21dff374f70330ef0d5f9e0177f4079ccdee6a9bd4  system_outputs/turkcorpus/test/tok.low/UNMT.tok.low
                b270b25f7239513d2099a4281fad41201775a79558b793d2f1b7b66dddb8ed96  system_outputs/turkcorpus/test/tok.low/UNTS.tok.low
                8d6c739a20c4e2e8f7f4fee6f6d35f003ca43f71e0bef2a3d2d284d55f5e8d3d  system_outputs/turkcorpus/test/tok.low/UNTS_10K.tok.low
                """
            ),
        },
        n_segments=359,
        n_references=0,
        citation=ALVA_MANCHEGO_2019,
        licence=_OUTPUTS_LICENCE,
        kind="outputs",
        notes="EASSE's system_outputs/turkcorpus/test/tok.low/*: score against turkcorpus-test-legacy (SARI easse-legacy).",
    ),
    dict(
        name="easse-outputs-pwkp-test",
        description="Published system outputs on the PWKP test sources",
        files={
            "outputs": _easse_files(
                """
                1328b9654d46c816b930da0d34a013e24ec701b388d3448993412b1540c713ec  system_outputs/pwkp/test/Complex.tok
                70d0b28c1da1f90ccb27c400bce786e773cff896498e7c9174b7be3c007ced94  system_outputs/pwkp/test/Dress-Ls.tok
                3527a8b29530d1a4c1cd95fc361b153f73dac0bff5cfa46ce9f8092e73c63c36  system_outputs/pwkp/test/Dress.tok
                373dea4ddefb627c5a430621a481528b60479fc16725e45d36c58323ca7f618d  system_outputs/pwkp/test/EditNTS.tok.low
                40a7f6b6d5310a3d5171075359f6f07b55df9a4c9485fe77e3d70599ec512f23  system_outputs/pwkp/test/EncDecA.tok
                2103db44c03a5c3240390b25b522feb0595528a90dbbd0a606c6494cc7e37f73  system_outputs/pwkp/test/Hybrid.tok.low
                5f60109659a4178a2c0d9ca671d4df3b42a9ef098723249dea135a7680b08f3f  system_outputs/pwkp/test/Moses.tok.low
                2851b7981ad625604f6789475285caa551e4c9236d578596ecb82cb6f9b99ba2  system_outputs/pwkp/test/PBMT-R.tok
                18e7f35021dd378441f5762f87bcd71025223bdf4c88651e223201d2beb15476  system_outputs/pwkp/test/QG+ILP.tok
                13aad7d77ae7444f22a6c201688731e9f20c7e9a689387d17e3608b24c588eb9  system_outputs/pwkp/test/Reference.tok
                5f957f433a26c0d388fa2955cc35458745886ba5cbd629d4fb01296b981fa977  system_outputs/pwkp/test/TSM.tok
                49356e419252a5ee4d3964c4ca49e6f628552578a8fce10c01a70c32acdb9ccf  system_outputs/pwkp/test/UNSUP.tok
                """
            ),
        },
        n_segments=100,
        n_references=0,
        citation=ALVA_MANCHEGO_2019,
        licence=_OUTPUTS_LICENCE,
        kind="outputs",
        corpus="pwkp-test",
        notes="EASSE's system_outputs/pwkp/test/* (tokenized; .tok.low ones lowercased too): score against pwkp-test.",
    ),
    dict(
        name="easse-outputs-newsela-test",
        description="Published system outputs on the Newsela test sources (detokenized; Newsela's references are licensed and not included)",
        files={
            "outputs": _easse_files(
                """
                bf986773dbc764f156a4e384c63a3f5782e5a972ae59b1dec72148b2fcdbf1b4  system_outputs/newsela/test/BTRLTS
                c771bd80450f735549bb7b5e5bf165e1196dd51fdc8cb1f11f5452482453da90  system_outputs/newsela/test/BTRLTS10
                0df0994a6446d2f7763f36db81d4dc550027a737c6ed84065d412b745d3d1a90  system_outputs/newsela/test/BTTS10
                ec9abd48f7a72e6d76ac133c14ac1283534ccec885f0c67a6e0585b511a1fbef  system_outputs/newsela/test/BTTS100
                """
            ),
        },
        n_segments=1077,
        n_references=0,
        citation=ALVA_MANCHEGO_2019,
        licence=_OUTPUTS_LICENCE,
        kind="outputs",
        notes="EASSE's system_outputs/newsela/test/*; sources and references must be obtained from Newsela.",
    ),
    dict(
        name="easse-outputs-newsela-test-tok-low",
        description="Published system outputs on the Newsela test sources, tokenized and lowercased (no references included)",
        files={
            "outputs": _easse_files(
                """
                c602f543ba886c026ae6d7ee4108737aaef10d2be059654b7ecace65eb8ebdd7  system_outputs/newsela/test/tok.low/BTRLTS.tok.low
                d0a5af794b9dbfa95d7d8f3d932155a36f449c591d8c7da3b1fbd2d9ada1d253  system_outputs/newsela/test/tok.low/BTRLTS10.tok.low
                84dc6d6b5b15236b617406e59d1bffd7649350f4b4dbc1374cf88f0fe5505469  system_outputs/newsela/test/tok.low/BTTS10.tok.low
                6d06682e25712eb20ce7b54a148a82e2ede375f3cb8d9cd5f373fd6249a3cc6d  system_outputs/newsela/test/tok.low/BTTS100.tok.low
                """
            ),
        },
        n_segments=1077,
        n_references=0,
        citation=ALVA_MANCHEGO_2019,
        licence=_OUTPUTS_LICENCE,
        kind="outputs",
        notes="EASSE's system_outputs/newsela/test/tok.low/*.",
    ),
)
