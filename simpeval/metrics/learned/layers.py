"""BERTScore's default layer for the models its authors tuned it on (bert_score's ``model2layers``).

The facts, one model a line (``<Hugging Face id> <layer>``): the layer whose embeddings
correlated best with human judgements on WMT16 in the bert_score authors' search. A model that
is not listed (a local folder, say) needs ``num_layers`` given.

Examples:
    >>> DEFAULT_LAYERS["roberta-large"], DEFAULT_LAYERS["bert-base-uncased"]
    (17, 9)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["DEFAULT_LAYERS", "DEFAULT_MODEL"]

#: bert_score's model for English (``lang="en"``), the default of :class:`~simpeval.metrics.learned.bertscore.BERTScore`.
DEFAULT_MODEL = "roberta-large"

_TABLE = """
albert-base-v1 10
albert-base-v2 9
albert-large-v1 17
albert-large-v2 14
albert-xlarge-v1 16
albert-xlarge-v2 13
albert-xxlarge-v1 8
albert-xxlarge-v2 8
allenai/led-base-16384 6
allenai/longformer-base-4096 7
allenai/longformer-large-4096 14
allenai/longformer-large-4096-finetuned-triviaqa 14
allenai/scibert_scivocab_cased 9
allenai/scibert_scivocab_uncased 8
amazon/bort 0
bert-base-cased-finetuned-mrpc 9
bert-base-chinese 8
bert-base-multilingual-cased 9
bert-base-uncased 9
bert-large-uncased 18
dbmdz/bert-base-turkish-cased 10
dbmdz/distilbert-base-turkish-cased 4
distilbert-base-multilingual-cased 5
distilbert-base-uncased 5
distilbert-base-uncased-distilled-squad 4
distilroberta-base 5
facebook/bart-base 6
facebook/bart-large 10
facebook/bart-large-cnn 10
facebook/bart-large-mnli 11
facebook/bart-large-xsum 9
facebook/blenderbot-400M-distill 2
facebook/blenderbot_small-90M 7
facebook/mbart-large-50 12
facebook/mbart-large-50-many-to-many-mmt 12
facebook/mbart-large-50-one-to-many-mmt 12
facebook/mbart-large-cc25 12
facebook/mbart-large-en-ro 12
google/bert_uncased_L-10_H-128_A-2 8
google/bert_uncased_L-10_H-256_A-4 8
google/bert_uncased_L-10_H-512_A-8 9
google/bert_uncased_L-10_H-768_A-12 8
google/bert_uncased_L-12_H-128_A-2 10
google/bert_uncased_L-12_H-256_A-4 11
google/bert_uncased_L-12_H-512_A-8 10
google/bert_uncased_L-12_H-768_A-12 9
google/bert_uncased_L-2_H-128_A-2 1
google/bert_uncased_L-2_H-256_A-4 1
google/bert_uncased_L-2_H-512_A-8 1
google/bert_uncased_L-2_H-768_A-12 2
google/bert_uncased_L-4_H-128_A-2 3
google/bert_uncased_L-4_H-256_A-4 3
google/bert_uncased_L-4_H-512_A-8 3
google/bert_uncased_L-4_H-768_A-12 3
google/bert_uncased_L-6_H-128_A-2 5
google/bert_uncased_L-6_H-256_A-4 5
google/bert_uncased_L-6_H-512_A-8 5
google/bert_uncased_L-6_H-768_A-12 5
google/bert_uncased_L-8_H-128_A-2 7
google/bert_uncased_L-8_H-256_A-4 7
google/bert_uncased_L-8_H-512_A-8 6
google/bert_uncased_L-8_H-768_A-12 7
google/bigbird-base-trivia-itc 8
google/bigbird-roberta-base 10
google/bigbird-roberta-large 14
google/byt5-base 17
google/byt5-large 30
google/byt5-small 1
google/electra-base-discriminator 9
google/electra-base-generator 10
google/electra-large-discriminator 14
google/electra-large-generator 18
google/electra-small-discriminator 11
google/electra-small-generator 9
google/mt5-base 11
google/mt5-large 19
google/mt5-small 8
google/mt5-xl 24
google/pegasus-large 8
google/pegasus-xsum 11
khalidalt/DeBERTa-v3-large-mnli 18
microsoft/deberta-base 9
microsoft/deberta-base-mnli 9
microsoft/deberta-large 16
microsoft/deberta-large-mnli 18
microsoft/deberta-v2-xlarge 10
microsoft/deberta-v2-xlarge-mnli 17
microsoft/deberta-v2-xxlarge 21
microsoft/deberta-v2-xxlarge-mnli 22
microsoft/deberta-v3-base 9
microsoft/deberta-v3-large 12
microsoft/deberta-v3-small 4
microsoft/deberta-v3-xsmall 10
microsoft/deberta-xlarge 18
microsoft/deberta-xlarge-mnli 40
microsoft/mdeberta-v3-base 10
microsoft/mpnet-base 8
microsoft/prophetnet-large-uncased 4
microsoft/prophetnet-large-uncased-cnndm 7
microsoft/xprophetnet-large-wiki100-cased 7
nfliu/scibert_basevocab_uncased 9
princeton-nlp/sup-simcse-bert-base-uncased 10
princeton-nlp/sup-simcse-bert-large-uncased 18
princeton-nlp/sup-simcse-roberta-base 10
princeton-nlp/sup-simcse-roberta-large 16
princeton-nlp/unsup-simcse-bert-base-uncased 10
princeton-nlp/unsup-simcse-bert-large-uncased 18
princeton-nlp/unsup-simcse-roberta-base 8
princeton-nlp/unsup-simcse-roberta-large 13
ProsusAI/finbert 10
ramsrigouthamg/t5_paraphraser 11
roberta-base 10
roberta-base-openai-detector 7
roberta-large 17
roberta-large-mnli 19
roberta-large-openai-detector 15
SpanBERT/spanbert-base-cased 8
SpanBERT/spanbert-large-cased 17
squeezebert/squeezebert-mnli 9
squeezebert/squeezebert-mnli-headless 9
squeezebert/squeezebert-uncased 9
sshleifer/tiny-mbart 2
t5-base 11
t5-large 23
t5-small 6
tuner007/pegasus_paraphrase 15
Vamsi/T5_Paraphrase_Paws 12
vinai/bertweet-base 9
xlm-mlm-100-1280 10
xlm-mlm-en-2048 6
xlm-roberta-base 9
xlm-roberta-large 17
xlnet-base-cased 5
xlnet-large-cased 7
YituTech/conv-bert-base 10
YituTech/conv-bert-medium-small 9
YituTech/conv-bert-small 10
zhiheng-huang/bert-base-uncased-embedding-relative-key 4
zhiheng-huang/bert-base-uncased-embedding-relative-key-query 7
zhiheng-huang/bert-large-uncased-whole-word-masking-embedding-relative-key-query 19
"""

#: Model id -> the layer BERTScore reads by default.
DEFAULT_LAYERS: Mapping[str, int] = MappingProxyType(
    {model: int(layer) for model, layer in (line.split() for line in _TABLE.strip().splitlines())}
)
